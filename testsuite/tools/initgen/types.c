/* types.c - ph-initgen's constructs (--with, --without), its scalar
   types and the random struct and union types (gen_record) the
   program's objects have.
   Copyright (C) 2026 The pokehole authors.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include "initgen.h"

/* ------------------------------------------------------------------ */
/* Constructs.                                                          */
const char *const feat_names[NFEAT] = {
  "anon", "untagged", "union", "bitfield", "unnamed-bf", "array",
  "chararray", "nested", "comments", "elision", "designated", "shuffle",
  "filler", "braces", "string", "compound", "static", "header", "macro",
  "var", "cast", "ptr", "float", "refuse", "multiline", "trailing",
  "charelide", "anonbraces", "anonfirst", "litelem", "litelide",
  "desigelide", "desigpop", "shared", "oneline",
  "symidx", "range", "comma",
};
uint64_t feat_off = (1ULL << F_SYMIDX) | (1ULL << F_RANGE)
                           | (1ULL << F_COMMA);

int
on (enum feat f)
{
  return !(feat_off & (1ULL << f));
}

/* ------------------------------------------------------------------ */
/* Scalars.                                                             */

const struct scal scal[NSC] = {
  { "char", NULL, 1, 7, 1 },    /* 0..127: its signedness is the target's */
  { "signed char", NULL, 0, 8, 1 },
  { "unsigned char", "unsigned char", 1, 8, 1 },
  { "short", NULL, 0, 16, 0 },
  { "unsigned short", "unsigned short", 1, 16, 0 },
  { "int", "signed int", 0, 32, 0 },
  { "unsigned int", "unsigned int", 1, 32, 0 },
  { "long", NULL, 0, 32, 0 },
  { "unsigned long", NULL, 1, 32, 0 },
  { "long long", "signed long long", 0, 64, 0 },
  { "unsigned long long", "unsigned long long", 1, 64, 0 },
  { "uintptr_t", NULL, 1, 32, 0 },
  { "_Bool", "_Bool", 1, 1, 0 },
  { "float", NULL, 0, 0, 0 },
  { "double", NULL, 0, 0, 0 },
  { "const char *", NULL, 0, 0, 0 },
};

int
is_float (int sc)
{
  return sc == S_FLOAT || sc == S_DOUBLE;
}

/* The full width of a scalar as a bitfield type.  */
static int
bf_width (int sc)
{
  switch (sc)
    {
    case S_UCHAR: return 8;
    case S_USHORT: return 16;
    case S_INT: case S_UINT: return 32;
    case S_LLONG: case S_ULLONG: return 64;
    case S_BOOL: return 1;
    default: return 0;
    }
}

/* ------------------------------------------------------------------ */
/* Types.                                                               */

struct nty named[MAXNAMED];
unsigned nnamed;
static unsigned member_serial;

static struct ty *
new_ty (int k)
{
  struct ty *t = xmalloc (sizeof *t);
  t->k = k;
  t->named = -1;
  return t;
}

static struct ty *sc_types[NSC];

static struct ty *
scalar_ty (int sc)
{
  if (sc_types[sc] == NULL)
    {
      sc_types[sc] = new_ty (K_SC);
      sc_types[sc]->sc = sc;
      sc_types[sc]->leaves = 1;
    }
  return sc_types[sc];
}

struct ty *
array_ty (struct ty *elem, unsigned n)
{
  struct ty *t = new_ty (K_ARR);
  t->elem = elem;
  t->n = n;
  t->leaves = elem->leaves * n;
  return t;
}

int
initializable (const struct mem *m)
{
  return !(m->name[0] == '\0' && m->bits >= 0);
}

int
anonymous (const struct mem *m)
{
  return m->name[0] == '\0' && m->bits < 0;
}

/* The first member a list takes by position, or -1.  */
int
first_init (const struct ty *t)
{
  for (unsigned i = 0; i < t->nm; i++)
    if (initializable (&t->m[i]))
      return (int) i;
  return -1;
}

int
char_array (const struct ty *t)
{
  return t->k == K_ARR && t->elem->k == K_SC && scal[t->elem->sc].charlike;
}

/* A scalar type for a plain member.  */
static int
pick_scalar (void)
{
  for (;;)
    {
      static const int weights[NSC] = {
        10, 3, 6, 8, 4, 10, 5, 8, 3, 8, 3, 4, 3, 5, 8, 5,
      };
      unsigned total = 0;
      for (int i = 0; i < NSC; i++)
        total += weights[i];
      unsigned r = rnd (total);
      int sc = 0;
      while (r >= (unsigned) weights[sc])
        r -= weights[sc++];
      if (is_float (sc) && !on (F_FLOAT))
        continue;
      if (sc == S_STR && !on (F_PTR))
        continue;
      return sc;
    }
}

static void
add_member (struct ty *rec, const char *name, struct ty *t, int bits)
{
  rec->m = xrealloc (rec->m, (rec->nm + 1) * sizeof *rec->m);
  struct mem *m = &rec->m[rec->nm++];
  memset (m, 0, sizeof *m);
  snprintf (m->name, sizeof m->name, "%s", name);
  m->t = t;
  m->bits = bits;
  if (rec->uni)
    {
      if (t->leaves > rec->leaves)
        rec->leaves = t->leaves;
    }
  else
    rec->leaves += t->leaves;
}

static void
member_name (char *buf, size_t size)
{
  snprintf (buf, size, "f%u", member_serial++);
}

static struct ty *
pick_named (int want_union, unsigned budget)
{
  unsigned cand[MAXNAMED], nc = 0;
  for (unsigned i = 0; i < nnamed; i++)
    if ((want_union < 0 || named[i].t->uni == want_union)
        && named[i].t->leaves <= budget)
      cand[nc++] = i;
  if (nc == 0)
    return NULL;
  return named[cand[rnd (nc)]].t;
}

/* SC, or now and then the base scalar of REC's last member when it is
   a bitfield with a name (BITFIELD) or not one, so that members may be
   declared together ("int a, b[2];", "unsigned int x : 3, y : 4;").  */
static int
prev_base (const struct ty *rec, int bitfield, int sc)
{
  if (!on (F_SHARED) || rec->nm == 0)
    return sc;
  const struct mem *m = &rec->m[rec->nm - 1];
  if (bitfield ? m->bits < 0 || !m->name[0] : m->bits >= 0)
    return sc;
  const struct ty *b = m->t;
  while (b->k == K_ARR)
    b = b->elem;
  return b->k == K_SC && chance (35) ? b->sc : sc;
}

struct ty *
gen_record (int uni, int depth, unsigned budget)
{
  struct ty *t = new_ty (K_REC);
  t->uni = uni;
  unsigned nm = uni ? 2 + rnd (3) : (depth ? 2 + rnd (3) : 4 + rnd (8));
  char name[24];
  for (unsigned i = 0; i < nm; i++)
    {
      unsigned left = t->leaves < budget ? budget - t->leaves : 0;
      if (left == 0 && i >= 2)
        break;
      unsigned r = rnd (100);
      member_name (name, sizeof name);
      if (r < 12 && on (F_BITFIELD))
        {
          static const int bfs[] = {
            S_INT, S_UINT, S_UINT, S_UCHAR, S_USHORT, S_LLONG, S_ULLONG,
            S_BOOL,
          };
          int sc = prev_base (t, 1, bfs[rnd (sizeof bfs / sizeof bfs[0])]);
          int full = bf_width (sc);
          int w = chance (10) ? full : 1 + (int) rnd ((unsigned) (full < 20 ? full : 20));
          if (!uni && i > 0 && on (F_UNNAMED_BF) && chance (20))
            {
              /* An unnamed bitfield: bits nobody initializes.  */
              add_member (t, "", scalar_ty (sc), chance (25) ? 0 : w);
              t->leaves -= 1;
              continue;
            }
          add_member (t, name, scalar_ty (sc), w);
          continue;
        }
      if (r < 22 && on (F_ARRAY) && left >= 2)
        {
          int sc = pick_scalar ();
          unsigned n = 1 + rnd (4);
          struct ty *a = array_ty (scalar_ty (sc), n);
          if (chance (20) && n * 2 <= left)
            a = array_ty (scalar_ty (sc), 2 + rnd (2)), a = array_ty (a, 2);
          if (a->leaves <= left)
            {
              add_member (t, name, a, -1);
              continue;
            }
        }
      if (r < 32 && on (F_CHARARRAY))
        {
          static const int cs[] = { S_CHAR, S_CHAR, S_CHAR, S_UCHAR, S_SCHAR };
          unsigned n = 1 + rnd (8);
          if (n <= left + 1)
            {
              struct ty *a = array_ty (scalar_ty (cs[rnd (5)]), n);
              if (chance (10) && 2 * n <= left)
                a = array_ty (a, 2);
              add_member (t, name, a, -1);
              continue;
            }
        }
      if (r < 44 && on (F_NESTED))
        {
          struct ty *n = pick_named (on (F_UNION) ? (chance (30) ? 1 : 0) : 0,
                                     left);
          if (n)
            {
              if (chance (25) && n->leaves * 2 <= left)
                add_member (t, name, array_ty (n, 2 + rnd (2)), -1);
              else
                add_member (t, name, n, -1);
              continue;
            }
        }
      if (r < 52 && depth < 2 && on (F_ANON) && left >= 2
          && (i > 0 || on (F_ANONFIRST)))
        {
          int u = on (F_UNION) ? chance (50) : 0;
          struct ty *in = gen_record (u, depth + 1, left / 2 + 1);
          add_member (t, "", in, -1);
          continue;
        }
      if (r < 58 && depth < 2 && on (F_UNTAGGED) && left >= 2
          && (i > 0 || on (F_ANONFIRST)))
        {
          int u = on (F_UNION) ? chance (40) : 0;
          struct ty *in = gen_record (u, depth + 1, left / 2 + 1);
          add_member (t, name, in, -1);
          continue;
        }
      add_member (t, name, scalar_ty (prev_base (t, 0, pick_scalar ())),
                  -1);
    }
  if (first_init (t) < 0)
    {
      member_name (name, sizeof name);
      add_member (t, name, scalar_ty (S_INT), -1);
    }
  return t;
}
