/* json-test - unit tests and a deterministic fuzz run for json.c.
   Copyright (C) 2026 The pokehole authors.
   SPDX-License-Identifier: GPL-3.0-or-later

   Prints one "PASS: name" or "FAIL: name: why" line per check (DejaGnu
   style) and exits nonzero when anything failed.  */

#include "../../report/json.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures;

static void
check (int ok, const char *name, const char *why)
{
  if (ok)
    printf ("PASS: json %s\n", name);
  else
    {
      printf ("FAIL: json %s: %s\n", name, why);
      failures++;
    }
}

static struct ph_json_value *
parse (const char *s, char *err, size_t errsize)
{
  return ph_json_parse (s, strlen (s), err, errsize);
}

/* Valid documents.  */
static void
test_valid (void)
{
  char err[256];
  struct ph_json_value *v;

  v = parse ("{\"a\":1,\"b\":[true,false,null],\"c\":\"x\"}", err, sizeof err);
  check (v && v->kind == PH_JSON_OBJECT && v->u.object.count == 3,
         "object with three keys", err);
  uint64_t u = 0;
  check (v && ph_json_get_uint (v, "a", &u) && u == 1, "ph_json_get_uint", "a != 1");
  const struct ph_json_value *b = ph_json_get (v, "b");
  check (b && b->kind == PH_JSON_ARRAY && b->u.array.count == 3
         && b->u.array.items[0]->kind == PH_JSON_BOOL
         && b->u.array.items[0]->u.boolean == 1
         && b->u.array.items[1]->u.boolean == 0
         && b->u.array.items[2]->kind == PH_JSON_NULL,
         "array of literals", "wrong items");
  const char *s = NULL;
  check (v && ph_json_get_string (v, "c", &s) && strcmp (s, "x") == 0,
         "ph_json_get_string", "c != x");
  check (ph_json_get (v, "missing") == NULL, "missing key", "found");
  ph_json_free (v);

  v = parse ("  \n [ ]\t\r\n", err, sizeof err);
  check (v && v->kind == PH_JSON_ARRAY && v->u.array.count == 0,
         "empty array with white space", err);
  ph_json_free (v);

  v = parse ("{}", err, sizeof err);
  check (v && v->kind == PH_JSON_OBJECT && v->u.object.count == 0,
         "empty object", err);
  ph_json_free (v);

  /* Escapes.  */
  v = parse ("\"q\\\"b\\\\s\\/n\\nt\\tu\\u00e9\\u20ac\\ud83d\\ude00\"",
             err, sizeof err);
  check (v && v->kind == PH_JSON_STRING
         && strcmp (v->u.string.s,
                    "q\"b\\s/n\nt\tu\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80") == 0,
         "string escapes and UTF-8", v ? v->u.string.s : err);
  ph_json_free (v);

  v = parse ("\"a\\u0000b\"", err, sizeof err);
  check (v && v->u.string.len == 3 && v->u.string.s[1] == '\0'
         && v->u.string.s[2] == 'b', "embedded NUL keeps its length", err);
  ph_json_free (v);

  /* ... but is no C string: get_string refuses it rather than give
     "a" for "a\0b"; a key holding a NUL is not found by "a".  */
  v = parse ("{\"n\":\"a\\u0000b\",\"a\\u0000b\":1,\"m\":\"ab\"}", err, sizeof err);
  {
    const char *str = NULL;
    check (v && !ph_json_get_string (v, "n", &str) && str == NULL
           && ph_json_get_string (v, "m", &str) && strcmp (str, "ab") == 0
           && ph_json_get (v, "a") == NULL,
           "a string holding a NUL is not a C string", err);
  }
  ph_json_free (v);

  /* Numbers.  */
  v = parse ("[0,-0,42,-17,9223372036854775807,-9223372036854775808,"
             "18446744073709551615,18446744073709551616,1.5,-2e3,1E-2]",
             err, sizeof err);
  check (v && v->u.array.count == 11, "number array", err);
  if (v && v->u.array.count == 11)
    {
      struct ph_json_number *n[11];
      for (int i = 0; i < 11; i++)
        n[i] = &v->u.array.items[i]->u.number;
      check (n[0]->is_uint64 && n[0]->u == 0 && n[0]->is_int64,
             "zero", "bad");
      check (n[1]->is_int64 && n[1]->i == 0, "minus zero", "bad");
      check (n[2]->is_int64 && n[2]->i == 42 && n[2]->u == 42
             && n[2]->d == 42.0, "small integer", "bad");
      check (n[3]->is_int64 && n[3]->i == -17 && !n[3]->is_uint64,
             "negative integer", "bad");
      check (n[4]->is_int64 && n[4]->i == INT64_MAX, "INT64_MAX", "bad");
      check (n[5]->is_int64 && n[5]->i == INT64_MIN && !n[5]->is_uint64,
             "INT64_MIN", "bad");
      check (n[6]->is_uint64 && n[6]->u == UINT64_MAX && !n[6]->is_int64,
             "UINT64_MAX", "bad");
      check (!n[7]->is_uint64 && !n[7]->is_int64 && n[7]->is_integer
             && n[7]->d > 1.8e19, "integer beyond uint64 keeps a double",
             "bad");
      check (!n[8]->is_integer && n[8]->d == 1.5, "fraction", "bad");
      check (!n[9]->is_integer && n[9]->d == -2000.0, "exponent", "bad");
      check (n[10]->d > 0.0099 && n[10]->d < 0.0101, "negative exponent",
             "bad");
    }
  ph_json_free (v);

  /* Duplicate keys: the last one wins.  */
  v = parse ("{\"k\":1,\"k\":2}", err, sizeof err);
  check (v && ph_json_get_uint (v, "k", &u) && u == 2, "duplicate key", err);
  ph_json_free (v);

  /* Nesting up to the limit is fine.  */
  {
    char buf[2 * PH_JSON_MAX_DEPTH + 1];
    memset (buf, '[', PH_JSON_MAX_DEPTH);
    memset (buf + PH_JSON_MAX_DEPTH, ']', PH_JSON_MAX_DEPTH);
    v = ph_json_parse (buf, 2 * PH_JSON_MAX_DEPTH, err, sizeof err);
    check (v != NULL, "nesting at the limit", err);
    ph_json_free (v);
  }

  /* Not NUL-terminated: the length bounds the parse.  */
  v = ph_json_parse ("123xyz", 3, err, sizeof err);
  check (v && v->u.number.i == 123, "length bounds the input", err);
  ph_json_free (v);
}

/* Invalid documents: NULL and a message naming the position.  */
static void
expect_error (const char *doc, const char *want, const char *name)
{
  char err[256];
  struct ph_json_value *v = parse (doc, err, sizeof err);
  char why[400];
  if (v)
    {
      snprintf (why, sizeof why, "accepted");
      ph_json_free (v);
      check (0, name, why);
      return;
    }
  snprintf (why, sizeof why, "message '%s' lacks '%s'", err, want);
  check (strstr (err, want) != NULL, name, why);
}

static void
test_invalid (void)
{
  expect_error ("", "line 1, column 1", "empty input");
  expect_error ("{", "line 1, column 2", "unterminated object");
  expect_error ("[1,]", "line 1, column 4", "trailing comma");
  expect_error ("{\"a\" 1}", "expected ':'", "missing colon");
  expect_error ("{1:2}", "expected a string key", "non-string key");
  expect_error ("[1 2]", "expected ',' or ']'", "missing comma");
  expect_error ("\"abc", "unterminated string", "unterminated string");
  expect_error ("\"a\nb\"", "control character", "raw newline in string");
  expect_error ("\"\\x\"", "bad escape", "bad escape");
  expect_error ("\"\\u12G4\"", "bad hex digit", "bad \\u digits");
  expect_error ("\"\\ud800\"", "unpaired high surrogate", "lone high surrogate");
  expect_error ("\"\\udc00\"", "unpaired low surrogate", "lone low surrogate");
  expect_error ("\"\\ud800\\u0041\"", "not followed by a low",
                "high surrogate then non-surrogate");
  expect_error ("01", "leading zero", "leading zero");
  expect_error ("-", "expected a digit", "lone minus");
  expect_error ("1.", "after '.'", "fraction without digits");
  expect_error ("1e", "exponent", "exponent without digits");
  expect_error ("tru", "expected 'true'", "truncated literal");
  expect_error ("nul", "expected 'null'", "truncated null");
  expect_error ("{} {}", "trailing", "two values");
  expect_error ("[\n1,\n  x]", "line 3, column 3", "line and column");
  expect_error ("\x01", "unexpected byte 0x01", "control byte");
  {
    char buf[2 * PH_JSON_MAX_DEPTH + 3];
    memset (buf, '[', PH_JSON_MAX_DEPTH + 1);
    memset (buf + PH_JSON_MAX_DEPTH + 1, ']', PH_JSON_MAX_DEPTH + 1);
    buf[2 * PH_JSON_MAX_DEPTH + 2] = '\0';
    expect_error (buf, "nesting deeper", "nesting past the limit");
  }
  {
    /* Deep enough to overflow a stack without the limit.  */
    size_t n = 1000000;
    char *deep = malloc (n + 1);
    if (deep)
      {
        memset (deep, '[', n);
        deep[n] = '\0';
        expect_error (deep, "nesting deeper", "a million open brackets");
        free (deep);
      }
  }
  char err[8];
  struct ph_json_value *v = ph_json_parse ("[", 1, err, sizeof err);
  check (v == NULL && strlen (err) < sizeof err, "short error buffer",
         "overflow");
  v = ph_json_parse ("[", 1, NULL, 0);
  check (v == NULL, "no error buffer", "accepted");
  v = ph_json_parse (NULL, 0, NULL, 0);
  check (v == NULL, "NULL input", "accepted");
}

/* Mutations of a document like the plugin's: no crash, no leak (under
   -fsanitize=address), and a message for every rejection.  */
static void
test_fuzz (void)
{
  static const char seed[] =
    "{\"name\":\"sample\",\"kind\":\"struct\",\"typedef\":false,\"size\":40,"
    "\"align\":8,\"members\":[{\"name\":\"c\",\"type\":\"char[2]\","
    "\"offset\":0,\"size\":2,\"bit_offset\":0,\"bit_size\":16,"
    "\"bitfield\":false,\"members\":[{\"name\":\"\\u00e9\"}]}],"
    "\"holes\":[{\"after\":\"c\",\"offset\":2,\"size\":6}],\"x\":-1.5e3}";
  static const char alphabet[] = "{}[]\",:\\u0123456789eE+-.tfn \n\x01\xff";
  size_t n = sizeof seed - 1;
  char *buf = malloc (n + 64);
  if (buf == NULL)
    {
      check (0, "fuzz", "out of memory");
      return;
    }
  uint32_t state = 12345;
  int bad_messages = 0;
  long accepted = 0, rejected = 0;
  for (int iter = 0; iter < 200000; iter++)
    {
      memcpy (buf, seed, n);
      size_t len = n;
      int edits = 1 + (int) (state % 4);
      for (int e = 0; e < edits; e++)
        {
          state = state * 1103515245u + 12345u;
          size_t pos = (state >> 8) % len;
          state = state * 1103515245u + 12345u;
          char c = alphabet[(state >> 8) % (sizeof alphabet - 1)];
          switch ((state >> 20) % 3)
            {
            case 0:
              buf[pos] = c;
              break;
            case 1:
              if (len < n + 60)
                {
                  memmove (buf + pos + 1, buf + pos, len - pos);
                  buf[pos] = c;
                  len++;
                }
              break;
            default:
              if (len > 1)
                {
                  memmove (buf + pos, buf + pos + 1, len - pos - 1);
                  len--;
                }
              break;
            }
        }
      /* Sometimes truncate.  */
      state = state * 1103515245u + 12345u;
      if ((state >> 16) % 8 == 0)
        len = (state >> 4) % (len + 1);
      char err[256];
      struct ph_json_value *v = ph_json_parse (buf, len, err, sizeof err);
      if (v)
        {
          accepted++;
          ph_json_free (v);
        }
      else
        {
          rejected++;
          if (strncmp (err, "line ", 5) != 0)
            bad_messages++;
        }
    }
  free (buf);
  char why[128];
  snprintf (why, sizeof why, "%d rejections without a position",
            bad_messages);
  check (bad_messages == 0 && accepted > 0 && rejected > 0,
         "fuzz: 200000 mutated documents", why);
}

int
main (void)
{
  test_valid ();
  test_invalid ();
  test_fuzz ();
  return failures ? 1 : 0;
}
