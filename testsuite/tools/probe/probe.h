/* probe.h - what the files of ph-probe share: the reading of the JSON
   Lines (jsonl.c), the checks of names (names.c), the walk over a
   type's members that the expect, text-expect and gen modes share
   (walk.c, walk-type.c), and the modes main.c runs.  Included first:
   its first header, ../tool-libc.h, sets _XOPEN_SOURCE before any
   system header.
   Copyright (C) 2026 The pokehole authors.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#ifndef PROBE_H
#define PROBE_H

#include "../tool-libc.h"

#include <jansson.h>

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <limits.h>

struct layout_file {
  json_t **types;
  size_t count;
};

enum mode { MODE_EXPECT, MODE_GEN };

struct walk {
  enum mode mode;
  int text;                     /* only the fields a text report has */
  FILE *out;
  const char *kind;             /* of the outermost type */
  const char *name;
  const char *ctype;            /* C spelling of the outermost type */
  unsigned serial;              /* for unique names in generated code */
  int cxx;                      /* the source is C++ (gen: a C++ probe) */
  const json_t *top; /* the type's own members */
  const json_t *list; /* the members being walked */
  int list_is_union;            /* ... those of a union */
  int asm_out;                  /* gen: a C probe read from its assembly */
  unsigned line;                /* gen --asm: the lines written so far */
  unsigned runtime;             /* gen --asm: of them, printed at run time */
};

/* util.c */
extern const char *progname;
void die (const char *fmt, ...);
void *xmalloc (size_t n);
void *xrealloc (void *p, size_t n);
char *xstrdup (const char *s);
char *xasprintf (const char *fmt, ...);
char *read_file (const char *path, size_t *len);
int finish_output (const char *path, size_t n);

/* jsonl.c */
int get_string (const json_t *obj, const char *key, const char **out);
int get_uint (const json_t *obj, const char *key, uint64_t *out);
int get_bool (const json_t *obj, const char *key, int *out);
void load_jsonl (const char *path, struct layout_file *lf);
void free_layout (struct layout_file *lf);

/* names.c */
int is_ident (const char *s);
int is_simple_type (const char *s);
const char *printable (const char *s, const char *fallback);
char *canon_name (const char *s, const char *fallback);
int is_local_cxx_name (const char *s);
char *cxx_type_name (const char *s);

/* walk.c */
void put_json_uint (FILE *out, const char *label, const json_t *obj,
                    const char *key);
int ends_with (const char *s, const char *suffix);
int is_flexible_array (const char *type);
int is_reference (const struct walk *w, const char *type);
int json_is_union (const json_t *v);
int json_overlaps (const json_t *list, const json_t *m);
void walk_members (struct walk *w, const json_t *members,
                   const char *prefix, int is_union);
void gen_line (struct walk *w, const char *line, int n, char *const *vals);
void gen_runtime (struct walk *w);
void gen_line_run (struct walk *w, const char *line, int n, char *const *vals);
void gen_asm_data (struct walk *w, const char *tag, const char *line, int n,
                   char *const *vals);

/* walk-type.c */
int walk_type (struct walk *w, const json_t *t);

/* json-cmd.c */
void print_head (const char *layout, const char *source, const char *how,
                 const char *what);
int cmd_json (enum mode mode, int text, int cxx, int asm_out,
              const char *layout, const char *source);

/* text.c */
int cmd_text (const char *report);

/* asm.c */
int cmd_asm (const char *path, const char *run);

/* bits.c */
int cmd_bits (int gen, int asm_out, const char *layout, const char *source);

#endif
