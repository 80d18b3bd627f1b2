/* util.c - ph-probe's errors (die: a message and status 2), allocation,
   whole files read, and the exit status of a mode.
   Copyright (C) 2026 The pokehole authors.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include "probe.h"

const char *progname = "ph-probe";

void
die (const char *fmt, ...)
{
  va_list ap;
  fprintf (stderr, "%s: ", progname);
  va_start (ap, fmt);
  vfprintf (stderr, fmt, ap);
  va_end (ap);
  fputc ('\n', stderr);
  exit (2);
}

void *
xmalloc (size_t n)
{
  void *p = malloc (n ? n : 1);
  if (p == NULL)
    die ("out of memory");
  return p;
}

void *
xrealloc (void *p, size_t n)
{
  p = realloc (p, n ? n : 1);
  if (p == NULL)
    die ("out of memory");
  return p;
}

char *
xstrdup (const char *s)
{
  size_t n = strlen (s);
  char *d = xmalloc (n + 1);
  memcpy (d, s, n + 1);
  return d;
}

char *
xasprintf (const char *fmt, ...)
{
  va_list ap, ap2;
  va_start (ap, fmt);
  va_copy (ap2, ap);
  int n = vsnprintf (NULL, 0, fmt, ap);
  va_end (ap);
  if (n < 0)
    die ("formatting failed");
  char *s = xmalloc ((size_t) n + 1);
  vsnprintf (s, (size_t) n + 1, fmt, ap2);
  va_end (ap2);
  return s;
}

/* Read a whole file; NUL-terminated, length in *LEN.  */
char *
read_file (const char *path, size_t *len)
{
  FILE *f = fopen (path, "rb");
  if (f == NULL)
    die ("cannot open %s: %s", path, strerror (errno));
  size_t cap = 4096, n = 0;
  char *buf = xmalloc (cap);
  for (;;)
    {
      if (cap - n < 2)
        {
          if (cap > SIZE_MAX / 2)
            die ("%s: too large", path);
          cap *= 2;
          buf = xrealloc (buf, cap);
        }
      size_t got = fread (buf + n, 1, cap - n - 1, f);
      n += got;
      if (got == 0)
        break;
    }
  if (ferror (f))
    die ("cannot read %s", path);
  fclose (f);
  buf[n] = '\0';
  *len = n;
  return buf;
}

/* Flushes stdout; the exit status of a mode that read N types from
   PATH (1: none).  */
int
finish_output (const char *path, size_t n)
{
  if (fflush (stdout) != 0 || ferror (stdout))
    die ("write error");
  if (n == 0)
    {
      fprintf (stderr, "%s: %s: no types\n", progname, path);
      return 1;
    }
  return 0;
}
