/* init-lists.c - ph-initgen's braced lists: the elements chosen one by
   one against the model (element_phase), designators, brace elision,
   and whole initializers (emit_list, initializer).
   Copyright (C) 2026 The pokehole authors.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include "initgen.h"

static void emit_list (struct ectx *c, const struct step *base, int nbase,
                       struct ty *lt, struct sb *out);

/* Brace elision: opens an implicit level for aggregate STY on L and
   moves to its first subobject.  False when L is as deep as it goes or
   STY has nothing to initialize.  */
static int
elide_into (struct lst *L, struct ty *sty)
{
  if (L->ns >= MAXD)
    return 0;
  L->st[L->ns].t = sty;
  L->st[L->ns].idx = -1;
  L->st[L->ns].implicit = 1;
  L->st[L->ns].desig = 0;
  L->ns++;
  return adv (&L->st[L->ns - 1]);
}

/* The element that initializes T from the current subobject of L, with
   zero fillers before it; DESIG goes before the first element.  False
   when it cannot be done from here (the caller restores L).  */
static int
element_phase (struct ectx *c, struct lst *L, struct leaf *t,
               const char *desig)
{
  struct obj *o = c->o;
  int fillers = 0, elided = 0;
  const char *d = desig;
  struct step p[2 * MAXD];
  for (;;)
    {
      int n = cur_path (L, p);
      if (n >= MAXD || !unions_ok (o, p, n))
        return 0;
      struct ty *sty = sub_type (&L->st[L->ns - 1]);
      if (under (t, p, n))
        {
          struct sb v = { 0 };
          if (sty->k == K_SC)
            {
              if (t->sc == S_STR && t->set && t->v.s && L->str_unsafe && !*d)
                return 0;
              if (on (F_BRACES) && !elided && rnd (1000) < 5)
                {
                  sb_add (&v, "{ ");
                  value_text (c, t, 0, &v);
                  sb_add (&v, " }");
                }
              else
                value_text (c, t, elided, &v);
              t->consumed = 1;
              add_elem_s (c, L, d, sb_str (&v), !elided);
              sb_free (&v);
              return 1;
            }
          enum form f = choose_form (c, p, n, sty, elided, *d != 0);
          if (f == FO_NONE)
            return 0;
          if (f == FO_STRING && !(L->str_unsafe && !*d))
            {
              if (string_text (o, p, n, elided, &v))
                {
                  consume_under (o, p, n);
                  add_elem (c, L, d, sb_str (&v));
                  st_strings++;
                  sb_free (&v);
                  return 1;
                }
            }
          if (f == FO_STRING)
            {
              /* Not a string after all: braces or elision, if allowed.  */
              if (!elided && !touched (o, p, n)
                  && (on (F_BRACES) || !on (F_ELISION)))
                f = FO_BRACES;
              else if (on (F_ELISION) && on (F_CHARELIDE)
                       && (on (F_DESIGELIDE) || !*d || elided))
                f = FO_ELIDE;
              else
                {
                  sb_free (&v);
                  return 0;
                }
            }
          if (f == FO_BRACES || f == FO_COMPOUND)
            {
              if (f == FO_COMPOUND)
                {
                  sb_add (&v, "(%s)", named[sty->named].spell);
                  st_compound++;
                  c->in_compound++;
                }
              emit_list (c, p, n, sty, &v);
              if (f == FO_COMPOUND)
                c->in_compound--;
              consume_under (o, p, n);
              add_elem (c, L, d, sb_str (&v));
              sb_free (&v);
              return 1;
            }
          sb_free (&v);
          /* Brace elision: the element goes on into the aggregate.  */
          if (!on (F_ELISION) || !elide_into (L, sty))
            return 0;
          elided = 1;
          st_elided++;
          continue;
        }
      if (!on (F_FILLER) && !force_first_member)
        return 0;
      if ((fillers >= 3 && !force_first_member) || !before (o, p, n, t)
          || !fillable (o, p, n))
        return 0;
      if (sty->k == K_SC)
        add_elem (c, L, d, is_float (sty->sc) ? "0.0" : "0");
      else if (char_array (sty) && !(L->str_unsafe && !*d) && chance (40))
        add_elem (c, L, d, "\"\"");
      else if (!elided && chance (70)
               && (on (F_ANONBRACES) || sty->k != K_REC
                   || p[n - 1].agg->k != K_REC
                   || !anonymous (&p[n - 1].agg->m[p[n - 1].idx])))
        add_elem (c, L, d, chance (50) ? "{0}" : "{ 0 }");
      else if (char_array (sty) && !on (F_CHARELIDE))
        return 0;
      else if (*d && !elided && !on (F_DESIGELIDE))
        return 0;
      else
        {
          /* Brace elision, also for the zeros: a '{' here would open
             the aggregate the element started in.  */
          if (!elide_into (L, sty))
            return 0;
          elided = 1;
          continue;
        }
      st_fillers++;
      consume_under (o, p, n);
      d = "";
      elided = 0;
      fillers++;
      L->popped_rec = 0;
      if (!adv_stack (L) || (!on (F_DESIGPOP) && L->popped_rec))
        return 0;
    }
}

const char *symidx_macro[8] = {
  "N0", "N1", "N2", "N3", "N4", "N5", "N6", "N7",
};

/* The designator of the first K+1 steps of T's path below L's base.  */
static void
designator (struct lst *L, struct leaf *t, int k, struct sb *b, int range)
{
  for (int i = 0; i <= k; i++)
    {
      const struct step *s = &t->st[L->nbase + i];
      if (s->agg->k == K_ARR && range && i == k)
        sb_add (b, "[%u ... %u]", s->idx, s->idx);
      else if (s->agg->k == K_ARR)
        {
          unsigned r = rnd (100);
          if (on (F_SYMIDX) && r < 15 && s->idx < 8)
            sb_add (b, "[%s]", symidx_macro[s->idx]);
          else if (on (F_SYMIDX) && r < 30)
            sb_add (b, "[0x%x]", s->idx);
          else if (r < 40)
            sb_add (b, "[ %u ]", s->idx);
          else
            sb_add (b, "[%u]", s->idx);
        }
      else if (!anonymous (&s->agg->m[s->idx]))
        sb_add (b, "%s.%s", (i && chance (10)) ? " " : "",
                s->agg->m[s->idx].name);
    }
  sb_add (b, chance (85) ? " = " : "= ");
}

/* Designates T through its first K+1 steps and sets L's stack there.  */
static void
set_stack (struct lst *L, struct leaf *t, int k)
{
  L->ns = k + 1;
  for (int i = 0; i <= k; i++)
    {
      L->st[i].t = t->st[L->nbase + i].agg;
      L->st[i].idx = (int) t->st[L->nbase + i].idx;
      L->st[i].implicit = i > 0;
      L->st[i].desig = i > 0;
    }
}

/* The state of a list before an element is tried, taken back when the
   element cannot go there: the list (its elements' text by their
   length: the buffer itself stays), which leaves are consumed, and the
   counts of the constructs.  */
struct snap {
  struct lst l;
  size_t len;
  unsigned char *consumed;
  unsigned counts[6];
};

static void
take (struct ectx *c, struct lst *L, struct snap *s)
{
  s->l = *L;
  s->len = L->el.n;
  s->consumed = xmalloc ((size_t) c->o->nl);
  for (int i = 0; i < c->o->nl; i++)
    s->consumed[i] = (unsigned char) c->o->lv[i].consumed;
  s->counts[0] = st_pos, s->counts[1] = st_desig, s->counts[2] = st_elided;
  s->counts[3] = st_fillers, s->counts[4] = st_strings;
  s->counts[5] = st_compound;
}

/* POPPED_REC is the element's own: it stays as the element set it.  */
static void
restore (struct ectx *c, struct lst *L, struct snap *s)
{
  struct sb el = L->el;
  int popped_rec = L->popped_rec;

  *L = s->l;
  L->el = el;
  L->popped_rec = popped_rec;
  sb_trunc (&L->el, s->len);
  for (int i = 0; i < c->o->nl; i++)
    c->o->lv[i].consumed = s->consumed[i];
  st_pos = s->counts[0], st_desig = s->counts[1], st_elided = s->counts[2];
  st_fillers = s->counts[3], st_strings = s->counts[4];
  st_compound = s->counts[5];
}

/* The braced list of the object at BASE (NBASE steps), of type LT:
   every leaf under it that is set and not yet initialized.  */
static void
emit_list (struct ectx *c, const struct step *base, int nbase, struct ty *lt,
           struct sb *out)
{
  struct obj *o = c->o;
  struct lst *L = xmalloc (sizeof *L);
  if (nbase)
    memcpy (L->base, base, nbase * sizeof *base);
  L->nbase = nbase;
  L->st[0].t = lt;
  L->st[0].idx = -1;
  L->st[0].implicit = 0;
  L->st[0].desig = 0;
  L->ns = 1;
  int shuffle = on (F_SHUFFLE) && on (F_DESIGNATED) && chance (20);
  unsigned pos_pct = on (F_DESIGNATED) ? (chance (30) ? 90 : chance (50) ? 60 : 15) : 100;
  c->depth++;
  st_lists++;
  for (;;)
    {
      int cand[4096], nc = 0;
      for (int i = 0; i < o->nl && nc < 4096; i++)
        if (o->lv[i].set && !o->lv[i].consumed && under (&o->lv[i], base, nbase))
          cand[nc++] = i;
      if (nc == 0)
        break;
      struct leaf *t = &o->lv[cand[shuffle ? rnd ((unsigned) nc) : 0]];
      struct snap s;
      take (c, L, &s);
      int ok = 0;
      if (chance (pos_pct))
        {
          L->popped_rec = 0;
          if (adv_stack (L) && (on (F_DESIGPOP) || !L->popped_rec))
            ok = element_phase (c, L, t, "");
          if (!ok)
            restore (c, L, &s);
        }
      if (!ok && on (F_DESIGNATED))
        {
          /* A designator to a prefix of T's path, or to T.  */
          int len = t->nst - nbase;
          int cands[MAXD], nk = 0;
          for (int k = 0; k < len; k++)
            {
              const struct step *st = &t->st[nbase + k];
              if (st->agg->k == K_ARR || !anonymous (&st->agg->m[st->idx]))
                cands[nk++] = k;
            }
          int k = chance (45) ? len - 1 : cands[rnd ((unsigned) nk)];
          struct sb d = { 0 };
          /* [i ... i] = v: a GNU range of one element.  */
          designator (L, t, k, &d,
                      on (F_RANGE) && t->st[nbase + k].agg->k == K_ARR
                      && chance (20));
          set_stack (L, t, k);
          ok = element_phase (c, L, t, sb_str (&d));
          if (!ok)
            {
              restore (c, L, &s);
              sb_trunc (&d, 0);
              designator (L, t, len - 1, &d, 0);
              set_stack (L, t, len - 1);
              ok = element_phase (c, L, t, sb_str (&d));
            }
          sb_free (&d);
        }
      free (s.consumed);
      if (!ok)
        {
          fprintf (stderr, "ph-initgen: internal error: no element for a "
                   "leaf (seed's constructs are contradictory)\n");
          exit (2);
        }
    }
  c->depth--;
  if (L->nel == 0)
    sb_add (out, "{0}");
  else if (c->multiline && c->depth == 0 && L->nel > 2)
    {
      sb_add (out, "{\n  ");
      sb_add (out, "%s", sb_str (&L->el));
      sb_add (out, "%s\n}", on (F_TRAILING) && chance (40) ? "," : "");
    }
  else
    sb_add (out, "{ %s%s }", sb_str (&L->el),
            on (F_TRAILING) && chance (15) ? "," : "");
  sb_free (&L->el);
  free (L);
}

/* The whole initializer of object O, "{0}" when nothing is set.  */
void
initializer (struct ectx *c, struct sb *out)
{
  int any = 0;
  for (int i = 0; i < c->o->nl; i++)
    any |= c->o->lv[i].set;
  c->multiline = on (F_MULTILINE) && !c->no_multiline && chance (30);
  st_inits++;
  if (!any)
    {
      sb_add (out, chance (50) ? "{0}" : "{ 0 }");
      return;
    }
  emit_list (c, NULL, 0, c->o->t, out);
}
