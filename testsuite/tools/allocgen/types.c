/* types.c - ph-allocgen's types: their model (members, the corpus types
   they hold, for the counts of static instances), how a unit spells
   them, and their definitions in the shared header.
   Copyright (C) 2026 The pokehole authors.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include "allocgen.h"

struct gtype types[MAXT];
unsigned ntypes;

/* Every scalar's alignment is at most 8, so that new[]'s cookie is a
   size_t (see cxxunits.c).  */
const char *const scalar_names[] = {
  "char", "short", "int", "long", "long long", "float", "double", "void *",
  "unsigned char", "unsigned short",
};
#define NSCALARS (sizeof scalar_names / sizeof scalar_names[0])

static struct gtype *
new_type (enum tkind kind, const char *fmt, unsigned n)
{
  if (ntypes == MAXT)
    {
      fprintf (stderr, "ph-allocgen: too many types\n");
      exit (2);
    }
  struct gtype *t = &types[ntypes++];
  memset (t, 0, sizeof *t);
  t->kind = kind;
  snprintf (t->name, sizeof t->name, fmt, n);
  return t;
}

static void
add_scalar (struct gtype *t, int scalar)
{
  struct member *m = &t->m[t->nm++];
  m->rec = -1;
  m->scalar = scalar >= 0 ? scalar : (int) rnd (NSCALARS);
  /* char arrays vary the sizes most */
  if (chance (20))
    m->n1 = 2 + rnd (6);
}

/* A member holding LIMIT's earlier plain types, as one object, an array
   or a 2-D array: what makes a static variable hold objects of a type
   inside another's ("in").  */
static void
add_record (struct gtype *t, unsigned limit)
{
  struct member *m = &t->m[t->nm++];
  m->rec = (int) rnd (limit);
  m->scalar = 0;
  unsigned r = rnd (100);
  if (r < 45)
    m->n1 = 2 + rnd (2);
  else if (r < 60)
    {
      m->n1 = 2;
      m->n2 = 2;
    }
}

static int
holds_records (const struct gtype *t)
{
  for (unsigned i = 0; i < t->nm; i++)
    if (t->m[i].rec >= 0 && t->m[i].n1)
      return 1;
  return 0;
}

/* NPLAIN structs T0.., an untagged struct known by its typedef A0_t, a
   union U0 of plain types, two structs with a flexible array member F0
   F1, two types with a destructor D0 D1 and the small one Ds.  */
void
gen_types (unsigned nplain)
{
  int any_array = 0;
  for (unsigned i = 0; i < nplain; i++)
    {
      struct gtype *t = new_type (TK_PLAIN, "T%u", i);
      unsigned nm = 1 + rnd (5);
      while (t->nm < nm)
        {
          /* T0 holds no other type: a plain leaf is always there */
          if (i > 0 && chance (25))
            add_record (t, i);
          else
            add_scalar (t, -1);
        }
      /* Not one byte: malloc (n * sizeof (T)) would be folded into
         malloc (n), no multiple of anything to the plugin.  */
      if (t->nm == 1 && t->m[0].rec < 0 && !t->m[0].n1
          && strstr (scalar_names[t->m[0].scalar], "char"))
        t->m[0].n1 = 2;
      /* at least one array of another type, whatever the draws */
      if (i == nplain - 1 && !any_array && i > 0)
        {
          t->m[t->nm].rec = 0;
          t->m[t->nm].n1 = 3;
          t->m[t->nm].n2 = 0;
          t->nm++;
        }
      any_array |= holds_records (t);
    }
  struct gtype *a = new_type (TK_ANON, "A%u_t", 0);
  for (unsigned n = 1 + rnd (4); a->nm < n;)
    add_scalar (a, -1);
  if (a->nm == 1 && !a->m[0].n1 && strstr (scalar_names[a->m[0].scalar], "char"))
    a->m[0].n1 = 2;
  struct gtype *u = new_type (TK_UNION, "U%u", 0);
  add_record (u, nplain);
  if (chance (50))
    add_record (u, nplain);
  add_scalar (u, 2);
  for (unsigned k = 0; k < 2; k++)
    {
      /* A long long first: at least 8 bytes, more than any tail a site
         adds to it (1..7), so that the tail never counts as an
         object.  */
      struct gtype *f = new_type (TK_FLEX, "F%u", k);
      add_scalar (f, 4);
      f->m[0].n1 = 0;
      for (unsigned n = 1 + rnd (4); f->nm < n;)
        add_scalar (f, -1);
    }
  for (unsigned k = 0; k < 2; k++)
    {
      /* a long long and more: bigger than the cookie */
      struct gtype *d = new_type (TK_DTOR, "D%u", k);
      add_scalar (d, 4);
      d->m[0].n1 = 0;
      for (unsigned n = 2 + rnd (3); d->nm < n;)
        add_scalar (d, -1);
    }
  /* 4 bytes, less than new[]'s cookie: the count is what follows it */
  struct gtype *s = new_type (TK_SMALL_DTOR, "Ds", 0);
  add_scalar (s, 2);
  s->m[0].n1 = 0;
}

int
pick_type (unsigned kinds)
{
  int can[MAXT];
  unsigned n = 0;
  for (unsigned i = 0; i < ntypes; i++)
    if (kinds & KB (types[i].kind))
      can[n++] = (int) i;
  if (n == 0)
    {
      fprintf (stderr, "ph-allocgen: no type of kinds %#x\n", kinds);
      exit (2);
    }
  return can[rnd (n)];
}

/* How a unit of language L names type T, drawn among the spellings
   that name it: the tag, the typedef, in C++ the bare name.  The
   plugin must name the type the same whatever the spelling.  */
const char *
spell (int t, enum lang l)
{
  static char ring[16][40];
  static unsigned next;
  char *b = ring[next++ % 16];
  const struct gtype *g = &types[t];
  int cxx = l == L_CXX;
  switch (g->kind)
    {
    case TK_PLAIN:
      {
        unsigned r = rnd (cxx ? 3 : 2);
        snprintf (b, 40, r == 0 ? "struct %s" : r == 1 ? "%s_t" : "%s",
                  g->name);
        break;
      }
    case TK_UNION:
      snprintf (b, 40, cxx && chance (50) ? "%s" : "union %s", g->name);
      break;
    case TK_FLEX:
      snprintf (b, 40, "struct %s", g->name);
      break;
    case TK_DTOR:
    case TK_SMALL_DTOR:
      snprintf (b, 40, chance (50) ? "%s" : "struct %s", g->name);
      break;
    default:
      snprintf (b, 40, "%s", g->name);
      break;
    }
  return b;
}

static void
write_member (struct sb *h, const struct member *m, unsigned i)
{
  if (m->rec >= 0)
    sb_add (h, "  struct %s m%u", types[m->rec].name, i);
  else
    sb_add (h, "  %s m%u", scalar_names[m->scalar], i);
  if (m->n1)
    sb_add (h, "[%u]", m->n1);
  if (m->n2)
    sb_add (h, "[%u]", m->n2);
  sb_add (h, ";\n");
}

/* Each kind's definition before and after its members, %s the name
   (the typedef's in the second of TK_PLAIN's too).  A destructor is
   user-provided: new[] keeps the count in a cookie.  */
static const char *const definition[][2] = {
  [TK_PLAIN] = { "struct %s\n{\n", "};\ntypedef struct %s %s_t;\n\n" },
  [TK_ANON] = { "typedef struct\n{\n", "} %s;\n\n" },
  [TK_UNION] = { "union %s\n{\n", "};\n\n" },
  [TK_FLEX] = { "#ifndef __cplusplus\nstruct %s\n{\n",
                "  char data[];\n};\n#endif\n\n" },
  [TK_DTOR] = { "#ifdef __cplusplus\nstruct %s\n{\n",
                "  ~%s () {}\n};\n#endif\n\n" },
  [TK_SMALL_DTOR] = { "#ifdef __cplusplus\nstruct %s\n{\n",
                      "  ~%s () {}\n};\n#endif\n\n" },
};

/* The definitions, into the shared header: C++'s types where only C++
   sees them, the flexible array members where only C does.  */
void
write_types (struct sb *h)
{
  for (unsigned i = 0; i < ntypes; i++)
    {
      const struct gtype *t = &types[i];
      const char *const *d = definition[t->kind];
      sb_add (h, d[0], t->name);
      for (unsigned k = 0; k < t->nm; k++)
        write_member (h, &t->m[k], k);
      sb_add (h, d[1], t->name, t->name);
    }
}
