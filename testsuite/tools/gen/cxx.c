/* cxx.c - ph-gen's C++ classes: bases (virtual too), vptrs, anonymous
   and untagged members, member pointers, references,
   [[no_unique_address]], templates, key functions (gen_cxx_class,
   gen_cxx_fixed, emit_key_functions), and --without's constructs.
   Copyright (C) 2026 The pokehole authors.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include "gen.h"

/* ------------------------------------------------------------------ */
/* C++ classes.                                                         */

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
struct cls *classes;

/* Classes whose key function (kN) is defined out of line, in the other
   unit (or at the end of this one).  */
int *keyed;
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
FILE *members_out;
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
    emit ("%s m%u;\n", others[rnd (nothers - 1)], id);
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

void
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
void
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
void
emit_key_functions (void)
{
  for (unsigned k = 0; k < nkeyed; k++)
    emit ("void c%d::k%d () {}\n", keyed[k], keyed[k]);
}

/* Prints the instances of the class templates the classes used, one a
   line.  */
void
print_used_instances (void)
{
  for (unsigned k = 0; k < NINSTS; k++)
    if (inst_used[k])
      printf ("%s\n", insts[k].name);
}

int
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
