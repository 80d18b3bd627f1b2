/* The offset -> value map of the per-file caches keyed by DIE
   (offmap.h): open addressing, Fibonacci hashing.  */
#include "offmap.h"

#include <stdlib.h>

void ph_dw_offmap_init(struct ph_dw_offmap *map)
{
	map->keys = map->vals = NULL;
	map->n = map->cap = 0;
}

void ph_dw_offmap_deinit(struct ph_dw_offmap *map)
{
	free(map->keys);
	free(map->vals);
	ph_dw_offmap_init(map);
}

static size_t slot(uint64_t key, size_t cap)
{
	/* Fibonacci hashing; cap is a power of two.  */
	return (size_t)((key * 0x9e3779b97f4a7c15ULL) >> 17) & (cap - 1);
}

/* Keys are stored + 1 so that 0 marks an empty slot.  */
uint64_t ph_dw_offmap_get(const struct ph_dw_offmap *map, uint64_t key)
{
	if (!map->cap)
		return 0;
	for (size_t i = slot(key, map->cap);; i = (i + 1) & (map->cap - 1)) {
		if (map->keys[i] == 0)
			return 0;
		if (map->keys[i] == key + 1)
			return map->vals[i];
	}
}

/* Twice the slots (256 at first), every key placed again.  */
static struct ph_error *offmap_rehash(struct ph_dw_offmap *map)
{
	size_t cap = map->cap ? 2 * map->cap : 256;
	uint64_t *keys = calloc(cap, sizeof(*keys));
	uint64_t *vals = calloc(cap, sizeof(*vals));

	if (!keys || !vals) {
		free(keys);
		free(vals);
		return &ph_error_nomem;
	}
	for (size_t i = 0; i < map->cap; i++) {
		if (!map->keys[i])
			continue;
		size_t j = slot(map->keys[i] - 1, cap);
		while (keys[j])
			j = (j + 1) & (cap - 1);
		keys[j] = map->keys[i];
		vals[j] = map->vals[i];
	}
	free(map->keys);
	free(map->vals);
	map->keys = keys;
	map->vals = vals;
	map->cap = cap;
	return NULL;
}

struct ph_error *ph_dw_offmap_put(struct ph_dw_offmap *map, uint64_t key,
				  uint64_t val)
{
	struct ph_error *err;

	if (2 * (map->n + 1) > map->cap && (err = offmap_rehash(map)))
		return err;
	for (size_t i = slot(key, map->cap);; i = (i + 1) & (map->cap - 1)) {
		if (map->keys[i] == key + 1) {
			map->vals[i] = val;
			return NULL;
		}
		if (map->keys[i] == 0) {
			map->keys[i] = key + 1;
			map->vals[i] = val;
			map->n++;
			return NULL;
		}
	}
}
