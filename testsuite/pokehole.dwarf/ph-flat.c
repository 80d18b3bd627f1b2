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
   on one side only is a difference).  Exit status 2 on bad input.

   ph-flat --blocks LAYOUT.jsonl: the same keys, with names as written
   and no limit on their length, a block a type as realcode.exp reads
   them (it was a jq program once, a sixth as fast): "\001NAME" starts
   the block of each struct, union and class, then PATH|FIELD<TAB>VALUE
   lines (hole#I|FIELD for holes, without the path: a type's holes are
   its own).  */

#define _XOPEN_SOURCE 700

#include <jansson.h>

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
        const json_t *v)
{
  printf ("%s|%s|%s\t", type, path, key);
  switch (json_typeof (v))
    {
    case JSON_NULL: puts ("null"); break;
    case JSON_TRUE: puts ("true"); break;
    case JSON_FALSE: puts ("false"); break;
    case JSON_INTEGER:
      printf ("%" JSON_INTEGER_FORMAT "\n", json_integer_value (v));
      break;
    case JSON_REAL: printf ("%g\n", json_real_value (v)); break;
    case JSON_STRING: printf ("%s\n", json_string_value (v)); break;
    case JSON_ARRAY: printf ("[%zu items]\n", json_array_size (v)); break;
    case JSON_OBJECT: puts ("{object}"); break;
    }
}

/* O's string KEY, "" when it has none.  */
static const char *
string_of (const json_t *o, const char *key)
{
  const char *s = json_string_value (json_object_get (o, key));
  return s ? s : "";
}

static void members (const char *type, const char *prefix,
                     const json_t *arr);

static void
fields (const char *type, const char *path, const char *kids,
        const json_t *o)
{
  const char *key;
  const json_t *value;
  /* jansson keeps an object's keys in the order they were read.  */
  json_object_foreach ((json_t *) o, key, value)
    {
      if (strcmp (key, "members") == 0 && json_is_array (value))
        {
          printf ("%s|%s|members\t%zu\n", type, path, json_array_size (value));
          members (type, kids, value);
        }
      else if ((strcmp (key, "holes") == 0
                || strcmp (key, "bit_holes") == 0)
               && json_is_array (value))
        {
          printf ("%s|%s|%s\t%zu\n", type, path, key,
                  json_array_size (value));
          for (size_t k = 0; k < json_array_size (value); k++)
            {
              const json_t *h = json_array_get (value, k);
              char p[4096];
              snprintf (p, sizeof p, "%s#%zu", strcmp (key, "holes") == 0
                        ? "hole" : "bit_hole", k);
              if (json_is_object (h))
                {
                  const char *hk;
                  const json_t *hv;
                  json_object_foreach ((json_t *) h, hk, hv)
                    scalar (type, p, hk, hv);
                }
            }
        }
      else
        scalar (type, path, key, value);
    }
}

static void
members (const char *type, const char *prefix, const json_t *arr)
{
  for (size_t i = 0; i < json_array_size (arr); i++)
    {
      const json_t *m = json_array_get (arr, i);
      if (!json_is_object (m))
        continue;
      const char *name = string_of (m, "name"), *t = string_of (m, "type");
      int base = json_is_true (json_object_get (m, "base"));
      int virt = json_is_true (json_object_get (m, "virtual"));
      json_int_t bit = json_integer_value (json_object_get (m, "bit_offset"));
      char own[2048], ct[1024], path[4096];
      canon (t, ct, sizeof ct);
      if (base)
        snprintf (own, sizeof own, "%s:%s", virt ? "vbase" : "base", ct);
      else if (*name)
        snprintf (own, sizeof own, "%s", name);
      else
        snprintf (own, sizeof own, "anon@%" JSON_INTEGER_FORMAT, bit);
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

/* --blocks: V as a value prints (arrays and objects by their size).  */
static void
block_value (const json_t *v)
{
  if (v == NULL)
    {
      fputs ("null", stdout);
      return;
    }
  switch (json_typeof (v))
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

/* A string of malloc'd memory: A, or A.B when A is not empty.  */
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

/* --blocks: the fields of O, a type or a member at PATH; KIDS the path
   its members are named from (PATH, or its holder's for an anonymous
   aggregate).  */
static void
block_fields (const char *path, const char *kids, const json_t *o)
{
  const char *key;
  const json_t *value;
  json_object_foreach ((json_t *) o, key, value)
    {
      if (strcmp (key, "members") == 0 && json_is_array (value))
        {
          printf ("%s|members\t%zu\n", path, json_array_size (value));
          for (size_t i = 0; i < json_array_size (value); i++)
            {
              const json_t *m = json_array_get (value, i);
              if (!json_is_object (m))
                continue;
              const char *name = string_of (m, "name");
              int base = json_is_true (json_object_get (m, "base"));
              char *own;
              if (base)
                own = join (json_is_true (json_object_get (m, "virtual"))
                            ? "vbase" : "base", ":", string_of (m, "type"));
              else if (*name)
                own = join ("", "", name);
              else
                {
                  char bit[64];
                  const json_t *b = json_object_get (m, "bit_offset");
                  snprintf (bit, sizeof bit, "%" JSON_INTEGER_FORMAT,
                            json_integer_value (b));
                  own = join ("anon", "@", bit);
                }
              char *p = join (kids, ".", own);
              block_fields (p, *name || base ? p : kids, m);
              free (p);
              free (own);
            }
        }
      else if ((strcmp (key, "holes") == 0
                || strcmp (key, "bit_holes") == 0)
               && json_is_array (value))
        {
          printf ("%s|%s\t%zu\n", path, key, json_array_size (value));
          for (size_t k = 0; k < json_array_size (value); k++)
            {
              const json_t *h = json_array_get (value, k);
              const char *hk;
              const json_t *hv;
              if (!json_is_object (h))
                continue;
              json_object_foreach ((json_t *) h, hk, hv)
                {
                  printf ("%s#%zu|%s\t", strcmp (key, "holes") == 0
                          ? "hole" : "bit_hole", k, hk);
                  block_value (hv);
                  putchar ('\n');
                }
            }
        }
      else
        {
          printf ("%s|%s\t", path, key);
          block_value (value);
          putchar ('\n');
        }
    }
}

int
main (int argc, char **argv)
{
  int blocks = argc == 3 && strcmp (argv[1], "--blocks") == 0;
  if (blocks)
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
      if (blocks)
        {
          if (strcmp (kind, "struct") == 0 || strcmp (kind, "union") == 0
              || strcmp (kind, "class") == 0)
            {
              putchar ('\001');
              block_value (json_object_get (v, "name"));
              putchar ('\n');
              block_fields ("", "", v);
            }
          json_decref (v);
          continue;
        }
      /* The plugin's sites records say where a type's order is relied
         on: no layout, and nothing a reader of DWARF writes.  */
      if (kind && strcmp (kind, "sites") == 0)
        {
          json_decref (v);
          continue;
        }
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
      json_decref (v);
    }
  return 0;
}
