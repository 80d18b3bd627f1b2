/* The offset -> value map of the per-file caches keyed by DIE
   (offmap.h), over reorg/hashtab.h's table.  */
#include "offmap.h"

uint64_t ph_dw_offmap_get(const struct ph_dw_offmap *map, uint64_t key)
{
	const struct ph_dw_offmap_entry *e = ph_dw_offmap_find(map, key);

	return e ? e->val : 0;
}

struct ph_error *ph_dw_offmap_put(struct ph_dw_offmap *map, uint64_t key,
				  uint64_t val)
{
	struct ph_dw_offmap_entry *e;
	struct ph_error *err;
	bool found;

	if ((err = ph_dw_offmap_insert(map, key, &e, &found)))
		return err;
	e->key = key;
	e->val = val;
	return NULL;
}
