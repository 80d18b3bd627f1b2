/* initgen.h - what the files of ph-initgen share: the constructs
   (--with, --without), the model of the types and of the objects an
   initializer sets, the state of one initializer, and the entry points
   of each step.  Included first: its first header, ../tool-libc.h,
   sets _XOPEN_SOURCE before any system header.
   Copyright (C) 2026 The pokehole authors.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#ifndef INITGEN_H
#define INITGEN_H

#include "../tool-libc.h"

#include <stdint.h>
#include "../gen-common.h"

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

/* The value macros V0.. (vmac in objects.c).  */
#define NVMAC 6

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

enum form { FO_ELIDE, FO_BRACES, FO_STRING, FO_COMPOUND, FO_NONE };

struct unit {
  char name[8];                 /* "u1", "m" */
  struct sb top;                /* file-scope declarations */
  struct sb funcs;              /* functions with local objects */
  struct sb dump;               /* the body of NAME_dump () */
  struct sb exp_top, exp_funcs;
  unsigned nfunc;
};

/* The most initializers of each kind in the header (units.c).  */
#define MAXH 8

/* types.c */
extern const char *const feat_names[NFEAT];
extern uint64_t feat_off;
int on (enum feat f);
extern const struct scal scal[NSC];
int is_float (int sc);
extern struct nty named[MAXNAMED];
extern unsigned nnamed;
struct ty *array_ty (struct ty *elem, unsigned n);
int initializable (const struct mem *m);
int anonymous (const struct mem *m);
int first_init (const struct ty *t);
int char_array (const struct ty *t);
struct ty *gen_record (int uni, int depth, unsigned budget);

/* write-types.c */
void indent (struct sb *b, int depth);
const char *random_word (void);
extern int group_commented;
void write_body (struct sb *b, struct ty *t, int depth);

/* objects.c */
int is_zero (const struct leaf *l);
int under (const struct leaf *l, const struct step *p, int n);
int active_of (const struct obj *o, const struct step *p, int n);
extern int force_first_member;
extern int vmac[NVMAC];
int printable (long long c);
void make_obj (struct obj *o, struct ty *t, unsigned pct);
void free_obj (struct obj *o);

/* init-state.c */
extern unsigned st_lists, st_pos, st_desig, st_elided, st_fillers, st_strings,
  st_compound, st_objects, st_inits, st_macros, st_vars, st_casts, st_refuse;
extern struct sb refusals;
struct ty *sub_type (const struct lvl *l);
int adv (struct lvl *l);
int adv_stack (struct lst *L);
int cur_path (const struct lst *L, struct step *p);
int unions_ok (const struct obj *o, const struct step *p, int n);
int before (const struct obj *o, const struct step *p, int n,
            const struct leaf *t);
int touched (const struct obj *o, const struct step *p, int n);
int fillable (const struct obj *o, const struct step *p, int n);
void consume_under (struct obj *o, const struct step *p, int n);

/* init-values.c */
void value_text (struct ectx *c, struct leaf *l, int elided, struct sb *b);
extern struct sb comma_defs;
void add_elem_s (struct ectx *c, struct lst *L, const char *desig,
                 const char *val, int simple);
void add_elem (struct ectx *c, struct lst *L, const char *desig,
               const char *val);
int string_text (struct obj *o, const struct step *p, int n, int elided,
                 struct sb *b);
enum form choose_form (struct ectx *c, const struct step *p, int n,
                       struct ty *t, int elided, int designated);

/* init-lists.c */
extern const char *symidx_macro[8];
void initializer (struct ectx *c, struct sb *out);

/* units.c */
void print_obj (struct obj *o, const char *expr, const char *label,
                struct sb *code, struct sb *exp, int depth);
extern unsigned nstructs;
int has_unnamed_bf (const struct ty *t);
void note_refusal (struct obj *o, const char *reason);
extern unsigned obj_serial;
void file_object (struct unit *u);
extern unsigned nhconst;
extern struct obj hconst_obj[MAXH];
void header_inits (struct sb *h);
void local_function (struct unit *u);

#endif
