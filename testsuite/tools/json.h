/* json.h - a small JSON parser (DOM) for the pokehole testsuite tools.
   Copyright (C) 2026 The pokehole authors.
   SPDX-License-Identifier: GPL-3.0-or-later

   json_parse builds a tree of malloc'd nodes from a buffer; json_free
   releases it.  Errors never abort: json_parse returns NULL and writes a
   message with the line and column of the problem.  Nesting deeper than
   JSON_MAX_DEPTH is rejected, so no input can exhaust the stack.  */

#ifndef POKEHOLE_JSON_H
#define POKEHOLE_JSON_H

#include <stddef.h>
#include <stdint.h>

#define JSON_MAX_DEPTH 200

enum json_kind {
  JSON_NULL,
  JSON_BOOL,
  JSON_NUMBER,
  JSON_STRING,
  JSON_ARRAY,
  JSON_OBJECT
};

struct json_value;

struct json_member {
  char *key;                    /* NUL-terminated (may contain \0 escapes) */
  size_t key_len;
  struct json_value *value;
};

struct json_number {
  double d;                     /* always set */
  int64_t i;                    /* valid when is_int64 */
  uint64_t u;                   /* valid when is_uint64 */
  int is_integer;               /* written without fraction or exponent */
  int is_int64;                 /* integer that fits int64_t */
  int is_uint64;                /* integer >= 0 that fits uint64_t */
};

struct json_value {
  enum json_kind kind;
  union {
    int boolean;
    struct json_number number;
    struct {
      char *s;                  /* NUL-terminated */
      size_t len;               /* bytes, excluding the terminator */
    } string;
    struct {
      struct json_value **items;
      size_t count;
    } array;
    struct {
      struct json_member *members;
      size_t count;
    } object;
  } u;
};

/* Parse exactly one JSON value (surrounded by optional white space) from
   TEXT[0..LEN).  On success return the tree; on failure return NULL and
   store "line L, column C: message" in ERR (ERRSIZE bytes, may be 0).  */
struct json_value *json_parse (const char *text, size_t len,
                               char *err, size_t errsize);

/* Free a tree returned by json_parse.  NULL is allowed.  */
void json_free (struct json_value *v);

/* The value of KEY in object OBJ (the last one if the key repeats), or NULL
   when OBJ is not an object or has no such key.  */
const struct json_value *json_get (const struct json_value *obj,
                                   const char *key);

/* Convenience accessors.  They return nonzero on success.  */
int json_get_string (const struct json_value *obj, const char *key,
                     const char **out);
int json_get_uint (const struct json_value *obj, const char *key,
                   uint64_t *out);
int json_get_bool (const struct json_value *obj, const char *key, int *out);

/* The name of a kind, for messages.  */
const char *json_kind_name (enum json_kind k);

#endif
