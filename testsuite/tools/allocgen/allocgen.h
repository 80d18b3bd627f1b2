/* allocgen.h - what the files of ph-allocgen share: the corpus's types,
   its units, and the facts the generator records as it writes them (the
   heap sites and static instances the plugin must report, per unit and
   merged over the program).  Included first: its first header,
   ../tool-libc.h, sets _XOPEN_SOURCE before any system header.
   Copyright (C) 2026 The pokehole authors.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#ifndef ALLOCGEN_H
#define ALLOCGEN_H

#include "../tool-libc.h"

#include <stdint.h>
#include "../gen-common.h"

/* The files are written into growing strings (struct sb,
   ../gen-common.h), and a site's line is the line its text starts on
   (sb_line).  */

/* The languages a unit is compiled as.  A header's declaration is seen
   by a set of them (the bits or-ed).  */
enum lang { L_C = 1, L_KERNEL = 2, L_CXX = 4 };
#define L_ALL (L_C | L_KERNEL | L_CXX)

struct unit {
  char file[16];                /* "c1.c", "k1.c", "x1.cc" */
  enum lang lang;
  struct sb text;
  unsigned serial;              /* names of locals and variables */
};

#define MAXUNITS 8
extern struct unit units[MAXUNITS];
extern unsigned nunits;

/* The kinds of type.  Dtor types are C++ only (new[] puts a cookie
   before their arrays); flex types C only (a flexible array member is
   an extension in C++).  */
enum tkind { TK_PLAIN, TK_ANON, TK_UNION, TK_FLEX, TK_DTOR, TK_SMALL_DTOR };
#define KB(k) (1u << (k))
/* What the general sites allocate: named structs, a typedef'd untagged
   struct, a union.  */
#define K_GENERAL (KB (TK_PLAIN) | KB (TK_ANON) | KB (TK_UNION))

struct member {
  int rec;                      /* the corpus type held, or -1: a scalar */
  int scalar;                   /* index in scalar_names */
  unsigned n1, n2;              /* array dimensions, 0: none */
};

#define MAXM 8
struct gtype {
  char name[16];                /* as the plugin names it: T3, A0_t, U0 */
  enum tkind kind;
  struct member m[MAXM];
  unsigned nm;
};

#define MAXT 32
extern struct gtype types[MAXT];
extern unsigned ntypes;

/* One heap site the plugin must report.  UNIT is the unit's index, or
   -1 for a header's site, which every unit of the languages SEEN
   reports and the program has once.  */
struct site {
  int unit;
  unsigned seen;
  int type;
  const char *file;
  unsigned line;
  const char *how, *call;
  unsigned count;
  int array, tail;
  char bytes[24];               /* "-", or "NX+R": N times the type and R */
  const char *object;           /* the library's node or block, "-" */
  char cache[32], var[32], al[8];
  int hw;                       /* the cache's flags SLAB_HWCACHE_ALIGN */
};

/* One static variable holding objects of a type.  ELEM is the type of
   its elements, ECOUNT their number; the types ELEM holds (itself and
   its members', nested) are each a line.  UNIT and SEEN as for sites;
   ONCE: one object in the program however many units see it (a public
   symbol: an inline variable, a local static of an inline function),
   else each unit seeing it has its own.  */
struct inst {
  int unit;
  unsigned seen;
  int once;
  int elem;
  unsigned ecount;
  char var[40];
  const char *file;
  unsigned line;
};

/* main.c: the constructs of the plugin's known bugs are written
   (--without known leaves them out); the type of ph_shared, declared in
   the header and defined in c1.c.  */
extern int with_known;
extern int shared_type;

/* How a site's line counts what it allocates.  */
enum count_kind {
  CNT_ONE,                      /* one object */
  CNT_K,                        /* K objects, K a constant */
  CNT_N,                        /* an array, its count known at run time */
  CNT_N_COOKIE,                 /* that, new[]'s cookie before it */
  CNT_K_COOKIE,                 /* K objects and new[]'s cookie */
  CNT_TAIL,                     /* one object and a tail (a flexible
                                   array member) of run-time size */
  CNT_TAIL_K                    /* one object and a tail of K bytes,
                                   K less than the type's 8 at least */
};

/* One spelling of an allocation, a row of a unit's table of cases:
   what it allocates, its site's how and call as the plugin names them,
   how it counts, and its text, in which @T is the type as spelled, @N
   its bare name, @K the count and @P the pointer assigned; half the
   time ALT, when there is one, instead.  */
struct spelling {
  unsigned kinds;
  const char *how, *call;
  enum count_kind count;
  const char *text, *alt;
};

/* sites.c */
struct site *start_site (int ui, int t, const char *spelled, int assign,
                         const char *how, const char *call, unsigned *var);
void spelled_site (int ui, enum lang l, const struct spelling *c);
/* "void XX_fFN (size_t n)" of unit UI, XX its file's stem, of language
   L: a local static XX_lFN (N objects of a type of KINDS; N 0: one, no
   array), the cases V[0..NSITES) as ONE_CASE writes them, then what
   NEGATIVES writes (no site, no instance).  */
void unit_function (int ui, enum lang l, unsigned kinds, unsigned n,
                    const int *v, unsigned nsites, unsigned fn,
                    void (*one_case) (int ui, enum lang l, int c),
                    void (*negatives) (int ui, enum lang l));

/* types.c */
extern const char *const scalar_names[];
void gen_types (unsigned nplain);
int pick_type (unsigned kinds);
const char *spell (int t, enum lang l);
void write_types (struct sb *h);

/* header.c */
void write_header_tail (struct sb *h);
void write_kernel_header (struct sb *k);

/* expect.c */
struct site *site_new (int unit, unsigned seen, int type, const char *file,
                       unsigned line, const char *how, const char *call);
void site_count (struct site *s, unsigned k);
void inst_add (int unit, unsigned seen, int once, int elem, unsigned ecount,
               const char *var, const char *file, unsigned line);
void known_add (const char *bug, const char *level, const char *file,
                unsigned line);
extern unsigned negatives;
void write_expected (struct sb *out, unsigned long long seed);
void write_stats (struct sb *out);

/* cunits.c */
void write_c_unit (int u);
void write_kernel_unit (int u);

/* cxxunits.c */
void write_cxx_unit (int u);

#endif
