/* What a smaller layout is worth where the memory is spent (issue 35):
   for each heap site of a type, the allocator's class of the object now
   and packed (alloc.h) and the bytes an allocation saves; for its static
   instances, the bytes.  Padding is not memory: a struct of 72 bytes
   from kmalloc packed to 66 stays in kmalloc-96 and saves nothing.  */
#ifndef PH_WORTH_H
#define PH_WORTH_H

#include "alloc.h"
#include "allocs.h"
#include "error.h"

#ifdef __cplusplus
extern "C" {
#endif

struct ph_worth_options {
	/* The user-space allocator (glibc or jemalloc) and kmalloc's.  */
	const struct ph_alloc_model *user;
	const struct ph_alloc_model *kmalloc;
};

/* One heap site, weighed.  */
struct ph_worth_site {
	const struct ph_heap_site *site;
	/* The bytes one allocation asks for now and packed; 0 when the
	   site does not say (an array of a run-time length).  */
	uint64_t bytes, packed_bytes;
	/* The allocator's class of each, when modelled (CLASSED).  */
	bool classed;
	enum ph_alloc_kind model;
	struct ph_alloc_class now, packed;
	/* A slab cache of its own: the memory an object takes in its slab
	   (the slab's pages over the objects it holds), now and packed.  */
	uint64_t slab_now, slab_packed;
	/* Bytes an allocation saves: the classes' difference when
	   classed, else the bytes' (PER_ELEMENT: an array's, each
	   element).  */
	uint64_t saved;
	bool per_element;
	/* In the type's heap_saved: not a cache's creation whose
	   allocations are sites of their own.  */
	bool counted;
};

struct ph_worth {
	uint64_t size, packed;
	size_t nr_sites;
	struct ph_worth_site *sites;	/* malloc'd */
	/* Static instances: objects of the type (directly, or inside the
	   elements of other types), their bytes, and what packing saves
	   (inside other types at most: their own layout may keep it).  */
	uint64_t static_count, static_bytes, static_saved;
	uint64_t static_count_in, static_saved_in;
	/* Sites whose class changes, and the sum of what one allocation
	   a site saves (a slab cache once: at its allocations, else at its
	   creation).  */
	size_t class_changes;
	uint64_t heap_saved;
	/* The ranking key: heap_saved + static_saved + static_saved_in.  */
	uint64_t worth;
};

/* A of the type of SIZE bytes (ALIGN) packed to PACKED, weighed into
   *RET (free with ph_worth_free).  */
struct ph_error *ph_worth_of(const struct ph_type_allocs *a, uint64_t size,
			     uint64_t align, uint64_t packed,
			     const struct ph_worth_options *o,
			     struct ph_worth *ret);
void ph_worth_free(struct ph_worth *w);

/* The class as the text names it: "kmalloc-96", "glibc-80",
   "jemalloc-80", "slab-72" (a slab cache's slot), "order-2" (kmalloc's
   pages), "mmap-200704" (glibc's mapping), into BUF.  */
const char *ph_worth_class_name(const struct ph_worth_site *s, bool packed,
				char *buf, size_t size);

#ifdef __cplusplus
}
#endif

#endif
