/* util.c - ph-allocgen's allocation (a failure ends the program),
   growing strings (struct sb) and files.
   Copyright (C) 2026 The pokehole authors.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include "allocgen.h"

void *
xmalloc (size_t n)
{
  void *p = calloc (1, n ? n : 1);
  if (p == NULL)
    {
      fprintf (stderr, "ph-allocgen: out of memory\n");
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
      fprintf (stderr, "ph-allocgen: out of memory\n");
      exit (2);
    }
  return p;
}

void
sb_add (struct sb *b, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  int len = vsnprintf (NULL, 0, fmt, ap);
  va_end (ap);
  if (len < 0)
    exit (2);
  if (b->n + (size_t) len + 1 > b->cap)
    {
      b->cap = (b->n + (size_t) len + 1) * 2;
      b->s = xrealloc (b->s, b->cap);
    }
  va_start (ap, fmt);
  vsnprintf (b->s + b->n, (size_t) len + 1, fmt, ap);
  va_end (ap);
  b->n += (size_t) len;
}

const char *
sb_str (const struct sb *b)
{
  return b->s ? b->s : "";
}

/* The line the next text added to B starts on: what a site written now
   is reported at.  Counted each time rather than kept, so that no
   writer can forget to count a newline.  */
unsigned
sb_line (const struct sb *b)
{
  unsigned line = 1;
  for (size_t i = 0; i < b->n; i++)
    line += b->s[i] == '\n';
  return line;
}

void
sb_free (struct sb *b)
{
  free (b->s);
  b->s = NULL;
  b->n = b->cap = 0;
}

void
write_file (const char *dir, const char *name, const char *text)
{
  char path[4096];
  snprintf (path, sizeof path, "%s/%s", dir, name);
  FILE *f = fopen (path, "w");
  if (f == NULL || fputs (text, f) == EOF || fclose (f) != 0)
    {
      perror (path);
      exit (2);
    }
}
