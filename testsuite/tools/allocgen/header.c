/* header.c - the shared header's declarations after the types (the
   allocators by attribute, the macros, statics every unit sees, inline
   functions that allocate: sites several units report and the program
   has once), and the stand-in for the kernel's <linux/slab.h>.
   Copyright (C) 2026 The pokehole authors.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include "allocgen.h"

#define HDR "types.h"

/* "static T name[N]" seen by LANGS, each unit its own (ONCE 0) or the
   program's one object (ONCE 1).  */
static void
header_static (struct sb *h, unsigned langs, int once, const char *prefix,
               int t, unsigned n, const char *name)
{
  sb_add (h, "%s%s %s", prefix, spell (t, langs == L_CXX ? L_CXX : L_C),
          name);
  inst_add (-1, langs, once, t, n ? n : 1, name, HDR, sb_line (h));
  if (n)
    sb_add (h, "[%u]", n);
  sb_add (h, "%s;\n", once ? "" : " __attribute__ ((unused))");
}

/* The start of an inline function of the header that returns a T *,
   NAME PARAMS, seen by LANGS (C's static inline, C++'s inline); its
   type drawn among KINDS into *T, and its spelling.  */
static const char *
inline_function (struct sb *h, unsigned langs, unsigned kinds, int *t,
                 const char *name, const char *params)
{
  enum lang l = langs == L_CXX ? L_CXX : L_C;
  *t = pick_type (kinds);
  const char *s = spell (*t, l);
  sb_add (h, "%s%s *\n%s %s\n{\n", l == L_CXX ? "inline " : "static inline ",
          s, name, params);
  return s;
}

/* That function, whose one line "  return RET;", %s the type, is a
   site: the several units that report it, one in the program.  */
static struct site *
inline_site (struct sb *h, unsigned langs, unsigned kinds, const char *name,
             const char *params, const char *ret, const char *how,
             const char *call)
{
  int t;
  const char *s = inline_function (h, langs, kinds, &t, name, params);
  struct site *st = site_new (-1, langs, t, HDR, sb_line (h), how, call);
  sb_add (h, "  return ");
  sb_add (h, ret, s);
  sb_add (h, ";\n}\n\n");
  return st;
}

/* That function returning its local static VAR, N objects (0: one, no
   array); the last of its block, which ends after it.  */
static void
inline_static (struct sb *h, unsigned langs, int once, const char *name,
               const char *params, const char *var, unsigned n)
{
  int t;
  const char *s = inline_function (h, langs, K_GENERAL, &t, name, params);
  inst_add (-1, langs, once, t, n ? n : 1, var, HDR, sb_line (h));
  sb_add (h, "  static %s %s", s, var);
  if (n)
    sb_add (h, "[%u]", n);
  sb_add (h, ";\n  return %s%s;\n}\n#endif\n\n", n ? "" : "&", var);
}

static void
c_inline_functions (struct sb *h)
{
  sb_add (h, "#if !defined __KERNEL__ && !defined __cplusplus\n"
          "/* Each C unit reports these sites; the program has them once.  */\n");
  site_count (inline_site (h, L_C, K_GENERAL, "ph_c_new0", "(void)",
                           "NEW (%s)", "malloc", "malloc"), 1);
  inline_site (h, L_C, K_GENERAL, "ph_c_arr0", "(size_t n)",
               "calloc (n, sizeof (%s))", "malloc", "calloc")->array = 1;
  /* a local static of a static inline function: each unit's own */
  inline_static (h, L_C, 0, "ph_c_one0", "(void)", "ph_one_c", 0);
}

static void
cxx_inline_functions (struct sb *h)
{
  sb_add (h, "#ifdef __cplusplus\n"
          "/* Inline variables and inline functions: one object, one site\n"
          "   in the program, however many units report them.  */\n");
  header_static (h, L_CXX, 1, "inline ", pick_type (K_GENERAL), 0, "ph_iv0");
  header_static (h, L_CXX, 1, "inline ", pick_type (K_GENERAL), 3, "ph_ia0");
  site_count (inline_site (h, L_CXX, K_GENERAL, "ph_cxx_new0", "()",
                           "new %s", "new", "operator new"), 1);
  struct site *st = inline_site (h, L_CXX, KB (TK_DTOR), "ph_cxx_arr0",
                                 "(size_t n)", "new %s[n]", "new[]",
                                 "operator new[]");
  st->array = st->tail = 1;
  inline_static (h, L_CXX, 1, "ph_cxx_one0", "()", "ph_one_cxx", 2);
}

/* After the types: what every unit sees, then what C, C++ or both
   do.  */
void
write_header_tail (struct sb *h)
{
  sb_add (h, "/* Every unit has its own.  */\n");
  header_static (h, L_ALL, 0, "static ", pick_type (K_GENERAL), 2,
                 "ph_all0");
  sb_add (h, "\n#ifndef __KERNEL__\n#include <stddef.h>\n#include <stdlib.h>\n"
          "#ifdef __cplusplus\nextern \"C\" {\n#endif\n"
          "/* Allocators by their attributes only.  */\n"
          "void *ph_xmalloc (size_t n) __attribute__ ((malloc, alloc_size (1)));\n"
          "void *ph_xcalloc (size_t n, size_t size)\n"
          "  __attribute__ ((malloc, alloc_size (1, 2)));\n"
          "void *ph_xalloc (size_t n) __attribute__ ((malloc));\n"
          "/* No allocator: a cast of its result is no site.  */\n"
          "void *ph_lookup (int key);\n"
          "void *ph_old (void);\n"
          "void ph_keep (const void *p);\n"
          "/* Defined once, in c1.c.  */\n");
  shared_type = pick_type (K_GENERAL);
  sb_add (h, "extern %s ph_shared[3];\n", spell (shared_type, L_C));
  sb_add (h, "#ifdef __cplusplus\n}\n#endif\n"
          "#define NEW(T) ((T *) malloc (sizeof (T)))\n"
          "#define NEW_N(T, n) ((T *) calloc ((n), sizeof (T)))\n"
          "#endif\n\n");
  c_inline_functions (h);
  cxx_inline_functions (h);
  if (with_known)
    {
      /* Seen by C and C++ units: one site (a C++ call's caret is at
         its parenthesis, a C call's at its name).  */
      int t = pick_type (KB (TK_PLAIN));
      sb_add (h, "#ifndef __KERNEL__\n"
              "/* C and C++ units both report this site.  */\n"
              "static inline struct %s *\nph_both0 (void)\n{\n",
              types[t].name);
      unsigned line = sb_line (h);
      site_count (site_new (-1, L_C | L_CXX, t, HDR, line, "malloc",
                            "malloc"), 1);
      sb_add (h, "  return (struct %s *) malloc (sizeof (struct %s));\n"
              "}\n#endif\n\n", types[t].name, types[t].name);
    }
}

/* kmalloc and its kin, and the slab caches, as Linux 6.1's
   <linux/slab.h> declares them (static inline wrappers with
   alloc_size, KMEM_CACHE naming the cache after the struct), cut to
   what the kernel unit calls.  */
void
write_kernel_header (struct sb *k)
{
  sb_add (k,
          "/* Generated by ph-allocgen: a stand-in for the kernel's\n"
          "   <linux/slab.h> (6.1), for units compiled with -D__KERNEL__.  */\n"
          "#ifndef PH_KERN_H\n#define PH_KERN_H\n\n"
          "typedef unsigned long size_t;\n"
          "typedef unsigned int gfp_t;\n"
          "typedef unsigned int slab_flags_t;\n"
          "#define NULL ((void *) 0)\n"
          "#define GFP_KERNEL ((gfp_t) 0xcc0u)\n"
          "#define __GFP_ZERO ((gfp_t) 0x100u)\n"
          "#define SIZE_MAX (~(size_t) 0)\n"
          "#define SLAB_HWCACHE_ALIGN ((slab_flags_t) 0x00002000U)\n"
          "#define SLAB_PANIC ((slab_flags_t) 0x00040000U)\n"
          "#define __malloc __attribute__ ((__malloc__))\n"
          "#define __alloc_size__(x, ...) "
          "__attribute__ ((__alloc_size__ (x, ## __VA_ARGS__)))\n"
          "#define __alloc_size(x, ...) __alloc_size__ (x, ## __VA_ARGS__) __malloc\n"
          "#define __always_inline inline __attribute__ ((__always_inline__))\n\n"
          "struct kmem_cache;\n"
          "void *__kmalloc (size_t size, gfp_t flags) __alloc_size (1);\n"
          "struct kmem_cache *kmem_cache_create (const char *name, unsigned int size,\n"
          "\t\t\t\t     unsigned int align, slab_flags_t flags,\n"
          "\t\t\t\t     void (*ctor) (void *));\n"
          "void *kmem_cache_alloc (struct kmem_cache *s, gfp_t flags) __malloc;\n\n"
          "static __always_inline __alloc_size (1) void *\n"
          "kmalloc (size_t size, gfp_t flags)\n{\n"
          "  return __kmalloc (size, flags);\n}\n\n"
          "static inline __alloc_size (1) void *\n"
          "kzalloc (size_t size, gfp_t flags)\n{\n"
          "  return kmalloc (size, flags | __GFP_ZERO);\n}\n\n"
          "static inline __alloc_size (1, 2) void *\n"
          "kmalloc_array (size_t n, size_t size, gfp_t flags)\n{\n"
          "  if (size != 0 && n > SIZE_MAX / size)\n    return NULL;\n"
          "  return __kmalloc (n * size, flags);\n}\n\n"
          "static inline __alloc_size (1, 2) void *\n"
          "kcalloc (size_t n, size_t size, gfp_t flags)\n{\n"
          "  return kmalloc_array (n, size, flags | __GFP_ZERO);\n}\n\n"
          "static inline void *\n"
          "kmem_cache_zalloc (struct kmem_cache *k, gfp_t flags)\n{\n"
          "  return kmem_cache_alloc (k, flags | __GFP_ZERO);\n}\n\n"
          "#define KMEM_CACHE(__struct, __flags)\t\t\t\t\t\\\n"
          "\t\tkmem_cache_create(#__struct, sizeof(struct __struct),\t\\\n"
          "\t\t\t__alignof__(struct __struct), (__flags), NULL)\n\n"
          "#endif\n");
}
