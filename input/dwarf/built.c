/* The layouts built for a file, by fingerprint (see built.h): a map per
   shard, each behind its own lock.  */
#include "built.h"

struct ph_error *ph_dw_built_init(struct ph_dw_built *b)
{
	for (unsigned i = 0; i < PH_DW_BUILT_SHARDS; i++) {
		pthread_mutex_init(&b->shard[i].lock, NULL);
		b->shard[i].map = NULL;
	}
	for (unsigned i = 0; i < PH_DW_BUILT_SHARDS; i++) {
		struct ph_error *err = ph_dw_fp_map_create(&b->shard[i].map);

		if (err)
			return err;
	}
	return NULL;
}

void ph_dw_built_deinit(struct ph_dw_built *b)
{
	for (unsigned i = 0; i < PH_DW_BUILT_SHARDS; i++) {
		ph_dw_fp_map_destroy(b->shard[i].map);
		pthread_mutex_destroy(&b->shard[i].lock);
	}
}

bool ph_dw_built_before(struct ph_dw_built *b, const struct ph_dw_fp *fp,
			size_t unit)
{
	unsigned i = (unsigned)(fp->b >> 60) % PH_DW_BUILT_SHARDS;
	uint64_t first;
	bool has;

	pthread_mutex_lock(&b->shard[i].lock);
	has = ph_dw_fp_map_get(b->shard[i].map, fp, &first) && first <= unit;
	pthread_mutex_unlock(&b->shard[i].lock);
	return has;
}

struct ph_error *ph_dw_built_add(struct ph_dw_built *b,
				 const struct ph_dw_fp *fp, size_t unit)
{
	unsigned i = (unsigned)(fp->b >> 60) % PH_DW_BUILT_SHARDS;
	struct ph_error *err;

	pthread_mutex_lock(&b->shard[i].lock);
	err = ph_dw_fp_map_put_min(b->shard[i].map, fp, unit);
	pthread_mutex_unlock(&b->shard[i].lock);
	return err;
}
