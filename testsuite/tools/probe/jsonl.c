/* jsonl.c - ph-probe reads a layout report (JSON Lines, one type a
   line) and the typed fields of its objects.
   Copyright (C) 2026 The pokehole authors.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include "probe.h"

/* ------------------------------------------------------------------ */
/* The JSON Lines input.                                               */

/* Accessors that fail (return 0) on a missing key or another kind; a
   string holding a NUL fails too, as a C string would cut it short.  */
int
get_string (const json_t *obj, const char *key, const char **out)
{
  const json_t *v = json_object_get (obj, key);
  if (!json_is_string (v)
      || strlen (json_string_value (v)) != json_string_length (v))
    return 0;
  *out = json_string_value (v);
  return 1;
}

int
get_uint (const json_t *obj, const char *key, uint64_t *out)
{
  const json_t *v = json_object_get (obj, key);
  if (!json_is_integer (v) || json_integer_value (v) < 0)
    return 0;
  *out = (uint64_t) json_integer_value (v);
  return 1;
}

int
get_bool (const json_t *obj, const char *key, int *out)
{
  const json_t *v = json_object_get (obj, key);
  if (!json_is_boolean (v))
    return 0;
  *out = json_is_true (v);
  return 1;
}

static const char *
kind_name (const json_t *v)
{
  switch (json_typeof (v))
    {
    case JSON_OBJECT: return "object";
    case JSON_ARRAY: return "array";
    case JSON_STRING: return "string";
    case JSON_INTEGER: case JSON_REAL: return "number";
    case JSON_TRUE: case JSON_FALSE: return "boolean";
    case JSON_NULL: return "null";
    }
  return "?";
}

void
load_jsonl (const char *path, struct layout_file *lf)
{
  size_t len;
  char *text = read_file (path, &len);
  size_t cap = 0, lineno = 0;
  lf->types = NULL;
  lf->count = 0;
  size_t pos = 0;
  while (pos < len)
    {
      size_t end = pos;
      while (end < len && text[end] != '\n')
        end++;
      lineno++;
      size_t k = pos;
      while (k < end && isspace ((unsigned char) text[k]))
        k++;
      if (k < end)
        {
          json_error_t je;
          json_t *v = json_loadb (text + pos, end - pos,
                                  JSON_DECODE_ANY | JSON_ALLOW_NUL, &je);
          if (v == NULL)
            die ("%s:%zu: line %d, column %d: %s", path, lineno, je.line,
                 je.column, je.text);
          if (!json_is_object (v))
            die ("%s:%zu: expected an object, found %s", path, lineno,
                 kind_name (v));
          /* Layouts only: a reader skips the records of other kinds
             (function records, sites).  */
          const json_t *kind = json_object_get (v, "kind");
          if (json_is_string (kind)
              && strcmp (json_string_value (kind), "struct") != 0
              && strcmp (json_string_value (kind), "union") != 0
              && strcmp (json_string_value (kind), "class") != 0)
            {
              json_decref (v);
              pos = end + 1;
              continue;
            }
          if (lf->count == cap)
            {
              cap = cap ? cap * 2 : 16;
              lf->types = xrealloc (lf->types, cap * sizeof *lf->types);
            }
          lf->types[lf->count++] = v;
        }
      pos = end + 1;
    }
  free (text);
}

void
free_layout (struct layout_file *lf)
{
  for (size_t i = 0; i < lf->count; i++)
    json_decref (lf->types[i]);
  free (lf->types);
}
