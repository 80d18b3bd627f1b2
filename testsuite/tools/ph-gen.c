/* ph-gen - write seeded random C structs and unions (or C++ classes) for
   the pokehole testsuite, whose layouts are then checked against the
   compiler by ph-probe (pokehole.random/random.exp).
   Copyright (C) 2026 The pokehole authors.
   SPDX-License-Identifier: GPL-3.0-or-later

   Usage:
     ph-gen [--struct-group] [--int-enums] [--named-bitfields]
            [--c++ [--without CONSTRUCT,...] [--members FILE]]
            SEED COUNT OUT [KEYOUT]
         Writes COUNT random types to OUT (C, or C++ with --c++) and prints
         their names, one a line, on standard output (C++: the instances
         of the class templates used, too).  The same SEED gives the same
         file on every machine (our own PRNG, no libc rand).  C++ only:
         KEYOUT is a second unit that includes OUT and defines the key
         functions of the classes that have one (without it they are
         defined at the end of OUT); --members writes "CLASS PATH" for
         every member declared; --without turns constructs off (anon,
         untagged, memptr, zla, ref, nua, alias, key, clsmem), to tell
         which one a failure comes from.

   The source must compile both natively and with -m32, so nothing in it
   depends on the target: bitfield widths are written as PH_W (TYPE, N),
   N clamped to the type's width by the compiler; alignments are raised
   with _Alignas next to _Alignas (TYPE) so that they never fall below the
   natural one (an error in C11).

   C features (each drawn at random): bitfields of every integer type and
   of enums, up to full width, signed and unsigned, :0 separators, unnamed
   bitfields (bit holes), fields that cross storage units, bitfields in
   packed structs; unions; nested named and anonymous structs and unions;
   with --struct-group, the kernel's struct_group() (a union of an
   anonymous struct and a named one with the same members);
   typedef'd anonymous structs; packed and aligned(N) on types and members,
   packed+aligned together, _Alignas; flexible array members, zero-length
   arrays; enums of 1, 2, 4 and 8 bytes (packed enums, 64-bit values);
   _Bool, long double, pointers, function pointers, arrays; empty structs;
   members of earlier types.

   C++ features: struct and class keys (private members by default),
   vptrs, single and multiple inheritance, empty bases, virtual bases
   (shared), non-POD bases whose tail padding is reused (a user-provided
   constructor or private members), bitfields, final classes; anonymous
   unions and structs and named untagged ones (arrays of them too), up to
   four levels deep; data-member and member-function pointers (arrays of
   them); zero-length arrays anywhere; lvalue and rvalue reference members
   (bound by default member initializers); [[no_unique_address]] members
   of empty and non-empty classes, maybe followed by a member for their
   tail padding; members of earlier classes; members of an alias template
   (V<int> = Box<int>) and of a class template with an enum and a default
   argument (Tuned<Mode::B>); classes whose key function is defined in
   KEYOUT; after them, in every file, fixed [[no_unique_address]] members
   of classes that end in a bitfield (gen_cxx_fixed).  The bases of a
   class never name one class twice except as a shared virtual base, so
   each base can be reached by a cast in the probe.  */

#define _XOPEN_SOURCE 700

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* splitmix64: small, good enough, and the same everywhere.  */
static uint64_t rng_state;

static uint64_t
rng_next (void)
{
  uint64_t z = (rng_state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

/* A number in [0, n).  */
static unsigned
rnd (unsigned n)
{
  return n ? (unsigned) (rng_next () % n) : 0;
}

/* True with probability pct/100.  */
static int
chance (unsigned pct)
{
  return rnd (100) < pct;
}

static FILE *out;

static void
emit (const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  vfprintf (out, fmt, ap);
  va_end (ap);
}

static void
indent (int depth)
{
  for (int i = 0; i < depth; i++)
    emit ("  ");
}

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

static const char *const others[] = {
  "float", "double", "long double", "void *", "char *", "const char *",
  "int (*", /* function pointer: declarator written specially */
};
#define NOTHERS (sizeof others / sizeof others[0])

static int cxx;
static unsigned member_serial;
/* --int-enums: every enum of C int's size (CTF knows no other: libctf
   gives each enum the size of int); the same members otherwise.  */
static int int_enums;
/* --named-bitfields: no unnamed bitfield of a width (GCC's -gbtf and
   -gctf, 12 to 15, put the member after one at its offset).  */
static int named_bitfields;

/* ------------------------------------------------------------------ */
/* C types.                                                             */

struct ctype_info {
  char name[32];                /* "struct s3", "union u4" or a typedef */
  int has_flex;                 /* cannot be a member */
};
static struct ctype_info *types;
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
      unsigned k = rnd (NOTHERS);
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
static int with_groups;

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

static void
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

/* ------------------------------------------------------------------ */
/* C++ classes.                                                         */

#define MAXCLS 1024
#define MAXB 3

/* The constructs of C++ classes beyond bases, vptrs and bitfields, each
   drawn at random; --without NAME,... turns some off (a plain member
   takes the place of each; the rest of the file changes too), to tell
   which construct a failure comes from.  */
enum feat {
  F_ANON,                       /* anonymous unions and structs */
  F_UNTAGGED,                   /* struct { ... } m; named, untagged */
  F_MEMPTR,                     /* data-member and member-function pointers */
  F_ZLA,                        /* zero-length arrays, anywhere */
  F_REF,                        /* lvalue and rvalue reference members */
  F_NUA,                        /* [[no_unique_address]] */
  F_ALIAS,                      /* alias and class templates, enum and default arguments */
  F_KEY,                        /* key function defined in another unit */
  F_CLSMEM,                     /* members of earlier classes */
  NFEAT
};
static const char *const feat_names[NFEAT] = {
  "anon", "untagged", "memptr", "zla", "ref", "nua", "alias", "key", "clsmem",
};
static unsigned feat_off;

static int
feat_on (enum feat f)
{
  return !(feat_off & (1u << f));
}

struct cls {
  int empty;                    /* no data, no vptr: an empty class */
  int is_final;
  int has_vbase;                /* a virtual base anywhere: dsize is not the member's */
  int nbases;
  int base[MAXB];
  int virt[MAXB];
  /* The subobjects of a complete object: nvpart[X] counts the X
     subobjects of the non-virtual part (itself excluded); vbase[X] is 1
     when X is a virtual base (one shared subobject, with its own
     non-virtual part).  */
  unsigned char nvpart[MAXCLS];
  unsigned char vbase[MAXCLS];
};
static struct cls *classes;

/* Classes whose key function (kN) is defined out of line, in the other
   unit (or at the end of this one).  */
static int *keyed;
static unsigned nkeyed;

/* Add base B (virtual or not) to the subobjects of C.  */
static void
add_base (struct cls *c, int b, int virt)
{
  const struct cls *cb = &classes[b];
  for (int x = 0; x < b; x++)
    if (cb->vbase[x])
      c->vbase[x] = 1;
  if (virt)
    c->vbase[b] = 1;
  else
    {
      for (int x = 0; x < b; x++)
        c->nvpart[x] = (unsigned char) (c->nvpart[x] + cb->nvpart[x] > 9
                                        ? 9 : c->nvpart[x] + cb->nvpart[x]);
      c->nvpart[b]++;
    }
}

/* Every class is one subobject at most of a complete C: else a cast to
   it (and so the probe's measure of a base) would be ambiguous.  */
static int
unambiguous (const struct cls *c, int n)
{
  for (int x = 0; x < n; x++)
    {
      unsigned total = c->nvpart[x] + c->vbase[x];
      for (int v = 0; v < n; v++)
        if (c->vbase[v])
          total += classes[v].nvpart[x];
      if (total > 1)
        return 0;
    }
  return 1;
}

static const char *const cxx_ints[] = {
  "char", "signed char", "unsigned char", "short", "unsigned short", "int",
  "unsigned", "long", "unsigned long", "long long", "unsigned long long",
  "bool", "E8", "E16", "E32", "E64",
};
#define NCXXINTS (sizeof cxx_ints / sizeof cxx_ints[0])

/* Instances of the class templates of the prologue, as written and as
   named in the report (GCC's DWARF spelling, spaces as '~': default
   arguments written out, enum arguments as casts).  Each used one is a
   type of the file of its own.  */
static const struct {
  const char *src, *name;
} insts[] = {
  { "V<int>", "Box<int>" },
  { "V<long>", "Box<long~int>" },
  { "V<unsigned char>", "Box<unsigned~char>" },
  { "V<E16>", "Box<E16>" },
  { "Tuned<Mode::A>", "Tuned<(Mode)0,~3>" },
  { "Tuned<Mode::B>", "Tuned<(Mode)1,~3>" },
  { "Tuned<Mode::C, 5>", "Tuned<(Mode)2,~5>" },
  { "Tuned<Mode::B, 1>", "Tuned<(Mode)1,~1>" },
};
#define NINSTS (sizeof insts / sizeof insts[0])
static int inst_used[NINSTS];

/* Referents of the reference members: each class binds them in default
   member initializers, so it stays default-constructible.  Static: the
   file may be compiled into several units of one program.  */
static const struct {
  const char *decl;             /* the member's type, before the name */
  const char *init;             /* its initializer */
} refs[] = {
  { "int &&", "static_cast<int &&> (ph_ref_int)" },
  { "const long &", "ph_ref_long" },
  { "char &", "ph_ref_char" },
  { "double &&", "static_cast<double &&> (ph_ref_double)" },
};
#define NREFS (sizeof refs / sizeof refs[0])

/* The members declared (--members FILE): "CLASS PATH" lines, PATH as the
   report spells it (through anonymous aggregates, "outer.inner" into
   named untagged ones, nothing inside an array of them), so that a
   member left out of the report is seen.  */
static FILE *members_out;
static unsigned cur_class;
static char member_prefix[512];
static int members_hidden;

static void
note_member (unsigned id)
{
  if (members_out != NULL && !members_hidden)
    fprintf (members_out, "c%u %sm%u\n", cur_class, member_prefix, id);
}

/* A new member's number, noted.  */
static unsigned
new_member (void)
{
  unsigned id = member_serial++;
  note_member (id);
  return id;
}

/* A class, earlier than I or I itself, for a member pointer.  Earlier
   classes are written ::cK: a private base's injected name would be
   inaccessible.  */
static unsigned
memptr_class (int i)
{
  return (unsigned) rnd ((unsigned) i + 1);
}

/* A member that can live anywhere, nested aggregates and unions
   included: trivial types only (a union member with a non-trivial
   constructor would delete the class's default constructor).  */
static void gen_cxx_nested (int i, int depth);

static void
gen_cxx_simple (int i, int depth)
{
  unsigned id = member_serial++;
  unsigned r = rnd (100);
  if (!(r >= 70 && r < 80 && depth < 5))
    note_member (id);
  indent (depth);
  if (r < 25)
    {
      const char *t = cxx_ints[rnd (NCXXINTS)];
      unsigned w = strcmp (t, "bool") == 0 ? 1 : 1 + rnd (64);
      emit ("%s m%u : PH_W (%s, %u);\n", t, id, t, w);
    }
  else if (r < 33)
    emit ("%s m%u[%u];\n", cxx_ints[rnd (NCXXINTS)], id, 1 + rnd (4));
  else if (r < 45)
    emit ("%s m%u;\n", others[rnd (NOTHERS - 1)], id);
  else if (r < 55)
    {
      unsigned k = memptr_class (i), kind = rnd (4), n = 1 + rnd (3);
      int arr = chance (25);
      if (!feat_on (F_MEMPTR))
        emit ("long m%u;\n", id);
      else if (kind == 0)
        emit ("%s (::c%u::*m%u%s);\n", cxx_ints[rnd (NCXXINTS)], k, id,
              arr ? (n == 1 ? "[1]" : n == 2 ? "[2]" : "[3]") : "");
      else if (kind == 1)
        emit ("void (::c%u::*m%u%s) (int);\n", k, id,
              arr ? (n == 1 ? "[1]" : n == 2 ? "[2]" : "[3]") : "");
      else if (kind == 2)
        emit ("long (::c%u::*m%u%s) (char, short) const;\n", k, id,
              arr ? (n == 1 ? "[1]" : n == 2 ? "[2]" : "[3]") : "");
      else
        emit ("const char *(::c%u::*m%u%s);\n", k, id,
              arr ? (n == 1 ? "[1]" : n == 2 ? "[2]" : "[3]") : "");
    }
  else if (r < 62)
    {
      const char *t = cxx_ints[rnd (NCXXINTS - 4)];
      if (feat_on (F_ZLA))
        emit ("%s m%u[0];\n", t, id);
      else
        emit ("%s m%u;\n", t, id);
    }
  else if (r < 70)
    {
      unsigned k = rnd (NINSTS);
      int arr = chance (20);
      if (feat_on (F_ALIAS))
        {
          inst_used[k] = 1;
          emit ("%s m%u%s;\n", insts[k].src, id, arr ? "[2]" : "");
        }
      else
        emit ("int m%u%s;\n", id, arr ? "[2]" : "");
    }
  else if (r < 80 && depth < 5)
    {
      /* the serial drawn above stays unused: names stay unique */
      gen_cxx_nested (i, depth);
    }
  else
    emit ("%s m%u;\n", cxx_ints[rnd (NCXXINTS)], id);
}

/* An anonymous union or struct, or an untagged one with a name (maybe
   an array of it), defined in place, its members maybe nested further;
   the caller has indented its first line.  */
static void
gen_cxx_nested (int i, int depth)
{
  int is_union = chance (50);
  int named = chance (45);
  unsigned id = member_serial++;
  if ((named && !feat_on (F_UNTAGGED)) || (!named && !feat_on (F_ANON)))
    {
      note_member (id);
      emit ("int m%u;\n", id);
      return;
    }
  emit ("%s {\n", is_union ? "union" : "struct");
  unsigned n = 1 + rnd (4);
  /* whether it is an array, drawn first: its members are not listed */
  int arr = named && chance (20);
  size_t plen = strlen (member_prefix);
  if (named)
    {
      note_member (id);
      snprintf (member_prefix + plen, sizeof member_prefix - plen, "m%u.", id);
      members_hidden += arr;
    }
  for (unsigned k = 0; k < n; k++)
    gen_cxx_simple (i, depth + 1);
  member_prefix[plen] = '\0';
  if (named)
    members_hidden -= arr;
  indent (depth);
  if (named)
    emit ("} m%u%s;\n", id, arr ? "[2]" : "");
  else
    emit ("};\n");
}

/* A member of an earlier class: maybe [[no_unique_address]] (then
   neither final nor with virtual bases, so that the probe can measure
   its data size), and then often followed by a small member that may
   go into its tail padding.  Returns 0 when no class fits.  */
static int
gen_cxx_class_member (int i, int nua)
{
  for (int tries = 0; tries < 6 && i > 0; tries++)
    {
      int k = (int) rnd ((unsigned) i);
      if (nua && (classes[k].is_final || classes[k].has_vbase))
        continue;
      unsigned id = new_member ();
      if (nua)
        {
          emit ("  [[no_unique_address]] ::c%d m%u;\n", k, id);
          if (chance (60))
            emit ("  %s m%u;\n", chance (50) ? "char" : "short",
                  new_member ());
        }
      else
        emit ("  ::c%d m%u%s;\n", k, id, chance (15) ? "[2]" : "");
      return 1;
    }
  return 0;
}

static void
gen_cxx_members (int i, int is_empty)
{
  if (is_empty)
    return;
  unsigned n = 1 + rnd (5);
  for (unsigned k = 0; k < n; k++)
    {
      unsigned r = rnd (100);
      if (chance (10))
        emit (" %s:\n", chance (50) ? "private" : "public");
      if (r < 8)
        {
          unsigned id = new_member (), j = rnd (NREFS);
          if (feat_on (F_REF))
            emit ("  %sm%u = %s;\n", refs[j].decl, id, refs[j].init);
          else
            emit ("  int m%u;\n", id);
        }
      else if (r < 16)
        {
          /* on a scalar the attribute changes nothing */
          if (!feat_on (F_NUA))
            emit ("  int m%u;\n", new_member ());
          else if (chance (15) || !gen_cxx_class_member (i, 1))
            emit ("  [[no_unique_address]] int m%u;\n", new_member ());
        }
      else if (r < 21)
        {
          if (!feat_on (F_CLSMEM) || !gen_cxx_class_member (i, 0))
            emit ("  int m%u;\n", new_member ());
        }
      else if (r < 36)
        {
          indent (1);
          gen_cxx_nested (i, 1);
        }
      else
        gen_cxx_simple (i, 1);
    }
}

static void
gen_cxx_class (int i)
{
  struct cls *c = &classes[i];
  memset (c, 0, sizeof *c);
  /* Bases: earlier classes, not final, that keep every subobject
     unambiguous.  */
  unsigned want = rnd (MAXB + 1);
  static struct cls trial;
  for (unsigned tries = 0; tries < 8 && (unsigned) c->nbases < want; tries++)
    {
      if (i == 0)
        break;
      int b = (int) rnd ((unsigned) i);
      int virt = chance (30);
      int dup = 0;
      for (int k = 0; k < c->nbases; k++)
        if (c->base[k] == b)
          dup = 1;
      if (dup || classes[b].is_final)
        continue;
      trial = *c;
      add_base (&trial, b, virt);
      if (!unambiguous (&trial, i))
        continue;
      *c = trial;
      c->base[c->nbases] = b;
      c->virt[c->nbases] = virt;
      c->nbases++;
    }
  for (int x = 0; x < i; x++)
    if (c->vbase[x])
      c->has_vbase = 1;
  int dynamic = chance (25);
  c->empty = chance (15) && !dynamic;
  c->is_final = chance (5);
  int is_class = chance (40);
  emit ("%s c%u%s", is_class ? "class" : "struct", (unsigned) i,
        c->is_final ? " final" : "");
  for (int k = 0; k < c->nbases; k++)
    emit ("%s %s%sc%d", k ? "," : " :", c->virt[k] ? "virtual " : "",
          chance (20) ? "private " : (chance (30) ? "public " : ""),
          c->base[k]);
  emit ("\n{\n");
  cur_class = (unsigned) i;
  gen_cxx_members (i, c->empty);
  emit (" public:\n");
  if (dynamic)
    {
      /* A key function defined elsewhere: the units that do not define
         it describe the class only as a declaration.  */
      if (chance (35) && feat_on (F_KEY))
        {
          emit ("  virtual void k%u ();\n", (unsigned) i);
          keyed[nkeyed++] = i;
        }
      else
        emit ("  virtual void f%u () {}\n", (unsigned) i);
    }
  /* A user-provided constructor makes the class non-POD: a derived class
     may then reuse its tail padding.  */
  if (chance (30))
    emit ("  c%u () {}\n", (unsigned) i);
  emit ("};\n\n");
  printf ("c%u\n", (unsigned) i);
}

/* After the random classes, the same in every file: [[no_unique_address]]
   members of classes that end in a bitfield, with a member after them in
   their tail padding.  The compilers differ there: GCC 11 gives the field
   its type's data size (7 bytes for ph_bits53, whose b ends at bit 53),
   GCC 12.2 ends it at b's byte offset plus b's bytes (5 + 1 = 6) and puts
   the next member over b's last bits.  Random classes seldom end so
   (seed 1006 has one).  ph_bits11 ends inside a byte without crossing
   one (2 bytes either way).  ph_bits85 (16 bytes on both targets) ends
   at bit 85: with GCC 11 ph_nua_short's short goes to 12, after a hole
   behind its 11 bytes; with GCC 12.2 to 10.  Not written --without
   nua.  */
static void
gen_cxx_fixed (void)
{
  static const char *const fixed[] = {
    "ph_bits53", "ph_bits11", "ph_bits85",
    "ph_nua_char", "ph_nua_short", "ph_nua_11",
  };
  static const char *const fixed_members[] = {
    "ph_bits53 a", "ph_bits53 b", "ph_bits11 a", "ph_bits11 b",
    "ph_bits85 x", "ph_bits85 y", "ph_bits85 a", "ph_bits85 b",
    "ph_nua_char m", "ph_nua_char c", "ph_nua_short m", "ph_nua_short s",
    "ph_nua_11 m", "ph_nua_11 c",
  };
  if (!feat_on (F_NUA))
    return;
  emit ("/* Fixed classes: [[no_unique_address]] members of classes ending "
        "in a bitfield.  */\n"
        "struct ph_bits53\n{\n  ph_bits53 () {}\n"
        "  long long a : 46;\n  long long b : 7;\n};\n\n"
        "struct ph_bits11\n{\n  ph_bits11 () {}\n"
        "  int a : 8;\n  int b : 3;\n};\n\n"
        "struct alignas (8) ph_bits85\n{\n  ph_bits85 () {}\n"
        "  int x;\n  int y;\n  int a : 14;\n  int b : 7;\n};\n\n"
        "struct ph_nua_char\n{\n  [[no_unique_address]] ::ph_bits53 m;\n"
        "  char c;\n};\n\n"
        "struct ph_nua_short\n{\n  [[no_unique_address]] ::ph_bits85 m;\n"
        "  short s;\n};\n\n"
        "struct ph_nua_11\n{\n  [[no_unique_address]] ::ph_bits11 m;\n"
        "  char c;\n};\n\n");
  for (size_t k = 0; k < sizeof fixed / sizeof fixed[0]; k++)
    printf ("%s\n", fixed[k]);
  if (members_out != NULL)
    for (size_t k = 0; k < sizeof fixed_members / sizeof fixed_members[0];
         k++)
      fprintf (members_out, "%s\n", fixed_members[k]);
}

/* The out-of-line key functions, to OUT.  */
static void
emit_key_functions (void)
{
  for (unsigned k = 0; k < nkeyed; k++)
    emit ("void c%d::k%d () {}\n", keyed[k], keyed[k]);
}

static int
parse_without (const char *list)
{
  char *copy = strdup (list);
  if (copy == NULL)
    return -1;
  for (char *tok = strtok (copy, ","); tok; tok = strtok (NULL, ","))
    {
      int found = 0;
      for (int f = 0; f < NFEAT; f++)
        if (strcmp (tok, feat_names[f]) == 0)
          {
            feat_off |= 1u << f;
            found = 1;
          }
      if (!found)
        {
          fprintf (stderr, "ph-gen: unknown construct '%s'\n", tok);
          free (copy);
          return -1;
        }
    }
  free (copy);
  return 0;
}

/* ------------------------------------------------------------------ */

int
main (int argc, char **argv)
{
  int argi = 1;
  while (argi < argc && argv[argi][0] == '-' && argv[argi][1] == '-')
    {
      if (strcmp (argv[argi], "--c++") == 0)
        cxx = 1;
      else if (strcmp (argv[argi], "--struct-group") == 0)
        with_groups = 1;
      else if (strcmp (argv[argi], "--int-enums") == 0)
        int_enums = 1;
      else if (strcmp (argv[argi], "--named-bitfields") == 0)
        named_bitfields = 1;
      else if (strcmp (argv[argi], "--without") == 0 && argi + 1 < argc)
        {
          if (parse_without (argv[++argi]) != 0)
            return 2;
        }
      else if (strcmp (argv[argi], "--members") == 0 && argi + 1 < argc)
        {
          members_out = fopen (argv[++argi], "w");
          if (members_out == NULL)
            {
              perror (argv[argi]);
              return 2;
            }
        }
      else
        break;
      argi++;
    }
  int nargs = argc - argi;
  if (nargs != 3 && !(cxx && nargs == 4))
    {
      fprintf (stderr, "usage: ph-gen [--struct-group] [--int-enums] [--named-bitfields] [--c++ [--without CONSTRUCT,...] "
               "[--members FILE]] SEED COUNT OUT [KEYOUT]\n");
      return 2;
    }
  char *end;
  unsigned long long seed = strtoull (argv[argi], &end, 0);
  unsigned long count = strtoul (argv[argi + 1], NULL, 0);
  if (*end != '\0' || count == 0 || count > MAXCLS)
    {
      fprintf (stderr, "ph-gen: bad SEED or COUNT (1..%d)\n", MAXCLS);
      return 2;
    }
  rng_state = seed;
  const char *outname = argv[argi + 2];
  const char *keyname = nargs == 4 ? argv[argi + 3] : NULL;
  out = fopen (outname, "w");
  if (out == NULL)
    {
      perror (outname);
      return 2;
    }
  emit ("/* Generated by ph-gen%s %llu %lu: random types for the pokehole "
        "testsuite.  */\n", cxx ? " --c++" : "", seed, count);
  emit ("#define PH_W(T, N) ((N) < 8 * sizeof (T) ? (N) : 8 * sizeof (T))"
        "\n\n");
  if (!cxx && with_groups)
    emit ("#define struct_group(NAME, ...) \\\n"
          "  union { struct { __VA_ARGS__ }; struct { __VA_ARGS__ } NAME; }\n\n");
  if (cxx)
    {
      emit ("enum E8 : unsigned char { e8a, e8b = 200 };\n"
            "enum class E16 : short { a = -1, b = 300 };\n"
            "enum E32 { e32a = 1 };\n"
            "enum class E64 : unsigned long long { a = 1ULL << 40 };\n\n"
            "enum class Mode : unsigned char { A, B, C };\n"
            "template<class T> struct Box { T v; char c; };\n"
            "template<class T> using V = Box<T>;\n"
            "template<Mode M, int N = 3> struct Tuned { char a[N]; Mode m; };\n"
            "static int ph_ref_int;\nstatic long ph_ref_long;\n"
            "static char ph_ref_char;\nstatic double ph_ref_double;\n\n");
      classes = calloc (count, sizeof *classes);
      keyed = calloc (count, sizeof *keyed);
      if (classes == NULL || keyed == NULL)
        return 2;
      for (unsigned long i = 0; i < count; i++)
        gen_cxx_class ((int) i);
      gen_cxx_fixed ();
      for (unsigned k = 0; k < NINSTS; k++)
        if (inst_used[k])
          printf ("%s\n", insts[k].name);
      free (classes);
      if (keyname == NULL)
        emit_key_functions ();
    }
  else
    {
      if (int_enums)
        emit ("enum ph_e8 { e8a, e8b = 200 };\n"
              "enum ph_e16 { e16a, e16b = 300 };\n"
              "enum ph_e32 { e32a, e32b = 70000 };\n"
              "enum ph_e64 { e64a, e64b = 0x10000000 };\n"
              "enum ph_eneg { enega = -5, enegb = 5 };\n\n");
      else
        emit ("enum __attribute__ ((packed)) ph_e8 { e8a, e8b = 200 };\n"
              "enum __attribute__ ((packed)) ph_e16 { e16a, e16b = 300 };\n"
              "enum ph_e32 { e32a, e32b = 70000 };\n"
              "enum ph_e64 { e64a, e64b = 0x100000000LL };\n"
              "enum ph_eneg { enega = -5, enegb = 5 };\n\n");
      types = calloc (count + 1, sizeof *types);
      if (types == NULL)
        return 2;
      for (unsigned long i = 0; i < count; i++)
        gen_c_type ((unsigned) i);
      free (types);
    }
  if (fclose (out) != 0)
    {
      perror (outname);
      return 2;
    }
  if (keyname != NULL)
    {
      /* The other unit: the classes again, and their key functions.  */
      char *abs = realpath (outname, NULL);
      out = fopen (keyname, "w");
      if (abs == NULL || out == NULL)
        {
          perror (abs == NULL ? outname : keyname);
          return 2;
        }
      emit ("/* Generated by ph-gen --c++ %llu %lu: the key functions of "
            "the classes of the other unit.  */\n#include \"%s\"\n\n",
            seed, count, abs);
      free (abs);
      emit_key_functions ();
      if (fclose (out) != 0)
        {
          perror (keyname);
          return 2;
        }
    }
  free (keyed);
  if (members_out != NULL && fclose (members_out) != 0)
    {
      perror ("--members");
      return 2;
    }
  return 0;
}
