/* Records by name (nameidx.h).  */
#include "nameidx.h"

#include <stdlib.h>
#include <string.h>

static const char *name_at(const void *base, size_t stride, size_t name_off,
			   size_t i)
{
	const char *const *p = (const char *const *)
		((const char *)base + i * stride + name_off);

	return *p;
}

/* qsort has no argument for its comparison.  */
static const void *sort_base;
static size_t sort_stride, sort_off;

static int by_name(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;
	int c = strcmp(name_at(sort_base, sort_stride, sort_off, x),
		       name_at(sort_base, sort_stride, sort_off, y));

	return c ? c : (x > y) - (x < y);
}

struct ph_error *ph_name_index_update(struct ph_name_index *idx,
				      const void *base, size_t n,
				      size_t stride, size_t name_off)
{
	if (idx->n == n && (idx->v || !n))
		return NULL;
	size_t *v = realloc(idx->v, (n + 1) * sizeof(*v));

	if (!v)
		return &ph_error_nomem;
	for (size_t i = 0; i < n; i++)
		v[i] = i;
	sort_base = base;
	sort_stride = stride;
	sort_off = name_off;
	qsort(v, n, sizeof(*v), by_name);
	sort_base = NULL;
	idx->v = v;
	idx->n = n;
	return NULL;
}

size_t ph_name_index_find(const struct ph_name_index *idx, const void *base,
			  size_t stride, size_t name_off, const char *name,
			  size_t *end)
{
	size_t lo = 0, hi = idx->n;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;

		if (strcmp(name_at(base, stride, name_off, idx->v[mid]),
			   name) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	size_t e = lo;
	while (e < idx->n &&
	       strcmp(name_at(base, stride, name_off, idx->v[e]), name) == 0)
		e++;
	*end = e;
	return lo;
}

void ph_name_index_deinit(struct ph_name_index *idx)
{
	free(idx->v);
	idx->v = NULL;
	idx->n = 0;
}
