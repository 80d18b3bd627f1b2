/* c-types.c - ph-gen's C structs and unions: the scalar types members
   are drawn from, bitfields, nested and anonymous members, struct_group,
   packed and aligned types and members (gen_c_type).
   Copyright (C) 2026 The pokehole authors.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include "gen.h"

/* ------------------------------------------------------------------ */
/* Scalar types.                                                        */

struct scalar {
  const char *name;
  int bits;                     /* width as a bitfield; 0: not one; -1: depends on the target */
};

static const struct scalar ints[] = {
  { "char", 8 }, { "signed char", 8 }, { "unsigned char", 8 },
  { "short", 16 }, { "unsigned short", 16 }, { "int", 32 },
  { "unsigned int", 32 }, { "long", -1 }, { "unsigned long", -1 },
  { "long long", 64 }, { "unsigned long long", 64 },
  { "signed int", 32 }, { "_Bool", 1 },
};
#define NINTS (sizeof ints / sizeof ints[0])

/* Enums of several sizes; their widths as bitfields.  In C++ the same
   enums get fixed underlying types.  */
static const struct scalar enums_c[] = {
  { "enum ph_e8", 8 }, { "enum ph_e16", 16 }, { "enum ph_e32", 32 },
  { "enum ph_e64", 64 }, { "enum ph_eneg", 32 },
};
#define NENUMS (sizeof enums_c / sizeof enums_c[0])

const char *const others[] = {
  "float", "double", "long double", "void *", "char *", "const char *",
  "int (*", /* function pointer: declarator written specially */
};
const size_t nothers = sizeof others / sizeof others[0];

/* ------------------------------------------------------------------ */
/* C types.                                                             */
struct ctype_info *types;
static unsigned ntypes;

static void gen_c_members (int depth, int is_union, int packed, int nmax);

static void
gen_bitfield (int depth, int packed)
{
  const struct scalar *s;
  if (chance (20))
    s = &enums_c[rnd (NENUMS)];
  else
    s = &ints[rnd (NINTS)];
  indent (depth);
  int full = s->bits;
  /* A width up to full: often small, sometimes the full width, :0 and
     unnamed fields now and then.  */
  unsigned w;
  if (s->bits == 1)
    w = 1;
  else if (chance (15))
    w = 64;                     /* clamped to the full width */
  else
    w = 1 + rnd (full > 0 ? (unsigned) full : 64);
  if (strcmp (s->name, "_Bool") != 0 && chance (8))
    {
      emit ("%s : 0;\n", s->name);
      return;
    }
  if (strcmp (s->name, "_Bool") != 0 && !named_bitfields && chance (10))
    {
      emit ("%s : PH_W (%s, %u);\n", s->name, s->name, w);
      return;
    }
  emit ("%s m%u : PH_W (%s, %u)%s;\n", s->name, member_serial++, s->name, w,
        packed ? "" : (chance (5) ? " __attribute__ ((packed))" : ""));
}

/* A member attribute: packed, aligned(N), or none.  */
static void
member_attr (void)
{
  unsigned r = rnd (100);
  if (r < 8)
    emit (" __attribute__ ((packed))");
  else if (r < 14)
    emit (" __attribute__ ((aligned (%u)))", 1u << rnd (6));
  else if (r < 17)
    emit (" __attribute__ ((packed, aligned (%u)))", 1u << rnd (4));
}

/* Member ID of type NAME, one time in five an array of 1 to MAX, with a
   member attribute or none.  */
static void
emit_member (const char *name, unsigned id, unsigned max)
{
  if (chance (20))
    emit ("%s m%u[%u]", name, id, 1 + rnd (max));
  else
    emit ("%s m%u", name, id);
  member_attr ();
  emit (";\n");
}

static void
gen_plain (int depth, int last_in_struct)
{
  unsigned id = member_serial++;
  indent (depth);
  unsigned r = rnd (100);
  if (r < 5 && cxx == 0)
    {
      /* _Alignas raises the alignment; _Alignas (T) keeps it legal.  */
      const struct scalar *s = &ints[rnd (NINTS - 1)];
      emit ("_Alignas (%u) _Alignas (%s) %s m%u;\n", 1u << rnd (7), s->name,
            s->name, id);
      return;
    }
  if (r < 8 && last_in_struct)
    {
      emit ("%s m%u[];\n", ints[rnd (NINTS - 1)].name, id);
      return;
    }
  if (r < 12)
    {
      emit ("%s m%u[0]", ints[rnd (NINTS - 1)].name, id);
      member_attr ();
      emit (";\n");
      return;
    }
  if (r < 25 && ntypes > 0)
    {
      /* An earlier type (by tag or typedef), maybe an array of it.  */
      for (int tries = 0; tries < 4; tries++)
        {
          const struct ctype_info *t = &types[rnd (ntypes)];
          if (t->has_flex)
            continue;
          emit_member (t->name, id, 3);
          return;
        }
    }
  if (r < 35)
    {
      emit ("%s m%u", enums_c[rnd (NENUMS)].name, id);
      member_attr ();
      emit (";\n");
      return;
    }
  if (r < 50)
    {
      unsigned k = rnd (nothers);
      if (strcmp (others[k], "int (*") == 0)
        emit ("int (*m%u) (char, long)", id);
      else if (chance (20))
        emit ("%s m%u[%u][%u]", others[k], id, 1 + rnd (3), 1 + rnd (2));
      else
        emit ("%s m%u", others[k], id);
      member_attr ();
      emit (";\n");
      return;
    }
  emit_member (ints[rnd (NINTS)].name, id, 5);
}

/* A struct or union defined in place: named or anonymous.  */
static void
gen_nested (int depth, int packed)
{
  int is_union = chance (50);
  indent (depth);
  emit ("%s%s {\n", is_union ? "union" : "struct",
        chance (15) ? " __attribute__ ((packed))" : "");
  gen_c_members (depth + 1, is_union, packed, 4);
  indent (depth);
  if (chance (50))
    emit ("};\n");              /* anonymous (C11) */
  else
    {
      emit ("} m%u", member_serial++);
      member_attr ();
      emit (";\n");
    }
}

/* The kernel's struct_group(): its members once in the source, twice in
   the type (an anonymous struct and a struct named like the group, in a
   union).  */
/* --struct-group: C types may hold struct_group()s (an option, so that
   the corpora of the seeds other tests know stay as they are).  */
int with_groups;

static void
gen_struct_group (int depth, int packed)
{
  indent (depth);
  emit ("struct_group (m%u,\n", member_serial++);
  /* Never empty: an anonymous struct needs a member.  */
  gen_plain (depth + 1, 0);
  gen_c_members (depth + 1, 0, packed, 3);
  indent (depth);
  emit (");\n");
}

static void
gen_c_members (int depth, int is_union, int packed, int nmax)
{
  unsigned n = rnd ((unsigned) nmax + 1);
  for (unsigned i = 0; i < n; i++)
    {
      unsigned r = rnd (100);
      if (r < 40)
        gen_bitfield (depth, packed);
      else if (r < 48 && depth < 3)
        gen_nested (depth, packed);
      else if (with_groups && r < 51 && depth < 3 && !is_union)
        gen_struct_group (depth, packed);
      else
        gen_plain (depth, 0);
    }
  /* Unions and nested aggregates must not end in a flexible array.  */
  if (!is_union && depth == 1 && n > 0 && chance (8))
    {
      /* A named member first: a flexible array cannot be alone.  */
      indent (depth);
      emit ("char m%u;\n", member_serial++);
      indent (depth);
      emit ("%s m%u[];\n", ints[rnd (NINTS - 1)].name, member_serial++);
      types[ntypes].has_flex = 1;
    }
}

static void
type_attrs (int packed)
{
  unsigned r = rnd (100);
  if (packed && r < 20)
    emit (" __attribute__ ((packed, aligned (%u)))", 1u << rnd (5));
  else if (packed)
    emit (" __attribute__ ((packed))");
  else if (r < 12)
    emit (" __attribute__ ((aligned (%u)))", 1u << rnd (7));
}

void
gen_c_type (unsigned i)
{
  int is_union = chance (25);
  int is_typedef = chance (15);
  int packed = chance (20);
  struct ctype_info *t = &types[ntypes];
  memset (t, 0, sizeof *t);
  const char *key = is_union ? "union" : "struct";
  if (is_typedef)
    {
      snprintf (t->name, sizeof t->name, "td%u", i);
      emit ("typedef %s", key);
      type_attrs (packed);
      emit (" {\n");
    }
  else
    {
      snprintf (t->name, sizeof t->name, "%s %c%u", key, key[0], i);
      emit ("%s", key);
      type_attrs (packed);
      emit (" %c%u {\n", key[0], i);
    }
  /* Sometimes empty (a GNU C extension: size 0).  */
  if (!chance (4))
    gen_c_members (1, is_union, packed, 8);
  if (is_typedef)
    emit ("} td%u;\n\n", i);
  else
    emit ("};\n\n");
  printf ("%s\n", is_typedef ? t->name : t->name + strlen (key) + 1);
  ntypes++;
}
