/* Savings weighed by the allocators' classes (worth.h).  */
#include "worth.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "place.h"

/* The model a site's allocations go to: NULL for a slab cache of its
   own and for allocators not modelled.  */
static const struct ph_alloc_model *model_of(const struct ph_heap_site *h,
					     const struct ph_worth_options *o)
{
	switch (h->how) {
	case PH_HOW_MALLOC:
	case PH_HOW_NEW:
	case PH_HOW_NEW_ARRAY:
	case PH_HOW_LIBRARY:
		return o->user;
	case PH_HOW_KMALLOC:
		return o->kmalloc;
	default:
		return NULL;
	}
}

/* SLUB's memory an object of BYTES takes in a cache aligned to ALIGN:
   its slab's pages over the objects the slab holds.  */
static uint64_t slab_share(uint64_t bytes, uint64_t align, bool hwalign,
			   unsigned nr_cpus, uint64_t *slot)
{
	unsigned per_slab;

	/* SLAB_HWCACHE_ALIGN (mm/slab_common.c, calculate_alignment): the
	   cacheline, halved while two objects fit in it.  */
	if (hwalign) {
		uint64_t ralign = 64;
		while (bytes <= ralign / 2)
			ralign /= 2;
		if (ralign > align)
			align = ralign;
	}

	*slot = ph_slub_slot(bytes, (unsigned)(align < 8 ? 8 : align), 0);
	unsigned order = ph_slub_order(*slot, nr_cpus ? nr_cpus : 1, 4096,
				       &per_slab);
	return per_slab ? ((uint64_t)4096 << order) / per_slab : *slot;
}

static void weigh(struct ph_worth_site *w, uint64_t size, uint64_t align,
		  uint64_t packed, const struct ph_worth_options *o)
{
	const struct ph_heap_site *h = w->site;
	uint64_t delta = size - packed;

	if (*h->object && h->object_size) {
		/* A node or control block holding one object: smaller by
		   what the object loses, to its alignment.  */
		uint64_t a = align < 8 ? 8 : align;
		w->bytes = h->object_size;
		w->packed_bytes = h->object_size > delta ?
			ph_align_up(h->object_size - delta, a) : h->object_size;
	} else if (h->count) {
		w->bytes = h->bytes ? h->bytes : h->count * size;
		w->packed_bytes = w->bytes > h->count * delta ?
				  w->bytes - h->count * delta : w->bytes;
	}
	/* A tail of a size the site does not give: its class is not
	   known, the objects' bytes are saved.  */
	if (h->tail && !h->bytes && !*h->object) {
		w->bytes = w->packed_bytes = 0;
		w->saved = h->count * delta;
		return;
	}
	if (!w->bytes) {
		w->per_element = h->array;
		w->saved = delta;
		return;
	}
	const struct ph_alloc_model *m = model_of(h, o);
	if (m) {
		w->model = m->kind;
		ph_alloc_class(m, w->bytes, &w->now);
		ph_alloc_class(m, w->packed_bytes, &w->packed);
		w->classed = true;
		w->saved = w->now.size - w->packed.size;
	} else if (h->how == PH_HOW_CACHE) {
		uint64_t s1, s2;
		unsigned cpus = o->kmalloc ? o->kmalloc->nr_cpus : 1;
		uint64_t al = h->cache_align ? h->cache_align : 8;
		w->slab_now = slab_share(w->bytes, al, h->cache_hwalign, cpus, &s1);
		w->slab_packed = slab_share(w->packed_bytes, al, h->cache_hwalign,
					    cpus, &s2);
		w->now.size = s1;
		w->packed.size = s2;
		w->saved = w->slab_now - w->slab_packed;
	} else {
		w->saved = w->bytes - w->packed_bytes;
	}
}

static bool cache_create(const struct ph_heap_site *h)
{
	return h->how == PH_HOW_CACHE &&
	       (strncmp(h->call, "kmem_cache_create", 17) == 0 ||
		strncmp(h->call, "__kmem_cache_create", 19) == 0);
}

/* Site I creates a slab cache that other sites allocate from: its
   objects are theirs, counted there.  */
static bool cache_allocated(const struct ph_type_allocs *a, size_t i)
{
	const struct ph_heap_site *c = &a->heap[i];

	if (!cache_create(c) || !*c->cache)
		return false;
	for (size_t j = 0; j < a->nr_heap; j++)
		if (j != i && a->heap[j].how == PH_HOW_CACHE &&
		    !cache_create(&a->heap[j]) &&
		    strcmp(a->heap[j].cache, c->cache) == 0)
			return true;
	return false;
}

struct ph_error *ph_worth_of(const struct ph_type_allocs *a, uint64_t size,
			     uint64_t align, uint64_t packed,
			     const struct ph_worth_options *o,
			     struct ph_worth *ret)
{
	memset(ret, 0, sizeof(*ret));
	ret->size = size;
	ret->packed = packed <= size ? packed : size;
	if (a->nr_heap) {
		ret->sites = calloc(a->nr_heap, sizeof(*ret->sites));
		if (!ret->sites)
			return &ph_error_nomem;
	}
	ret->nr_sites = a->nr_heap;
	for (size_t i = 0; i < a->nr_heap; i++) {
		struct ph_worth_site *w = &ret->sites[i];

		w->site = &a->heap[i];
		weigh(w, size, align, ret->packed, o);
		w->counted = !cache_allocated(a, i);
		if (w->counted)
			ret->heap_saved += w->saved;
		ret->class_changes += (w->classed || w->slab_now) &&
				      w->now.size != w->packed.size;
	}
	uint64_t delta = size - ret->packed;
	for (size_t i = 0; i < a->nr_statics; i++) {
		const struct ph_static_inst *s = &a->statics[i];

		if (*s->in) {
			ret->static_count_in += s->count;
			ret->static_saved_in += s->count * delta;
		} else {
			ret->static_count += s->count;
			ret->static_bytes += s->count * size;
			ret->static_saved += s->count * delta;
		}
	}
	ret->worth = ret->heap_saved + ret->static_saved + ret->static_saved_in;
	return NULL;
}

void ph_worth_free(struct ph_worth *w)
{
	free(w->sites);
	w->sites = NULL;
	w->nr_sites = 0;
}

const char *ph_worth_class_name(const struct ph_worth_site *s, bool packed,
				char *buf, size_t size)
{
	const struct ph_alloc_class *c = packed ? &s->packed : &s->now;

	if (s->slab_now)
		snprintf(buf, size, "slab-%llu", (unsigned long long)c->size);
	else if (!s->classed)
		snprintf(buf, size, "%llu", (unsigned long long)
			 (packed ? s->packed_bytes : s->bytes));
	else if (c->pages && s->model == PH_ALLOC_KMALLOC)
		snprintf(buf, size, "order-%u", c->order);
	else if (c->pages)
		snprintf(buf, size, "mmap-%llu", (unsigned long long)c->size);
	else
		snprintf(buf, size, "%s-%llu",
			 s->model == PH_ALLOC_KMALLOC ? "kmalloc" :
			 s->model == PH_ALLOC_JEMALLOC ? "jemalloc" : "glibc",
			 (unsigned long long)c->size);
	return buf;
}
