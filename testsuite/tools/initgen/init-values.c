/* init-values.c - the text of one element of an initializer: a
   scalar's value (macros, casts, character constants), string
   literals, and the form an aggregate's element takes.
   Copyright (C) 2026 The pokehole authors.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include "initgen.h"

/* A value's text.  ELIDED: the element stands where an aggregate
   starts (brace elision takes it to this scalar): no macro there, which
   the plugin cannot see through.  */
void
value_text (struct ectx *c, struct leaf *l, int elided, struct sb *b)
{
  const struct scal *s = &scal[l->sc];
  unsigned r = rnd (100);
  if (l->sc == S_STR)
    {
      if (l->v.s == 0)
        {
          if (!elided && on (F_MACRO) && r < 30)
            sb_add (b, "NULL"), st_macros++;
          else if (on (F_CAST) && r < 50)
            sb_add (b, "(const char *) 0"), st_casts++;
          else
            sb_add (b, "0");
        }
      else if (r < 20)
        sb_add (b, "\"s\" \"%lld\"", l->v.s);
      else
        sb_add (b, "\"s%lld\"", l->v.s);
      return;
    }
  if (is_float (l->sc))
    {
      int den = l->sc == S_FLOAT ? 4 : 8;
      if (c->scope == SC_AUTO && c->nvars && on (F_VAR) && r < 20)
        {
          struct var *v = &c->vars[rnd ((unsigned) c->nvars)];
          sb_add (b, "(%s + (%lld)) / %d.0", v->name, l->v.s - v->v, den);
          st_vars++;
          return;
        }
      char num[64];
      if (l->sc == S_FLOAT)
        snprintf (num, sizeof num, "%.2f%s", l->v.s / 4.0, chance (50) ? "f" : "");
      else
        snprintf (num, sizeof num, "%.3f", l->v.s / 8.0);
      if (on (F_CAST) && r < 35)
        sb_add (b, "(%s) %s", s->name, num), st_casts++;
      else
        sb_add (b, "%s", num);
      return;
    }
  /* Integers.  */
  int neg = !s->uns && l->v.s < 0;
  long long sv = s->uns ? 0 : l->v.s;
  unsigned long long uv = s->uns ? l->v.u : (unsigned long long) (neg ? 0 : l->v.s);
  int small = s->uns ? uv <= 1000000 : (sv >= -1000000 && sv <= 1000000);
  long long iv = s->uns ? (long long) uv : sv;
  if (small && c->scope == SC_AUTO && c->nvars && on (F_VAR) && r < 20)
    {
      struct var *v = &c->vars[rnd ((unsigned) c->nvars)];
      long long d = iv - v->v;
      if (d < 0)
        sb_add (b, "%s - %lld", v->name, -d);
      else
        sb_add (b, "%s + %lld", v->name, d);
      st_vars++;
      return;
    }
  if (small && c->scope == SC_AUTO && on (F_VAR) && r < 28)
    {
      sb_add (b, "ph_id (%lld)", iv);
      st_vars++;
      return;
    }
  if (small && !elided && on (F_MACRO) && r < 40)
    {
      for (int i = 0; i < NVMAC; i++)
        if (vmac[i] == iv)
          {
            sb_add (b, "V%d", i);
            st_macros++;
            return;
          }
      long long a = (long long) rnd (21) - 10;
      sb_add (b, "ADD (%lld, %lld)", a, iv - a);
      st_macros++;
      return;
    }
  if (small && on (F_CAST) && r < 48 && l->sc != S_BOOL)
    {
      const char *cast = l->bits >= 0 ? (l->sc == S_LLONG ? "long long" : s->name) : s->name;
      sb_add (b, "(%s) %lld", cast, iv);
      st_casts++;
      return;
    }
  if (s->charlike && printable (iv) && r < 65)
    {
      sb_add (b, "'%c'", (char) iv);
      return;
    }
  if (!neg && iv != 0 && r < 75 && small)
    {
      sb_add (b, "0x%llx", (unsigned long long) iv);
      return;
    }
  if (!neg && iv != 0 && r < 80 && small)
    {
      sb_add (b, "0%llo", (unsigned long long) iv);
      return;
    }
  if (s->uns)
    {
      if (uv > 0x7fffffffffffffffULL)
        sb_add (b, "%lluULL", uv);
      else if (uv > 0x7fffffff)
        sb_add (b, "%lluU", uv);
      else
        sb_add (b, "%llu", uv);
    }
  else if (sv == INT64_MIN)
    sb_add (b, "(-9223372036854775807LL - 1)");
  else if (sv == -2147483647LL - 1)
    sb_add (b, "(-2147483647 - 1)");
  else if (sv > 2147483647 || sv < -2147483647)
    sb_add (b, "%lldLL", sv);
  else if (r < 85 && sv > 0 && sv < 1000)
    sb_add (b, "(%lld)", sv);
  else
    sb_add (b, "%lld", sv);
}

struct sb comma_defs;
static unsigned ncomma;

/* Appends one element (designator DESIG, value VAL) to L.  SIMPLE: a
   positional scalar value, no brace elision.  */
void
add_elem_s (struct ectx *c, struct lst *L, const char *desig, const char *val,
            int simple)
{
  size_t prev_end = L->el.n;
  if (simple && !*desig && L->nel && L->prev_simple && on (F_COMMA)
      && chance (3))
    {
      /* The two elements in one macro: #define P3 1, 2.  */
      sb_add (&comma_defs, "#define P%u %.*s, %s\n", ncomma,
              (int) (prev_end - L->prev_start), L->el.s + L->prev_start, val);
      sb_trunc (&L->el, L->prev_start);
      sb_add (&L->el, "P%u", ncomma++);
      L->prev_simple = 0;
      L->str_unsafe = 0;
      note_refusal (c->o, "a macro in it stands for several elements");
      st_pos++;
      return;
    }
  if (L->nel)
    {
      sb_add (&L->el, ",");
      if (c->multiline && c->depth <= 1)
        {
          sb_add (&L->el, "\n");
          indent (&L->el, c->depth + 1);
        }
      else
        sb_add (&L->el, " ");
      if (on (F_COMMENTS) && chance (3))
        sb_add (&L->el, "/* %s */ ", random_word ());
    }
  L->prev_start = L->el.n;
  L->prev_simple = simple && !*desig;
  sb_add (&L->el, "%s%s", desig, val);
  L->nel++;
  L->str_unsafe = 0;
  if (*desig)
    st_desig++;
  else
    st_pos++;
}

/* A string literal for char array S whose leaves (from FIRST) are a
   prefix of letters then zeros, or false.  */
void
add_elem (struct ectx *c, struct lst *L, const char *desig, const char *val)
{
  add_elem_s (c, L, desig, val, 0);
}

int
string_text (struct obj *o, const struct step *p, int n, int elided,
             struct sb *b)
{
  struct sb s = { 0 };
  int zero_seen = 0, count = 0;
  for (int i = 0; i < o->nl; i++)
    {
      struct leaf *l = &o->lv[i];
      if (!under (l, p, n))
        continue;
      long long v = scal[l->sc].uns ? (long long) l->v.u : l->v.s;
      if (!l->set || v == 0)
        {
          zero_seen = 1;
          continue;
        }
      if (zero_seen || !printable (v))
        {
          sb_free (&s);
          return 0;
        }
      sb_add (&s, "%c", (char) v);
      count++;
    }
  if (count >= 2 && chance (25))
    {
      /* Concatenated.  */
      const char *t = sb_str (&s);
      int cut = 1 + (int) rnd ((unsigned) count - 1);
      sb_add (b, "\"%.*s\" \"%s\"", cut, t, t + cut);
    }
  else if (!elided && chance (10))
    sb_add (b, "{ \"%s\" }", sb_str (&s));
  else
    sb_add (b, "\"%s\"", sb_str (&s));
  sb_free (&s);
  return 1;
}

/* How the element at aggregate S (P, N) of type T is written.  ELIDED:
   brace elision brought the element here from an enclosing aggregate,
   where a '{' would have opened that one instead: no braces.  */
enum form
choose_form (struct ectx *c, const struct step *p, int n, struct ty *t,
             int elided, int designated)
{
  int tch = touched (c->o, p, n);
  unsigned w[4] = { 0, 0, 0, 0 };
  int anon = t->k == K_REC && p[n - 1].agg->k == K_REC
             && anonymous (&p[n - 1].agg->m[p[n - 1].idx]);
  if (on (F_ELISION) && (on (F_CHARELIDE) || !char_array (t))
      && (on (F_DESIGELIDE) || !designated || elided))
    w[FO_ELIDE] = 40;
  if (!tch && !elided && (on (F_BRACES) || !on (F_ELISION))
      && (on (F_ANONBRACES) || !anon))
    w[FO_BRACES] = 40;
  if (!tch && char_array (t) && on (F_STRING))
    w[FO_STRING] = 40;
  /* GCC takes a compound literal in a static initializer, but not one
     inside another.  */
  if (!tch && t->k == K_REC && t->named >= 0 && on (F_COMPOUND)
      && (c->scope == SC_AUTO
          || (c->file_scope && !c->in_compound && on (F_LITELEM)))
      && (!elided || on (F_LITELIDE)))
    w[FO_COMPOUND] = 8;
  unsigned total = w[0] + w[1] + w[2] + w[3];
  if (!total)
    return FO_NONE;
  unsigned r = rnd (total);
  int f = 0;
  while (r >= w[f])
    r -= w[f++];
  return (enum form) f;
}
