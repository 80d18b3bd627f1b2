/* expect.c - what ph-accessgen knows of a unit's accesses, summed as it
   writes them, and the lines of the file "expected" that say it in the
   form the test turns the plugin's records into (accessgen.exp):

     unit FILE LANG
     type MODE UNIT TYPE weights=W line=L locks=A,B atomics=C
     fn MODE UNIT TYPE FN line=L cold=0|1 locks=A threads=main
     acc MODE UNIT TYPE FN PATH s=SITES r=R w=W cr=CR cw=CW ar=AR aw=AW

   MODE is O0 (-O0: each access weighs 1), prof (-O2 -fprofile-use: the
   executions of the profiled run) or est (-O2: GCC's estimate, of
   which only whether each weight is 0 or not, "0" or "+").  A type
   line for each type the unit's functions touch, a fn line for each
   function and type it touches, an acc line for each member path;
   lists sorted, "-" when empty; FN without its return type and
   parameters (f3, T1::get7).
   Copyright (C) 2026 The pokehole authors.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include "accessgen.h"

const char *const mode_names[NMODES] = { "O0", "prof", "est" };
static const char *const weights_names[NMODES] = { "none", "profile",
                                                   "estimate" };

struct fn fns[MAXFN];
unsigned nfns;

struct row {
  unsigned mode;
  int fn, type;
  char path[200];
  unsigned long s, r, w, cr, cw, ar, aw;
};
static struct row *rows;
static unsigned nrows, caprows;

/* The locks each function takes, per mode and type.  */
struct lockrow {
  unsigned mode;
  int fn, type;
  char path[200];
};
static struct lockrow *lockrows;
static unsigned nlockrows, caplockrows;

struct stat {
  const char *what;
  unsigned n;
};
static struct stat stats[128];
static unsigned nstats;

static void *
grow (void *v, unsigned n, unsigned *cap, size_t size)
{
  if (n < *cap)
    return v;
  *cap = *cap ? *cap * 2 : 64;
  return xrealloc (v, *cap * size);
}

void
expect_reset (void)
{
  nrows = nlockrows = nfns = nstats = 0;
}

int
fn_new (const char *name, int cold)
{
  if (nfns == MAXFN)
    {
      fprintf (stderr, "ph-accessgen: too many functions\n");
      exit (2);
    }
  struct fn *f = &fns[nfns];
  memset (f, 0, sizeof *f);
  snprintf (f->name, sizeof f->name, "%s", name);
  f->cold = cold;
  return (int) nfns++;
}

static struct row *
row_of (unsigned mode, int fn, int type, const char *path)
{
  for (unsigned i = 0; i < nrows; i++)
    if (rows[i].mode == mode && rows[i].fn == fn && rows[i].type == type
        && strcmp (rows[i].path, path) == 0)
      return &rows[i];
  rows = grow (rows, nrows, &caprows, sizeof *rows);
  struct row *r = &rows[nrows++];
  memset (r, 0, sizeof *r);
  r->mode = mode;
  r->fn = fn;
  r->type = type;
  snprintf (r->path, sizeof r->path, "%s", path);
  return r;
}

static void
lock_add (unsigned mode, int fn, int type, const char *path)
{
  for (unsigned i = 0; i < nlockrows; i++)
    if (lockrows[i].mode == mode && lockrows[i].fn == fn
        && lockrows[i].type == type && strcmp (lockrows[i].path, path) == 0)
      return;
  lockrows = grow (lockrows, nlockrows, &caplockrows, sizeof *lockrows);
  struct lockrow *l = &lockrows[nlockrows++];
  l->mode = mode;
  l->fn = fn;
  l->type = type;
  snprintf (l->path, sizeof l->path, "%s", path);
}

void
access_add (int fn, const struct leaf *l, unsigned ops, unsigned modes,
            int cold, unsigned long weight)
{
  for (unsigned m = 0; m < NMODES; m++)
    {
      if (!(modes & (1u << m)))
        continue;
      /* -O0 weighs each access 1; of the estimate only whether a
         weight is 0 is checked, and none is.  */
      unsigned long w = m == 1 ? weight : 1;
      for (unsigned i = 0; i < l->nc; i++)
        {
          struct row *r = row_of (m, fn, l->c[i].type, l->c[i].path);
          r->s++;
          if (ops & A_R)
            *(cold ? &r->cr : &r->r) += w;
          if (ops & A_W)
            *(cold ? &r->cw : &r->w) += w;
          if ((ops & A_ATOMIC) && (ops & A_R))
            r->ar += w;
          if ((ops & A_ATOMIC) && (ops & A_W))
            r->aw += w;
          if (ops & A_LOCK)
            lock_add (m, fn, l->c[i].type, l->c[i].path);
        }
    }
}

void
stat_count (const char *what)
{
  for (unsigned i = 0; i < nstats; i++)
    if (strcmp (stats[i].what, what) == 0)
      {
        stats[i].n++;
        return;
      }
  if (nstats < sizeof stats / sizeof stats[0])
    stats[nstats++] = (struct stat) { what, 1 };
}

static int
cmp_str (const void *a, const void *b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

/* V[0..N) sorted and joined by commas, "-" when N is 0.  */
static void
add_list (struct sb *out, const char *key, const char **v, unsigned n)
{
  qsort (v, n, sizeof *v, cmp_str);
  sb_add (out, " %s=", key);
  for (unsigned i = 0; i < n; i++)
    sb_add (out, "%s%s", i ? "," : "", v[i]);
  if (n == 0)
    sb_add (out, "-");
}

static void
add_value (struct sb *out, const char *key, unsigned long v, int presence)
{
  if (presence)
    sb_add (out, " %s=%s", key, v ? "+" : "0");
  else
    sb_add (out, " %s=%lu", key, v);
}

void
write_expected (struct sb *out, unsigned long long seed, const char *unit)
{
  const char *v[64];
  sb_add (out, "# ph-accessgen %llu: %s\n", seed, unit);
  sb_add (out, "unit %s %s\n", unit, lang == L_CXX ? "c++" : "c");
  for (unsigned m = 0; m < NMODES; m++)
    {
      for (unsigned t = 0; t < ntypes; t++)
        {
          unsigned i;
          for (i = 0; i < nrows; i++)
            if (rows[i].mode == m && rows[i].type == (int) t)
              break;
          if (i == nrows)
            continue;
          sb_add (out, "type %s %s %s weights=%s line=%u", mode_names[m],
                  unit, types[t].name, weights_names[m], types[t].line);
          add_list (out, "locks", v, type_classed ((int) t, MK_LOCK, v, 64));
          add_list (out, "atomics", v,
                    type_classed ((int) t, MK_ATOMIC, v, 64));
          sb_add (out, "\n");
        }
      for (unsigned f = 0; f < nfns; f++)
        for (unsigned t = 0; t < ntypes; t++)
          {
            int any = 0;
            for (unsigned i = 0; i < nrows; i++)
              {
                const struct row *r = &rows[i];
                if (r->mode != m || r->fn != (int) f || r->type != (int) t)
                  continue;
                if (!any)
                  {
                    unsigned n = 0;
                    for (unsigned k = 0; k < nlockrows && n < 64; k++)
                      if (lockrows[k].mode == m && lockrows[k].fn == (int) f
                          && lockrows[k].type == (int) t)
                        v[n++] = lockrows[k].path;
                    sb_add (out, "fn %s %s %s %s line=%u cold=%d",
                            mode_names[m], unit, types[t].name, fns[f].name,
                            fns[f].line, fns[f].cold);
                    add_list (out, "locks", v, n);
                    sb_add (out, " threads=main\n");
                    any = 1;
                  }
                sb_add (out, "acc %s %s %s %s %s s=%lu", mode_names[m], unit,
                        types[t].name, fns[f].name, r->path, r->s);
                add_value (out, "r", r->r, m == 2);
                add_value (out, "w", r->w, m == 2);
                add_value (out, "cr", r->cr, m == 2);
                add_value (out, "cw", r->cw, m == 2);
                add_value (out, "ar", r->ar, m == 2);
                add_value (out, "aw", r->aw, m == 2);
                sb_add (out, "\n");
              }
          }
    }
}

void
write_stats (struct sb *out, const char *unit)
{
  unsigned sites = 0;
  for (unsigned i = 0; i < nrows; i++)
    if (rows[i].mode == 0)
      sites += rows[i].s;
  sb_add (out, "%s: %u types, %u functions, %u -O0 sites;", unit, ntypes,
          nfns, sites);
  for (unsigned i = 0; i < nstats; i++)
    sb_add (out, " %s %u,", stats[i].what, stats[i].n);
  sb_add (out, "\n");
}
