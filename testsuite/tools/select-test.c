/* select-test - unit tests of the rule that chooses types by name
   (reorg/select.c): -C in the reader, types= in the plugin.
   Copyright (C) 2026 The pokehole authors.
   SPDX-License-Identifier: GPL-3.0-or-later

   Prints one "PASS: name" or "FAIL: name: why" line per check and exits
   nonzero when anything failed.  */

#include "../../reorg/select.h"

#include <stdio.h>
#include <string.h>

static int failures;

static void
check (int ok, const char *what, const char *a, const char *b)
{
  if (ok)
    printf ("PASS: select %s: '%s' '%s'\n", what, a, b);
  else
    {
      printf ("FAIL: select %s: '%s' '%s'\n", what, a, b);
      failures++;
    }
}

/* Lists and the names they split into, '|' between names.  */
static const char *const splits[][2] = {
  { "a", "a" },
  { "a,b", "a|b" },
  { " a , b ", "a|b" },
  { "std::pair<int, long int>,Slice", "std::pair<int, long int>|Slice" },
  { "Map<K, V<int, char> >,T<(E)1, 3>,f(int, char)::L,A<int[2], x>",
    "Map<K, V<int, char> >|T<(E)1, 3>|f(int, char)::L|A<int[2], x>" },
};

static const char *const bad_lists[] = { "", ",", "a,", ",a", "a,,b", " " };

/* Pattern, name, whether it selects.  */
static const struct { const char *pattern, *name; int match; } matches[] = {
  { "sample", "sample", 1 },
  { "sample", "samples", 0 },
  { "sample", "xsample", 0 },
  { "Slice", "leveldb::Slice", 1 },
  { "leveldb::Slice", "leveldb::Slice", 1 },
  { "Slice", "leveldb::SliceX", 0 },
  { "eveldb::Slice", "leveldb::Slice", 0 },
  { "impl::Node", "a::impl::Node", 1 },
  { "a::Node", "a::impl::Node", 0 },
  { "Node", "a::impl::Node", 1 },
  /* A scope inside template arguments is not a scope of the type.  */
  { "B>", "A<x::B>", 0 },
  { "B<int>", "A<x::B<int> >", 0 },
  { "Box<Box<int>>", "Box<Box<int> >", 1 },
  { "Box<Box<int> >", "Box<Box<int>>", 1 },
  { "Box< Box<int> >", "Box<Box<int> >", 1 },
  { "P<int,long int>", "P<int, long int>", 1 },
  { "P<int, longint>", "P<int, long int>", 0 },
  { "P<unsignedint>", "P<unsigned int>", 0 },
  { "Box<int>", "ns::Box<int>", 1 },
  { "(anonymous namespace)::H", "(anonymous namespace)::H", 1 },
  { "H", "(anonymous namespace)::H", 1 },
  { "vector<int, std::allocator<int> >",
    "std::vector<int, std::allocator<int> >", 1 },
  { "allocator<int> >", "std::vector<int, std::allocator<int> >", 0 },
};

int
main (void)
{
  for (size_t i = 0; i < sizeof splits / sizeof splits[0]; i++)
    {
      struct ph_names *names;
      char joined[512] = "";
      struct ph_error *err = ph_names_create (splits[i][0], &names);

      if (err)
        {
          check (0, "splits", splits[i][0], err->message);
          ph_error_destroy (err);
          continue;
        }
      for (size_t k = 0; k < names->n; k++)
        {
          if (k)
            strcat (joined, "|");
          strcat (joined, names->names[k]);
        }
      check (strcmp (joined, splits[i][1]) == 0, "splits", splits[i][0],
             joined);
      ph_names_destroy (names);
    }
  for (size_t i = 0; i < sizeof bad_lists / sizeof bad_lists[0]; i++)
    {
      struct ph_names *names = NULL;
      struct ph_error *err = ph_names_create (bad_lists[i], &names);

      check (err != NULL && names == NULL, "refuses", bad_lists[i], "");
      ph_error_destroy (err);
    }
  for (size_t i = 0; i < sizeof matches / sizeof matches[0]; i++)
    check (ph_name_matches (matches[i].pattern, matches[i].name)
           == matches[i].match,
           matches[i].match ? "matches" : "does not match",
           matches[i].pattern, matches[i].name);

  /* Found marks: each name for itself, the reader's "not found".  */
  {
    struct ph_names *names;
    struct ph_error *err = ph_names_create ("Slice,Nope,ns::Slice", &names);

    if (err)
      {
        check (0, "found marks", "", err->message);
        ph_error_destroy (err);
      }
    else
      {
        check (ph_names_match (names, "ns::Slice") && names->found[0]
               && !names->found[1] && names->found[2]
               && !ph_names_all_found (names),
               "found marks", "Slice,Nope,ns::Slice", "ns::Slice");
        check (!ph_names_match (names, "Other") && !names->found[1],
               "found marks", "Slice,Nope,ns::Slice", "Other");
        ph_names_match (names, "Nope");
        check (ph_names_all_found (names), "all found",
               "Slice,Nope,ns::Slice", "Nope");
        ph_names_destroy (names);
      }
  }
  return failures != 0;
}
