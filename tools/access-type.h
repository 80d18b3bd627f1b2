/* One type's access-aware order for -R --access (access-type.c): the
   program's access records of it merged (reorg/accessdb.h) and the
   order made of them (reorg/accessorder.h).  */
#ifndef PH_TOOLS_ACCESS_TYPE_H
#define PH_TOOLS_ACCESS_TYPE_H

#include "pokehole-options.h"
#include "../reorg/accessorder.h"
#include "../report/access-order.h"

struct ph_pokehole_access {
	struct ph_type_access merged;
	struct ph_access_merge_info info;
	struct ph_access_order_result order;
	struct ph_access_source src;
};

/* T's order into *RET (in MODEL); *KNOWN false (and *RET empty) when no
   record is T's.  Free it with ph_pokehole_access_free.  */
struct ph_error *ph_pokehole_access_type(struct ph_model *model,
					 const struct ph_type *t,
					 const struct ph_pokehole_options *o,
					 struct ph_pokehole_access *ret,
					 bool *known);
void ph_pokehole_access_free(struct ph_pokehole_access *a);

#endif
