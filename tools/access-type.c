/* One type's access-aware order (access-type.h).  */
#include "access-type.h"
#include "pokehole-options.h"

#include <string.h>

struct ph_error *ph_pokehole_access_type(struct ph_model *model,
					 const struct ph_type *t,
					 const struct ph_pokehole_options *o,
					 struct ph_pokehole_access *ret,
					 bool *known)
{
	struct ph_reorg_options ropts = ph_pokehole_reorg_options(o);
	struct ph_error *err;

	memset(ret, 0, sizeof(*ret));
	*known = false;
	if (!o->accesses || !o->accesses->n)
		return NULL;
	if ((err = ph_accessdb_merged(o->accesses, t, &ret->merged,
				      &ret->info)))
		return err;
	if (!ret->info.records)
		return NULL;
	if ((err = ph_access_order(model, t, &ret->merged, &ropts,
				   &ret->order))) {
		ph_pokehole_access_free(ret);
		return err;
	}
	ret->src = (struct ph_access_source){
		ret->info.mixed_weights
			? "mixed"
			: ph_access_weights_name(ret->merged.weights),
		ret->info.records, ret->info.functions
	};
	*known = true;
	return NULL;
}

void ph_pokehole_access_free(struct ph_pokehole_access *a)
{
	ph_accessdb_merged_free(&a->merged);
}
