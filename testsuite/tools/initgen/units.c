/* units.c - ph-initgen's translation units: file-scope, static and
   automatic objects with their initializers, the header's
   initializers, and the functions that print every leaf (print_obj).
   Copyright (C) 2026 The pokehole authors.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include "initgen.h"

/* ------------------------------------------------------------------ */
/* Printing: every leaf of O, as EXPR and LABEL followed by its path.   */

static void
path_text (const struct leaf *l, struct sb *b)
{
  for (int i = 0; i < l->nst; i++)
    {
      const struct step *s = &l->st[i];
      if (s->agg->k == K_ARR)
        sb_add (b, "[%u]", s->idx);
      else if (!anonymous (&s->agg->m[s->idx]))
        sb_add (b, ".%s", s->agg->m[s->idx].name);
    }
}

void
print_obj (struct obj *o, const char *expr, const char *label,
           struct sb *code, struct sb *exp, int depth)
{
  for (int i = 0; i < o->nl; i++)
    {
      struct leaf *l = &o->lv[i];
      struct sb p = { 0 };
      path_text (l, &p);
      indent (code, depth);
      const struct scal *s = &scal[l->sc];
      long long v = l->set ? l->v.s : 0;
      unsigned long long u = l->set ? l->v.u : 0;
      if (l->sc == S_STR)
        {
          sb_add (code, "printf (\"%s%s=%%s\\n\", %s%s ? %s%s : \"(null)\");\n",
                  label, sb_str (&p), expr, sb_str (&p), expr, sb_str (&p));
          if (v)
            sb_add (exp, "%s%s=s%lld\n", label, sb_str (&p), v);
          else
            sb_add (exp, "%s%s=(null)\n", label, sb_str (&p));
        }
      else if (is_float (l->sc))
        {
          sb_add (code, "printf (\"%s%s=%%.3f\\n\", (double) %s%s);\n",
                  label, sb_str (&p), expr, sb_str (&p));
          sb_add (exp, "%s%s=%.3f\n", label, sb_str (&p),
                  l->sc == S_FLOAT ? v / 4.0 : v / 8.0);
        }
      else if (s->uns)
        {
          sb_add (code, "printf (\"%s%s=%%llu\\n\", (unsigned long long) %s%s);\n",
                  label, sb_str (&p), expr, sb_str (&p));
          sb_add (exp, "%s%s=%llu\n", label, sb_str (&p), u);
        }
      else
        {
          sb_add (code, "printf (\"%s%s=%%lld\\n\", (long long) %s%s);\n",
                  label, sb_str (&p), expr, sb_str (&p));
          sb_add (exp, "%s%s=%lld\n", label, sb_str (&p), v);
        }
      sb_free (&p);
    }
}

/* ------------------------------------------------------------------ */
/* Units.                                                               */

unsigned nstructs;

/* A type for an object: mostly a struct (the ones a reorder changes),
   sometimes a union, maybe an array of it.  */
static struct ty *
object_type (int *is_array)
{
  struct ty *t = NULL;
  for (int tries = 0; tries < 20 && !t; tries++)
    {
      struct nty *n = &named[rnd (nnamed)];
      if (n->t->uni && chance (70))
        continue;
      t = n->t;
    }
  if (!t)
    t = named[0].t;
  *is_array = 0;
  if (chance (20) && t->leaves <= 40)
    {
      *is_array = 1;
      if (chance (10) && t->leaves <= 10)
        return array_ty (array_ty (t, 2), 2);
      return array_ty (t, 2 + rnd (2));
    }
  return t;
}

/* "struct T3" and "[3]" for an object of T.  */
static void
spell_obj (struct ty *t, struct sb *base, struct sb *dims)
{
  while (t->k == K_ARR)
    {
      sb_add (dims, "[%u]", t->n);
      t = t->elem;
    }
  sb_add (base, "%s", named[t->named].spell);
}

static struct ty *
elem_named (struct ty *t)
{
  while (t->k == K_ARR)
    t = t->elem;
  return t;
}

/* Whether record T or an aggregate defined in place inside it has an
   unnamed bitfield.  */
int
has_unnamed_bf (const struct ty *t)
{
  for (unsigned i = 0; i < t->nm; i++)
    {
      const struct mem *m = &t->m[i];
      const struct ty *mt = m->t;
      if (!m->name[0] && m->bits >= 0)
        return 1;
      while (mt->k == K_ARR)
        mt = mt->elem;
      if (mt->k == K_REC && mt->named < 0 && has_unnamed_bf (mt))
        return 1;
    }
  return 0;
}

/* The named record types reachable in O's leaves.  */
void
note_refusal (struct obj *o, const char *reason)
{
  int seen[MAXNAMED] = { 0 };
  struct ty *top = elem_named (o->t);
  seen[top->named] = 1;
  for (int i = 0; i < o->nl; i++)
    for (int k = 0; k < o->lv[i].nst; k++)
      {
        struct ty *a = o->lv[i].st[k].agg;
        if (a->k == K_REC && a->named >= 0)
          seen[a->named] = 1;
      }
  for (unsigned i = 0; i < nnamed; i++)
    if (seen[i])
      sb_add (&refusals, "%s\t%s\n", named[i].spell, reason);
  st_refuse++;
}

unsigned obj_serial;

/* An object at file scope of unit U.  */
void
file_object (struct unit *u)
{
  int is_array;
  struct ty *t = object_type (&is_array);
  struct obj o;
  make_obj (&o, t, chance (20) ? 100 : 20 + rnd (80));
  struct ectx c = { 0 };
  c.o = &o;
  c.scope = SC_CONST;
  c.file_scope = 1;
  struct sb base = { 0 }, dims = { 0 }, name = { 0 }, init = { 0 };
  spell_obj (t, &base, &dims);
  unsigned r = rnd (100);
  st_objects++;
  if (r < 15 && on (F_COMPOUND))
    {
      /* A compound literal of static storage, through a pointer.  */
      sb_add (&name, "%s_p%u", u->name, obj_serial++);
      c.in_compound = 1;
      initializer (&c, &init);
      st_compound++;
      if (!is_array)
        {
          sb_add (&u->top, "%s *%s = &(%s)%s;\n", sb_str (&base), sb_str (&name),
                  sb_str (&base), sb_str (&init));
          struct sb e = { 0 };
          sb_add (&e, "(*%s)", sb_str (&name));
          print_obj (&o, sb_str (&e), sb_str (&name), &u->dump, &u->exp_top, 1);
          sb_free (&e);
        }
      else if (t->elem->k != K_ARR)
        {
          /* (T[N]){...}: a pointer to its first element.  */
          sb_add (&u->top, "%s *%s = (%s%s)%s;\n", sb_str (&base), sb_str (&name),
                  sb_str (&base), sb_str (&dims), sb_str (&init));
          print_obj (&o, sb_str (&name), sb_str (&name), &u->dump, &u->exp_top, 1);
        }
      else
        {
          sb_add (&u->top, "%s (*%s)%s = &(%s%s)%s;\n", sb_str (&base),
                  sb_str (&name), sb_str (&dims), sb_str (&base), sb_str (&dims),
                  sb_str (&init));
          struct sb e = { 0 };
          sb_add (&e, "(*%s)", sb_str (&name));
          print_obj (&o, sb_str (&e), sb_str (&name), &u->dump, &u->exp_top, 1);
          sb_free (&e);
        }
    }
  else
    {
      sb_add (&name, "%s_g%u", u->name, obj_serial++);
      int any = 0;
      for (int i = 0; i < o.nl; i++)
        any |= o.lv[i].set;
      const char *stat = chance (30) ? "static " : "";
      if (!any && chance (40))
        sb_add (&u->top, "%s%s %s%s;\n", stat, sb_str (&base), sb_str (&name),
                sb_str (&dims));
      else if (on (F_REFUSE) && any && chance (4))
        {
          /* The whole list in a macro: refused on purpose.  */
          c.no_multiline = 1;
          initializer (&c, &init);
          sb_add (&u->top, "#define RM_%s %s\n", sb_str (&name), sb_str (&init));
          sb_add (&u->top, "%s%s %s%s = RM_%s;\n", stat, sb_str (&base),
                  sb_str (&name), sb_str (&dims), sb_str (&name));
          note_refusal (&o, "initialized by the macro");
        }
      else
        {
          initializer (&c, &init);
          /* An array sized by its initializer when its last element is
             given.  */
          int last_set = 0;
          if (is_array)
            for (int i = 0; i < o.nl; i++)
              last_set |= o.lv[i].set && o.lv[i].st[0].idx == t->n - 1;
          if (last_set && chance (40))
            {
              sb_trunc (&dims, 0);
              sb_add (&dims, "[]");
              struct ty *e = t->elem;
              while (e->k == K_ARR)
                sb_add (&dims, "[%u]", e->n), e = e->elem;
            }
          sb_add (&u->top, "%s%s %s%s = %s;\n", stat, sb_str (&base), sb_str (&name),
                  sb_str (&dims), sb_str (&init));
        }
      print_obj (&o, sb_str (&name), sb_str (&name), &u->dump, &u->exp_top, 1);
      struct ty *et = elem_named (t);
      if (on (F_REFUSE) && !is_array && chance (4))
        {
          /* Its bytes written whole: refused on purpose.  */
          sb_add (&u->funcs, "void %s_save (FILE *f)\n{\n  fwrite (&%s, sizeof %s, 1, f);\n}\n\n",
                  sb_str (&name), sb_str (&name), sb_str (&name));
          note_refusal (&o, "its bytes leave the program");
        }
      else if (on (F_REFUSE) && !is_array && !et->uni && chance (5))
        {
          /* A cast to its first member.  */
          struct mem *m = &et->m[0];
          if (m->bits < 0 && m->t->k == K_SC && m->name[0])
            {
              sb_add (&u->funcs, "%s *%s_first (void)\n{\n  return (%s *) &%s;\n}\n\n",
                      scal[m->t->sc].name, sb_str (&name), scal[m->t->sc].name,
                      sb_str (&name));
              note_refusal (&o, "the member the cast relies on leaves offset 0");
            }
        }
    }
  sb_free (&base);
  sb_free (&dims);
  sb_free (&name);
  sb_free (&init);
  free_obj (&o);
}

/* Initializers in the header: static inline functions that build a
   value (every unit that includes the header has the same text), and
   static const objects.  */
static unsigned nhfuncs;
static long long hfunc_arg[MAXH];
static struct ty *hfunc_ty[MAXH];
static struct obj hfunc_obj[MAXH];
unsigned nhconst;
struct obj hconst_obj[MAXH];

static struct ty *
struct_type (void)
{
  for (int tries = 0; tries < 50; tries++)
    {
      struct nty *n = &named[rnd (nnamed)];
      if (!n->t->uni)
        return n->t;
    }
  return NULL;
}

void
header_inits (struct sb *h)
{
  unsigned nf = 1 + rnd (3), nc = rnd (3);
  for (unsigned i = 0; i < nf && nhfuncs < MAXH; i++)
    {
      struct ty *t = struct_type ();
      if (!t)
        break;
      unsigned k = nhfuncs++;
      hfunc_ty[k] = t;
      hfunc_arg[k] = (long long) rnd (41) - 20;
      make_obj (&hfunc_obj[k], t, 30 + rnd (71));
      struct ectx c = { 0 };
      c.o = &hfunc_obj[k];
      c.scope = SC_AUTO;
      c.nvars = on (F_VAR) ? 1 : 0;
      snprintf (c.vars[0].name, sizeof c.vars[0].name, "k");
      c.vars[0].v = hfunc_arg[k];
      struct sb init = { 0 };
      initializer (&c, &init);
      st_objects++;
      sb_add (h, "static inline %s\nmk%u (int k)\n{\n  %s r = %s;\n  (void) k;\n"
              "  return r;\n}\n\n", named[t->named].spell, k,
              named[t->named].spell, sb_str (&init));
      sb_free (&init);
    }
  for (unsigned i = 0; i < nc && nhconst < MAXH; i++)
    {
      struct ty *t = struct_type ();
      if (!t)
        break;
      unsigned k = nhconst++;
      make_obj (&hconst_obj[k], t, 30 + rnd (71));
      struct ectx c = { 0 };
      c.o = &hconst_obj[k];
      c.scope = SC_CONST;
      c.file_scope = 1;
      struct sb init = { 0 };
      initializer (&c, &init);
      st_objects++;
      sb_add (h, "static const %s hc%u = %s;\n\n", named[t->named].spell, k,
              sb_str (&init));
      sb_free (&init);
    }
}

/* A function of unit U with local objects: its definition goes to
   U's funcs, a call to it to U's dump, its lines to U's exp_funcs.  */
void
local_function (struct unit *u)
{
  struct sb decls = { 0 }, prints = { 0 };
  unsigned fn = u->nfunc++;
  struct ectx proto = { 0 };
  proto.scope = SC_AUTO;
  proto.nvars = on (F_VAR) ? 1 + (int) rnd (2) : 0;
  for (int i = 0; i < proto.nvars; i++)
    {
      snprintf (proto.vars[i].name, sizeof proto.vars[i].name, "k%d", i);
      proto.vars[i].v = (long long) rnd (61) - 30;
      sb_add (&decls, "  int k%d = %lld;\n", i, proto.vars[i].v);
    }
  unsigned nobj = 2 + rnd (4);
  for (unsigned j = 0; j < nobj; j++)
    {
      int is_array;
      struct ty *t = object_type (&is_array);
      struct sb base = { 0 }, dims = { 0 }, name = { 0 }, init = { 0 },
        label = { 0 };
      spell_obj (t, &base, &dims);
      sb_add (&name, "l%u", j);
      sb_add (&label, "%s_f%u.l%u", u->name, fn, j);
      unsigned r = rnd (100);
      if (r >= 48 && r < 56 && on (F_HEADER) && nhfuncs)
        {
          /* A value made by a function of the header.  */
          unsigned h = rnd (nhfuncs);
          sb_add (&decls, "  %s %s = mk%u (%lld);\n",
                  named[hfunc_ty[h]->named].spell, sb_str (&name), h,
                  hfunc_arg[h]);
          print_obj (&hfunc_obj[h], sb_str (&name), sb_str (&label), &prints,
                     &u->exp_funcs, 1);
          sb_free (&base);
          sb_free (&dims);
          sb_free (&name);
          sb_free (&label);
          continue;
        }
      struct obj o;
      make_obj (&o, t, chance (20) ? 100 : 20 + rnd (80));
      struct ectx c = proto;
      c.o = &o;
      st_objects++;
      if (r < 15 && on (F_STATIC))
        {
          c.scope = SC_CONST;
          c.nvars = 0;
          initializer (&c, &init);
          int any = 0;
          for (int i = 0; i < o.nl; i++)
            any |= o.lv[i].set;
          if (!any && chance (50))
            sb_add (&decls, "  static %s %s%s;\n", sb_str (&base),
                    sb_str (&name), sb_str (&dims));
          else
            sb_add (&decls, "  static %s %s%s = %s;\n", sb_str (&base),
                    sb_str (&name), sb_str (&dims), sb_str (&init));
        }
      else if (r < 25 && on (F_COMPOUND) && !is_array)
        {
          initializer (&c, &init);
          st_compound++;
          sb_add (&decls, "  %s %s = (%s)%s;\n", sb_str (&base), sb_str (&name),
                  sb_str (&base), sb_str (&init));
        }
      else if (r < 35 && on (F_COMPOUND) && !is_array)
        {
          initializer (&c, &init);
          st_compound++;
          sb_add (&decls, "  %s *%s = &(%s)%s;\n", sb_str (&base),
                  sb_str (&name), sb_str (&base), sb_str (&init));
          sb_trunc (&name, 0);
          sb_add (&name, "(*l%u)", j);
        }
      else if (r < 42 && on (F_COMPOUND) && !is_array)
        {
          initializer (&c, &init);
          st_compound++;
          sb_add (&decls, "  %s %s;\n  %s = (%s)%s;\n", sb_str (&base),
                  sb_str (&name), sb_str (&name), sb_str (&base),
                  sb_str (&init));
        }
      else if (r < 48 && on (F_COMPOUND) && is_array && t->elem->k != K_ARR)
        {
          initializer (&c, &init);
          st_compound++;
          sb_add (&decls, "  %s *%s = (%s%s)%s;\n", sb_str (&base),
                  sb_str (&name), sb_str (&base), sb_str (&dims),
                  sb_str (&init));
        }
      else
        {
          initializer (&c, &init);
          sb_add (&decls, "  %s %s%s = %s;\n", sb_str (&base), sb_str (&name),
                  sb_str (&dims), sb_str (&init));
        }
      print_obj (&o, sb_str (&name), sb_str (&label), &prints, &u->exp_funcs, 1);
      sb_free (&base);
      sb_free (&dims);
      sb_free (&name);
      sb_free (&init);
      sb_free (&label);
      free_obj (&o);
    }
  sb_add (&u->funcs, "static void\n%s_f%u (void)\n{\n%s", u->name, fn,
          sb_str (&decls));
  for (int i = 0; i < proto.nvars; i++)
    sb_add (&u->funcs, "  (void) k%d;\n", i);
  sb_add (&u->funcs, "%s}\n\n", sb_str (&prints));
  sb_free (&decls);
  sb_free (&prints);
}
