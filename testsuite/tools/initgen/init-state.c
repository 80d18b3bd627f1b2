/* init-state.c - where an initializer being written stands: the stack
   of braced lists and of the subobjects they are at (C's rules for
   advancing through them), what the elements so far have set.
   Copyright (C) 2026 The pokehole authors.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include "initgen.h"

/* ------------------------------------------------------------------ */
/* Initializers.                                                        */

unsigned st_lists, st_pos, st_desig, st_elided, st_fillers,
  st_strings, st_compound, st_objects, st_inits, st_macros, st_vars,
  st_casts, st_refuse;

struct sb refusals;

/* The type of the current subobject of level L.  */
struct ty *
sub_type (const struct lvl *l)
{
  if (l->t->k == K_ARR)
    return l->t->elem;
  return l->t->m[l->idx].t;
}

int
adv (struct lvl *l)
{
  struct ty *t = l->t;
  if (t->k == K_ARR)
    {
      l->idx++;
      return (unsigned) l->idx < t->n;
    }
  if (t->uni && l->idx >= 0)
    return 0;
  for (unsigned i = (unsigned) (l->idx + 1); i < t->nm; i++)
    if (initializable (&t->m[i]))
      {
        l->idx = (int) i;
        return 1;
      }
  return 0;
}

/* The next subobject by position; false when the list is used up.  */
int
adv_stack (struct lst *L)
{
  for (;;)
    {
      if (adv (&L->st[L->ns - 1]))
        return 1;
      if (!L->st[L->ns - 1].implicit || L->ns == 1)
        return 0;
      if (L->st[L->ns - 1].desig)
        {
          L->str_unsafe = 1;
          if (L->st[L->ns - 1].t->k == K_REC && !L->st[L->ns - 1].t->uni)
            L->popped_rec = 1;
        }
      L->ns--;
    }
}

int
cur_path (const struct lst *L, struct step *p)
{
  memcpy (p, L->base, L->nbase * sizeof *p);
  int n = L->nbase;
  for (int i = 0; i < L->ns; i++)
    {
      p[n].agg = L->st[i].t;
      p[n].idx = (unsigned) L->st[i].idx;
      n++;
    }
  return n;
}

/* Every union on the path is at its active member.  */
int
unions_ok (const struct obj *o, const struct step *p, int n)
{
  for (int i = 0; i < n; i++)
    if (p[i].agg->k == K_REC && p[i].agg->uni
        && active_of (o, p, i) != (int) p[i].idx)
      return 0;
  return 1;
}

static int
ord_of (const struct obj *o, const struct leaf *l)
{
  return (int) (l - o->lv);
}

/* S (P, N) is before leaf T: every leaf of it comes first.  */
int
before (const struct obj *o, const struct step *p, int n, const struct leaf *t)
{
  for (int i = 0; i < o->nl; i++)
    if (under (&o->lv[i], p, n) && i >= ord_of (o, t))
      return 0;
  return 1;
}

int
touched (const struct obj *o, const struct step *p, int n)
{
  for (int i = 0; i < o->nl; i++)
    if (under (&o->lv[i], p, n) && o->lv[i].consumed)
      return 1;
  return 0;
}

/* A zero filler may initialize S: nothing of it initialized yet, no
   value but zero wanted, every union in it at its first member.  */
int
fillable (const struct obj *o, const struct step *p, int n)
{
  for (int i = 0; i < o->nl; i++)
    if (under (&o->lv[i], p, n)
        && (o->lv[i].consumed || (o->lv[i].set && !is_zero (&o->lv[i]))))
      return 0;
  for (int i = 0; i < o->nu; i++)
    {
      const struct uact *a = &o->ua[i];
      if (a->nst < n)
        continue;
      int in = 1;
      for (int k = 0; k < n && in; k++)
        in = a->st[k].agg == p[k].agg && a->st[k].idx == p[k].idx;
      if (!in)
        continue;
      struct ty *ut = NULL;
      for (int k = 0; k < o->nl && !ut; k++)
        if (under (&o->lv[k], a->st, a->nst))
          ut = o->lv[k].st[a->nst].agg;
      if (ut && (int) a->active != first_init (ut))
        return 0;
    }
  return 1;
}

void
consume_under (struct obj *o, const struct step *p, int n)
{
  for (int i = 0; i < o->nl; i++)
    if (under (&o->lv[i], p, n))
      o->lv[i].consumed = 1;
}
