/* Where a type's memory is spent (issue 35): the places a unit allocates
   objects of the type on the heap, and the static variables that hold
   them.  The plugin finds them while it compiles (plugin/allocs.cc) and
   writes one "allocs" record per type and unit (docs/layout-jsonl.md);
   the reader gathers those of a whole build (allocdb.h) and weighs a
   smaller layout by what it saves there (worth.h).  */
#ifndef PH_ALLOCS_H
#define PH_ALLOCS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "layout.h"

#ifdef __cplusplus
extern "C" {
#endif

/* How a site allocates.  */
enum ph_alloc_how {
	/* The C library's malloc family, or a function GCC knows as an
	   allocator (alloc_size or malloc attributes) outside the kernel:
	   the user-space allocator's size classes.  */
	PH_HOW_MALLOC,
	/* kmalloc and its kin (kzalloc, kcalloc, kvmalloc, ...): the
	   kmalloc-N caches.  */
	PH_HOW_KMALLOC,
	/* A slab cache of its own: kmem_cache_create (KMEM_CACHE) with the
	   cache's name, or kmem_cache_alloc from a cache variable.  */
	PH_HOW_CACHE,
	/* C++ new-expressions of the program.  */
	PH_HOW_NEW,
	PH_HOW_NEW_ARRAY,
	/* A call into the C++ library that allocates the type or an
	   object that holds it (a container's array or node, make_shared's
	   control block).  */
	PH_HOW_LIBRARY,
	/* An allocator whose classes are not modelled (vmalloc, a
	   kernel function known only by its attributes).  */
	PH_HOW_OTHER,
	PH_HOW_NR
};

/* "malloc", as the JSON spells HOW.  */
const char *ph_alloc_how_name(enum ph_alloc_how how);
bool ph_alloc_how_parse(const char *s, enum ph_alloc_how *ret);

struct ph_heap_site {
	enum ph_alloc_how how;
	/* The function called: "malloc", "kzalloc", "kmem_cache_create",
	   "operator new", "std::vector<node>::push_back".  */
	const char *call;
	/* Where; line and column from 1.  */
	const char *file;
	uint32_t line, column;
	/* Objects of the type an allocation takes, when the size says (N
	   times its size); 0 when not a constant.  */
	uint64_t count;
	/* The size is a run-time multiple of the type's: an array.  */
	bool array;
	/* The allocation has bytes beyond COUNT objects: a flexible
	   array member's elements, a header, new[]'s cookie.  */
	bool tail;
	/* The request in bytes when a constant, else 0.  */
	uint64_t bytes;
	/* PH_HOW_LIBRARY: the object the library allocates when it is not
	   the type itself ("" when it is), and its size.  */
	const char *object;
	uint64_t object_size;
	/* PH_HOW_CACHE: the cache's name ("" when the site does not
	   show it) and the variable that holds the cache ("" when none).  */
	const char *cache;
	const char *cache_var;
	/* PH_HOW_CACHE: the cache's alignment argument, 0 when not a
	   constant.  */
	uint64_t cache_align;
	/* PH_HOW_CACHE: created with SLAB_HWCACHE_ALIGN (the objects
	   aligned to the cacheline, or its half, quarter... while two
	   fit).  */
	bool cache_hwalign;
};

/* A static variable holding objects of the type.  */
struct ph_static_inst {
	const char *var;
	/* Its symbol: the units of a build that all see one variable (a
	   C++ inline variable, a template's static member) name it once.  */
	const char *symbol;
	const char *file;
	uint32_t line, column;
	/* "" when the variable is of the type or an array of it; else the
	   type of the variable's elements, which holds the type (a
	   member, at any depth).  */
	const char *in;
	/* Objects of the type in the variable.  */
	uint64_t count;
	/* The variable's bytes.  */
	uint64_t bytes;
};

/* What an "allocs" record holds: one type's sites in one unit.  */
struct ph_type_allocs {
	/* The type, as its layout record names it.  */
	const char *name;
	enum ph_kind kind;
	bool typedef_name;
	const char *file;
	unsigned line;
	const char *dir;
	const char *unit;
	uint64_t size, align;
	size_t nr_heap;
	struct ph_heap_site *heap;
	size_t nr_statics;
	struct ph_static_inst *statics;
};

#ifdef __cplusplus
}
#endif

#endif
