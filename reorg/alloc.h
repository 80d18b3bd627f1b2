/* alloc.h - what an allocation of N bytes takes where the memory is
   spent: the allocator's size classes (issue 35).  Packing a type from
   72 to 66 bytes saves nothing when both sizes land in kmalloc-96; to 64
   it saves 32 bytes an object.  Each model is checked against its
   allocator on the machine the tests run on
   (testsuite/pokehole.reorg/alloc.exp, testsuite/tools/alloc-test.c):
   glibc's malloc_usable_size, jemalloc's nallocx, and the running
   kernel's kmalloc caches in /proc/slabinfo.

   Models are plain values, filled by the ph_alloc_* functions below;
   nothing here allocates or fails.  */
#ifndef PH_ALLOC_H
#define PH_ALLOC_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum ph_alloc_kind {
	PH_ALLOC_GLIBC,		/* glibc's malloc: chunks */
	PH_ALLOC_JEMALLOC,	/* jemalloc 5: size classes */
	PH_ALLOC_KMALLOC,	/* Linux kmalloc over SLUB: the kmalloc-N caches */
};

#define PH_ALLOC_MAX_CACHES 32

struct ph_alloc_model {
	enum ph_alloc_kind kind;
	/* glibc: the size of a pointer and size_t (8 for LP64, 4 for i386) */
	unsigned ptr_size;
	unsigned page_size;
	/* kmalloc: the caches' object sizes, ascending; the number of CPUs
	   SLUB sizes its slabs for (num_present_cpus) */
	unsigned ncaches;
	uint32_t caches[PH_ALLOC_MAX_CACHES];
	unsigned nr_cpus;
};

/* What one allocation of a request takes.  */
struct ph_alloc_class {
	/* The memory it takes: glibc's chunk (header included), jemalloc's
	   class, the kmalloc cache's object, or the pages.  */
	uint64_t size;
	/* What the caller may use: malloc_usable_size, nallocx, ksize.  */
	uint64_t usable;
	/* kmalloc: a slab of the cache is 2^order pages holding per_slab
	   objects; above the caches, the allocation is 2^order pages.  */
	unsigned order;
	unsigned per_slab;
	/* 1: served by whole pages (glibc's mmap, kmalloc's page
	   allocator), not from a size class.  */
	int pages;
	/* kmalloc: the cache's object size (its name is kmalloc-N); 0 for
	   pages.  */
	uint32_t cache;
};

/* glibc 2.26 and later on x86: 16-byte alignment for both ABIs;
   PTR_SIZE 8 or 4.  */
void ph_alloc_glibc(struct ph_alloc_model *m, unsigned ptr_size);
/* jemalloc 5 on x86-64: a 16-byte quantum, four classes a doubling.  */
void ph_alloc_jemalloc(struct ph_alloc_model *m);
/* kmalloc on x86-64 with 4 KiB pages: kmalloc-8 to kmalloc-8k with
   kmalloc-96 and kmalloc-192, slabs sized for NR_CPUS.  */
void ph_alloc_kmalloc(struct ph_alloc_model *m, unsigned nr_cpus);
/* The caches of a kmalloc model replaced by the N sizes SIZES (a
   running kernel's kmalloc-N lines), sorted here; false when there are
   none or too many.  */
int ph_alloc_kmalloc_caches(struct ph_alloc_model *m, const uint32_t *sizes, unsigned n);

/* The class of a request of BYTES under M.  */
void ph_alloc_class(const struct ph_alloc_model *m, uint64_t bytes, struct ph_alloc_class *ret);

/* SLUB's slot for objects of OBJECT_SIZE bytes in a cache of final
   alignment ALIGN (/sys/kernel/slab/C/align): the object rounded to a
   word, a free pointer after it where the object cannot hold one
   (FREEPTR_OUTSIDE: a constructor, or SLAB_TYPESAFE_BY_RCU without a
   freeptr_offset), rounded to ALIGN (mm/slub.c, calculate_sizes;
   without SLUB's debugging).  */
uint64_t ph_slub_slot(uint64_t object_size, unsigned align, int freeptr_outside);

/* SLUB's slab order for objects of SLOT bytes (calculate_order of Linux
   6.8 and later), with the objects a slab holds in *PER_SLAB.  */
unsigned ph_slub_order(uint64_t slot, unsigned nr_cpus, unsigned page_size, unsigned *per_slab);

#ifdef __cplusplus
}
#endif

#endif
