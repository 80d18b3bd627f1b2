/* Where the unit spends memory on its types (reorg/allocs.h): heap
   allocation sites and static instances, found while the front end
   hands over declarations and function bodies (allocs.cc, allocs-walk.cc)
   and written per type at the end as "allocs" records.  Include after
   plugin.h.  */
#ifndef PH_PLUGIN_ALLOCS_H
#define PH_PLUGIN_ALLOCS_H

#include "../reorg/allocs.h"

/* Collect them from now on: the declarations' static instances
   (allocs.cc), the function bodies' heap sites (allocs-walk.cc).  */
void ph_allocs_register(const char *plugin_name);
void ph_allocs_walk_register(const char *plugin_name);
/* The sites' walk (sites-walk.cc) drives this one, to walk each body
   once: each function's nodes between begin and end.  */
void ph_allocs_function_begin(tree fn);
void ph_allocs_visit(tree t);
void ph_allocs_function_end(void);
void ph_allocs_walk_release(void);
bool ph_allocs_enabled(void);
/* What the walk left to the end: the library's allocations tied to the
   program's calls, caches tied to types.  Once, before the records.  */
void ph_allocs_finish(void);
/* TYPE's record, named as T (its layout), appended to OUT; nothing when
   the unit neither allocates it nor holds it in a static variable.  */
void ph_allocs_render(tree type, const struct ph_type *t, struct ph_buf *out);
/* How TYPE is allocated in the unit, for the packable warning's
   "class": the first site's how (PH_HOW_NR when the unit has none) and
   its cache's alignment.  */
enum ph_alloc_how ph_allocs_how(tree type, uint64_t *cache_align);
/* The unit is the kernel's (__KERNEL__ is defined).  */
bool ph_allocs_kernel_unit(void);
void ph_allocs_release(void);

/* allocs-walk.cc's hand-over to allocs.cc.  */
struct ph_alloc_fn {
	enum ph_alloc_how how;
	/* The arguments whose product is the size (-1: none).  */
	int size_arg, count_arg;
	/* kmem_cache_alloc (the cache is argument 0) and kmem_cache_create
	   (name 0, size 1, align 2).  */
	bool cache_alloc, cache_create;
};
/* Whether FN allocates, and how.  */
bool ph_alloc_classify(tree fn, struct ph_alloc_fn *ret);

#endif
