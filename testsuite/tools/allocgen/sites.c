/* sites.c - ph-allocgen's allocation sites a line of their own, each
   from a row of its unit's table of cases (struct spelling): its type
   drawn, its text, and the record the plugin must write for it; and
   the functions of the units that hold them.
   Copyright (C) 2026 The pokehole authors.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include "allocgen.h"

/* "  T *pN = " or, ASSIGN, a declaration and "  pN = " (the conversion
   of an assignment), and the site of the line, in unit UI.  */
struct site *
start_site (int ui, int t, const char *spelled, int assign, const char *how,
            const char *call, unsigned *var)
{
  struct unit *u = &units[ui];
  *var = u->serial++;
  if (assign)
    sb_add (&u->text, "  %s *p%u;\n  p%u = ", spelled, *var, *var);
  else
    sb_add (&u->text, "  %s *p%u = ", spelled, *var);
  return site_new (ui, 0, t, u->file, sb_line (&u->text), how, call);
}

/* TEXT into B, its placeholders replaced (struct spelling).  */
static void
add_spelled (struct sb *b, const char *text, int t, const char *spelled,
             unsigned k, unsigned v)
{
  for (;;)
    {
      size_t n = strcspn (text, "@");
      sb_add (b, "%.*s", (int) n, text);
      text += n;
      if (*text == '\0')
        return;
      switch (text[1])
        {
        case 'T':
          sb_add (b, "%s", spelled);
          break;
        case 'N':
          sb_add (b, "%s", types[t].name);
          break;
        case 'K':
          sb_add (b, "%u", k);
          break;
        case 'P':
          sb_add (b, "p%u", v);
          break;
        default:
          fprintf (stderr, "%s: bad spelling \"%s\"\n", gen_prog, text);
          exit (2);
        }
      text += 2;
    }
}

/* C's line in unit UI, of language L.  */
void
spelled_site (int ui, enum lang l, const struct spelling *c)
{
  struct sb *b = &units[ui].text;
  int t = pick_type (c->kinds);
  const char *s = spell (t, l);
  unsigned k = 2 + rnd (5), v;
  struct site *st = start_site (ui, t, s, chance (25), c->how, c->call, &v);
  if (c->count == CNT_TAIL_K)
    k = 1 + rnd (7);
  add_spelled (b, c->alt && !chance (50) ? c->alt : c->text, t, s, k, v);
  switch (c->count)
    {
    case CNT_ONE:
      site_count (st, 1);
      break;
    case CNT_K:
      site_count (st, k);
      break;
    case CNT_N:
    case CNT_N_COOKIE:
      st->array = 1;
      st->tail = c->count == CNT_N_COOKIE;
      break;
    case CNT_K_COOKIE:
      /* K objects and the cookie, a size_t on LP64 (the types hold a
         long at most: no alignment above it) */
      site_count (st, k);
      st->tail = 1;
      snprintf (st->bytes, sizeof st->bytes, "%ux+%u", k,
                (unsigned) sizeof (size_t));
      break;
    case CNT_TAIL:
    case CNT_TAIL_K:
      st->count = 1;
      st->tail = 1;
      if (c->count == CNT_TAIL_K)
        snprintf (st->bytes, sizeof st->bytes, "1x+%u", k);
      break;
    }
  sb_add (b, " ph_keep (p%u);\n", v);
}

void
unit_function (int ui, enum lang l, unsigned kinds, unsigned n,
               const int *v, unsigned nsites, unsigned fn,
               void (*one_case) (int ui, enum lang l, int c),
               void (*negatives) (int ui, enum lang l))
{
  struct unit *u = &units[ui];
  struct sb *b = &u->text;
  char name[24];
  snprintf (name, sizeof name, "%.2s_l%u", u->file, fn);
  sb_add (b, "void\n%.2s_f%u (size_t n)\n{\n", u->file, fn);
  int t = pick_type (kinds);
  inst_add (ui, 0, 0, t, n ? n : 1, name, u->file, sb_line (b));
  sb_add (b, "  static %s %s", spell (t, l), name);
  if (n)
    sb_add (b, "[%u]", n);
  sb_add (b, ";\n  (void) n;\n");
  for (unsigned i = 0; i < nsites; i++)
    one_case (ui, l, v[i]);
  negatives (ui, l);
  sb_add (b, "  ph_keep (%s%s);\n}\n\n", n ? "" : "&", name);
}
