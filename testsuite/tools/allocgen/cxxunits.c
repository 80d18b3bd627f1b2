/* cxxunits.c - ph-allocgen's C++ units: new-expressions (arrays, types
   whose arrays carry a cookie), the library's allocations on the
   program's behalf (a vector's array, make_unique's object,
   make_shared's control block, the nodes of map, list and
   unordered_map), static variables in namespaces, classes and
   anonymous namespaces, and what must count as neither.
   Copyright (C) 2026 The pokehole authors.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include "allocgen.h"

enum x_case {
  X_NEW, X_NEW_PAREN, X_NEW_BRACE, X_NEWA_N, X_NEWA_K, X_DNEW, X_DNEWA_N,
  X_DNEWA_K, X_VECTOR, X_UNIQUE, X_SHARED, X_MAP, X_LIST, X_UMAP,
  X_MALLOC, X_CALLOC_N,
  /* the constructs of known bugs (--without known: none) */
  X_SMALL_COOKIE, X_MALLOC_ASSIGN, X_CALLOC_ASSIGN, NXCASES
};
#define NXPLAIN X_SMALL_COOKIE

/* A library's allocation: the call as the plugin names it, without
   template arguments, the block a line of its own.  */
struct lib {
  const char *call, *object;
  const char *decl;             /* the container, %s the type */
  const char *use;              /* %u the container, then the value */
};

static const struct lib libs[] = {
  [X_VECTOR - X_VECTOR] = { "std::vector::push_back", "-",
    "std::vector<%s>", "c%u.push_back (val%u);" },
  [X_MAP - X_VECTOR] = { "std::map::operator[]", "std::_Rb_tree_node",
    "std::map<int, %s>", "c%u[1] = val%u;" },
  [X_LIST - X_VECTOR] = { "std::list::push_back", "std::_List_node",
    "std::list<%s>", "c%u.push_back (val%u);" },
  [X_UMAP - X_VECTOR] = { "std::unordered_map::operator[]",
    "std::__detail::_Hash_node", "std::unordered_map<int, %s>",
    "c%u[1] = val%u;" },
};

/* The new-expressions' spellings ("new struct T {}" would define a
   struct: the bare name); a destructor puts a cookie before an
   array.  */
static const struct spelling x_new[NXCASES] = {
  [X_NEW] = { K_GENERAL, "new", "operator new", CNT_ONE, "new @T;", NULL },
  [X_NEW_PAREN] = { K_GENERAL, "new", "operator new", CNT_ONE,
                    "new @T ();", NULL },
  [X_NEW_BRACE] = { K_GENERAL, "new", "operator new", CNT_ONE,
                    "new @N {};", NULL },
  [X_NEWA_N] = { K_GENERAL, "new[]", "operator new[]", CNT_N,
                 "new @T[n];", NULL },
  [X_NEWA_K] = { K_GENERAL, "new[]", "operator new[]", CNT_K,
                 "new @T[@K];", NULL },
  [X_DNEW] = { KB (TK_DTOR), "new", "operator new", CNT_ONE, "new @T;", NULL },
  [X_DNEWA_N] = { KB (TK_DTOR), "new[]", "operator new[]", CNT_N_COOKIE,
                  "new @T[n];", NULL },
  [X_DNEWA_K] = { KB (TK_DTOR), "new[]", "operator new[]", CNT_K_COOKIE,
                  "new @T[@K];", NULL },
  [X_SMALL_COOKIE] = { KB (TK_SMALL_DTOR), "new[]", "operator new[]",
                       CNT_K_COOKIE, "new @T[@K];", NULL },
};

static void
library_site (int ui, enum x_case c)
{
  struct unit *u = &units[ui];
  struct sb *b = &u->text;
  int t = pick_type (K_GENERAL | KB (TK_DTOR));
  const char *s = spell (t, L_CXX);
  unsigned v = u->serial++;
  struct site *st;
  if (c == X_UNIQUE || c == X_SHARED)
    {
      const char *fn = c == X_UNIQUE ? "make_unique" : "make_shared";
      sb_add (b, "  auto q%u = std::%s<%s> (); ", v, fn, s);
      st = site_new (ui, 0, t, u->file, sb_line (b), "library",
                     c == X_UNIQUE ? "std::make_unique" : "std::make_shared");
      st->count = 1;
      if (c == X_SHARED)
        st->object = "std::_Sp_counted_ptr_inplace";
      sb_add (b, "ph_keep (q%u.get ());\n", v);
      return;
    }
  const struct lib *l = &libs[c - X_VECTOR];
  sb_add (b, "  {\n    ");
  sb_add (b, l->decl, s);
  sb_add (b, " c%u;\n    %s val%u = {};\n    ", v, s, v);
  st = site_new (ui, 0, t, u->file, sb_line (b), "library", l->call);
  st->object = l->object;
  if (c == X_VECTOR)
    st->array = 1;
  else
    st->count = 1;
  sb_add (b, l->use, v, v);
  sb_add (b, "\n    ph_keep (&c%u);\n  }\n", v);
}

/* malloc and calloc in C++.  In a declaration's initializer the front
   end has folded sizeof into a number by the time the plugin looks; in
   an assignment (a return, an argument) it has not.  */
static void
malloc_site (int ui, enum x_case c)
{
  struct sb *b = &units[ui].text;
  int t = pick_type (K_GENERAL);
  const char *s = spell (t, L_CXX);
  unsigned v;
  int assign = c == X_MALLOC_ASSIGN || c == X_CALLOC_ASSIGN;
  int one = c == X_MALLOC || c == X_MALLOC_ASSIGN;
  struct site *st = start_site (ui, t, s, assign, "malloc",
                                one ? "malloc" : "calloc", &v);
  if (one)
    {
      sb_add (b, "(%s *) malloc (sizeof (%s));", s, s);
      site_count (st, 1);
    }
  else
    {
      sb_add (b, "static_cast<%s *> (calloc (n, sizeof (%s)));", s, s);
      st->array = 1;
    }
  sb_add (b, " ph_keep (p%u);\n", v);
}

/* Placement new (it takes no memory), a cast of what a function that
   is no allocator returns, a local, a request that stays void *, and a
   vector of pointers (it allocates pointers, no object).  */
static void
cxx_negatives (int ui, enum lang l)
{
  struct unit *u = &units[ui];
  struct sb *b = &u->text;
  unsigned v = u->serial++;
  const char *s = spell (pick_type (K_GENERAL), l);
  sb_add (b, "  alignas (%s) unsigned char buf%u[sizeof (%s)];\n"
          "  %s *pl%u = new (buf%u) %s; ph_keep (pl%u);\n", s, v, s, s, v, v,
          s, v);
  s = spell (pick_type (K_GENERAL), l);
  sb_add (b, "  %s *lk%u = static_cast<%s *> (ph_lookup (%u)); "
          "ph_keep (lk%u);\n", s, v, s, v, v);
  s = spell (pick_type (K_GENERAL | KB (TK_DTOR)), l);
  sb_add (b, "  %s loc%u = {};\n  ph_keep (&loc%u);\n", s, v, v);
  s = spell (pick_type (K_GENERAL), l);
  sb_add (b, "  void *raw%u = malloc (sizeof (%s)); ph_keep (raw%u);\n", v, s,
          v);
  s = spell (pick_type (K_GENERAL), l);
  sb_add (b, "  std::vector<%s *> vp%u;\n  vp%u.push_back (nullptr);\n"
          "  ph_keep (&vp%u);\n", s, v, v, v);
  negatives += 5;
}

/* Public variables (arrays, 2-D arrays), one in a namespace, a class's
   static member, the unit's own (static, in an anonymous namespace).  */
static void
cxx_statics (int ui)
{
  struct unit *u = &units[ui];
  struct sb *b = &u->text;
  char name[40];
  for (unsigned i = 0, n = 4 + rnd (3); i < n; i++)
    {
      int t = pick_type (K_GENERAL | (i == 0 ? KB (TK_DTOR) : 0));
      const char *s = spell (t, L_CXX);
      unsigned d1 = 2 + rnd (3), d2 = 2 + rnd (2), r = i < 4 ? i : rnd (4);
      snprintf (name, sizeof name, "%.2s_v%u", u->file, i);
      switch (r)
        {
        case 0:
          inst_add (ui, 0, 0, t, d1, name, u->file, sb_line (b));
          sb_add (b, "static %s %s[%u];\n", s, name, d1);
          break;
        case 1:
          inst_add (ui, 0, 1, t, d1 * d2, name, u->file, sb_line (b));
          sb_add (b, "%s %s[%u][%u];\n", s, name, d1, d2);
          break;
        case 2:
          sb_add (b, "namespace %.2s_ns%u\n{\n", u->file, i);
          inst_add (ui, 0, 1, t, d1, "nv", u->file, sb_line (b));
          sb_add (b, "  %s nv[%u];\n}\n", s, d1);
          break;
        default:
          if (chance (50))
            {
              sb_add (b, "struct %.2s_hold%u\n{\n  static %s pool[%u];\n};\n",
                      u->file, i, s, d1);
              inst_add (ui, 0, 1, t, d1, "pool", u->file, sb_line (b));
              sb_add (b, "%s %.2s_hold%u::pool[%u];\n", s, u->file, i, d1);
            }
          else
            {
              sb_add (b, "namespace\n{\n");
              inst_add (ui, 0, 0, t, d1, name, u->file, sb_line (b));
              sb_add (b, "  %s %s[%u];\n}\n", s, name, d1);
            }
          break;
        }
    }
  sb_add (b, "\n");
}

/* Case C of a C++ unit.  */
static void
cxx_case (int ui, enum lang l, int c)
{
  enum x_case x = (enum x_case) c;
  if (x >= X_VECTOR && x <= X_UMAP)
    library_site (ui, x);
  else if (x == X_MALLOC || x == X_CALLOC_N || x == X_MALLOC_ASSIGN
           || x == X_CALLOC_ASSIGN)
    malloc_site (ui, x);
  else
    spelled_site (ui, l, &x_new[x]);
}

void
write_cxx_unit (int ui)
{
  struct unit *u = &units[ui];
  struct sb *b = &u->text;
  sb_add (b, "// Generated by ph-allocgen: a C++ unit.\n#include \"types.h\"\n"
          "#include <list>\n#include <map>\n#include <memory>\n#include <new>\n"
          "#include <unordered_map>\n#include <vector>\n\n");
  cxx_statics (ui);
  int v[NXCASES];
  unsigned n = with_known ? NXCASES : NXPLAIN;
  rnd_perm (v, n);
  unsigned kinds = K_GENERAL | KB (TK_DTOR);
  unit_function (ui, L_CXX, kinds, 0, v, n / 2, 0, cxx_case, cxx_negatives);
  unit_function (ui, L_CXX, kinds, 0, v + n / 2, n - n / 2, 1, cxx_case,
                 cxx_negatives);
  if (strcmp (u->file, "x1.cc") == 0)
    sb_add (b, "int\nmain ()\n{\n  return 0;\n}\n");
}
