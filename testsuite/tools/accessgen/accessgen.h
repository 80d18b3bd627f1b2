/* accessgen.h - what the files of ph-accessgen share: the unit's types
   and the member paths they reach (leaves), its functions, and the
   accesses the generator records as it writes them (the plugin's
   "access" records must be their sums).  Included first: its first
   header, ../tool-libc.h, sets _XOPEN_SOURCE before any system header.
   Copyright (C) 2026 The pokehole authors.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#ifndef ACCESSGEN_H
#define ACCESSGEN_H

#include "../tool-libc.h"

#include <stdint.h>
#include "../gen-common.h"

/* The language of the unit being written.  */
enum lang { L_C, L_CXX };
extern enum lang lang;

/* --- types.c: the types and their leaves ------------------------------ */

struct scalar {
  const char *name;
  int integral;
  unsigned size;                /* LP64's */
};
extern const struct scalar scalars[];

enum mkind {
  MK_SCALAR,                    /* int a; */
  MK_BITS,                      /* unsigned int a : 3; */
  MK_SARRAY,                    /* int a[3]; int a[2][3]; */
  MK_REC,                       /* struct T1 a; */
  MK_RECARR,                    /* struct T1 a[3]; */
  MK_ANON,                      /* struct { ... }; union { ... }; */
  MK_UNTAG,                     /* struct { ... } a; */
  MK_ATOMIC,                    /* _Atomic int a; std::atomic<int> a; */
  MK_LOCK                       /* pthread_mutex_t a; std::mutex a; */
};

#define MAXSUB 4
struct gmember {
  char name[12];                /* unique in the unit: m0, m1, ... */
  enum mkind kind;
  int scalar;                   /* index into scalars */
  int rec;                      /* MK_REC, MK_RECARR: the type */
  unsigned n1, n2;              /* array dimensions (n2 0: one) */
  unsigned bits;
  int is_union;                 /* MK_ANON, MK_UNTAG */
  int sub[MAXSUB];              /* MK_ANON, MK_UNTAG: their members */
  unsigned nsub;
};

#define MAXM 10
struct gtype {
  char name[16];                /* as the records name it: T1, U2, P3_t */
  int is_union;
  int typedef_only;             /* C: typedef struct { ... } P3_t; */
  int syncs;                    /* holds a lock or an atomic, at any depth */
  int bases[2];                 /* C++ */
  unsigned nbases;
  int mem[MAXM];
  unsigned nmem;
  int root;                     /* functions take it */
  unsigned line;                /* where the records place it */
  struct sb members_text;       /* C++: the accessors and member
                                   functions of its class */
  unsigned text_line;           /* where members_text starts */
};

#define MAXT 10
extern struct gtype types[MAXT];
extern unsigned ntypes;

/* What can be done with a leaf.  */
enum vkind {
  V_INT,                        /* an integer: plain and atomic builtins */
  V_FLOAT,
  V_BITS,                       /* a bitfield: no address */
  V_ATOMIC,                     /* a member of an atomic type */
  V_LOCK,                       /* a lock */
  V_AGG,                        /* a whole nested struct or union */
  V_WHOLE                       /* a whole array */
};

/* A type the access counts for, and its path there.  */
#define MAXCNT 10
struct cnt {
  int type;
  char path[200];
};

/* A member path from a root type: its C expression after "p->" ('@'
   for each index, DIM[k] the bound of the k-th) and the types it
   counts for.  */
struct leaf {
  char expr[200];
  unsigned nidx;
  unsigned dim[6];
  struct cnt c[MAXCNT];
  unsigned nc;
  enum vkind vk;
  int scalar;                   /* V_INT, V_FLOAT, V_BITS, V_ATOMIC */
  int agg;                      /* V_AGG: the type */
  int in_union;                 /* a union's member, at some depth */
  unsigned bytes;               /* its size when known (a scalar's, a
                                   scalar array's), else 0 */
};

void gen_types (void);
/* snprintf that ends the program when DST is too small.  */
void bprintf (char *dst, size_t size, const char *fmt, ...)
  __attribute__ ((format (printf, 3, 4)));
/* The type as a declaration spells it: "struct T1", "union U2",
   "P3_t", C++'s "T1".  */
const char *type_spell (int t);
/* The leaves of root type T (made once).  */
const struct leaf *leaves_of (int t, unsigned *n);
/* The names of T's members of KIND (MK_LOCK, MK_ATOMIC), its own and
   those of its anonymous structs and unions (a base's are its own):
   the record's "locks" and "atomics".  */
unsigned type_classed (int t, enum mkind kind, const char **names,
                       unsigned max);
/* The definitions; records each type's line.  */
void write_types (struct sb *out);

/* --- expect.c: the functions and their accesses ------------------------ */

/* The builds whose records an access is in.  */
enum { M_O0 = 1, M_PROF = 2, M_EST = 4, M_O2 = M_PROF | M_EST,
       M_ALL = M_O0 | M_O2 };
#define NMODES 3
extern const char *const mode_names[NMODES];

/* What an access does.  */
enum { A_R = 1, A_W = 2, A_ATOMIC = 4, A_LOCK = 8 };

struct fn {
  char name[48];                /* as the records name it, less the
                                   return type and parameters: f3,
                                   T1_get7, T1::op3, T1::get7 */
  unsigned line;
  int cold;
};
#define MAXFN 96
extern struct fn fns[MAXFN];
extern unsigned nfns;
int fn_new (const char *name, int cold);

/* One access of leaf L by function FN, in the builds MODES: OPS (A_*),
   on a cold path or not, WEIGHT executions in the profiled run.  */
void access_add (int fn, const struct leaf *l, unsigned ops, unsigned modes,
                 int cold, unsigned long weight);
/* How many of each kind were written (stats.txt).  */
void stat_count (const char *what);
void write_expected (struct sb *out, unsigned long long seed,
                     const char *unit);
void write_stats (struct sb *out, const char *unit);
void expect_reset (void);

/* --- funcs.c: the functions ------------------------------------------- */

/* The unit's text: its header, the types, the accessors, the functions
   and main.  */
void write_unit (struct sb *out, unsigned long long seed);

#endif
