/* cunits.c - ph-allocgen's C units (the C library's allocators, the
   allocators GCC knows by their attributes, the header's macros) and
   its kernel-style unit (kmalloc and its kin, slab caches), with their
   static variables and what must count as neither.  Each site is one
   line of its own, so that its file and line name it.
   Copyright (C) 2026 The pokehole authors.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include "allocgen.h"

/* Every spelling of a C unit; each C unit has each once.  */
enum c_case {
  C_MALLOC, C_MALLOC_DEREF, C_CALLOC_N, C_CALLOC_K, C_REALLOC_K,
  C_REALLOC_N, C_REALLOCARRAY_N, C_REALLOCARRAY_K, C_ALIGNED, C_XMALLOC,
  C_XCALLOC_N, C_XCALLOC_K, C_XALLOC, C_NEW_MACRO, C_NEWN_N, C_NEWN_K,
  C_MALLOC_K, C_MALLOC_N, C_FLEX_N, C_FLEX_K, C_FLEX_FOLDED, NCCASES
};

/* And of the kernel unit.  */
enum k_case {
  K_KMALLOC, K_KMALLOC_DEREF, K_KZALLOC, K_KCALLOC_N, K_KCALLOC_K,
  K_KARRAY_K, K_KARRAY_N, K_KMALLOC_K, K_KFLEX_N, NKCASES
};

/* The C cases' spellings.  */
static const struct spelling c_cases[NCCASES] = {
  [C_MALLOC] = { K_GENERAL, "malloc", "malloc", CNT_ONE,
                 "malloc (sizeof (@T));", NULL },
  [C_MALLOC_DEREF] = { K_GENERAL, "malloc", "malloc", CNT_ONE,
                       "malloc (sizeof *@P);", NULL },
  [C_CALLOC_N] = { K_GENERAL, "malloc", "calloc", CNT_N,
                   "calloc (n, sizeof (@T));", NULL },
  [C_CALLOC_K] = { K_GENERAL, "malloc", "calloc", CNT_K,
                   "calloc (@K, sizeof (@T));", NULL },
  [C_REALLOC_K] = { K_GENERAL, "malloc", "realloc", CNT_K,
                    "realloc (ph_old (), @K * sizeof (@T));", NULL },
  [C_REALLOC_N] = { K_GENERAL, "malloc", "realloc", CNT_N,
                    "realloc (ph_old (), n * sizeof (@T));", NULL },
  [C_REALLOCARRAY_N] = { K_GENERAL, "malloc", "reallocarray", CNT_N,
                         "reallocarray (ph_old (), n, sizeof (@T));", NULL },
  [C_REALLOCARRAY_K] = { K_GENERAL, "malloc", "reallocarray", CNT_K,
                         "reallocarray (ph_old (), @K, sizeof (@T));", NULL },
  [C_ALIGNED] = { K_GENERAL, "malloc", "aligned_alloc", CNT_ONE,
                  "aligned_alloc (_Alignof (@T), sizeof (@T));", NULL },
  [C_XMALLOC] = { K_GENERAL, "malloc", "ph_xmalloc", CNT_ONE,
                  "ph_xmalloc (sizeof (@T));", NULL },
  [C_XCALLOC_N] = { K_GENERAL, "malloc", "ph_xcalloc", CNT_N,
                    "ph_xcalloc (n, sizeof (@T));", NULL },
  [C_XCALLOC_K] = { K_GENERAL, "malloc", "ph_xcalloc", CNT_K,
                    "ph_xcalloc (@K, sizeof (@T));", NULL },
  [C_XALLOC] = { K_GENERAL, "malloc", "ph_xalloc", CNT_ONE,
                 "ph_xalloc (sizeof (@T));", NULL },
  [C_NEW_MACRO] = { K_GENERAL, "malloc", "malloc", CNT_ONE,
                    "NEW (@T);", NULL },
  [C_NEWN_N] = { K_GENERAL, "malloc", "calloc", CNT_N,
                 "NEW_N (@T, n);", NULL },
  [C_NEWN_K] = { K_GENERAL, "malloc", "calloc", CNT_K,
                 "NEW_N (@T, @K);", NULL },
  [C_MALLOC_K] = { K_GENERAL, "malloc", "malloc", CNT_K,
                   "malloc (@K * sizeof (@T));",
                   "malloc (sizeof (@T) * @K);" },
  [C_MALLOC_N] = { K_GENERAL, "malloc", "malloc", CNT_N,
                   "malloc (n * sizeof (@T));",
                   "malloc (sizeof (@T) * n);" },
  [C_FLEX_N] = { KB (TK_FLEX), "malloc", "malloc", CNT_TAIL,
                 "malloc (sizeof (@T) + n);", NULL },
  /* less than the type's 8 bytes at least: one object and a tail */
  [C_FLEX_K] = { KB (TK_FLEX), "malloc", "malloc", CNT_TAIL_K,
                 "malloc (sizeof (@T) + @K);", NULL },
  /* GCC folds S + n * 2 into (n + S/2) * 2 before the plugin sees it:
     still one object and a tail.  */
  [C_FLEX_FOLDED] = { KB (TK_FLEX), "malloc", "malloc", CNT_TAIL,
                      "malloc (sizeof (@T) + n * sizeof (short));", NULL },
};

/* The kernel unit's.  */
static const struct spelling k_cases[NKCASES] = {
  [K_KMALLOC] = { K_GENERAL, "kmalloc", "kmalloc", CNT_ONE,
                  "kmalloc (sizeof (@T), GFP_KERNEL);", NULL },
  [K_KMALLOC_DEREF] = { K_GENERAL, "kmalloc", "kmalloc", CNT_ONE,
                        "kmalloc (sizeof (*@P), GFP_KERNEL);", NULL },
  [K_KZALLOC] = { K_GENERAL, "kmalloc", "kzalloc", CNT_ONE,
                  "kzalloc (sizeof (@T), GFP_KERNEL);", NULL },
  [K_KCALLOC_N] = { K_GENERAL, "kmalloc", "kcalloc", CNT_N,
                    "kcalloc (n, sizeof (@T), GFP_KERNEL);", NULL },
  [K_KCALLOC_K] = { K_GENERAL, "kmalloc", "kcalloc", CNT_K,
                    "kcalloc (@K, sizeof (@T), GFP_KERNEL);", NULL },
  [K_KARRAY_K] = { K_GENERAL, "kmalloc", "kmalloc_array", CNT_K,
                   "kmalloc_array (@K, sizeof (@T), GFP_KERNEL);", NULL },
  [K_KARRAY_N] = { K_GENERAL, "kmalloc", "kmalloc_array", CNT_N,
                   "kmalloc_array (n, sizeof (@T), GFP_KERNEL);", NULL },
  [K_KMALLOC_K] = { K_GENERAL, "kmalloc", "kmalloc", CNT_K,
                    "kmalloc (@K * sizeof (@T), GFP_KERNEL);", NULL },
  [K_KFLEX_N] = { KB (TK_FLEX), "kmalloc", "kmalloc", CNT_TAIL,
                  "kmalloc (sizeof (@T) + n, GFP_KERNEL);", NULL },
};

/* Calls and variables that are no site and no instance: a request
   whose result stays void * or becomes char *, a cast of what a
   function that is no allocator returns, a local variable, an array of
   pointers, a declaration.  The lines of the expected file cover the
   whole of the records, so that any of these reported is a line too
   many.  */
static void
c_negatives (int ui, enum lang l)
{
  struct unit *u = &units[ui];
  struct sb *b = &u->text;
  const char *alloc = l == L_KERNEL ? "kmalloc" : "malloc";
  const char *gfp = l == L_KERNEL ? ", GFP_KERNEL" : "";
  const char *s = spell (pick_type (K_GENERAL), l);
  unsigned v = u->serial++;
  sb_add (b, "  void *raw%u = %s (sizeof (%s)%s); ph_keep (raw%u);\n", v,
          alloc, s, gfp, v);
  s = spell (pick_type (K_GENERAL), l);
  sb_add (b, "  char *bytes%u = %s (sizeof (%s)%s); ph_keep (bytes%u);\n",
          v, alloc, s, gfp, v);
  s = spell (pick_type (K_GENERAL), l);
  sb_add (b, "  %s loc%u;\n  ph_keep (&loc%u);\n", s, v, v);
  negatives += 3;
  if (l != L_KERNEL)
    {
      s = spell (pick_type (K_GENERAL), l);
      sb_add (b, "  %s *lk%u = (%s *) ph_lookup (%u); ph_keep (lk%u);\n", s,
              v, s, v, v);
      negatives++;
    }
}

/* File-scope variables: public ones, arrays of them and 2-D arrays,
   the unit's own; types holding others give lines "in" them.  */
static void
c_statics (int ui, enum lang l)
{
  struct unit *u = &units[ui];
  struct sb *b = &u->text;
  char name[40];
  for (unsigned i = 0, n = 3 + rnd (3); i < n; i++)
    {
      int t = pick_type (K_GENERAL);
      unsigned r = rnd (4), d1 = 2 + rnd (3), d2 = 2 + rnd (2);
      /* the unit's stem: c1_g0, x2_s1 */
      snprintf (name, sizeof name, "%.2s_%c%u", u->file, r == 3 ? 's' : 'g',
                i);
      unsigned line = sb_line (b);
      const char *s = spell (t, l);
      if (r == 0)
        {
          sb_add (b, "%s %s;\n", s, name);
          inst_add (ui, 0, 1, t, 1, name, u->file, line);
        }
      else if (r == 1)
        {
          sb_add (b, "%s %s[%u];\n", s, name, d1);
          inst_add (ui, 0, 1, t, d1, name, u->file, line);
        }
      else if (r == 2)
        {
          sb_add (b, "%s %s[%u][%u];\n", s, name, d1, d2);
          inst_add (ui, 0, 1, t, d1 * d2, name, u->file, line);
        }
      else
        {
          sb_add (b, "static %s %s[%u];\n", s, name, d1);
          inst_add (ui, 0, 0, t, d1, name, u->file, line);
        }
    }
  sb_add (b, "static %s *%.2s_ptrs[4];\nextern %s %.2s_never;\n\n",
          spell (pick_type (K_GENERAL), l), u->file,
          spell (pick_type (K_GENERAL), l), u->file);
  negatives += 2;
}

/* Case C of a unit of language L.  */
static void
c_case (int ui, enum lang l, int c)
{
  spelled_site (ui, l, l == L_KERNEL ? &k_cases[c] : &c_cases[c]);
}

void
write_c_unit (int ui)
{
  struct unit *u = &units[ui];
  struct sb *b = &u->text;
  sb_add (b, "/* Generated by ph-allocgen: a C unit.  */\n"
          "#define _GNU_SOURCE 1\n#include \"types.h\"\n\n");
  if (ui == 0)
    {
      sb_add (b, "void *\nph_xmalloc (size_t n)\n{\n  return malloc (n);\n}\n\n"
              "void *\nph_xcalloc (size_t n, size_t size)\n{\n"
              "  return calloc (n, size);\n}\n\n"
              "void *\nph_xalloc (size_t n)\n{\n  return malloc (n);\n}\n\n"
              "static char ph_pool[256];\n\n"
              "void *\nph_lookup (int key)\n{\n"
              "  return ph_pool + (key & 7) * 32;\n}\n\n"
              "void *\nph_old (void)\n{\n  return NULL;\n}\n\n"
              "void *volatile ph_kept;\n\n"
              "void\nph_keep (const void *p)\n{\n  ph_kept = (void *) p;\n}\n\n");
      inst_add (0, 0, 1, shared_type, 3, "ph_shared", u->file, sb_line (b));
      sb_add (b, "%s ph_shared[3];\n", spell (shared_type, L_C));
    }
  c_statics (ui, L_C);
  /* C_FLEX_FOLDED, the last, is known bug flex-folded's */
  int v[NCCASES];
  unsigned n = with_known ? NCCASES : NCCASES - 1;
  rnd_perm (v, n);
  for (unsigned f = 0, at = 0, nf = 2 + rnd (2); f < nf; f++)
    {
      unsigned take = f == nf - 1 ? n - at : (n - at) / (nf - f);
      unit_function (ui, L_C, K_GENERAL, 2, v + at, take, f, c_case,
                     c_negatives);
      at += take;
    }
}

/* The three ways a cache is tied to its type: KMEM_CACHE's name (the
   struct's), the text "sizeof (struct T)" of the size argument, and
   (the size a macro) the type allocated from the cache's variable.
   Their alignment arguments and flags (SLAB_HWCACHE_ALIGN or not) go
   with the cache to what is allocated from it.  */
static void
kernel_caches (int ui)
{
  struct unit *u = &units[ui];
  struct sb *b = &u->text;
  int t[3];
  char al[3][8];
  int hw[3];
  static const char *const aligns[] = { "0", "64", "128" };
  static const char *const flags[] = {
    "0", "SLAB_HWCACHE_ALIGN", "SLAB_PANIC | SLAB_HWCACHE_ALIGN", "SLAB_PANIC"
  };
  for (unsigned i = 0; i < 3; i++)
    t[i] = pick_type (KB (TK_PLAIN));
  sb_add (b, "static struct kmem_cache *ph_kc0, *ph_kc1, *ph_kc2;\n"
          "#define PH_SIZE2 sizeof (struct %s)\n\n"
          "void\nk1_init (void)\n{\n", types[t[2]].name);
  for (unsigned i = 0; i < 3; i++)
    {
      unsigned f = rnd (4);
      hw[i] = f == 1 || f == 2;
      struct site *s = site_new (ui, 0, t[i], u->file, sb_line (b), "cache",
                                 "kmem_cache_create");
      site_count (s, 1);
      snprintf (s->var, sizeof s->var, "ph_kc%u", i);
      if (i == 0)
        {
          /* the alignment the struct's: "T" */
          snprintf (s->cache, sizeof s->cache, "%s", types[t[0]].name);
          strcpy (al[i], "T");
          sb_add (b, "  ph_kc0 = KMEM_CACHE (%s, %s);\n", types[t[0]].name,
                  flags[f]);
        }
      else
        {
          snprintf (s->cache, sizeof s->cache, "ph_cache%u", i);
          snprintf (al[i], sizeof al[i], "%s", aligns[rnd (3)]);
          if (i == 1)
            sb_add (b, "  ph_kc1 = kmem_cache_create (\"ph_cache1\", "
                    "sizeof (struct %s), %s, %s, NULL);\n", types[t[1]].name,
                    al[i], flags[f]);
          else
            sb_add (b, "  ph_kc2 = kmem_cache_create (\"ph_cache2\", PH_SIZE2, "
                    "%s, %s, NULL);\n", al[i], flags[f]);
        }
      strcpy (s->al, al[i]);
      s->hw = hw[i];
    }
  sb_add (b, "}\n\nvoid\nk1_from_caches (void)\n{\n");
  for (unsigned i = 0; i < 3; i++)
    {
      const char *fn = i == 2 ? "kmem_cache_zalloc" : "kmem_cache_alloc";
      unsigned v;
      const char *spelled = spell (t[i], L_KERNEL);
      struct site *s = start_site (ui, t[i], spelled, chance (25), "cache",
                                   fn, &v);
      s->count = 1;
      if (i)
        snprintf (s->cache, sizeof s->cache, "ph_cache%u", i);
      else
        snprintf (s->cache, sizeof s->cache, "%s", types[t[0]].name);
      snprintf (s->var, sizeof s->var, "ph_kc%u", i);
      strcpy (s->al, al[i]);
      s->hw = hw[i];
      sb_add (b, "%s (ph_kc%u, GFP_KERNEL); ph_keep (p%u);\n", fn, i, v);
    }
  sb_add (b, "}\n\n");
}

void
write_kernel_unit (int ui)
{
  struct sb *b = &units[ui].text;
  sb_add (b, "/* Generated by ph-allocgen: a kernel-style unit, compiled "
          "with -D__KERNEL__.  */\n#include \"kern.h\"\n#include \"types.h\"\n\n"
          "/* What the kernel defines, for the program to link.  */\n"
          "void *\n__kmalloc (size_t size, gfp_t flags)\n{\n"
          "  (void) size;\n  (void) flags;\n  return NULL;\n}\n\n"
          "struct kmem_cache *\nkmem_cache_create (const char *name, "
          "unsigned int size, unsigned int align,\n"
          "\t\t   slab_flags_t flags, void (*ctor) (void *))\n{\n"
          "  (void) name;\n  (void) size;\n  (void) align;\n  (void) flags;\n"
          "  (void) ctor;\n  return NULL;\n}\n\n"
          "void *\nkmem_cache_alloc (struct kmem_cache *s, gfp_t flags)\n{\n"
          "  (void) s;\n  (void) flags;\n  return NULL;\n}\n\n"
          "static void\nph_keep (const void *p)\n{\n  (void) p;\n}\n\n");
  c_statics (ui, L_KERNEL);
  kernel_caches (ui);
  int v[NKCASES];
  rnd_perm (v, NKCASES);
  unit_function (ui, L_KERNEL, K_GENERAL, 2, v, NKCASES / 2, 0, c_case,
                 c_negatives);
  unit_function (ui, L_KERNEL, K_GENERAL, 2, v + NKCASES / 2,
                 NKCASES - NKCASES / 2, 1, c_case, c_negatives);
}
