/* A build's allocation sites (allocdb.h).  */
#include "allocdb.h"
#include "array.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

void ph_allocdb_init(struct ph_allocdb *db)
{
	memset(db, 0, sizeof(*db));
	ph_arena_init(&db->arena);
}

void ph_allocdb_deinit(struct ph_allocdb *db)
{
	ph_arena_deinit(&db->arena);
	free(db->v);
	ph_name_index_deinit(&db->by_name);
	memset(db, 0, sizeof(*db));
}

static const char *dup(struct ph_allocdb *db, const char *s, bool *oom)
{
	char *r = ph_arena_strdup(&db->arena, s ? s : "");

	*oom |= !r;
	return r ? r : "";
}

struct ph_error *ph_allocdb_add(struct ph_allocdb *db,
				const struct ph_type_allocs *a)
{
	struct ph_type_allocs c = *a;
	bool oom = false;

	if (ph_array_reserve(&db->v, &db->cap, db->n + 1, sizeof(*db->v)))
		return &ph_error_nomem;
	c.name = dup(db, a->name, &oom);
	c.file = dup(db, a->file, &oom);
	c.dir = dup(db, a->dir, &oom);
	c.unit = dup(db, a->unit, &oom);
	c.heap = a->nr_heap ? ph_arena_alloc(&db->arena,
					     a->nr_heap * sizeof(*c.heap))
			    : NULL;
	c.statics = a->nr_statics ? ph_arena_alloc(&db->arena, a->nr_statics *
						   sizeof(*c.statics))
				  : NULL;
	if ((a->nr_heap && !c.heap) || (a->nr_statics && !c.statics))
		return &ph_error_nomem;
	for (size_t i = 0; i < a->nr_heap; i++) {
		struct ph_heap_site *d = &c.heap[i];

		*d = a->heap[i];
		d->call = dup(db, d->call, &oom);
		d->file = dup(db, d->file, &oom);
		d->object = dup(db, d->object, &oom);
		d->cache = dup(db, d->cache, &oom);
		d->cache_var = dup(db, d->cache_var, &oom);
	}
	for (size_t i = 0; i < a->nr_statics; i++) {
		struct ph_static_inst *d = &c.statics[i];

		*d = a->statics[i];
		d->var = dup(db, d->var, &oom);
		d->symbol = dup(db, d->symbol, &oom);
		d->file = dup(db, d->file, &oom);
		d->in = dup(db, d->in, &oom);
	}
	if (oom)
		return &ph_error_nomem;
	db->v[db->n++] = c;
	return NULL;
}

static bool same_site(const struct ph_heap_site *a, const struct ph_heap_site *b)
{
	return a->how == b->how && a->line == b->line &&
	       a->column == b->column && a->array == b->array &&
	       strcmp(a->file, b->file) == 0 && strcmp(a->call, b->call) == 0 &&
	       strcmp(a->object, b->object) == 0;
}

/* Two records of one variable: a symbol names it in the whole program;
   without one (a unit's static) the unit and the place do.  */
static bool same_var(const struct ph_type_allocs *ra,
		     const struct ph_static_inst *a,
		     const struct ph_type_allocs *rb,
		     const struct ph_static_inst *b)
{
	if (strcmp(a->in, b->in) != 0 || strcmp(a->var, b->var) != 0)
		return false;
	if (*a->symbol || *b->symbol)
		return strcmp(a->symbol, b->symbol) == 0;
	return a->line == b->line && a->column == b->column &&
	       strcmp(a->file, b->file) == 0 &&
	       strcmp(ra->unit, rb->unit) == 0 && strcmp(ra->dir, rb->dir) == 0;
}

static int site_order(const void *pa, const void *pb)
{
	const struct ph_heap_site *a = pa, *b = pb;
	int c = strcmp(a->file, b->file);

	if (c)
		return c;
	if (a->line != b->line)
		return a->line < b->line ? -1 : 1;
	if (a->column != b->column)
		return a->column < b->column ? -1 : 1;
	if (a->how != b->how)
		return a->how < b->how ? -1 : 1;
	return strcmp(a->call, b->call);
}

struct ph_error *ph_allocdb_merged(struct ph_allocdb *db,
				   const struct ph_type *t,
				   struct ph_type_allocs *ret,
				   size_t *records)
{
	memset(ret, 0, sizeof(*ret));
	*records = 0;
	struct ph_error *err = ph_name_index_update(
		&db->by_name, db->v, db->n, sizeof(*db->v),
		offsetof(struct ph_type_allocs, name));
	if (err)
		return err;
	size_t end, lo = ph_name_index_find(&db->by_name, db->v, sizeof(*db->v),
					    offsetof(struct ph_type_allocs, name),
					    t->name, &end);
	/* The records' lists, counted first.  */
	size_t nh = 0, ns = 0;
	/* The record each kept instance came from.  */
	const struct ph_type_allocs **from = NULL;
	for (int pass = 0; pass < 2; pass++) {
		for (size_t i = lo; i < end; i++) {
			const struct ph_type_allocs *a = &db->v[db->by_name.v[i]];

			/* The model keeps one layout of a name however
			   many places define it alike: their sites are
			   all its.  */
			if (a->kind != t->kind ||
			    a->typedef_name != t->typedef_name ||
			    (a->size && a->size != t->size) ||
			    (a->align && t->align && a->align != t->align))
				continue;
			if (!pass) {
				nh += a->nr_heap;
				ns += a->nr_statics;
				(*records)++;
				if (!ret->name)
					*ret = *a;
				continue;
			}
			for (size_t j = 0; j < a->nr_heap; j++) {
				size_t k = 0;
				while (k < ret->nr_heap &&
				       !same_site(&ret->heap[k], &a->heap[j]))
					k++;
				if (k == ret->nr_heap)
					ret->heap[ret->nr_heap++] = a->heap[j];
			}
			for (size_t j = 0; j < a->nr_statics; j++) {
				const struct ph_static_inst *s = &a->statics[j];
				bool have = false;

				for (size_t k = 0; k < ret->nr_statics && !have; k++)
					have = same_var(from[k], &ret->statics[k],
							a, s);
				if (have)
					continue;
				from[ret->nr_statics] = a;
				ret->statics[ret->nr_statics++] = *s;
			}
		}
		if (!pass) {
			if (!*records)
				return NULL;
			ret->nr_heap = 0;
			ret->nr_statics = 0;
			ret->heap = nh ? malloc(nh * sizeof(*ret->heap)) : NULL;
			ret->statics = ns ? malloc(ns * sizeof(*ret->statics)) : NULL;
			from = ns ? malloc(ns * sizeof(*from)) : NULL;
			if ((nh && !ret->heap) || (ns && (!ret->statics || !from))) {
				free(from);
				ph_allocdb_merged_free(ret);
				return &ph_error_nomem;
			}
		}
	}
	free(from);
	if (ret->nr_heap > 1)
		qsort(ret->heap, ret->nr_heap, sizeof(*ret->heap), site_order);
	return NULL;
}

void ph_allocdb_merged_free(struct ph_type_allocs *a)
{
	free(a->heap);
	free(a->statics);
	a->heap = NULL;
	a->statics = NULL;
	a->nr_heap = a->nr_statics = 0;
}

struct ph_error *ph_allocdb_cache_pairs(const struct ph_allocdb *db,
					const char ***ret, size_t *n)
{
	const char **v = NULL;
	size_t cap = 0, k = 0;

	*ret = NULL;
	*n = 0;
	for (size_t i = 0; i < db->n; i++) {
		const struct ph_type_allocs *a = &db->v[i];

		for (size_t j = 0; j < a->nr_heap; j++) {
			const struct ph_heap_site *h = &a->heap[j];
			bool have = false;

			if (h->how != PH_HOW_CACHE || !*h->cache)
				continue;
			for (size_t m = 0; m < k && !have; m += 2)
				have = strcmp(v[m], h->cache) == 0;
			if (have)
				continue;
			if (ph_array_reserve(&v, &cap, k + 2, sizeof(*v))) {
				free(v);
				return &ph_error_nomem;
			}
			v[k++] = h->cache;
			v[k++] = a->name;
		}
	}
	*ret = v;
	*n = k / 2;
	return NULL;
}
