/* objects.c - ph-initgen's objects: the scalar leaves an initializer
   sets, in C's order (walk), their values, which union member is
   active (make_obj).
   Copyright (C) 2026 The pokehole authors.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include "initgen.h"

/* ------------------------------------------------------------------ */
/* Objects: the scalar leaves an initializer sets, in C's order.        */

int
is_zero (const struct leaf *l)
{
  return scal[l->sc].uns ? l->v.u == 0 : l->v.s == 0;
}

int
under (const struct leaf *l, const struct step *p, int n)
{
  if (l->nst < n)
    return 0;
  for (int i = 0; i < n; i++)
    if (l->st[i].agg != p[i].agg || l->st[i].idx != p[i].idx)
      return 0;
  return 1;
}

/* The union at P: the member its initializer makes active, or -1.  */
int
active_of (const struct obj *o, const struct step *p, int n)
{
  for (int i = 0; i < o->nu; i++)
    {
      int k = 0;
      if (o->ua[i].nst != n)
        continue;
      while (k < n && o->ua[i].st[k].agg == p[k].agg
             && o->ua[i].st[k].idx == p[k].idx)
        k++;
      if (k == n)
        return (int) o->ua[i].active;
    }
  return -1;
}

static struct step walk_st[MAXD];
int force_first_member;  /* no designators: unions take their first */

static void walk (struct obj *o, struct ty *t, int n, int bits);

static void
add_leaf (struct obj *o, struct ty *t, int n, int bits)
{
  o->lv = xrealloc (o->lv, (o->nl + 1) * sizeof *o->lv);
  struct leaf *l = &o->lv[o->nl++];
  memset (l, 0, sizeof *l);
  memcpy (l->st, walk_st, n * sizeof *walk_st);
  l->nst = n;
  l->sc = t->sc;
  l->bits = bits;
}

static void
walk (struct obj *o, struct ty *t, int n, int bits)
{
  if (n >= MAXD)
    {
      fprintf (stderr, "ph-initgen: types nested too deep\n");
      exit (2);
    }
  if (t->k == K_SC)
    {
      add_leaf (o, t, n, bits);
      return;
    }
  if (t->k == K_ARR)
    {
      for (unsigned i = 0; i < t->n; i++)
        {
          walk_st[n].agg = t;
          walk_st[n].idx = i;
          walk (o, t->elem, n + 1, -1);
        }
      return;
    }
  if (t->uni)
    {
      int first = first_init (t);
      unsigned act = (unsigned) first;
      if (!force_first_member && chance (45))
        {
          unsigned cand[64], nc = 0;
          for (unsigned i = 0; i < t->nm && nc < 64; i++)
            if (initializable (&t->m[i]))
              cand[nc++] = i;
          act = cand[rnd (nc)];
        }
      o->ua = xrealloc (o->ua, (o->nu + 1) * sizeof *o->ua);
      struct uact *u = &o->ua[o->nu++];
      memcpy (u->st, walk_st, n * sizeof *walk_st);
      u->nst = n;
      u->active = act;
      walk_st[n].agg = t;
      walk_st[n].idx = act;
      walk (o, t->m[act].t, n + 1, t->m[act].bits);
      return;
    }
  for (unsigned i = 0; i < t->nm; i++)
    if (initializable (&t->m[i]))
      {
        walk_st[n].agg = t;
        walk_st[n].idx = i;
        walk (o, t->m[i].t, n + 1, t->m[i].bits);
      }
}
/* Values.  */
int vmac[NVMAC];         /* V0.. */

static void
range_of (const struct leaf *l, long long *lo, unsigned long long *hi)
{
  int bits = l->bits >= 0 ? l->bits : scal[l->sc].bits;
  if (scal[l->sc].uns)
    {
      *lo = 0;
      *hi = bits >= 64 ? UINT64_MAX : (1ULL << bits) - 1;
    }
  else
    {
      *lo = bits >= 64 ? INT64_MIN : -(1LL << (bits - 1));
      *hi = bits >= 64 ? (unsigned long long) INT64_MAX
                       : (unsigned long long) ((1LL << (bits - 1)) - 1);
    }
}

static void
pick_value (struct leaf *l)
{
  memset (&l->v, 0, sizeof l->v);
  if (l->sc == S_STR)
    {
      l->v.s = chance (25) ? 0 : 1 + rnd (9);
      return;
    }
  if (l->sc == S_FLOAT)
    {
      l->v.s = chance (15) ? 0 : (long long) rnd (801) - 400;
      return;
    }
  if (l->sc == S_DOUBLE)
    {
      l->v.s = chance (15) ? 0 : (long long) rnd (8001) - 4000;
      return;
    }
  long long lo;
  unsigned long long hi;
  range_of (l, &lo, &hi);
  unsigned r = rnd (100);
  if (scal[l->sc].uns)
    {
      unsigned long long u;
      if (r < 12)
        u = 0;
      else if (r < 20)
        u = hi;
      else if (r < 28)
        u = (unsigned long long) vmac[rnd (NVMAC)];
      else if (r < 35 && scal[l->sc].charlike)
        u = "azAZ09q"[rnd (7)];
      else
        u = 1 + rnd (200);
      if (u > hi)
        u = hi ? 1 + u % hi : 0;
      if (u > hi)
        u = hi;
      l->v.u = u;
    }
  else
    {
      long long s;
      if (r < 12)
        s = 0;
      else if (r < 17)
        s = lo;
      else if (r < 22)
        s = (long long) hi;
      else if (r < 30)
        s = vmac[rnd (NVMAC)];
      else if (r < 36 && scal[l->sc].charlike)
        s = "azAZ09q"[rnd (7)];
      else
        s = (long long) rnd (201) - 100;
      if (s < lo || (s > 0 && (unsigned long long) s > hi))
        s = s < 0 ? lo : (long long) hi;
      l->v.s = s;
    }
}

int
printable (long long c)
{
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
         || (c >= '0' && c <= '9');
}

/* Builds the leaves of an object of T and decides which get a value.  */
void
make_obj (struct obj *o, struct ty *t, unsigned pct)
{
  memset (o, 0, sizeof *o);
  o->t = t;
  walk (o, t, 0, -1);
  for (int i = 0; i < o->nl; i++)
    {
      struct leaf *l = &o->lv[i];
      /* A char array in string mode: a prefix of letters, then zeros.  */
      const struct step *last = &l->st[l->nst - 1];
      if (last->agg->k == K_ARR && last->idx == 0 && char_array (last->agg)
          && on (F_STRING) && chance (55))
        {
          unsigned n = last->agg->n;
          unsigned len = chance (15) ? n : rnd (n + 1);
          for (unsigned k = 0; k < n; k++)
            {
              struct leaf *c = &o->lv[i + k];
              memset (&c->v, 0, sizeof c->v);
              c->set = k < len;
              if (k < len)
                {
                  int ch = "abcdefghijkXYZ019"[rnd (17)];
                  if (scal[c->sc].uns)
                    c->v.u = (unsigned) ch;
                  else
                    c->v.s = ch;
                }
            }
          i += (int) n - 1;
          continue;
        }
      l->set = chance (pct);
      if (l->set)
        pick_value (l);
    }
  /* A union whose active member is not its first must get an element,
     or its first member would be the one initialized.  */
  for (int u = 0; u < o->nu; u++)
    {
      struct uact *a = &o->ua[u];
      struct step p[MAXD];
      memcpy (p, a->st, a->nst * sizeof *p);
      /* The union's type: from any leaf under it.  */
      struct ty *ut = NULL;
      for (int i = 0; i < o->nl && !ut; i++)
        if (under (&o->lv[i], p, a->nst))
          ut = o->lv[i].st[a->nst].agg;
      if (ut == NULL || (int) a->active == first_init (ut))
        continue;
      p[a->nst].agg = ut;
      p[a->nst].idx = a->active;
      int have = 0, first = -1;
      for (int i = 0; i < o->nl; i++)
        if (under (&o->lv[i], p, a->nst + 1))
          {
            have |= o->lv[i].set;
            if (first < 0)
              first = i;
          }
      if (!have && first >= 0)
        {
          o->lv[first].set = 1;
          if (chance (50))
            pick_value (&o->lv[first]);
          else
            memset (&o->lv[first].v, 0, sizeof o->lv[first].v);
        }
    }
}

void
free_obj (struct obj *o)
{
  free (o->lv);
  free (o->ua);
  memset (o, 0, sizeof *o);
}
