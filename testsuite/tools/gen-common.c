/* gen-common.c - what the generators share (gen-common.h): the seeded
   random numbers, one generator, so that all draw the same way; the
   allocation, growing strings, command line end and files of
   ph-initgen and ph-allocgen.
   Copyright (C) 2026 The pokehole authors.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include "tool-libc.h"

#include <errno.h>
#include <sys/stat.h>
#include "gen-common.h"

/* splitmix64: small, good enough, and the same everywhere.  */
uint64_t rng_state;

static uint64_t
rng_next (void)
{
  uint64_t z = (rng_state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

unsigned
rnd (unsigned n)
{
  return n ? (unsigned) (rng_next () % n) : 0;
}

int
chance (unsigned pct)
{
  return rnd (100) < pct;
}

/* Fisher-Yates, from the top.  */
void
rnd_perm (int *v, unsigned n)
{
  for (unsigned i = 0; i < n; i++)
    v[i] = (int) i;
  for (unsigned i = n; i > 1; i--)
    {
      unsigned j = rnd (i);
      int x = v[i - 1];
      v[i - 1] = v[j];
      v[j] = x;
    }
}

const char *gen_prog = "generator";

static void
out_of_memory (void)
{
  fprintf (stderr, "%s: out of memory\n", gen_prog);
  exit (2);
}

void *
xmalloc (size_t n)
{
  void *p = calloc (1, n ? n : 1);
  if (p == NULL)
    out_of_memory ();
  return p;
}

void *
xrealloc (void *p, size_t n)
{
  p = realloc (p, n ? n : 1);
  if (p == NULL)
    out_of_memory ();
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

/* Counted each time rather than kept, so that no writer can forget to
   count a newline.  */
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

int
gen_seed_outdir (int argc, char **argv, int argi, const char *options,
                 unsigned long long *seed, const char **outdir)
{
  if (argc - argi != 2)
    {
      fprintf (stderr, "usage: %s %s SEED OUTDIR\n", gen_prog, options);
      return 2;
    }
  char *end;
  *seed = strtoull (argv[argi], &end, 0);
  if (*end != '\0' || !*argv[argi])
    {
      fprintf (stderr, "%s: bad SEED\n", gen_prog);
      return 2;
    }
  *outdir = argv[argi + 1];
  if (mkdir (*outdir, 0777) != 0 && errno != EEXIST)
    {
      perror (*outdir);
      return 2;
    }
  return 0;
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
