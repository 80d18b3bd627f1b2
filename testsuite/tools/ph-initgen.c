/* ph-initgen - write a seeded random C program of several translation
   units whose structs are initialized in every way C allows, to test
   pokehole --patch (issue 33): the plugin must find every initializer
   that sets members by position, and the patch must reorder each struct
   and rewrite those initializers so that the program prints the same.
   Copyright (C) 2026 The pokehole authors.
   SPDX-License-Identifier: GPL-3.0-or-later

   Usage:
     ph-initgen [--types N] [--units N] [--without CONSTRUCT,...]
                [--with CONSTRUCT,...] SEED OUTDIR
         Writes into OUTDIR (created if missing):
           types.h      the struct and union types, value macros, header
                        initializers (static inline functions, static
                        const objects)
           u1.c ... uN.c  objects of those types, each with a function
                        uK_dump() that prints every scalar leaf of them
           main.c       its own objects, the header's, and main(), which
                        calls every uK_dump()
           expected.txt what the program must print (the generator's
                        own model of C's initialization rules)
           refusals.txt the refusals the generator provoked on purpose,
                        one "TYPE<TAB>REASON" a line ("struct T3<TAB>
                        its bytes leave the program"): pokehole --patch
                        may refuse TYPE for REASON (a substring of the
                        place it names), and for no other
           stats.txt    counts: types, objects, braced lists, elements
         The same SEED gives the same files on every machine (our own
         PRNG, no libc rand).

   The program must compile with gcc -std=gnu11 (-Wall
   -Wno-missing-braces is clean), natively and with -m32, print the same
   on both but for nothing (values are in range for ILP32 and LP64: long
   and uintptr_t hold 32-bit values), never print a size or an address,
   and have no undefined or implementation-defined behaviour: unions are
   printed through the member the initializer made active only, plain
   char holds 0..127, bitfields are explicitly signed or unsigned.

   Types (types.h): N structs T0..T(N-1) and a few unions U0.. , members
   one a line with one declarator, or declared together ("int a, b[2];",
   "const char *p, *q;", "unsigned int x : 3, y : 4;") or two
   declarations on one line: char, signed/unsigned char, short,
   int, long, long long (and unsigned), _Bool, float, double, uintptr_t,
   const char * (pointing at string literals), arrays of them (2-D too),
   char arrays, named bitfields (signed int, unsigned int, unsigned char,
   unsigned short, signed/unsigned long long, _Bool), unnamed bitfields
   and :0, members of earlier structs and unions (arrays of them too),
   anonymous structs and unions (C11) and untagged named ones, nested;
   comment lines above members and comments after them.

   Initializers: file-scope, automatic and static local objects, arrays
   of structs, compound literals (at file scope through pointers, &(T){}
   and (T[N]){}; local ones, in declarations and assignments); the
   elements of each braced list are chosen element by element against a
   model of C's rules: positional, designated (.a, .a.b, [i], .a[i].b,
   through anonymous members), designators followed by positional
   elements, brace elision (flat lists through nested structs, arrays
   and anonymous members), nested braces (also for anonymous members and
   for scalars), zero fillers, partial lists, {0}, out-of-order
   designators, string literals (also concatenated, also braced) for
   char arrays, compound literals for members; values as decimal, hex,
   octal and character constants, casts, value macros (V3, ADD(a, b)),
   and in automatic objects expressions of local variables and calls;
   initializers inside static inline functions of the header and static
   const objects of the header (the same text in every unit).

   Refusals on purpose (refusals.txt; --without refuse turns them off):
   an object written with fwrite(), a cast of an object's address to a
   pointer to its first member (refused when that member moves), a whole
   initializer in a macro (#define RM_x {...}; T x = RM_x;: the plugin
   may rewrite the macro's body instead).  A type with an unnamed
   bitfield is listed too: pokehole does not move members across one;
   and one with a comment on the line of members declared together or
   on one line: pokehole does not part those.

   --without CONSTRUCT,... leaves constructs out, to narrow a failure:
     anon untagged union bitfield unnamed-bf array chararray nested
       (kinds of members)
     comments multiline trailing (the text: comments, lists on several
       lines, trailing commas)
     shared oneline (members declared together, declarations sharing
       a line)
     elision designated shuffle filler braces string compound static
     header macro var cast ptr float (kinds of elements and values)
     refuse (the refusals on purpose)
     and narrower ones, each a corner the others leave in:
     charelide   brace elision into char arrays ({ 1, 'a', 'b', 2 } for
                 { int; char[2]; int; })
     anonbraces  braces of their own for anonymous members
     anonfirst   an anonymous or untagged aggregate as a struct's first
                 member
     litelem     compound literals as elements of static initializers
                 ({ 1, (struct B){ 2, 3 } } at file scope)
     litelide    compound literals reached by brace elision (an element
                 (struct B){...} where a struct B[2] member starts)
     desigelide  brace elision right after a designator ([1] = 5 and
                 .in = 5 for aggregates)
     desigpop    an element by position right after a designated last
                 member of a struct ({ .in.last = 1, 5 }, { [0].last = 1,
                 { ... } })
   --with CONSTRUCT,... adds constructs that are off by default:
     symidx   array designators the text spells as [0x1], [N1] (a macro)
     range    GNU array ranges of one element, [2 ... 2] = v
     comma    two elements in a macro that stands for both (#define P3
              1, 2): refused on purpose (in refusals.txt)

   The model keeps to C's rules and steers clear of GCC's corners: a
   '{' where brace elision would go on into an aggregate opens that
   aggregate instead (C), so no element there is braced; no compound
   literal inside another in a static initializer (GCC: "initializer
   element is not constant"); no string literal by position right after
   a level a designator opened ({ .a[1] = 1, "x" }: GCC and clang take
   the string for a, or drop it).  expected.txt checks the model against
   the compiler.  */

#define _XOPEN_SOURCE 700

#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* splitmix64, as ph-gen: small, good enough, and the same everywhere.  */
static uint64_t rng_state;

static uint64_t
rng_next (void)
{
  uint64_t z = (rng_state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

static unsigned
rnd (unsigned n)
{
  return n ? (unsigned) (rng_next () % n) : 0;
}

static int
chance (unsigned pct)
{
  return rnd (100) < pct;
}

static void *
xmalloc (size_t n)
{
  void *p = calloc (1, n ? n : 1);
  if (p == NULL)
    {
      fprintf (stderr, "ph-initgen: out of memory\n");
      exit (2);
    }
  return p;
}

static void *
xrealloc (void *p, size_t n)
{
  p = realloc (p, n ? n : 1);
  if (p == NULL)
    {
      fprintf (stderr, "ph-initgen: out of memory\n");
      exit (2);
    }
  return p;
}

/* ------------------------------------------------------------------ */
/* Growing strings.                                                     */

struct sb {
  char *s;
  size_t n, cap;
};

static void
sb_addv (struct sb *b, const char *fmt, va_list ap)
{
  va_list aq;
  va_copy (aq, ap);
  int len = vsnprintf (NULL, 0, fmt, aq);
  va_end (aq);
  if (b->n + (size_t) len + 1 > b->cap)
    {
      b->cap = (b->n + (size_t) len + 1) * 2;
      b->s = xrealloc (b->s, b->cap);
    }
  vsnprintf (b->s + b->n, (size_t) len + 1, fmt, ap);
  b->n += (size_t) len;
}

static void
sb_add (struct sb *b, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  sb_addv (b, fmt, ap);
  va_end (ap);
}

static void
sb_trunc (struct sb *b, size_t n)
{
  if (b->s && n <= b->n)
    {
      b->n = n;
      b->s[n] = '\0';
    }
}

static const char *
sb_str (const struct sb *b)
{
  return b->s ? b->s : "";
}

static void
sb_free (struct sb *b)
{
  free (b->s);
  b->s = NULL;
  b->n = b->cap = 0;
}

/* ------------------------------------------------------------------ */
/* Constructs.                                                          */

enum feat {
  F_ANON, F_UNTAGGED, F_UNION, F_BITFIELD, F_UNNAMED_BF, F_ARRAY,
  F_CHARARRAY, F_NESTED, F_COMMENTS, F_ELISION, F_DESIGNATED, F_SHUFFLE,
  F_FILLER, F_BRACES, F_STRING, F_COMPOUND, F_STATIC, F_HEADER, F_MACRO,
  F_VAR, F_CAST, F_PTR, F_FLOAT, F_REFUSE, F_MULTILINE, F_TRAILING,
  F_CHARELIDE, F_ANONBRACES, F_ANONFIRST, F_LITELEM, F_LITELIDE,
  F_DESIGELIDE, F_DESIGPOP, F_SHARED, F_ONELINE,
  /* Off unless --with.  */
  F_SYMIDX, F_RANGE, F_COMMA,
  NFEAT
};
static const char *const feat_names[NFEAT] = {
  "anon", "untagged", "union", "bitfield", "unnamed-bf", "array",
  "chararray", "nested", "comments", "elision", "designated", "shuffle",
  "filler", "braces", "string", "compound", "static", "header", "macro",
  "var", "cast", "ptr", "float", "refuse", "multiline", "trailing",
  "charelide", "anonbraces", "anonfirst", "litelem", "litelide",
  "desigelide", "desigpop", "shared", "oneline",
  "symidx", "range", "comma",
};
static uint64_t feat_off = (1ULL << F_SYMIDX) | (1ULL << F_RANGE)
                           | (1ULL << F_COMMA);

static int
on (enum feat f)
{
  return !(feat_off & (1ULL << f));
}

/* ------------------------------------------------------------------ */
/* Scalars.                                                             */

enum sc {
  S_CHAR, S_SCHAR, S_UCHAR, S_SHORT, S_USHORT, S_INT, S_UINT, S_LONG,
  S_ULONG, S_LLONG, S_ULLONG, S_UPTR, S_BOOL, S_FLOAT, S_DOUBLE, S_STR,
  NSC
};

struct scal {
  const char *name;
  const char *bfname;           /* spelled as a bitfield; NULL: never one */
  int uns;                      /* values are unsigned */
  int bits;                     /* value bits usable on ILP32 and LP64 */
  int charlike;                 /* a char type: char literals, strings */
};

static const struct scal scal[NSC] = {
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

static int
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

enum { K_SC, K_ARR, K_REC };

struct mem;

struct ty {
  int k;
  int sc;                       /* K_SC */
  struct ty *elem;              /* K_ARR */
  unsigned n;
  int uni;                      /* K_REC: a union */
  int named;                    /* K_REC: index of the named type, or -1 */
  struct mem *m;
  unsigned nm;
  unsigned leaves;              /* scalar leaves, every union member counted */
};

struct mem {
  char name[24];                /* "": anonymous aggregate or unnamed bitfield */
  struct ty *t;
  int bits;                     /* -1: not a bitfield */
};

struct nty {
  char spell[24];               /* "struct T3" */
  struct ty *t;
};

#define MAXNAMED 64
static struct nty named[MAXNAMED];
static unsigned nnamed;
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

static struct ty *
array_ty (struct ty *elem, unsigned n)
{
  struct ty *t = new_ty (K_ARR);
  t->elem = elem;
  t->n = n;
  t->leaves = elem->leaves * n;
  return t;
}

static int
initializable (const struct mem *m)
{
  return !(m->name[0] == '\0' && m->bits >= 0);
}

static int
anonymous (const struct mem *m)
{
  return m->name[0] == '\0' && m->bits < 0;
}

/* The first member a list takes by position, or -1.  */
static int
first_init (const struct ty *t)
{
  for (unsigned i = 0; i < t->nm; i++)
    if (initializable (&t->m[i]))
      return (int) i;
  return -1;
}

static int
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

/* A named struct or union of the header, of members of the types
   before it.  */
static struct ty *gen_record (int uni, int depth, unsigned budget);

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

static struct ty *
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

/* ------------------------------------------------------------------ */
/* Writing types.                                                       */

static void
indent (struct sb *b, int depth)
{
  for (int i = 0; i < depth; i++)
    sb_add (b, "  ");
}

static const char *const words[] = {
  "hot path", "counter", "see below", "flags", "owner", "spare",
  "keep: ABI", "seen", "index", "len", "cookie", "state", "TODO",
};

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

static void write_body (struct sb *b, struct ty *t, int depth);

/* A comment written on the lines of members declared together or on
   one line (pokehole refuses to part them: the comment would go with
   one of them only), in the named type being written.  */
static int group_commented;

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
        sb_add (b, "/* %s */\n", words[rnd (sizeof words / sizeof words[0])]);
      else
        sb_add (b, "// %s\n", words[rnd (sizeof words / sizeof words[0])]);
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
        sb_add (b, " /* %s */", words[rnd (sizeof words / sizeof words[0])]);
      else
        sb_add (b, " // %s", words[rnd (sizeof words / sizeof words[0])]);
      commented = 1;
    }
  sb_add (b, "\n");
  if (commented && n > 1)
    group_commented = 1;
}

/* The members, some declared together ("int a, b;") or on one line
   ("int a; long b;").  */
static void
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

/* ------------------------------------------------------------------ */
/* Objects: the scalar leaves an initializer sets, in C's order.        */

#define MAXD 24

struct step {
  struct ty *agg;
  unsigned idx;                 /* member (record) or element (array) */
};

struct val {
  long long s;                  /* signed ints, floats (numerator), strings (id) */
  unsigned long long u;         /* unsigned ints */
};

struct leaf {
  struct step st[MAXD];
  int nst;
  int sc;
  int bits;                     /* -1: not a bitfield */
  struct val v;
  int set;                      /* an element gives it a value */
  int consumed;                 /* initialized already, explicitly or not */
};

struct uact {
  struct step st[MAXD];
  int nst;
  unsigned active;
};

struct obj {
  struct ty *t;
  struct leaf *lv;
  int nl;
  struct uact *ua;
  int nu;
};

static int
is_zero (const struct leaf *l)
{
  return scal[l->sc].uns ? l->v.u == 0 : l->v.s == 0;
}

static int
under (const struct leaf *l, const struct step *p, int n)
{
  if (l->nst < n)
    return 0;
  for (int i = 0; i < n; i++)
    if (l->st[i].agg != p[i].agg || l->st[i].idx != p[i].idx)
      return 0;
  return 1;
}

/* The union at P: the member its initializer makes active, or -1.  */
static int
active_of (const struct obj *o, const struct step *p, int n)
{
  for (int i = 0; i < o->nu; i++)
    {
      int k = 0;
      if (o->ua[i].nst != n)
        continue;
      while (k < n && o->ua[i].st[k].agg == p[k].agg
             && o->ua[i].st[k].idx == p[k].idx)
        k++;
      if (k == n)
        return (int) o->ua[i].active;
    }
  return -1;
}

static struct step walk_st[MAXD];
static int force_first_member;  /* no designators: unions take their first */

static void walk (struct obj *o, struct ty *t, int n, int bits);

static void
add_leaf (struct obj *o, struct ty *t, int n, int bits)
{
  o->lv = xrealloc (o->lv, (o->nl + 1) * sizeof *o->lv);
  struct leaf *l = &o->lv[o->nl++];
  memset (l, 0, sizeof *l);
  memcpy (l->st, walk_st, n * sizeof *walk_st);
  l->nst = n;
  l->sc = t->sc;
  l->bits = bits;
}

static void
walk (struct obj *o, struct ty *t, int n, int bits)
{
  if (n >= MAXD)
    {
      fprintf (stderr, "ph-initgen: types nested too deep\n");
      exit (2);
    }
  if (t->k == K_SC)
    {
      add_leaf (o, t, n, bits);
      return;
    }
  if (t->k == K_ARR)
    {
      for (unsigned i = 0; i < t->n; i++)
        {
          walk_st[n].agg = t;
          walk_st[n].idx = i;
          walk (o, t->elem, n + 1, -1);
        }
      return;
    }
  if (t->uni)
    {
      int first = first_init (t);
      unsigned act = (unsigned) first;
      if (!force_first_member && chance (45))
        {
          unsigned cand[64], nc = 0;
          for (unsigned i = 0; i < t->nm && nc < 64; i++)
            if (initializable (&t->m[i]))
              cand[nc++] = i;
          act = cand[rnd (nc)];
        }
      o->ua = xrealloc (o->ua, (o->nu + 1) * sizeof *o->ua);
      struct uact *u = &o->ua[o->nu++];
      memcpy (u->st, walk_st, n * sizeof *walk_st);
      u->nst = n;
      u->active = act;
      walk_st[n].agg = t;
      walk_st[n].idx = act;
      walk (o, t->m[act].t, n + 1, t->m[act].bits);
      return;
    }
  for (unsigned i = 0; i < t->nm; i++)
    if (initializable (&t->m[i]))
      {
        walk_st[n].agg = t;
        walk_st[n].idx = i;
        walk (o, t->m[i].t, n + 1, t->m[i].bits);
      }
}

/* Values.  */
#define NVMAC 6
static int vmac[NVMAC];         /* V0.. */

static void
range_of (const struct leaf *l, long long *lo, unsigned long long *hi)
{
  int bits = l->bits >= 0 ? l->bits : scal[l->sc].bits;
  if (scal[l->sc].uns)
    {
      *lo = 0;
      *hi = bits >= 64 ? UINT64_MAX : (1ULL << bits) - 1;
    }
  else
    {
      *lo = bits >= 64 ? INT64_MIN : -(1LL << (bits - 1));
      *hi = bits >= 64 ? (unsigned long long) INT64_MAX
                       : (unsigned long long) ((1LL << (bits - 1)) - 1);
    }
}

static void
pick_value (struct leaf *l)
{
  memset (&l->v, 0, sizeof l->v);
  if (l->sc == S_STR)
    {
      l->v.s = chance (25) ? 0 : 1 + rnd (9);
      return;
    }
  if (l->sc == S_FLOAT)
    {
      l->v.s = chance (15) ? 0 : (long long) rnd (801) - 400;
      return;
    }
  if (l->sc == S_DOUBLE)
    {
      l->v.s = chance (15) ? 0 : (long long) rnd (8001) - 4000;
      return;
    }
  long long lo;
  unsigned long long hi;
  range_of (l, &lo, &hi);
  unsigned r = rnd (100);
  if (scal[l->sc].uns)
    {
      unsigned long long u;
      if (r < 12)
        u = 0;
      else if (r < 20)
        u = hi;
      else if (r < 28)
        u = (unsigned long long) vmac[rnd (NVMAC)];
      else if (r < 35 && scal[l->sc].charlike)
        u = "azAZ09q"[rnd (7)];
      else
        u = 1 + rnd (200);
      if (u > hi)
        u = hi ? 1 + u % hi : 0;
      if (u > hi)
        u = hi;
      l->v.u = u;
    }
  else
    {
      long long s;
      if (r < 12)
        s = 0;
      else if (r < 17)
        s = lo;
      else if (r < 22)
        s = (long long) hi;
      else if (r < 30)
        s = vmac[rnd (NVMAC)];
      else if (r < 36 && scal[l->sc].charlike)
        s = "azAZ09q"[rnd (7)];
      else
        s = (long long) rnd (201) - 100;
      if (s < lo || (s > 0 && (unsigned long long) s > hi))
        s = s < 0 ? lo : (long long) hi;
      l->v.s = s;
    }
}

static int
printable (long long c)
{
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
         || (c >= '0' && c <= '9');
}

/* Builds the leaves of an object of T and decides which get a value.  */
static void
make_obj (struct obj *o, struct ty *t, unsigned pct)
{
  memset (o, 0, sizeof *o);
  o->t = t;
  walk (o, t, 0, -1);
  for (int i = 0; i < o->nl; i++)
    {
      struct leaf *l = &o->lv[i];
      /* A char array in string mode: a prefix of letters, then zeros.  */
      const struct step *last = &l->st[l->nst - 1];
      if (last->agg->k == K_ARR && last->idx == 0 && char_array (last->agg)
          && on (F_STRING) && chance (55))
        {
          unsigned n = last->agg->n;
          unsigned len = chance (15) ? n : rnd (n + 1);
          for (unsigned k = 0; k < n; k++)
            {
              struct leaf *c = &o->lv[i + k];
              memset (&c->v, 0, sizeof c->v);
              c->set = k < len;
              if (k < len)
                {
                  int ch = "abcdefghijkXYZ019"[rnd (17)];
                  if (scal[c->sc].uns)
                    c->v.u = (unsigned) ch;
                  else
                    c->v.s = ch;
                }
            }
          i += (int) n - 1;
          continue;
        }
      l->set = chance (pct);
      if (l->set)
        pick_value (l);
    }
  /* A union whose active member is not its first must get an element,
     or its first member would be the one initialized.  */
  for (int u = 0; u < o->nu; u++)
    {
      struct uact *a = &o->ua[u];
      struct step p[MAXD];
      memcpy (p, a->st, a->nst * sizeof *p);
      /* The union's type: from any leaf under it.  */
      struct ty *ut = NULL;
      for (int i = 0; i < o->nl && !ut; i++)
        if (under (&o->lv[i], p, a->nst))
          ut = o->lv[i].st[a->nst].agg;
      if (ut == NULL || (int) a->active == first_init (ut))
        continue;
      p[a->nst].agg = ut;
      p[a->nst].idx = a->active;
      int have = 0, first = -1;
      for (int i = 0; i < o->nl; i++)
        if (under (&o->lv[i], p, a->nst + 1))
          {
            have |= o->lv[i].set;
            if (first < 0)
              first = i;
          }
      if (!have && first >= 0)
        {
          o->lv[first].set = 1;
          if (chance (50))
            pick_value (&o->lv[first]);
          else
            memset (&o->lv[first].v, 0, sizeof o->lv[first].v);
        }
    }
}

static void
free_obj (struct obj *o)
{
  free (o->lv);
  free (o->ua);
  memset (o, 0, sizeof *o);
}

/* ------------------------------------------------------------------ */
/* Initializers.                                                        */

enum scope { SC_CONST, SC_AUTO };

struct var {
  char name[16];
  long long v;
};

struct ectx {
  struct obj *o;
  enum scope scope;
  int file_scope;               /* compound literals are static */
  struct var vars[4];
  int nvars;
  int depth;                    /* of braces */
  int multiline;
  int in_compound;              /* inside a compound literal's list */
  int no_multiline;             /* the list goes into a macro */
};

static unsigned st_lists, st_pos, st_desig, st_elided, st_fillers,
  st_strings, st_compound, st_objects, st_inits, st_macros, st_vars,
  st_casts, st_refuse;

static struct sb refusals;

struct lvl {
  struct ty *t;
  int idx;                      /* -1: not started */
  int implicit;
  int desig;                    /* opened by a designator */
};

struct lst {
  struct step base[MAXD];
  int nbase;
  struct lvl st[MAXD];
  int ns;
  struct sb el;                 /* the elements so far */
  int nel;
  /* Going on by position closed a level a designator opened: GCC then
     takes a string literal for the array the designator named (or
     drops it), not for the next subobject ({ .a[1] = 1, 2, "x" } with
     a[3] and an anonymous union after it), so no string literal
     follows there.  */
  int str_unsafe;
  /* The last element: where its text starts, and whether it is a plain
     positional value (--with comma merges two of them into a macro).  */
  size_t prev_start;
  int prev_simple;
  /* ... and it was a struct's: where the next element goes depends on
     that struct's last member.  */
  int popped_rec;
};

/* The type of the current subobject of level L.  */
static struct ty *
sub_type (const struct lvl *l)
{
  if (l->t->k == K_ARR)
    return l->t->elem;
  return l->t->m[l->idx].t;
}

static int
adv (struct lvl *l)
{
  struct ty *t = l->t;
  if (t->k == K_ARR)
    {
      l->idx++;
      return (unsigned) l->idx < t->n;
    }
  if (t->uni && l->idx >= 0)
    return 0;
  for (unsigned i = (unsigned) (l->idx + 1); i < t->nm; i++)
    if (initializable (&t->m[i]))
      {
        l->idx = (int) i;
        return 1;
      }
  return 0;
}

/* The next subobject by position; false when the list is used up.  */
static int
adv_stack (struct lst *L)
{
  for (;;)
    {
      if (adv (&L->st[L->ns - 1]))
        return 1;
      if (!L->st[L->ns - 1].implicit || L->ns == 1)
        return 0;
      if (L->st[L->ns - 1].desig)
        {
          L->str_unsafe = 1;
          if (L->st[L->ns - 1].t->k == K_REC && !L->st[L->ns - 1].t->uni)
            L->popped_rec = 1;
        }
      L->ns--;
    }
}

static int
cur_path (const struct lst *L, struct step *p)
{
  memcpy (p, L->base, L->nbase * sizeof *p);
  int n = L->nbase;
  for (int i = 0; i < L->ns; i++)
    {
      p[n].agg = L->st[i].t;
      p[n].idx = (unsigned) L->st[i].idx;
      n++;
    }
  return n;
}

/* Every union on the path is at its active member.  */
static int
unions_ok (const struct obj *o, const struct step *p, int n)
{
  for (int i = 0; i < n; i++)
    if (p[i].agg->k == K_REC && p[i].agg->uni
        && active_of (o, p, i) != (int) p[i].idx)
      return 0;
  return 1;
}

static int
ord_of (const struct obj *o, const struct leaf *l)
{
  return (int) (l - o->lv);
}

/* S (P, N) is before leaf T: every leaf of it comes first.  */
static int
before (const struct obj *o, const struct step *p, int n, const struct leaf *t)
{
  for (int i = 0; i < o->nl; i++)
    if (under (&o->lv[i], p, n) && i >= ord_of (o, t))
      return 0;
  return 1;
}

static int
touched (const struct obj *o, const struct step *p, int n)
{
  for (int i = 0; i < o->nl; i++)
    if (under (&o->lv[i], p, n) && o->lv[i].consumed)
      return 1;
  return 0;
}

/* A zero filler may initialize S: nothing of it initialized yet, no
   value but zero wanted, every union in it at its first member.  */
static int
fillable (const struct obj *o, const struct step *p, int n)
{
  for (int i = 0; i < o->nl; i++)
    if (under (&o->lv[i], p, n)
        && (o->lv[i].consumed || (o->lv[i].set && !is_zero (&o->lv[i]))))
      return 0;
  for (int i = 0; i < o->nu; i++)
    {
      const struct uact *a = &o->ua[i];
      if (a->nst < n)
        continue;
      int in = 1;
      for (int k = 0; k < n && in; k++)
        in = a->st[k].agg == p[k].agg && a->st[k].idx == p[k].idx;
      if (!in)
        continue;
      struct ty *ut = NULL;
      for (int k = 0; k < o->nl && !ut; k++)
        if (under (&o->lv[k], a->st, a->nst))
          ut = o->lv[k].st[a->nst].agg;
      if (ut && (int) a->active != first_init (ut))
        return 0;
    }
  return 1;
}

static void
consume_under (struct obj *o, const struct step *p, int n)
{
  for (int i = 0; i < o->nl; i++)
    if (under (&o->lv[i], p, n))
      o->lv[i].consumed = 1;
}

/* A value's text.  ELIDED: the element stands where an aggregate
   starts (brace elision takes it to this scalar): no macro there, which
   the plugin cannot see through.  */
static void
value_text (struct ectx *c, struct leaf *l, int elided, struct sb *b)
{
  const struct scal *s = &scal[l->sc];
  unsigned r = rnd (100);
  if (l->sc == S_STR)
    {
      if (l->v.s == 0)
        {
          if (!elided && on (F_MACRO) && r < 30)
            sb_add (b, "NULL"), st_macros++;
          else if (on (F_CAST) && r < 50)
            sb_add (b, "(const char *) 0"), st_casts++;
          else
            sb_add (b, "0");
        }
      else if (r < 20)
        sb_add (b, "\"s\" \"%lld\"", l->v.s);
      else
        sb_add (b, "\"s%lld\"", l->v.s);
      return;
    }
  if (is_float (l->sc))
    {
      int den = l->sc == S_FLOAT ? 4 : 8;
      if (c->scope == SC_AUTO && c->nvars && on (F_VAR) && r < 20)
        {
          struct var *v = &c->vars[rnd ((unsigned) c->nvars)];
          sb_add (b, "(%s + (%lld)) / %d.0", v->name, l->v.s - v->v, den);
          st_vars++;
          return;
        }
      char num[64];
      if (l->sc == S_FLOAT)
        snprintf (num, sizeof num, "%.2f%s", l->v.s / 4.0, chance (50) ? "f" : "");
      else
        snprintf (num, sizeof num, "%.3f", l->v.s / 8.0);
      if (on (F_CAST) && r < 35)
        sb_add (b, "(%s) %s", s->name, num), st_casts++;
      else
        sb_add (b, "%s", num);
      return;
    }
  /* Integers.  */
  int neg = !s->uns && l->v.s < 0;
  long long sv = s->uns ? 0 : l->v.s;
  unsigned long long uv = s->uns ? l->v.u : (unsigned long long) (neg ? 0 : l->v.s);
  int small = s->uns ? uv <= 1000000 : (sv >= -1000000 && sv <= 1000000);
  long long iv = s->uns ? (long long) uv : sv;
  if (small && c->scope == SC_AUTO && c->nvars && on (F_VAR) && r < 20)
    {
      struct var *v = &c->vars[rnd ((unsigned) c->nvars)];
      long long d = iv - v->v;
      if (d < 0)
        sb_add (b, "%s - %lld", v->name, -d);
      else
        sb_add (b, "%s + %lld", v->name, d);
      st_vars++;
      return;
    }
  if (small && c->scope == SC_AUTO && on (F_VAR) && r < 28)
    {
      sb_add (b, "ph_id (%lld)", iv);
      st_vars++;
      return;
    }
  if (small && !elided && on (F_MACRO) && r < 40)
    {
      for (int i = 0; i < NVMAC; i++)
        if (vmac[i] == iv)
          {
            sb_add (b, "V%d", i);
            st_macros++;
            return;
          }
      long long a = (long long) rnd (21) - 10;
      sb_add (b, "ADD (%lld, %lld)", a, iv - a);
      st_macros++;
      return;
    }
  if (small && on (F_CAST) && r < 48 && l->sc != S_BOOL)
    {
      const char *cast = l->bits >= 0 ? (l->sc == S_LLONG ? "long long" : s->name) : s->name;
      sb_add (b, "(%s) %lld", cast, iv);
      st_casts++;
      return;
    }
  if (s->charlike && printable (iv) && r < 65)
    {
      sb_add (b, "'%c'", (char) iv);
      return;
    }
  if (!neg && iv != 0 && r < 75 && small)
    {
      sb_add (b, "0x%llx", (unsigned long long) iv);
      return;
    }
  if (!neg && iv != 0 && r < 80 && small)
    {
      sb_add (b, "0%llo", (unsigned long long) iv);
      return;
    }
  if (s->uns)
    {
      if (uv > 0x7fffffffffffffffULL)
        sb_add (b, "%lluULL", uv);
      else if (uv > 0x7fffffff)
        sb_add (b, "%lluU", uv);
      else
        sb_add (b, "%llu", uv);
    }
  else if (sv == INT64_MIN)
    sb_add (b, "(-9223372036854775807LL - 1)");
  else if (sv == -2147483647LL - 1)
    sb_add (b, "(-2147483647 - 1)");
  else if (sv > 2147483647 || sv < -2147483647)
    sb_add (b, "%lldLL", sv);
  else if (r < 85 && sv > 0 && sv < 1000)
    sb_add (b, "(%lld)", sv);
  else
    sb_add (b, "%lld", sv);
}

static void emit_list (struct ectx *c, const struct step *base, int nbase,
                       struct ty *lt, struct sb *out);

static struct sb comma_defs;
static unsigned ncomma;
static void note_refusal (struct obj *o, const char *reason);

/* Appends one element (designator DESIG, value VAL) to L.  SIMPLE: a
   positional scalar value, no brace elision.  */
static void
add_elem_s (struct ectx *c, struct lst *L, const char *desig, const char *val,
            int simple)
{
  size_t prev_end = L->el.n;
  if (simple && !*desig && L->nel && L->prev_simple && on (F_COMMA)
      && chance (3))
    {
      /* The two elements in one macro: #define P3 1, 2.  */
      sb_add (&comma_defs, "#define P%u %.*s, %s\n", ncomma,
              (int) (prev_end - L->prev_start), L->el.s + L->prev_start, val);
      sb_trunc (&L->el, L->prev_start);
      sb_add (&L->el, "P%u", ncomma++);
      L->prev_simple = 0;
      L->str_unsafe = 0;
      note_refusal (c->o, "a macro in it stands for several elements");
      st_pos++;
      return;
    }
  if (L->nel)
    {
      sb_add (&L->el, ",");
      if (c->multiline && c->depth <= 1)
        {
          sb_add (&L->el, "\n");
          indent (&L->el, c->depth + 1);
        }
      else
        sb_add (&L->el, " ");
      if (on (F_COMMENTS) && chance (3))
        sb_add (&L->el, "/* %s */ ", words[rnd (sizeof words / sizeof words[0])]);
    }
  L->prev_start = L->el.n;
  L->prev_simple = simple && !*desig;
  sb_add (&L->el, "%s%s", desig, val);
  L->nel++;
  L->str_unsafe = 0;
  if (*desig)
    st_desig++;
  else
    st_pos++;
}

/* A string literal for char array S whose leaves (from FIRST) are a
   prefix of letters then zeros, or false.  */
static void
add_elem (struct ectx *c, struct lst *L, const char *desig, const char *val)
{
  add_elem_s (c, L, desig, val, 0);
}

static int
string_text (struct obj *o, const struct step *p, int n, int elided,
             struct sb *b)
{
  struct sb s = { 0 };
  int zero_seen = 0, count = 0;
  for (int i = 0; i < o->nl; i++)
    {
      struct leaf *l = &o->lv[i];
      if (!under (l, p, n))
        continue;
      long long v = scal[l->sc].uns ? (long long) l->v.u : l->v.s;
      if (!l->set || v == 0)
        {
          zero_seen = 1;
          continue;
        }
      if (zero_seen || !printable (v))
        {
          sb_free (&s);
          return 0;
        }
      sb_add (&s, "%c", (char) v);
      count++;
    }
  if (count >= 2 && chance (25))
    {
      /* Concatenated.  */
      const char *t = sb_str (&s);
      int cut = 1 + (int) rnd ((unsigned) count - 1);
      sb_add (b, "\"%.*s\" \"%s\"", cut, t, t + cut);
    }
  else if (!elided && chance (10))
    sb_add (b, "{ \"%s\" }", sb_str (&s));
  else
    sb_add (b, "\"%s\"", sb_str (&s));
  sb_free (&s);
  return 1;
}

enum form { FO_ELIDE, FO_BRACES, FO_STRING, FO_COMPOUND, FO_NONE };

/* How the element at aggregate S (P, N) of type T is written.  ELIDED:
   brace elision brought the element here from an enclosing aggregate,
   where a '{' would have opened that one instead: no braces.  */
static enum form
choose_form (struct ectx *c, const struct step *p, int n, struct ty *t,
             int elided, int designated)
{
  int tch = touched (c->o, p, n);
  unsigned w[4] = { 0, 0, 0, 0 };
  int anon = t->k == K_REC && p[n - 1].agg->k == K_REC
             && anonymous (&p[n - 1].agg->m[p[n - 1].idx]);
  if (on (F_ELISION) && (on (F_CHARELIDE) || !char_array (t))
      && (on (F_DESIGELIDE) || !designated || elided))
    w[FO_ELIDE] = 40;
  if (!tch && !elided && (on (F_BRACES) || !on (F_ELISION))
      && (on (F_ANONBRACES) || !anon))
    w[FO_BRACES] = 40;
  if (!tch && char_array (t) && on (F_STRING))
    w[FO_STRING] = 40;
  /* GCC takes a compound literal in a static initializer, but not one
     inside another.  */
  if (!tch && t->k == K_REC && t->named >= 0 && on (F_COMPOUND)
      && (c->scope == SC_AUTO
          || (c->file_scope && !c->in_compound && on (F_LITELEM)))
      && (!elided || on (F_LITELIDE)))
    w[FO_COMPOUND] = 8;
  unsigned total = w[0] + w[1] + w[2] + w[3];
  if (!total)
    return FO_NONE;
  unsigned r = rnd (total);
  int f = 0;
  while (r >= w[f])
    r -= w[f++];
  return (enum form) f;
}

/* The element that initializes T from the current subobject of L, with
   zero fillers before it; DESIG goes before the first element.  False
   when it cannot be done from here (the caller restores L).  */
static int
element_phase (struct ectx *c, struct lst *L, struct leaf *t,
               const char *desig)
{
  struct obj *o = c->o;
  int fillers = 0, elided = 0;
  const char *d = desig;
  struct step p[2 * MAXD];
  for (;;)
    {
      int n = cur_path (L, p);
      if (n >= MAXD || !unions_ok (o, p, n))
        return 0;
      struct ty *sty = sub_type (&L->st[L->ns - 1]);
      if (under (t, p, n))
        {
          struct sb v = { 0 };
          if (sty->k == K_SC)
            {
              if (t->sc == S_STR && t->set && t->v.s && L->str_unsafe && !*d)
                return 0;
              if (on (F_BRACES) && !elided && rnd (1000) < 5)
                {
                  sb_add (&v, "{ ");
                  value_text (c, t, 0, &v);
                  sb_add (&v, " }");
                }
              else
                value_text (c, t, elided, &v);
              t->consumed = 1;
              add_elem_s (c, L, d, sb_str (&v), !elided);
              sb_free (&v);
              return 1;
            }
          enum form f = choose_form (c, p, n, sty, elided, *d != 0);
          if (f == FO_NONE)
            return 0;
          if (f == FO_STRING && !(L->str_unsafe && !*d))
            {
              if (string_text (o, p, n, elided, &v))
                {
                  consume_under (o, p, n);
                  add_elem (c, L, d, sb_str (&v));
                  st_strings++;
                  sb_free (&v);
                  return 1;
                }
            }
          if (f == FO_STRING)
            {
              /* Not a string after all: braces or elision, if allowed.  */
              if (!elided && !touched (o, p, n)
                  && (on (F_BRACES) || !on (F_ELISION)))
                f = FO_BRACES;
              else if (on (F_ELISION) && on (F_CHARELIDE)
                       && (on (F_DESIGELIDE) || !*d || elided))
                f = FO_ELIDE;
              else
                {
                  sb_free (&v);
                  return 0;
                }
            }
          if (f == FO_BRACES || f == FO_COMPOUND)
            {
              if (f == FO_COMPOUND)
                {
                  sb_add (&v, "(%s)", named[sty->named].spell);
                  st_compound++;
                  c->in_compound++;
                }
              emit_list (c, p, n, sty, &v);
              if (f == FO_COMPOUND)
                c->in_compound--;
              consume_under (o, p, n);
              add_elem (c, L, d, sb_str (&v));
              sb_free (&v);
              return 1;
            }
          sb_free (&v);
          if (!on (F_ELISION) || L->ns >= MAXD)
            return 0;
          /* Brace elision: the element goes on into the aggregate.  */
          L->st[L->ns].t = sty;
          L->st[L->ns].idx = -1;
          L->st[L->ns].implicit = 1;
          L->st[L->ns].desig = 0;
          L->ns++;
          if (!adv (&L->st[L->ns - 1]))
            return 0;
          elided = 1;
          st_elided++;
          continue;
        }
      if (!on (F_FILLER) && !force_first_member)
        return 0;
      if ((fillers >= 3 && !force_first_member) || !before (o, p, n, t)
          || !fillable (o, p, n))
        return 0;
      if (sty->k == K_SC)
        add_elem (c, L, d, is_float (sty->sc) ? "0.0" : "0");
      else if (char_array (sty) && !(L->str_unsafe && !*d) && chance (40))
        add_elem (c, L, d, "\"\"");
      else if (!elided && chance (70)
               && (on (F_ANONBRACES) || sty->k != K_REC
                   || p[n - 1].agg->k != K_REC
                   || !anonymous (&p[n - 1].agg->m[p[n - 1].idx])))
        add_elem (c, L, d, chance (50) ? "{0}" : "{ 0 }");
      else if (char_array (sty) && !on (F_CHARELIDE))
        return 0;
      else if (*d && !elided && !on (F_DESIGELIDE))
        return 0;
      else
        {
          /* Brace elision, also for the zeros: a '{' here would open
             the aggregate the element started in.  */
          if (L->ns >= MAXD)
            return 0;
          L->st[L->ns].t = sty;
          L->st[L->ns].idx = -1;
          L->st[L->ns].implicit = 1;
          L->st[L->ns].desig = 0;
          L->ns++;
          if (!adv (&L->st[L->ns - 1]))
            return 0;
          elided = 1;
          continue;
        }
      st_fillers++;
      consume_under (o, p, n);
      d = "";
      elided = 0;
      fillers++;
      L->popped_rec = 0;
      if (!adv_stack (L) || (!on (F_DESIGPOP) && L->popped_rec))
        return 0;
    }
}

static const char *symidx_macro[8] = {
  "N0", "N1", "N2", "N3", "N4", "N5", "N6", "N7",
};

/* The designator of the first K+1 steps of T's path below L's base.  */
static void
designator (struct lst *L, struct leaf *t, int k, struct sb *b, int range)
{
  for (int i = 0; i <= k; i++)
    {
      const struct step *s = &t->st[L->nbase + i];
      if (s->agg->k == K_ARR && range && i == k)
        sb_add (b, "[%u ... %u]", s->idx, s->idx);
      else if (s->agg->k == K_ARR)
        {
          unsigned r = rnd (100);
          if (on (F_SYMIDX) && r < 15 && s->idx < 8)
            sb_add (b, "[%s]", symidx_macro[s->idx]);
          else if (on (F_SYMIDX) && r < 30)
            sb_add (b, "[0x%x]", s->idx);
          else if (r < 40)
            sb_add (b, "[ %u ]", s->idx);
          else
            sb_add (b, "[%u]", s->idx);
        }
      else if (!anonymous (&s->agg->m[s->idx]))
        sb_add (b, "%s.%s", (i && chance (10)) ? " " : "",
                s->agg->m[s->idx].name);
    }
  sb_add (b, chance (85) ? " = " : "= ");
}

/* Designates T through its first K+1 steps and sets L's stack there.  */
static void
set_stack (struct lst *L, struct leaf *t, int k)
{
  L->ns = k + 1;
  for (int i = 0; i <= k; i++)
    {
      L->st[i].t = t->st[L->nbase + i].agg;
      L->st[i].idx = (int) t->st[L->nbase + i].idx;
      L->st[i].implicit = i > 0;
      L->st[i].desig = i > 0;
    }
}

struct snap {
  struct lvl st[MAXD];
  int ns;
  int str_unsafe;
  size_t prev_start;
  int prev_simple;
  size_t len;
  int nel;
  unsigned char *consumed;
  unsigned counts[6];
};

static void
take (struct ectx *c, struct lst *L, struct snap *s)
{
  memcpy (s->st, L->st, sizeof L->st);
  s->ns = L->ns;
  s->str_unsafe = L->str_unsafe;
  s->prev_start = L->prev_start;
  s->prev_simple = L->prev_simple;
  s->len = L->el.n;
  s->nel = L->nel;
  s->consumed = xmalloc ((size_t) c->o->nl);
  for (int i = 0; i < c->o->nl; i++)
    s->consumed[i] = (unsigned char) c->o->lv[i].consumed;
  s->counts[0] = st_pos, s->counts[1] = st_desig, s->counts[2] = st_elided;
  s->counts[3] = st_fillers, s->counts[4] = st_strings;
  s->counts[5] = st_compound;
}

static void
restore (struct ectx *c, struct lst *L, struct snap *s)
{
  memcpy (L->st, s->st, sizeof L->st);
  L->ns = s->ns;
  L->str_unsafe = s->str_unsafe;
  L->prev_start = s->prev_start;
  L->prev_simple = s->prev_simple;
  sb_trunc (&L->el, s->len);
  L->nel = s->nel;
  for (int i = 0; i < c->o->nl; i++)
    c->o->lv[i].consumed = s->consumed[i];
  st_pos = s->counts[0], st_desig = s->counts[1], st_elided = s->counts[2];
  st_fillers = s->counts[3], st_strings = s->counts[4];
  st_compound = s->counts[5];
}

/* The braced list of the object at BASE (NBASE steps), of type LT:
   every leaf under it that is set and not yet initialized.  */
static void
emit_list (struct ectx *c, const struct step *base, int nbase, struct ty *lt,
           struct sb *out)
{
  struct obj *o = c->o;
  struct lst *L = xmalloc (sizeof *L);
  if (nbase)
    memcpy (L->base, base, nbase * sizeof *base);
  L->nbase = nbase;
  L->st[0].t = lt;
  L->st[0].idx = -1;
  L->st[0].implicit = 0;
  L->st[0].desig = 0;
  L->ns = 1;
  int shuffle = on (F_SHUFFLE) && on (F_DESIGNATED) && chance (20);
  unsigned pos_pct = on (F_DESIGNATED) ? (chance (30) ? 90 : chance (50) ? 60 : 15) : 100;
  c->depth++;
  st_lists++;
  for (;;)
    {
      int cand[4096], nc = 0;
      for (int i = 0; i < o->nl && nc < 4096; i++)
        if (o->lv[i].set && !o->lv[i].consumed && under (&o->lv[i], base, nbase))
          cand[nc++] = i;
      if (nc == 0)
        break;
      struct leaf *t = &o->lv[cand[shuffle ? rnd ((unsigned) nc) : 0]];
      struct snap s;
      take (c, L, &s);
      int ok = 0;
      if (chance (pos_pct))
        {
          L->popped_rec = 0;
          if (adv_stack (L) && (on (F_DESIGPOP) || !L->popped_rec))
            ok = element_phase (c, L, t, "");
          if (!ok)
            restore (c, L, &s);
        }
      if (!ok && on (F_DESIGNATED))
        {
          /* A designator to a prefix of T's path, or to T.  */
          int len = t->nst - nbase;
          int cands[MAXD], nk = 0;
          for (int k = 0; k < len; k++)
            {
              const struct step *st = &t->st[nbase + k];
              if (st->agg->k == K_ARR || !anonymous (&st->agg->m[st->idx]))
                cands[nk++] = k;
            }
          int k = chance (45) ? len - 1 : cands[rnd ((unsigned) nk)];
          struct sb d = { 0 };
          /* [i ... i] = v: a GNU range of one element.  */
          designator (L, t, k, &d,
                      on (F_RANGE) && t->st[nbase + k].agg->k == K_ARR
                      && chance (20));
          set_stack (L, t, k);
          ok = element_phase (c, L, t, sb_str (&d));
          if (!ok)
            {
              restore (c, L, &s);
              sb_trunc (&d, 0);
              designator (L, t, len - 1, &d, 0);
              set_stack (L, t, len - 1);
              ok = element_phase (c, L, t, sb_str (&d));
            }
          sb_free (&d);
        }
      free (s.consumed);
      if (!ok)
        {
          fprintf (stderr, "ph-initgen: internal error: no element for a "
                   "leaf (seed's constructs are contradictory)\n");
          exit (2);
        }
    }
  c->depth--;
  if (L->nel == 0)
    sb_add (out, "{0}");
  else if (c->multiline && c->depth == 0 && L->nel > 2)
    {
      sb_add (out, "{\n  ");
      sb_add (out, "%s", sb_str (&L->el));
      sb_add (out, "%s\n}", on (F_TRAILING) && chance (40) ? "," : "");
    }
  else
    sb_add (out, "{ %s%s }", sb_str (&L->el),
            on (F_TRAILING) && chance (15) ? "," : "");
  sb_free (&L->el);
  free (L);
}

/* The whole initializer of object O, "{0}" when nothing is set.  */
static void
initializer (struct ectx *c, struct sb *out)
{
  int any = 0;
  for (int i = 0; i < c->o->nl; i++)
    any |= c->o->lv[i].set;
  c->multiline = on (F_MULTILINE) && !c->no_multiline && chance (30);
  st_inits++;
  if (!any)
    {
      sb_add (out, chance (50) ? "{0}" : "{ 0 }");
      return;
    }
  emit_list (c, NULL, 0, c->o->t, out);
}

/* ------------------------------------------------------------------ */
/* Printing: every leaf of O, as EXPR and LABEL followed by its path.   */

static void
path_text (const struct leaf *l, struct sb *b)
{
  for (int i = 0; i < l->nst; i++)
    {
      const struct step *s = &l->st[i];
      if (s->agg->k == K_ARR)
        sb_add (b, "[%u]", s->idx);
      else if (!anonymous (&s->agg->m[s->idx]))
        sb_add (b, ".%s", s->agg->m[s->idx].name);
    }
}

static void
print_obj (struct obj *o, const char *expr, const char *label,
           struct sb *code, struct sb *exp, int depth)
{
  for (int i = 0; i < o->nl; i++)
    {
      struct leaf *l = &o->lv[i];
      struct sb p = { 0 };
      path_text (l, &p);
      indent (code, depth);
      const struct scal *s = &scal[l->sc];
      long long v = l->set ? l->v.s : 0;
      unsigned long long u = l->set ? l->v.u : 0;
      if (l->sc == S_STR)
        {
          sb_add (code, "printf (\"%s%s=%%s\\n\", %s%s ? %s%s : \"(null)\");\n",
                  label, sb_str (&p), expr, sb_str (&p), expr, sb_str (&p));
          if (v)
            sb_add (exp, "%s%s=s%lld\n", label, sb_str (&p), v);
          else
            sb_add (exp, "%s%s=(null)\n", label, sb_str (&p));
        }
      else if (is_float (l->sc))
        {
          sb_add (code, "printf (\"%s%s=%%.3f\\n\", (double) %s%s);\n",
                  label, sb_str (&p), expr, sb_str (&p));
          sb_add (exp, "%s%s=%.3f\n", label, sb_str (&p),
                  l->sc == S_FLOAT ? v / 4.0 : v / 8.0);
        }
      else if (s->uns)
        {
          sb_add (code, "printf (\"%s%s=%%llu\\n\", (unsigned long long) %s%s);\n",
                  label, sb_str (&p), expr, sb_str (&p));
          sb_add (exp, "%s%s=%llu\n", label, sb_str (&p), u);
        }
      else
        {
          sb_add (code, "printf (\"%s%s=%%lld\\n\", (long long) %s%s);\n",
                  label, sb_str (&p), expr, sb_str (&p));
          sb_add (exp, "%s%s=%lld\n", label, sb_str (&p), v);
        }
      sb_free (&p);
    }
}

/* ------------------------------------------------------------------ */
/* Units.                                                               */

struct unit {
  char name[8];                 /* "u1", "m" */
  struct sb top;                /* file-scope declarations */
  struct sb funcs;              /* functions with local objects */
  struct sb dump;               /* the body of NAME_dump () */
  struct sb exp_top, exp_funcs;
  unsigned nfunc;
};

static unsigned nstructs;

/* A type for an object: mostly a struct (the ones a reorder changes),
   sometimes a union, maybe an array of it.  */
static struct ty *
object_type (int *is_array)
{
  struct ty *t = NULL;
  for (int tries = 0; tries < 20 && !t; tries++)
    {
      struct nty *n = &named[rnd (nnamed)];
      if (n->t->uni && chance (70))
        continue;
      t = n->t;
    }
  if (!t)
    t = named[0].t;
  *is_array = 0;
  if (chance (20) && t->leaves <= 40)
    {
      *is_array = 1;
      if (chance (10) && t->leaves <= 10)
        return array_ty (array_ty (t, 2), 2);
      return array_ty (t, 2 + rnd (2));
    }
  return t;
}

/* "struct T3" and "[3]" for an object of T.  */
static void
spell_obj (struct ty *t, struct sb *base, struct sb *dims)
{
  while (t->k == K_ARR)
    {
      sb_add (dims, "[%u]", t->n);
      t = t->elem;
    }
  sb_add (base, "%s", named[t->named].spell);
}

static struct ty *
elem_named (struct ty *t)
{
  while (t->k == K_ARR)
    t = t->elem;
  return t;
}

/* Whether record T or an aggregate defined in place inside it has an
   unnamed bitfield.  */
static int
has_unnamed_bf (const struct ty *t)
{
  for (unsigned i = 0; i < t->nm; i++)
    {
      const struct mem *m = &t->m[i];
      const struct ty *mt = m->t;
      if (!m->name[0] && m->bits >= 0)
        return 1;
      while (mt->k == K_ARR)
        mt = mt->elem;
      if (mt->k == K_REC && mt->named < 0 && has_unnamed_bf (mt))
        return 1;
    }
  return 0;
}

/* The named record types reachable in O's leaves.  */
static void
note_refusal (struct obj *o, const char *reason)
{
  int seen[MAXNAMED] = { 0 };
  struct ty *top = elem_named (o->t);
  seen[top->named] = 1;
  for (int i = 0; i < o->nl; i++)
    for (int k = 0; k < o->lv[i].nst; k++)
      {
        struct ty *a = o->lv[i].st[k].agg;
        if (a->k == K_REC && a->named >= 0)
          seen[a->named] = 1;
      }
  for (unsigned i = 0; i < nnamed; i++)
    if (seen[i])
      sb_add (&refusals, "%s\t%s\n", named[i].spell, reason);
  st_refuse++;
}

static unsigned obj_serial;

/* An object at file scope of unit U.  */
static void
file_object (struct unit *u)
{
  int is_array;
  struct ty *t = object_type (&is_array);
  struct obj o;
  make_obj (&o, t, chance (20) ? 100 : 20 + rnd (80));
  struct ectx c = { 0 };
  c.o = &o;
  c.scope = SC_CONST;
  c.file_scope = 1;
  struct sb base = { 0 }, dims = { 0 }, name = { 0 }, init = { 0 };
  spell_obj (t, &base, &dims);
  unsigned r = rnd (100);
  st_objects++;
  if (r < 15 && on (F_COMPOUND))
    {
      /* A compound literal of static storage, through a pointer.  */
      sb_add (&name, "%s_p%u", u->name, obj_serial++);
      c.in_compound = 1;
      initializer (&c, &init);
      st_compound++;
      if (!is_array)
        {
          sb_add (&u->top, "%s *%s = &(%s)%s;\n", sb_str (&base), sb_str (&name),
                  sb_str (&base), sb_str (&init));
          struct sb e = { 0 };
          sb_add (&e, "(*%s)", sb_str (&name));
          print_obj (&o, sb_str (&e), sb_str (&name), &u->dump, &u->exp_top, 1);
          sb_free (&e);
        }
      else if (t->elem->k != K_ARR)
        {
          /* (T[N]){...}: a pointer to its first element.  */
          sb_add (&u->top, "%s *%s = (%s%s)%s;\n", sb_str (&base), sb_str (&name),
                  sb_str (&base), sb_str (&dims), sb_str (&init));
          print_obj (&o, sb_str (&name), sb_str (&name), &u->dump, &u->exp_top, 1);
        }
      else
        {
          sb_add (&u->top, "%s (*%s)%s = &(%s%s)%s;\n", sb_str (&base),
                  sb_str (&name), sb_str (&dims), sb_str (&base), sb_str (&dims),
                  sb_str (&init));
          struct sb e = { 0 };
          sb_add (&e, "(*%s)", sb_str (&name));
          print_obj (&o, sb_str (&e), sb_str (&name), &u->dump, &u->exp_top, 1);
          sb_free (&e);
        }
    }
  else
    {
      sb_add (&name, "%s_g%u", u->name, obj_serial++);
      int any = 0;
      for (int i = 0; i < o.nl; i++)
        any |= o.lv[i].set;
      const char *stat = chance (30) ? "static " : "";
      if (!any && chance (40))
        sb_add (&u->top, "%s%s %s%s;\n", stat, sb_str (&base), sb_str (&name),
                sb_str (&dims));
      else if (on (F_REFUSE) && any && chance (4))
        {
          /* The whole list in a macro: refused on purpose.  */
          c.no_multiline = 1;
          initializer (&c, &init);
          sb_add (&u->top, "#define RM_%s %s\n", sb_str (&name), sb_str (&init));
          sb_add (&u->top, "%s%s %s%s = RM_%s;\n", stat, sb_str (&base),
                  sb_str (&name), sb_str (&dims), sb_str (&name));
          note_refusal (&o, "initialized by the macro");
        }
      else
        {
          initializer (&c, &init);
          /* An array sized by its initializer when its last element is
             given.  */
          int last_set = 0;
          if (is_array)
            for (int i = 0; i < o.nl; i++)
              last_set |= o.lv[i].set && o.lv[i].st[0].idx == t->n - 1;
          if (last_set && chance (40))
            {
              sb_trunc (&dims, 0);
              sb_add (&dims, "[]");
              struct ty *e = t->elem;
              while (e->k == K_ARR)
                sb_add (&dims, "[%u]", e->n), e = e->elem;
            }
          sb_add (&u->top, "%s%s %s%s = %s;\n", stat, sb_str (&base), sb_str (&name),
                  sb_str (&dims), sb_str (&init));
        }
      print_obj (&o, sb_str (&name), sb_str (&name), &u->dump, &u->exp_top, 1);
      struct ty *et = elem_named (t);
      if (on (F_REFUSE) && !is_array && chance (4))
        {
          /* Its bytes written whole: refused on purpose.  */
          sb_add (&u->funcs, "void %s_save (FILE *f)\n{\n  fwrite (&%s, sizeof %s, 1, f);\n}\n\n",
                  sb_str (&name), sb_str (&name), sb_str (&name));
          note_refusal (&o, "its bytes leave the program");
        }
      else if (on (F_REFUSE) && !is_array && !et->uni && chance (5))
        {
          /* A cast to its first member.  */
          struct mem *m = &et->m[0];
          if (m->bits < 0 && m->t->k == K_SC && m->name[0])
            {
              sb_add (&u->funcs, "%s *%s_first (void)\n{\n  return (%s *) &%s;\n}\n\n",
                      scal[m->t->sc].name, sb_str (&name), scal[m->t->sc].name,
                      sb_str (&name));
              note_refusal (&o, "the member the cast relies on leaves offset 0");
            }
        }
    }
  sb_free (&base);
  sb_free (&dims);
  sb_free (&name);
  sb_free (&init);
  free_obj (&o);
}


/* Initializers in the header: static inline functions that build a
   value (every unit that includes the header has the same text), and
   static const objects.  */
#define MAXH 8
static unsigned nhfuncs;
static long long hfunc_arg[MAXH];
static struct ty *hfunc_ty[MAXH];
static struct obj hfunc_obj[MAXH];
static unsigned nhconst;
static struct obj hconst_obj[MAXH];

static struct ty *
struct_type (void)
{
  for (int tries = 0; tries < 50; tries++)
    {
      struct nty *n = &named[rnd (nnamed)];
      if (!n->t->uni)
        return n->t;
    }
  return NULL;
}

static void
header_inits (struct sb *h)
{
  unsigned nf = 1 + rnd (3), nc = rnd (3);
  for (unsigned i = 0; i < nf && nhfuncs < MAXH; i++)
    {
      struct ty *t = struct_type ();
      if (!t)
        break;
      unsigned k = nhfuncs++;
      hfunc_ty[k] = t;
      hfunc_arg[k] = (long long) rnd (41) - 20;
      make_obj (&hfunc_obj[k], t, 30 + rnd (71));
      struct ectx c = { 0 };
      c.o = &hfunc_obj[k];
      c.scope = SC_AUTO;
      c.nvars = on (F_VAR) ? 1 : 0;
      snprintf (c.vars[0].name, sizeof c.vars[0].name, "k");
      c.vars[0].v = hfunc_arg[k];
      struct sb init = { 0 };
      initializer (&c, &init);
      st_objects++;
      sb_add (h, "static inline %s\nmk%u (int k)\n{\n  %s r = %s;\n  (void) k;\n"
              "  return r;\n}\n\n", named[t->named].spell, k,
              named[t->named].spell, sb_str (&init));
      sb_free (&init);
    }
  for (unsigned i = 0; i < nc && nhconst < MAXH; i++)
    {
      struct ty *t = struct_type ();
      if (!t)
        break;
      unsigned k = nhconst++;
      make_obj (&hconst_obj[k], t, 30 + rnd (71));
      struct ectx c = { 0 };
      c.o = &hconst_obj[k];
      c.scope = SC_CONST;
      c.file_scope = 1;
      struct sb init = { 0 };
      initializer (&c, &init);
      st_objects++;
      sb_add (h, "static const %s hc%u = %s;\n\n", named[t->named].spell, k,
              sb_str (&init));
      sb_free (&init);
    }
}

/* A function of unit U with local objects: its definition goes to
   U's funcs, a call to it to U's dump, its lines to U's exp_funcs.  */
static void
local_function (struct unit *u)
{
  struct sb decls = { 0 }, prints = { 0 };
  unsigned fn = u->nfunc++;
  struct ectx proto = { 0 };
  proto.scope = SC_AUTO;
  proto.nvars = on (F_VAR) ? 1 + (int) rnd (2) : 0;
  for (int i = 0; i < proto.nvars; i++)
    {
      snprintf (proto.vars[i].name, sizeof proto.vars[i].name, "k%d", i);
      proto.vars[i].v = (long long) rnd (61) - 30;
      sb_add (&decls, "  int k%d = %lld;\n", i, proto.vars[i].v);
    }
  unsigned nobj = 2 + rnd (4);
  for (unsigned j = 0; j < nobj; j++)
    {
      int is_array;
      struct ty *t = object_type (&is_array);
      struct sb base = { 0 }, dims = { 0 }, name = { 0 }, init = { 0 },
        label = { 0 };
      spell_obj (t, &base, &dims);
      sb_add (&name, "l%u", j);
      sb_add (&label, "%s_f%u.l%u", u->name, fn, j);
      unsigned r = rnd (100);
      if (r >= 48 && r < 56 && on (F_HEADER) && nhfuncs)
        {
          /* A value made by a function of the header.  */
          unsigned h = rnd (nhfuncs);
          sb_add (&decls, "  %s %s = mk%u (%lld);\n",
                  named[hfunc_ty[h]->named].spell, sb_str (&name), h,
                  hfunc_arg[h]);
          print_obj (&hfunc_obj[h], sb_str (&name), sb_str (&label), &prints,
                     &u->exp_funcs, 1);
          sb_free (&base);
          sb_free (&dims);
          sb_free (&name);
          sb_free (&label);
          continue;
        }
      struct obj o;
      make_obj (&o, t, chance (20) ? 100 : 20 + rnd (80));
      struct ectx c = proto;
      c.o = &o;
      st_objects++;
      if (r < 15 && on (F_STATIC))
        {
          c.scope = SC_CONST;
          c.nvars = 0;
          initializer (&c, &init);
          int any = 0;
          for (int i = 0; i < o.nl; i++)
            any |= o.lv[i].set;
          if (!any && chance (50))
            sb_add (&decls, "  static %s %s%s;\n", sb_str (&base),
                    sb_str (&name), sb_str (&dims));
          else
            sb_add (&decls, "  static %s %s%s = %s;\n", sb_str (&base),
                    sb_str (&name), sb_str (&dims), sb_str (&init));
        }
      else if (r < 25 && on (F_COMPOUND) && !is_array)
        {
          initializer (&c, &init);
          st_compound++;
          sb_add (&decls, "  %s %s = (%s)%s;\n", sb_str (&base), sb_str (&name),
                  sb_str (&base), sb_str (&init));
        }
      else if (r < 35 && on (F_COMPOUND) && !is_array)
        {
          initializer (&c, &init);
          st_compound++;
          sb_add (&decls, "  %s *%s = &(%s)%s;\n", sb_str (&base),
                  sb_str (&name), sb_str (&base), sb_str (&init));
          sb_trunc (&name, 0);
          sb_add (&name, "(*l%u)", j);
        }
      else if (r < 42 && on (F_COMPOUND) && !is_array)
        {
          initializer (&c, &init);
          st_compound++;
          sb_add (&decls, "  %s %s;\n  %s = (%s)%s;\n", sb_str (&base),
                  sb_str (&name), sb_str (&name), sb_str (&base),
                  sb_str (&init));
        }
      else if (r < 48 && on (F_COMPOUND) && is_array && t->elem->k != K_ARR)
        {
          initializer (&c, &init);
          st_compound++;
          sb_add (&decls, "  %s *%s = (%s%s)%s;\n", sb_str (&base),
                  sb_str (&name), sb_str (&base), sb_str (&dims),
                  sb_str (&init));
        }
      else
        {
          initializer (&c, &init);
          sb_add (&decls, "  %s %s%s = %s;\n", sb_str (&base), sb_str (&name),
                  sb_str (&dims), sb_str (&init));
        }
      print_obj (&o, sb_str (&name), sb_str (&label), &prints, &u->exp_funcs, 1);
      sb_free (&base);
      sb_free (&dims);
      sb_free (&name);
      sb_free (&init);
      sb_free (&label);
      free_obj (&o);
    }
  sb_add (&u->funcs, "static void\n%s_f%u (void)\n{\n%s", u->name, fn,
          sb_str (&decls));
  for (int i = 0; i < proto.nvars; i++)
    sb_add (&u->funcs, "  (void) k%d;\n", i);
  sb_add (&u->funcs, "%s}\n\n", sb_str (&prints));
  sb_free (&decls);
  sb_free (&prints);
}

static void
write_file (const char *dir, const char *name, const char *text)
{
  char path[4096];
  snprintf (path, sizeof path, "%s/%s", dir, name);
  FILE *f = fopen (path, "w");
  if (f == NULL || fputs (text, f) == EOF || fclose (f) != 0)
    {
      perror (path);
      exit (2);
    }
}

int
main (int argc, char **argv)
{
  int argi = 1;
  unsigned ntypes = 0, nunits = 0;
  while (argi < argc && argv[argi][0] == '-' && argv[argi][1] == '-')
    {
      if ((strcmp (argv[argi], "--without") == 0
           || strcmp (argv[argi], "--with") == 0) && argi + 1 < argc)
        {
          int with = strcmp (argv[argi], "--with") == 0;
          char *copy = strdup (argv[++argi]);
          if (copy == NULL)
            return 2;
          for (char *tok = strtok (copy, ","); tok; tok = strtok (NULL, ","))
            {
              int f;
              for (f = 0; f < NFEAT; f++)
                if (strcmp (tok, feat_names[f]) == 0)
                  break;
              if (f == NFEAT)
                {
                  fprintf (stderr, "ph-initgen: unknown construct '%s'\n", tok);
                  free (copy);
                  return 2;
                }
              if (with)
                feat_off &= ~(1ULL << f);
              else
                feat_off |= 1ULL << f;
            }
          free (copy);
        }
      else if (strcmp (argv[argi], "--types") == 0 && argi + 1 < argc)
        ntypes = (unsigned) strtoul (argv[++argi], NULL, 0);
      else if (strcmp (argv[argi], "--units") == 0 && argi + 1 < argc)
        nunits = (unsigned) strtoul (argv[++argi], NULL, 0);
      else
        break;
      argi++;
    }
  if (argc - argi != 2)
    {
      fprintf (stderr, "usage: ph-initgen [--types N] [--units N] "
               "[--without CONSTRUCT,...] [--with CONSTRUCT,...] SEED OUTDIR\n");
      return 2;
    }
  char *end;
  unsigned long long seed = strtoull (argv[argi], &end, 0);
  if (*end != '\0' || !*argv[argi])
    {
      fprintf (stderr, "ph-initgen: bad SEED\n");
      return 2;
    }
  const char *outdir = argv[argi + 1];
  if (mkdir (outdir, 0777) != 0 && errno != EEXIST)
    {
      perror (outdir);
      return 2;
    }
  rng_state = seed;
  if (!on (F_DESIGNATED))
    force_first_member = 1;
  if (ntypes == 0)
    ntypes = 3 + rnd (5);
  if (ntypes > 40)
    ntypes = 40;
  if (nunits == 0)
    nunits = 2 + rnd (3);
  if (nunits > 9)
    nunits = 9;

  /* The header.  */
  struct sb h = { 0 };
  sb_add (&h, "/* Generated by ph-initgen %llu: types for the pokehole "
          "testsuite.  */\n#ifndef PH_TYPES_H\n#define PH_TYPES_H\n\n"
          "#include <stddef.h>\n#include <stdint.h>\n#include <stdio.h>\n\n",
          seed);
  for (int i = 0; i < NVMAC; i++)
    {
      int a = (int) rnd (60), b = (int) rnd (60);
      vmac[i] = a + b;
      sb_add (&h, "#define V%d (%d + %d)\n", i, a, b);
    }
  sb_add (&h, "#define ADD(a, b) ((a) + (b))\n");
  if (on (F_SYMIDX))
    for (int i = 0; i < 8; i++)
      sb_add (&h, "#define %s %d\n", symidx_macro[i], i);
  sb_add (&h, "\n");
  unsigned nunions = on (F_UNION) && on (F_NESTED) ? rnd (3) : 0;
  unsigned ti = 0, ui = 0;
  while (ti < ntypes || ui < nunions)
    {
      int uni = ui < nunions && (ti >= ntypes || chance (30));
      struct ty *t = gen_record (uni, 0, 40);
      struct nty *n = &named[nnamed];
      snprintf (n->spell, sizeof n->spell, uni ? "union U%u" : "struct T%u",
                uni ? ui++ : ti++);
      n->t = t;
      t->named = (int) nnamed++;
      if (!uni)
        nstructs++;
      if (on (F_COMMENTS) && chance (30))
        sb_add (&h, "/* %s.  */\n", n->spell);
      sb_add (&h, "%s {\n", n->spell);
      group_commented = 0;
      write_body (&h, t, 1);
      sb_add (&h, "};\n\n");
      /* A comment on the line of members declared together or on one
         line: pokehole refuses to part them.  */
      if (group_commented)
        sb_add (&refusals, "%s\t%s\n", n->spell,
                "a comment stands on the lines of members");
      /* pokehole does not move members across an unnamed bitfield,
         nor the bitfield (the new order does not say where its bits
         go): its refusals ("... an unnamed bitfield ...") are
         expected.  */
      if (has_unnamed_bf (t))
        sb_add (&refusals, "%s\t%s\n", n->spell,
                "unnamed bitfield");
    }
  sb_add (&h, "static inline int\nph_id (int x)\n{\n  return x;\n}\n\n");
  /* After the types: the header's initializers, which may use the
     macros of --with comma, written before them at the end.  */
  struct sb h2 = { 0 };
  if (on (F_HEADER))
    header_inits (&h2);

  /* The units: u1 ... uN, and main.c's own ("m").  */
  struct unit *units = xmalloc ((nunits + 1) * sizeof *units);
  for (unsigned k = 0; k <= nunits; k++)
    {
      struct unit *u = &units[k];
      if (k < nunits)
        snprintf (u->name, sizeof u->name, "u%u", k + 1);
      else
        snprintf (u->name, sizeof u->name, "m");
      obj_serial = 0;
      unsigned nfile = 3 + rnd (5), nfunc = 1 + rnd (3);
      for (unsigned i = 0; i < nfile; i++)
        file_object (u);
      for (unsigned i = 0; i < nfunc; i++)
        local_function (u);
      if (k < nunits)
        sb_add (&h2, "void %s_dump (void);\n", u->name);
    }
  if (comma_defs.n)
    sb_add (&h, "%s\n", sb_str (&comma_defs));
  sb_add (&h, "%s\n#endif\n", sb_str (&h2));
  write_file (outdir, "types.h", sb_str (&h));

  struct sb exp = { 0 };
  for (unsigned k = 0; k <= nunits; k++)
    {
      struct unit *u = &units[k];
      struct sb f = { 0 };
      sb_add (&f, "/* Generated by ph-initgen %llu.  */\n#include \"types.h\"\n\n",
              seed);
      sb_add (&f, "%s\n%s", sb_str (&u->top), sb_str (&u->funcs));
      sb_add (&f, "%svoid\n%s_dump (void)\n{\n%s", k < nunits ? "" : "static ",
              u->name, sb_str (&u->dump));
      for (unsigned i = 0; i < u->nfunc; i++)
        sb_add (&f, "  %s_f%u ();\n", u->name, i);
      if (k == nunits)
        for (unsigned i = 0; i < nhconst; i++)
          {
            char e[16];
            snprintf (e, sizeof e, "hc%u", i);
            print_obj (&hconst_obj[i], e, e, &f, &u->exp_funcs, 1);
          }
      sb_add (&f, "}\n");
      if (k == nunits)
        {
          sb_add (&f, "\nint\nmain (void)\n{\n");
          for (unsigned i = 0; i < nunits; i++)
            sb_add (&f, "  u%u_dump ();\n", i + 1);
          sb_add (&f, "  m_dump ();\n  return 0;\n}\n");
          write_file (outdir, "main.c", sb_str (&f));
        }
      else
        {
          char fn[16];
          snprintf (fn, sizeof fn, "%s.c", u->name);
          write_file (outdir, fn, sb_str (&f));
        }
      sb_add (&exp, "%s%s", sb_str (&u->exp_top), sb_str (&u->exp_funcs));
      sb_free (&f);
    }
  write_file (outdir, "expected.txt", sb_str (&exp));
  write_file (outdir, "refusals.txt", sb_str (&refusals));
  struct sb stats = { 0 };
  sb_add (&stats, "types %u structs %u units %u objects %u initializers %u "
          "lists %u positional %u designated %u elided %u fillers %u "
          "strings %u compound %u macros %u vars %u casts %u refusals %u\n",
          nnamed, nstructs, nunits + 1, st_objects, st_inits, st_lists, st_pos,
          st_desig, st_elided, st_fillers, st_strings, st_compound, st_macros,
          st_vars, st_casts, st_refuse);
  write_file (outdir, "stats.txt", sb_str (&stats));
  return 0;
}
