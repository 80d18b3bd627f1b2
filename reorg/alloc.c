/* The allocator models of alloc.h.  The sizes are the allocators' own
   arithmetic, written from their documented behaviour and checked by
   testsuite/pokehole.reorg/alloc.exp against the allocators.  */
#include "alloc.h"

#include <string.h>

#include "place.h"

/* The smallest order whose 2^order pages hold BYTES.  */
static unsigned page_order(uint64_t bytes, unsigned page_size)
{
	unsigned order = 0;
	while (((uint64_t)page_size << order) < bytes)
		order++;
	return order;
}

static void model_init(struct ph_alloc_model *m, enum ph_alloc_kind kind)
{
	memset(m, 0, sizeof *m);
	m->kind = kind;
	m->ptr_size = 8;
	m->page_size = 4096;
}

void ph_alloc_glibc(struct ph_alloc_model *m, unsigned ptr_size)
{
	model_init(m, PH_ALLOC_GLIBC);
	m->ptr_size = ptr_size == 4 ? 4 : 8;
}

void ph_alloc_jemalloc(struct ph_alloc_model *m)
{
	model_init(m, PH_ALLOC_JEMALLOC);
}

static const uint32_t x86_64_kmalloc[] = {
	8, 16, 32, 64, 96, 128, 192, 256, 512, 1024, 2048, 4096, 8192,
};

void ph_alloc_kmalloc(struct ph_alloc_model *m, unsigned nr_cpus)
{
	model_init(m, PH_ALLOC_KMALLOC);
	m->nr_cpus = nr_cpus ? nr_cpus : 1;
	m->ncaches = sizeof x86_64_kmalloc / sizeof x86_64_kmalloc[0];
	memcpy(m->caches, x86_64_kmalloc, sizeof x86_64_kmalloc);
}

int ph_alloc_kmalloc_caches(struct ph_alloc_model *m, const uint32_t *sizes, unsigned n)
{
	if (n == 0 || n > PH_ALLOC_MAX_CACHES)
		return 0;
	memcpy(m->caches, sizes, n * sizeof *sizes);
	m->ncaches = n;
	/* insertion sort: a few dozen at most */
	for (unsigned i = 1; i < n; i++)
		for (unsigned j = i; j > 0 && m->caches[j - 1] > m->caches[j]; j--) {
			uint32_t t = m->caches[j];
			m->caches[j] = m->caches[j - 1];
			m->caches[j - 1] = t;
		}
	return 1;
}

/* glibc's malloc (malloc/malloc.c): a chunk is the request plus one
   size field, rounded up to MALLOC_ALIGNMENT (16 on x86-64, and on i386
   since 2.26), at least MINSIZE; the next chunk's prev_size field is the
   caller's while this one is in use, so the caller may use all but one
   size field.  That is the chunk a request gets from the top of the
   heap; a free chunk reused whole when the rest would be under MINSIZE
   gives up to MINSIZE - 16 bytes more.  From the mmap threshold (128
   KiB until a freed mmapped chunk raises it) the chunk is mapped pages:
   the chunk and one size field rounded up to pages, the header two size
   fields; where that header leaves the caller's bytes misaligned (i386:
   8 of 16), the pages hold the alignment's worth more, skipped in
   front.  */
static void glibc_class(const struct ph_alloc_model *m, uint64_t n, struct ph_alloc_class *r)
{
	uint64_t sz = m->ptr_size;
	uint64_t minsize = ph_align_up(4 * sz, 16);
	uint64_t chunk = n + sz + 15 < minsize ? minsize : (n + sz + 15) & ~(uint64_t)15;
	if (n >= 128 * 1024) {
		uint64_t skip = (2 * sz) % 16 ? 16 - (2 * sz) % 16 : 0;
		r->size = ph_align_up(chunk + sz + (skip ? 15 : 0), m->page_size);
		r->usable = r->size - skip - 2 * sz;
		r->pages = 1;
		return;
	}
	r->size = chunk;
	r->usable = chunk - sz;
}

/* jemalloc 5 (its size classes, sc.c): 8, then multiples of the 16-byte
   quantum to 128, then four classes in each doubling: above 2^p, steps
   of 2^(p-2) up to 2^(p+1).  */
static void jemalloc_class(uint64_t n, struct ph_alloc_class *r)
{
	uint64_t c;
	if (n <= 8)
		c = 8;
	else if (n <= 128)
		c = ph_align_up(n, 16);
	else {
		unsigned p = 0;
		while (((uint64_t)2 << p) < n)
			p++;
		/* 2^p < n <= 2^(p+1) */
		c = ph_align_up(n, (uint64_t)1 << (p - 2));
	}
	r->size = r->usable = c;
}

/* kmalloc (include/linux/slab.h, mm/slab_common.c): the smallest cache
   whose objects hold the request; above the largest, the page
   allocator's 2^order pages.  */
static void kmalloc_class(const struct ph_alloc_model *m, uint64_t n, struct ph_alloc_class *r)
{
	for (unsigned i = 0; i < m->ncaches; i++)
		if (m->caches[i] >= n) {
			r->cache = m->caches[i];
			r->size = r->usable = m->caches[i];
			r->order = ph_slub_order(m->caches[i], m->nr_cpus, m->page_size, &r->per_slab);
			return;
		}
	r->order = page_order(n, m->page_size);
	r->size = r->usable = (uint64_t)m->page_size << r->order;
	r->pages = 1;
}

void ph_alloc_class(const struct ph_alloc_model *m, uint64_t bytes, struct ph_alloc_class *ret)
{
	memset(ret, 0, sizeof *ret);
	switch (m->kind) {
	case PH_ALLOC_GLIBC:
		glibc_class(m, bytes, ret);
		break;
	case PH_ALLOC_JEMALLOC:
		jemalloc_class(bytes, ret);
		break;
	case PH_ALLOC_KMALLOC:
		kmalloc_class(m, bytes, ret);
		break;
	}
}

static unsigned fls_u(unsigned x)
{
	unsigned n = 0;
	while (x) {
		n++;
		x >>= 1;
	}
	return n;
}

/* SLUB's calculate_order (mm/slub.c, Linux 6.8 and later): at least
   4 * (fls(nr_cpus) + 1) objects a slab where the largest slab it
   wants (order 3) holds that many; the smallest order from there that
   wastes at most 1/16 of the slab, else 1/8, else 1/4, else any.  */
unsigned ph_slub_order(uint64_t slot, unsigned nr_cpus, unsigned page_size, unsigned *per_slab)
{
	const unsigned max_order = 3;
	unsigned order;
	if (slot == 0)
		slot = 1;
	unsigned min_objects = 4 * (fls_u(nr_cpus ? nr_cpus : 1) + 1);
	uint64_t max_objects = ((uint64_t)page_size << max_order) / slot;
	if (max_objects < 1)
		max_objects = 1;
	if (min_objects > max_objects)
		min_objects = (unsigned)max_objects;
	unsigned min_order = page_order(min_objects * slot, page_size);
	for (unsigned fraction = 16; fraction > 1; fraction /= 2) {
		for (order = min_order; order <= max_order; order++) {
			uint64_t slab = (uint64_t)page_size << order;
			if (slab % slot <= slab / fraction)
				break;
		}
		if (order <= max_order)
			goto done;
	}
	order = page_order(slot, page_size);
done:
	*per_slab = (unsigned)(((uint64_t)page_size << order) / slot);
	return order;
}

uint64_t ph_slub_slot(uint64_t object_size, unsigned align, int freeptr_outside)
{
	uint64_t size = ph_align_up(object_size ? object_size : 1, 8);
	if (freeptr_outside)
		size += 8;
	return ph_align_up(size, align);
}
