/* write-types.c - ph-initgen writes the types of types.c as C
   (write_body): members one a line or declared together, comments.
   Copyright (C) 2026 The pokehole authors.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include "initgen.h"

/* ------------------------------------------------------------------ */
/* Writing types.                                                       */

void
indent (struct sb *b, int depth)
{
  for (int i = 0; i < depth; i++)
    sb_add (b, "  ");
}

static const char *const words[] = {
  "hot path", "counter", "see below", "flags", "owner", "spare",
  "keep: ABI", "seen", "index", "len", "cookie", "state", "TODO",
};

/* One of WORDS, for a comment.  */
const char *
random_word (void)
{
  return words[rnd (sizeof words / sizeof words[0])];
}

/* The base spelling of an array's element and its dimensions.  */
static void
spell_decl (struct sb *b, struct ty *t, const char *name)
{
  struct sb dims = { 0 };
  while (t->k == K_ARR)
    {
      sb_add (&dims, "[%u]", t->n);
      t = t->elem;
    }
  if (t->k == K_SC)
    {
      const char *n = scal[t->sc].name;
      size_t len = strlen (n);
      sb_add (b, "%s%s%s%s", n, n[len - 1] == '*' ? "" : " ", name,
              sb_str (&dims));
    }
  else
    sb_add (b, "%s %s%s", named[t->named].spell, name, sb_str (&dims));
  sb_free (&dims);
}

/* A comment written on the lines of members declared together or on
   one line (pokehole refuses to part them: the comment would go with
   one of them only), in the named type being written.  */
int group_commented;

/* Whether M may share its declaration or its line with others: not an
   aggregate defined in place, not an unnamed bitfield.  */
static int
joinable (const struct mem *m)
{
  if (m->t->k == K_REC && m->t->named < 0)
    return 0;
  return m->bits < 0 || m->name[0];
}

/* Whether A and B can be declared together ("int a, b[2];"): both
   bitfields of one spelling or neither, of one base type.  */
static int
same_base (const struct mem *a, const struct mem *b)
{
  if ((a->bits >= 0) != (b->bits >= 0))
    return 0;
  if (a->bits >= 0)
    return strcmp (scal[a->t->sc].bfname, scal[b->t->sc].bfname) == 0;
  const struct ty *x = a->t, *y = b->t;
  while (x->k == K_ARR)
    x = x->elem;
  while (y->k == K_ARR)
    y = y->elem;
  if (x->k != y->k)
    return 0;
  if (x->k == K_SC)
    return x->sc == y->sc;
  return x->named >= 0 && x->named == y->named;
}

/* M's declarator after the first of a shared declaration: "*p[2]",
   "b : 3".  */
static void
spell_more (struct sb *b, const struct mem *m)
{
  if (m->bits >= 0)
    {
      sb_add (b, ", %s : %d", m->name, m->bits);
      return;
    }
  const struct ty *t = m->t;
  struct sb dims = { 0 };
  while (t->k == K_ARR)
    {
      sb_add (&dims, "[%u]", t->n);
      t = t->elem;
    }
  const char *star = "";
  if (t->k == K_SC)
    {
      const char *n = scal[t->sc].name;
      star = n[strlen (n) - 1] == '*' ? "*" : "";
    }
  sb_add (b, ", %s%s%s", star, m->name, sb_str (&dims));
  sb_free (&dims);
}

/* Members M[0..N) on one line: declared together when SHARED, else
   each declared after the other.  */
static void
write_members (struct sb *b, struct mem *m, unsigned n, int shared,
               int depth)
{
  int commented = 0;
  if (on (F_COMMENTS) && chance (12))
    {
      indent (b, depth);
      if (chance (50))
        sb_add (b, "/* %s */\n", random_word ());
      else
        sb_add (b, "// %s\n", random_word ());
      commented = 1;
    }
  indent (b, depth);
  for (unsigned i = 0; i < n; i++)
    {
      if (i && shared)
        {
          spell_more (b, &m[i]);
          continue;
        }
      if (i)
        sb_add (b, " ");
      if (m[i].t->k == K_REC && m[i].t->named < 0)
        {
          sb_add (b, "%s {\n", m[i].t->uni ? "union" : "struct");
          write_body (b, m[i].t, depth + 1);
          indent (b, depth);
          sb_add (b, "}%s%s;", m[i].name[0] ? " " : "", m[i].name);
          continue;
        }
      if (m[i].bits >= 0)
        {
          const char *bfn = scal[m[i].t->sc].bfname;
          if (m[i].name[0])
            sb_add (b, "%s %s : %d", bfn, m[i].name, m[i].bits);
          else
            sb_add (b, "%s : %d", bfn, m[i].bits);
        }
      else
        spell_decl (b, m[i].t, m[i].name);
      if (!shared || i + 1 == n)
        sb_add (b, ";");
    }
  if (shared && n > 1)
    sb_add (b, ";");
  if (on (F_COMMENTS) && chance (15))
    {
      if (chance (50))
        sb_add (b, " /* %s */", random_word ());
      else
        sb_add (b, " // %s", random_word ());
      commented = 1;
    }
  sb_add (b, "\n");
  if (commented && n > 1)
    group_commented = 1;
}

/* The members, some declared together ("int a, b;") or on one line
   ("int a; long b;").  */
void
write_body (struct sb *b, struct ty *t, int depth)
{
  for (unsigned i = 0; i < t->nm;)
    {
      struct mem *m = &t->m[i];
      unsigned j = i + 1;
      int shared = 0;
      if (joinable (m) && j < t->nm && joinable (&t->m[j]))
        {
          if (on (F_SHARED) && same_base (m, &t->m[j]) && chance (50))
            {
              shared = 1;
              do
                j++;
              while (j < t->nm && joinable (&t->m[j])
                     && same_base (m, &t->m[j]) && chance (30));
            }
          else if (on (F_ONELINE) && chance (8))
            j++;
        }
      write_members (b, m, j - i, shared, depth);
      i = j;
    }
}
