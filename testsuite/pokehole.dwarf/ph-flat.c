/* ph-flat - every field of a layout JSON Lines file on a line of its own,
   for comparing two reports field by field (pokehole.dwarf/dwarf.exp).
   Copyright (C) 2026 The pokehole authors.
   SPDX-License-Identifier: GPL-3.0-or-later

   Usage: ph-flat LAYOUT.jsonl
   Prints KEY<TAB>VALUE lines, KEY being TYPE|PATH|FIELD:
     TYPE   "<kind> <name>" (spaces in the name as '~', braces as
            parentheses, as ph-probe spells them; "#N" appended to the N-th
            repeat of a name)
     PATH   "" for the type's own fields; for a member the names from the
            outermost type joined with '.', base:T or vbase:T for bases,
            anon@BIT for an anonymous aggregate (its members keep their own
            names, as in C); hole#I and bit_hole#I for holes
     FIELD  the JSON key; values of arrays other than members and holes
            are printed as JSON-ish text.
   Booleans print as true/false; absent keys print nothing (a key present
   on one side only is a difference).  Exit status 2 on bad input.  */

#define _XOPEN_SOURCE 700

#include "../../report/json.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void
canon (const char *s, char *out, size_t n)
{
  size_t j = 0;
  for (; *s && j + 1 < n; s++)
    out[j++] = *s == ' ' ? '~' : *s == '{' ? '(' : *s == '}' ? ')' : *s;
  out[j] = 0;
}

static void
scalar (const char *type, const char *path, const char *key,
        const struct ph_json_value *v)
{
  printf ("%s|%s|%s\t", type, path, key);
  switch (v->kind)
    {
    case PH_JSON_NULL: puts ("null"); break;
    case PH_JSON_BOOL: puts (v->u.boolean ? "true" : "false"); break;
    case PH_JSON_NUMBER:
      if (v->u.number.is_int64)
        printf ("%" PRId64 "\n", v->u.number.i);
      else
        printf ("%g\n", v->u.number.d);
      break;
    case PH_JSON_STRING: printf ("%s\n", v->u.string.s); break;
    case PH_JSON_ARRAY: printf ("[%zu items]\n", v->u.array.count); break;
    case PH_JSON_OBJECT: puts ("{object}"); break;
    }
}

static void members (const char *type, const char *prefix,
                     const struct ph_json_value *arr);

static void
fields (const char *type, const char *path, const char *kids,
        const struct ph_json_value *o)
{
  for (size_t i = 0; i < o->u.object.count; i++)
    {
      const struct ph_json_member *m = &o->u.object.members[i];
      if (strcmp (m->key, "members") == 0 && m->value->kind == PH_JSON_ARRAY)
        {
          printf ("%s|%s|members\t%zu\n", type, path, m->value->u.array.count);
          members (type, kids, m->value);
        }
      else if ((strcmp (m->key, "holes") == 0
                || strcmp (m->key, "bit_holes") == 0)
               && m->value->kind == PH_JSON_ARRAY)
        {
          printf ("%s|%s|%s\t%zu\n", type, path, m->key,
                  m->value->u.array.count);
          for (size_t k = 0; k < m->value->u.array.count; k++)
            {
              const struct ph_json_value *h = m->value->u.array.items[k];
              char p[4096];
              snprintf (p, sizeof p, "%s#%zu", strcmp (m->key, "holes") == 0
                        ? "hole" : "bit_hole", k);
              if (h->kind == PH_JSON_OBJECT)
                for (size_t f = 0; f < h->u.object.count; f++)
                  scalar (type, p, h->u.object.members[f].key,
                          h->u.object.members[f].value);
            }
        }
      else
        scalar (type, path, m->key, m->value);
    }
}

static void
members (const char *type, const char *prefix, const struct ph_json_value *arr)
{
  for (size_t i = 0; i < arr->u.array.count; i++)
    {
      const struct ph_json_value *m = arr->u.array.items[i];
      if (m->kind != PH_JSON_OBJECT)
        continue;
      const char *name = "", *t = "";
      int base = 0, virt = 0;
      uint64_t bit = 0;
      ph_json_get_string (m, "name", &name);
      ph_json_get_string (m, "type", &t);
      ph_json_get_bool (m, "base", &base);
      ph_json_get_bool (m, "virtual", &virt);
      ph_json_get_uint (m, "bit_offset", &bit);
      char own[2048], ct[1024], path[4096];
      canon (t, ct, sizeof ct);
      if (base)
        snprintf (own, sizeof own, "%s:%s", virt ? "vbase" : "base", ct);
      else if (*name)
        snprintf (own, sizeof own, "%s", name);
      else
        snprintf (own, sizeof own, "anon@%" PRIu64, bit);
      /* PREFIX is the C path of the aggregate holding these members:
         members of a named nested aggregate are reached through its name,
         those of an anonymous one by their own (as ph-probe names them).  */
      if (*prefix)
        snprintf (path, sizeof path, "%s.%s", prefix, own);
      else
        snprintf (path, sizeof path, "%s", own);
      fields (type, path, *name || base ? path : prefix, m);
    }
}

int
main (int argc, char **argv)
{
  if (argc != 2)
    {
      fprintf (stderr, "usage: ph-flat LAYOUT.jsonl\n");
      return 2;
    }
  FILE *f = fopen (argv[1], "r");
  if (f == NULL)
    {
      perror (argv[1]);
      return 2;
    }
  char *line = NULL;
  size_t cap = 0;
  ssize_t n;
  unsigned lineno = 0;
  /* Repeated names: a small table of names seen.  */
  char **seen = NULL;
  size_t nseen = 0;
  while ((n = getline (&line, &cap, f)) > 0)
    {
      lineno++;
      if (n == 1 && line[0] == '\n')
        continue;
      char err[256];
      struct ph_json_value *v = ph_json_parse (line, (size_t) n, err, sizeof err);
      if (v == NULL || v->kind != PH_JSON_OBJECT)
        {
          fprintf (stderr, "ph-flat: %s:%u: %s\n", argv[1], lineno,
                   v ? "not an object" : err);
          return 2;
        }
      const char *name = "", *kind = "";
      ph_json_get_string (v, "name", &name);
      ph_json_get_string (v, "kind", &kind);
      char cn[2048], type[4096];
      canon (name, cn, sizeof cn);
      snprintf (type, sizeof type, "%s %s", kind, cn);
      unsigned rep = 1;
      for (size_t i = 0; i < nseen; i++)
        if (strcmp (seen[i], type) == 0)
          rep++;
      seen = realloc (seen, (nseen + 1) * sizeof *seen);
      seen[nseen++] = strdup (type);
      if (rep > 1)
        snprintf (type + strlen (type), sizeof type - strlen (type), "#%u", rep);
      fields (type, "", "", v);
      ph_json_free (v);
    }
  return 0;
}
