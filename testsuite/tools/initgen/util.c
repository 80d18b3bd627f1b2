/* util.c - ph-initgen's allocation (a failure ends the program) and
   growing strings (struct sb), the text every step writes into.
   Copyright (C) 2026 The pokehole authors.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include "initgen.h"

void *
xmalloc (size_t n)
{
  void *p = calloc (1, n ? n : 1);
  if (p == NULL)
    {
      fprintf (stderr, "ph-initgen: out of memory\n");
      exit (2);
    }
  return p;
}

void *
xrealloc (void *p, size_t n)
{
  p = realloc (p, n ? n : 1);
  if (p == NULL)
    {
      fprintf (stderr, "ph-initgen: out of memory\n");
      exit (2);
    }
  return p;
}

/* ------------------------------------------------------------------ */
/* Growing strings.                                                     */

static void
sb_addv (struct sb *b, const char *fmt, va_list ap)
{
  va_list aq;
  va_copy (aq, ap);
  int len = vsnprintf (NULL, 0, fmt, aq);
  va_end (aq);
  if (b->n + (size_t) len + 1 > b->cap)
    {
      b->cap = (b->n + (size_t) len + 1) * 2;
      b->s = xrealloc (b->s, b->cap);
    }
  vsnprintf (b->s + b->n, (size_t) len + 1, fmt, ap);
  b->n += (size_t) len;
}

void
sb_add (struct sb *b, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  sb_addv (b, fmt, ap);
  va_end (ap);
}

void
sb_trunc (struct sb *b, size_t n)
{
  if (b->s && n <= b->n)
    {
      b->n = n;
      b->s[n] = '\0';
    }
}

const char *
sb_str (const struct sb *b)
{
  return b->s ? b->s : "";
}

void
sb_free (struct sb *b)
{
  free (b->s);
  b->s = NULL;
  b->n = b->cap = 0;
}
