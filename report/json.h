/* json.h - a small JSON parser (DOM): baselines, and the testsuite tools.
   Copyright (C) 2026 The pokehole authors.
   SPDX-License-Identifier: GPL-3.0-or-later

   ph_json_parse builds a tree of malloc'd nodes from a buffer; ph_json_free
   releases it.  Errors never abort: ph_json_parse returns NULL and writes a
   message with the line and column of the problem.  Nesting deeper than
   PH_JSON_MAX_DEPTH is rejected, so no input can exhaust the stack.  */

#ifndef PH_JSON_H
#define PH_JSON_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define PH_JSON_MAX_DEPTH 200

enum ph_json_kind {
  PH_JSON_NULL,
  PH_JSON_BOOL,
  PH_JSON_NUMBER,
  PH_JSON_STRING,
  PH_JSON_ARRAY,
  PH_JSON_OBJECT
};

struct ph_json_value;

struct ph_json_member {
  char *key;                    /* NUL-terminated (may contain \0 escapes) */
  size_t key_len;
  struct ph_json_value *value;
};

struct ph_json_number {
  double d;                     /* always set */
  int64_t i;                    /* valid when is_int64 */
  uint64_t u;                   /* valid when is_uint64 */
  int is_integer;               /* written without fraction or exponent */
  int is_int64;                 /* integer that fits int64_t */
  int is_uint64;                /* integer >= 0 that fits uint64_t */
};

struct ph_json_value {
  enum ph_json_kind kind;
  union {
    int boolean;
    struct ph_json_number number;
    struct {
      char *s;                  /* NUL-terminated */
      size_t len;               /* bytes, excluding the terminator */
    } string;
    struct {
      struct ph_json_value **items;
      size_t count;
    } array;
    struct {
      struct ph_json_member *members;
      size_t count;
    } object;
  } u;
};

/* Parse exactly one JSON value (surrounded by optional white space) from
   TEXT[0..LEN).  On success return the tree; on failure return NULL and
   store "line L, column C: message" in ERR (ERRSIZE bytes, may be 0).  */
struct ph_json_value *ph_json_parse (const char *text, size_t len,
                               char *err, size_t errsize);

/* Free a tree returned by ph_json_parse.  NULL is allowed.  */
void ph_json_free (struct ph_json_value *v);

/* The value of KEY in object OBJ (the last one if the key repeats), or NULL
   when OBJ is not an object or has no such key.  */
const struct ph_json_value *ph_json_get (const struct ph_json_value *obj,
                                   const char *key);

/* Convenience accessors.  They return nonzero on success;
   ph_json_get_string fails on a string holding a NUL (\u0000), which
   a C string cannot carry.  */
int ph_json_get_string (const struct ph_json_value *obj, const char *key,
                     const char **out);
int ph_json_get_uint (const struct ph_json_value *obj, const char *key,
                   uint64_t *out);
int ph_json_get_bool (const struct ph_json_value *obj, const char *key, int *out);

/* The name of a kind, for messages.  */
const char *ph_json_kind_name (enum ph_json_kind k);

#ifdef __cplusplus
}
#endif

#endif
