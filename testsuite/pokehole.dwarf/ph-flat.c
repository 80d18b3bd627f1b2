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
            are printed as "[N items]", of objects as "{object}".
   Booleans print as true/false; absent keys print nothing (a key present
   on one side only is a difference).  Exit status 2 on bad input.

   ph-flat --blocks LAYOUT.jsonl: the same PATH|FIELD keys, with names
   as written, a block a type as realcode.exp reads them (it was a jq
   program once, a sixth as fast): "\001NAME" starts the block of each
   struct, union and class, then its PATH|FIELD<TAB>VALUE lines.  */

#define _XOPEN_SOURCE 700

#include <jansson.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The head of every line of the type being printed: "TYPE|" (its kind
   and name, canon), or "" with --blocks (the block's first line names
   it).  With --blocks names are printed as written.  */
static const char *head = "";
static int raw;

/* S with spaces as '~' and braces as parentheses (as ph-probe spells
   types), in malloc'd memory.  */
static char *
canon (const char *s)
{
  char *out = strdup (s);
  if (out == NULL)
    {
      fputs ("ph-flat: out of memory\n", stderr);
      exit (2);
    }
  for (char *c = out; *c; c++)
    *c = *c == ' ' ? '~' : *c == '{' ? '(' : *c == '}' ? ')' : *c;
  return out;
}

/* A string of malloc'd memory: A SEP B, or B alone when A is empty.  */
static char *
join (const char *a, const char *sep, const char *b)
{
  size_t la = strlen (a), ls = *a ? strlen (sep) : 0, lb = strlen (b);
  char *s = malloc (la + ls + lb + 1);
  if (s == NULL)
    {
      fputs ("ph-flat: out of memory\n", stderr);
      exit (2);
    }
  memcpy (s, a, la);
  memcpy (s + la, sep, ls);
  memcpy (s + la + ls, b, lb + 1);
  return s;
}

/* V as a value prints (arrays and objects by their size; a missing one
   as null, as jq prints it).  */
static void
value (const json_t *v)
{
  switch (v ? json_typeof (v) : JSON_NULL)
    {
    case JSON_NULL: fputs ("null", stdout); break;
    case JSON_TRUE: fputs ("true", stdout); break;
    case JSON_FALSE: fputs ("false", stdout); break;
    case JSON_INTEGER:
      printf ("%" JSON_INTEGER_FORMAT, json_integer_value (v));
      break;
    case JSON_REAL: printf ("%.17g", json_real_value (v)); break;
    case JSON_STRING: fputs (json_string_value (v), stdout); break;
    case JSON_ARRAY: printf ("[%zu items]", json_array_size (v)); break;
    case JSON_OBJECT: fputs ("{object}", stdout); break;
    }
}

static void
scalar (const char *path, const char *key, const json_t *v)
{
  printf ("%s%s|%s\t", head, path, key);
  value (v);
  putchar ('\n');
}

/* O's string KEY, "" when it has none.  */
static const char *
string_of (const json_t *o, const char *key)
{
  const char *s = json_string_value (json_object_get (o, key));
  return s ? s : "";
}

/* The fields of O, a type or a member at PATH; KIDS the path its
   members are named from (PATH, or its holder's for an anonymous
   aggregate: members of a named nested aggregate are reached through
   its name, those of an anonymous one by their own, as ph-probe names
   them).  */
static void
fields (const char *path, const char *kids, const json_t *o)
{
  const char *key;
  const json_t *v;
  /* jansson keeps an object's keys in the order they were read.  */
  json_object_foreach ((json_t *) o, key, v)
    {
      if (strcmp (key, "members") == 0 && json_is_array (v))
        {
          printf ("%s%s|members\t%zu\n", head, path, json_array_size (v));
          for (size_t i = 0; i < json_array_size (v); i++)
            {
              const json_t *m = json_array_get (v, i);
              if (!json_is_object (m))
                continue;
              const char *name = string_of (m, "name");
              int base = json_is_true (json_object_get (m, "base"));
              char *own;
              if (base)
                {
                  char *t = raw ? join ("", "", string_of (m, "type"))
                                : canon (string_of (m, "type"));
                  own = join (json_is_true (json_object_get (m, "virtual"))
                              ? "vbase" : "base", ":", t);
                  free (t);
                }
              else if (*name)
                own = join ("", "", name);
              else
                {
                  char bit[64];
                  snprintf (bit, sizeof bit, "%" JSON_INTEGER_FORMAT,
                            json_integer_value (json_object_get (m, "bit_offset")));
                  own = join ("anon", "@", bit);
                }
              char *p = join (kids, ".", own);
              fields (p, *name || base ? p : kids, m);
              free (p);
              free (own);
            }
        }
      else if ((strcmp (key, "holes") == 0
                || strcmp (key, "bit_holes") == 0) && json_is_array (v))
        {
          printf ("%s%s|%s\t%zu\n", head, path, key, json_array_size (v));
          for (size_t k = 0; k < json_array_size (v); k++)
            {
              const json_t *h = json_array_get (v, k);
              const char *hk;
              const json_t *hv;
              char p[64];
              snprintf (p, sizeof p, "%s#%zu", strcmp (key, "holes") == 0
                        ? "hole" : "bit_hole", k);
              if (json_is_object (h))
                json_object_foreach ((json_t *) h, hk, hv)
                  scalar (p, hk, hv);
            }
        }
      else
        scalar (path, key, v);
    }
}

int
main (int argc, char **argv)
{
  raw = argc == 3 && strcmp (argv[1], "--blocks") == 0;
  if (raw)
    argv++;
  else if (argc != 2)
    {
      fprintf (stderr, "usage: ph-flat [--blocks] LAYOUT.jsonl\n");
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
      json_error_t je;
      json_t *v = json_loadb (line, (size_t) n, JSON_DECODE_ANY, &je);
      if (v == NULL || !json_is_object (v))
        {
          fprintf (stderr, "ph-flat: %s:%u: %s\n", argv[1], lineno,
                   v ? "not an object" : je.text);
          return 2;
        }
      const char *name = string_of (v, "name"), *kind = string_of (v, "kind");
      if (raw)
        {
          if (strcmp (kind, "struct") == 0 || strcmp (kind, "union") == 0
              || strcmp (kind, "class") == 0)
            {
              putchar ('\001');
              value (json_object_get (v, "name"));
              putchar ('\n');
              fields ("", "", v);
            }
          json_decref (v);
          continue;
        }
      /* The plugin's sites records say where a type's order is relied
         on: no layout, and nothing a reader of DWARF writes.  */
      if (strcmp (kind, "sites") == 0)
        {
          json_decref (v);
          continue;
        }
      char *cn = canon (name), *type = join (kind, " ", cn);
      unsigned rep = 1;
      for (size_t i = 0; i < nseen; i++)
        if (strcmp (seen[i], type) == 0)
          rep++;
      seen = realloc (seen, (nseen + 1) * sizeof *seen);
      seen[nseen++] = strdup (type);
      char nth[32] = "";
      if (rep > 1)
        snprintf (nth, sizeof nth, "#%u", rep);
      char *h = join (type, "", nth);
      char *hd = join (h, "", "|");
      head = hd;
      fields ("", "", v);
      free (hd);
      free (h);
      free (type);
      free (cn);
      json_decref (v);
    }
  return 0;
}
