/* gen.h - what the files of ph-gen (the random types of
   pokehole.random/) share: the output and the options (output.c), the
   scalar types the C++ classes draw from too (c-types.c), the C++
   classes' model main.c allocates (cxx.c), and the entry points main.c
   calls.  Included first: its first header, ../tool-libc.h, sets
   _XOPEN_SOURCE before any system header.
   Copyright (C) 2026 The pokehole authors.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#ifndef GEN_H
#define GEN_H

#include "../tool-libc.h"

#include <stdint.h>
#include "../gen-common.h"

struct ctype_info {
  char name[32];                /* "struct s3", "union u4" or a typedef */
  int has_flex;                 /* cannot be a member */
};

#define MAXCLS 1024
#define MAXB 3

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

/* output.c */
extern FILE *out;
void emit (const char *fmt, ...);
void indent (int depth);
extern int cxx;
extern unsigned member_serial;
extern int int_enums;
extern int named_bitfields;

/* c-types.c */
extern const char *const others[];
extern const size_t nothers;
extern struct ctype_info *types;
extern int with_groups;
void gen_c_type (unsigned i);

/* cxx.c */
extern struct cls *classes;
extern int *keyed;
extern FILE *members_out;
void gen_cxx_class (int i);
void gen_cxx_fixed (void);
void emit_key_functions (void);
void print_used_instances (void);
int parse_without (const char *list);

#endif
