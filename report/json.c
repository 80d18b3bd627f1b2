/* json.c - a small JSON parser (DOM) for the pokehole testsuite tools.
   Copyright (C) 2026 The pokehole authors.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include "json.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct parser {
  const char *text;
  size_t len;
  size_t pos;
  size_t line;                  /* 1-based */
  size_t line_start;            /* offset of the first byte of LINE */
  int depth;
  int failed;
  char *err;
  size_t errsize;
};

static void
fail_at (struct parser *p, size_t pos, const char *fmt, ...)
{
  if (p->failed)
    return;
  p->failed = 1;
  if (p->err == NULL || p->errsize == 0)
    return;
  /* Recompute line and column for POS, which may be before p->pos.  */
  size_t line = 1, start = 0;
  if (pos > p->len)
    pos = p->len;
  for (size_t i = 0; i < pos; i++)
    if (p->text[i] == '\n')
      {
        line++;
        start = i + 1;
      }
  int n = snprintf (p->err, p->errsize, "line %zu, column %zu: ", line,
                    pos - start + 1);
  if (n < 0 || (size_t) n >= p->errsize)
    return;
  va_list ap;
  va_start (ap, fmt);
  vsnprintf (p->err + n, p->errsize - (size_t) n, fmt, ap);
  va_end (ap);
}

static const char *
describe_char (int c, char buf[16])
{
  if (c < 0)
    return "end of input";
  if (c >= 0x20 && c < 0x7f)
    snprintf (buf, 16, "'%c'", c);
  else
    snprintf (buf, 16, "byte 0x%02x", (unsigned) c);
  return buf;
}

static int
peek (const struct parser *p)
{
  return p->pos < p->len ? (unsigned char) p->text[p->pos] : -1;
}

static void
skip_ws (struct parser *p)
{
  while (p->pos < p->len)
    {
      char c = p->text[p->pos];
      if (c == '\n')
        {
          p->line++;
          p->line_start = p->pos + 1;
        }
      else if (c != ' ' && c != '\t' && c != '\r')
        break;
      p->pos++;
    }
}

static struct ph_json_value *
new_value (struct parser *p, enum ph_json_kind kind)
{
  struct ph_json_value *v = calloc (1, sizeof *v);
  if (v == NULL)
    fail_at (p, p->pos, "out of memory");
  else
    v->kind = kind;
  return v;
}

/* A growable byte buffer for strings.  */
struct buf {
  char *data;
  size_t len, cap;
};

static int
buf_put (struct buf *b, const char *s, size_t n)
{
  if (b->len + n + 1 > b->cap)
    {
      size_t cap = b->cap ? b->cap : 32;
      while (cap < b->len + n + 1)
        {
          if (cap > SIZE_MAX / 2)
            return 0;
          cap *= 2;
        }
      char *d = realloc (b->data, cap);
      if (d == NULL)
        return 0;
      b->data = d;
      b->cap = cap;
    }
  memcpy (b->data + b->len, s, n);
  b->len += n;
  b->data[b->len] = '\0';
  return 1;
}

static int
hex4 (struct parser *p, unsigned *out)
{
  unsigned v = 0;
  for (int i = 0; i < 4; i++)
    {
      int c = peek (p);
      unsigned d;
      if (c >= '0' && c <= '9')
        d = (unsigned) (c - '0');
      else if (c >= 'a' && c <= 'f')
        d = (unsigned) (c - 'a' + 10);
      else if (c >= 'A' && c <= 'F')
        d = (unsigned) (c - 'A' + 10);
      else
        {
          char cb[16];
          fail_at (p, p->pos, "bad hex digit in \\u escape: %s",
                   describe_char (c, cb));
          return 0;
        }
      v = v * 16 + d;
      p->pos++;
    }
  *out = v;
  return 1;
}

static size_t
utf8_encode (unsigned cp, char out[4])
{
  if (cp < 0x80)
    {
      out[0] = (char) cp;
      return 1;
    }
  if (cp < 0x800)
    {
      out[0] = (char) (0xc0 | (cp >> 6));
      out[1] = (char) (0x80 | (cp & 0x3f));
      return 2;
    }
  if (cp < 0x10000)
    {
      out[0] = (char) (0xe0 | (cp >> 12));
      out[1] = (char) (0x80 | ((cp >> 6) & 0x3f));
      out[2] = (char) (0x80 | (cp & 0x3f));
      return 3;
    }
  out[0] = (char) (0xf0 | (cp >> 18));
  out[1] = (char) (0x80 | ((cp >> 12) & 0x3f));
  out[2] = (char) (0x80 | ((cp >> 6) & 0x3f));
  out[3] = (char) (0x80 | (cp & 0x3f));
  return 4;
}

/* Parse a string starting at the opening quote.  Returns a malloc'd,
   NUL-terminated copy and its length, or NULL on error.  */
static char *
parse_string_raw (struct parser *p, size_t *len_out)
{
  struct buf b = { NULL, 0, 0 };
  size_t start = p->pos;
  p->pos++;                     /* opening quote */
  if (!buf_put (&b, "", 0))
    goto oom;
  for (;;)
    {
      int c = peek (p);
      if (c < 0)
        {
          fail_at (p, start, "unterminated string");
          goto fail;
        }
      if (c == '"')
        {
          p->pos++;
          break;
        }
      if (c < 0x20)
        {
          char cb[16];
          fail_at (p, p->pos, "control character %s in string",
                   describe_char (c, cb));
          goto fail;
        }
      if (c != '\\')
        {
          /* Copy a run of plain bytes at once.  */
          size_t run = p->pos;
          while (run < p->len)
            {
              unsigned char r = (unsigned char) p->text[run];
              if (r == '"' || r == '\\' || r < 0x20)
                break;
              run++;
            }
          if (!buf_put (&b, p->text + p->pos, run - p->pos))
            goto oom;
          p->pos = run;
          continue;
        }
      size_t esc = p->pos;
      p->pos++;
      c = peek (p);
      char ch;
      switch (c)
        {
        case '"': ch = '"'; break;
        case '\\': ch = '\\'; break;
        case '/': ch = '/'; break;
        case 'b': ch = '\b'; break;
        case 'f': ch = '\f'; break;
        case 'n': ch = '\n'; break;
        case 'r': ch = '\r'; break;
        case 't': ch = '\t'; break;
        case 'u':
          {
            p->pos++;
            unsigned cp;
            if (!hex4 (p, &cp))
              goto fail;
            if (cp >= 0xdc00 && cp <= 0xdfff)
              {
                fail_at (p, esc, "unpaired low surrogate \\u%04X", cp);
                goto fail;
              }
            if (cp >= 0xd800 && cp <= 0xdbff)
              {
                unsigned lo;
                if (p->pos + 1 >= p->len || p->text[p->pos] != '\\'
                    || p->text[p->pos + 1] != 'u')
                  {
                    fail_at (p, esc, "unpaired high surrogate \\u%04X", cp);
                    goto fail;
                  }
                p->pos += 2;
                if (!hex4 (p, &lo))
                  goto fail;
                if (lo < 0xdc00 || lo > 0xdfff)
                  {
                    fail_at (p, esc, "high surrogate \\u%04X not followed "
                             "by a low surrogate", cp);
                    goto fail;
                  }
                cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
              }
            char u[4];
            size_t n = utf8_encode (cp, u);
            if (!buf_put (&b, u, n))
              goto oom;
            continue;
          }
        default:
          {
            char cb[16];
            fail_at (p, esc, "bad escape \\%s",
                     c < 0 ? "at end of input" : describe_char (c, cb));
            goto fail;
          }
        }
      p->pos++;
      if (!buf_put (&b, &ch, 1))
        goto oom;
    }
  *len_out = b.len;
  return b.data;

oom:
  fail_at (p, p->pos, "out of memory");
fail:
  free (b.data);
  return NULL;
}

static struct ph_json_value *
parse_number (struct parser *p)
{
  size_t start = p->pos;
  size_t i = p->pos;
  int neg = 0, is_integer = 1;
  if (i < p->len && p->text[i] == '-')
    {
      neg = 1;
      i++;
    }
  if (i >= p->len || p->text[i] < '0' || p->text[i] > '9')
    {
      fail_at (p, i, "expected a digit");
      return NULL;
    }
  if (p->text[i] == '0' && i + 1 < p->len && p->text[i + 1] >= '0'
      && p->text[i + 1] <= '9')
    {
      fail_at (p, i, "leading zero in number");
      return NULL;
    }
  size_t int_start = i;
  while (i < p->len && p->text[i] >= '0' && p->text[i] <= '9')
    i++;
  size_t int_end = i;
  if (i < p->len && p->text[i] == '.')
    {
      is_integer = 0;
      i++;
      if (i >= p->len || p->text[i] < '0' || p->text[i] > '9')
        {
          fail_at (p, i, "expected a digit after '.'");
          return NULL;
        }
      while (i < p->len && p->text[i] >= '0' && p->text[i] <= '9')
        i++;
    }
  if (i < p->len && (p->text[i] == 'e' || p->text[i] == 'E'))
    {
      is_integer = 0;
      i++;
      if (i < p->len && (p->text[i] == '+' || p->text[i] == '-'))
        i++;
      if (i >= p->len || p->text[i] < '0' || p->text[i] > '9')
        {
          fail_at (p, i, "expected a digit in exponent");
          return NULL;
        }
      while (i < p->len && p->text[i] >= '0' && p->text[i] <= '9')
        i++;
    }

  struct ph_json_value *v = new_value (p, PH_JSON_NUMBER);
  if (v == NULL)
    return NULL;
  struct ph_json_number *num = &v->u.number;
  num->is_integer = is_integer;

  if (is_integer)
    {
      /* Exact magnitude, with overflow detection.  */
      uint64_t mag = 0;
      int overflow = 0;
      for (size_t k = int_start; k < int_end; k++)
        {
          unsigned d = (unsigned) (p->text[k] - '0');
          if (mag > (UINT64_MAX - d) / 10)
            {
              overflow = 1;
              break;
            }
          mag = mag * 10 + d;
        }
      if (!overflow)
        {
          if (!neg)
            {
              num->is_uint64 = 1;
              num->u = mag;
              if (mag <= (uint64_t) INT64_MAX)
                {
                  num->is_int64 = 1;
                  num->i = (int64_t) mag;
                }
            }
          else if (mag <= (uint64_t) INT64_MAX + 1)
            {
              num->is_int64 = 1;
              num->i = mag == (uint64_t) INT64_MAX + 1
                ? INT64_MIN : -(int64_t) mag;
              if (mag == 0)
                {
                  num->is_uint64 = 1;
                  num->u = 0;
                }
            }
        }
    }

  /* The double: strtod on a bounded copy (the input need not be
     NUL-terminated).  The syntax was checked above, so strtod consumes
     exactly this text; numbers never contain a locale's decimal comma.  */
  size_t n = i - start;
  char small[64];
  char *copy = n < sizeof small ? small : malloc (n + 1);
  if (copy == NULL)
    {
      free (v);
      fail_at (p, start, "out of memory");
      return NULL;
    }
  memcpy (copy, p->text + start, n);
  copy[n] = '\0';
  num->d = strtod (copy, NULL);
  if (copy != small)
    free (copy);
  p->pos = i;
  return v;
}

static struct ph_json_value *parse_value (struct parser *p);

static int
expect_literal (struct parser *p, const char *lit)
{
  size_t n = strlen (lit);
  if (p->len - p->pos < n || memcmp (p->text + p->pos, lit, n) != 0)
    {
      fail_at (p, p->pos, "invalid literal (expected '%s')", lit);
      return 0;
    }
  p->pos += n;
  return 1;
}

/* After an item of an array or object: ',' (0, another item follows),
   CLOSE (1, the container ends) or an error (-1).  */
static int
after_item (struct parser *p, int close, const char *what)
{
  skip_ws (p);
  int c = peek (p);
  if (c == ',' || c == close)
    {
      p->pos++;
      return c == close;
    }
  char cb[16];
  fail_at (p, p->pos, "expected ',' or '%c' in %s, found %s", close, what,
           describe_char (c, cb));
  return -1;
}

static struct ph_json_value *
parse_array (struct parser *p)
{
  struct ph_json_value *v = new_value (p, PH_JSON_ARRAY);
  if (v == NULL)
    return NULL;
  size_t cap = 0;
  p->pos++;                     /* '[' */
  skip_ws (p);
  if (peek (p) == ']')
    {
      p->pos++;
      return v;
    }
  for (;;)
    {
      skip_ws (p);
      struct ph_json_value *item = parse_value (p);
      if (item == NULL)
        goto fail;
      if (v->u.array.count == cap)
        {
          size_t ncap = cap ? cap * 2 : 8;
          struct ph_json_value **items = NULL;
          if (ncap <= SIZE_MAX / sizeof *items / 2)
            items = realloc (v->u.array.items, ncap * sizeof *items);
          if (items == NULL)
            {
              ph_json_free (item);
              fail_at (p, p->pos, "out of memory");
              goto fail;
            }
          v->u.array.items = items;
          cap = ncap;
        }
      v->u.array.items[v->u.array.count++] = item;
      int next = after_item (p, ']', "array");
      if (next == 0)
        continue;
      if (next > 0)
        return v;
      goto fail;
    }
fail:
  ph_json_free (v);
  return NULL;
}

static struct ph_json_value *
parse_object (struct parser *p)
{
  struct ph_json_value *v = new_value (p, PH_JSON_OBJECT);
  if (v == NULL)
    return NULL;
  size_t cap = 0;
  p->pos++;                     /* '{' */
  skip_ws (p);
  if (peek (p) == '}')
    {
      p->pos++;
      return v;
    }
  for (;;)
    {
      skip_ws (p);
      int c = peek (p);
      if (c != '"')
        {
          char cb[16];
          fail_at (p, p->pos, "expected a string key in object, found %s",
                   describe_char (c, cb));
          goto fail;
        }
      size_t klen;
      char *key = parse_string_raw (p, &klen);
      if (key == NULL)
        goto fail;
      skip_ws (p);
      c = peek (p);
      if (c != ':')
        {
          char cb[16];
          fail_at (p, p->pos, "expected ':' after key, found %s",
                   describe_char (c, cb));
          free (key);
          goto fail;
        }
      p->pos++;
      skip_ws (p);
      struct ph_json_value *val = parse_value (p);
      if (val == NULL)
        {
          free (key);
          goto fail;
        }
      if (v->u.object.count == cap)
        {
          size_t ncap = cap ? cap * 2 : 8;
          struct ph_json_member *m = NULL;
          if (ncap <= SIZE_MAX / sizeof *m / 2)
            m = realloc (v->u.object.members, ncap * sizeof *m);
          if (m == NULL)
            {
              free (key);
              ph_json_free (val);
              fail_at (p, p->pos, "out of memory");
              goto fail;
            }
          v->u.object.members = m;
          cap = ncap;
        }
      struct ph_json_member *m = &v->u.object.members[v->u.object.count++];
      m->key = key;
      m->key_len = klen;
      m->value = val;
      int next = after_item (p, '}', "object");
      if (next == 0)
        continue;
      if (next > 0)
        return v;
      goto fail;
    }
fail:
  ph_json_free (v);
  return NULL;
}

static struct ph_json_value *
parse_value (struct parser *p)
{
  skip_ws (p);
  int c = peek (p);
  struct ph_json_value *v;
  switch (c)
    {
    case '{':
    case '[':
      if (p->depth >= PH_JSON_MAX_DEPTH)
        {
          fail_at (p, p->pos, "nesting deeper than %d", PH_JSON_MAX_DEPTH);
          return NULL;
        }
      p->depth++;
      v = c == '{' ? parse_object (p) : parse_array (p);
      p->depth--;
      return v;
    case '"':
      {
        size_t len;
        char *s = parse_string_raw (p, &len);
        if (s == NULL)
          return NULL;
        v = new_value (p, PH_JSON_STRING);
        if (v == NULL)
          {
            free (s);
            return NULL;
          }
        v->u.string.s = s;
        v->u.string.len = len;
        return v;
      }
    case 't':
    case 'f':
      if (!expect_literal (p, c == 't' ? "true" : "false"))
        return NULL;
      v = new_value (p, PH_JSON_BOOL);
      if (v)
        v->u.boolean = c == 't';
      return v;
    case 'n':
      if (!expect_literal (p, "null"))
        return NULL;
      return new_value (p, PH_JSON_NULL);
    default:
      if (c == '-' || (c >= '0' && c <= '9'))
        return parse_number (p);
      {
        char cb[16];
        fail_at (p, p->pos, "unexpected %s", describe_char (c, cb));
      }
      return NULL;
    }
}

struct ph_json_value *
ph_json_parse (const char *text, size_t len, char *err, size_t errsize)
{
  struct parser p;
  memset (&p, 0, sizeof p);
  p.text = text;
  p.len = text ? len : 0;
  p.line = 1;
  p.err = err;
  p.errsize = errsize;
  if (err && errsize)
    err[0] = '\0';
  struct ph_json_value *v = parse_value (&p);
  if (v == NULL)
    {
      if (!p.failed)
        fail_at (&p, p.pos, "invalid JSON");
      return NULL;
    }
  skip_ws (&p);
  if (p.pos < p.len)
    {
      char cb[16];
      fail_at (&p, p.pos, "trailing %s after the value",
               describe_char (peek (&p), cb));
      ph_json_free (v);
      return NULL;
    }
  return v;
}

void
ph_json_free (struct ph_json_value *v)
{
  /* Recursion depth is bounded by PH_JSON_MAX_DEPTH.  */
  if (v == NULL)
    return;
  switch (v->kind)
    {
    case PH_JSON_STRING:
      free (v->u.string.s);
      break;
    case PH_JSON_ARRAY:
      for (size_t i = 0; i < v->u.array.count; i++)
        ph_json_free (v->u.array.items[i]);
      free (v->u.array.items);
      break;
    case PH_JSON_OBJECT:
      for (size_t i = 0; i < v->u.object.count; i++)
        {
          free (v->u.object.members[i].key);
          ph_json_free (v->u.object.members[i].value);
        }
      free (v->u.object.members);
      break;
    default:
      break;
    }
  free (v);
}

const struct ph_json_value *
ph_json_get (const struct ph_json_value *obj, const char *key)
{
  if (obj == NULL || obj->kind != PH_JSON_OBJECT || key == NULL)
    return NULL;
  size_t klen = strlen (key);
  const struct ph_json_value *found = NULL;
  for (size_t i = 0; i < obj->u.object.count; i++)
    {
      const struct ph_json_member *m = &obj->u.object.members[i];
      if (m->key_len == klen && memcmp (m->key, key, klen) == 0)
        found = m->value;
    }
  return found;
}

int
ph_json_get_string (const struct ph_json_value *obj, const char *key,
                 const char **out)
{
  const struct ph_json_value *v = ph_json_get (obj, key);
  if (v == NULL || v->kind != PH_JSON_STRING)
    return 0;
  /* As a C string a "\u0000" would cut it short, and a name would
     silently become another: not a string of this kind.  */
  if (memchr (v->u.string.s, '\0', v->u.string.len))
    return 0;
  *out = v->u.string.s;
  return 1;
}

int
ph_json_get_uint (const struct ph_json_value *obj, const char *key, uint64_t *out)
{
  const struct ph_json_value *v = ph_json_get (obj, key);
  if (v == NULL || v->kind != PH_JSON_NUMBER || !v->u.number.is_uint64)
    return 0;
  *out = v->u.number.u;
  return 1;
}

int
ph_json_get_bool (const struct ph_json_value *obj, const char *key, int *out)
{
  const struct ph_json_value *v = ph_json_get (obj, key);
  if (v == NULL || v->kind != PH_JSON_BOOL)
    return 0;
  *out = v->u.boolean;
  return 1;
}

const char *
ph_json_kind_name (enum ph_json_kind k)
{
  switch (k)
    {
    case PH_JSON_NULL: return "null";
    case PH_JSON_BOOL: return "boolean";
    case PH_JSON_NUMBER: return "number";
    case PH_JSON_STRING: return "string";
    case PH_JSON_ARRAY: return "array";
    case PH_JSON_OBJECT: return "object";
    }
  return "?";
}
