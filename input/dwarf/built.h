/* The layouts built for a file, by fingerprint: what lets the workers of
   a file (workers.c) skip a type another unit built already while the
   output stays the one a single thread gives.  */
#ifndef PH_INPUT_DWARF_BUILT_H
#define PH_INPUT_DWARF_BUILT_H

#include <pthread.h>

#include "fprint.h"

/* The fingerprints of the layouts built, shared by the workers of a file:
   fingerprint -> the first unit whose model has the layout.  A unit
   skips a type built for a unit before it (merged first, so dropping it
   changes nothing) but not one built for a later unit, so the output does
   not depend on which worker got there first.  Sharded to keep the
   workers apart.  */
enum { PH_DW_BUILT_SHARDS = 16 };

struct ph_dw_built {
	struct {
		pthread_mutex_t lock;
		struct ph_dw_fp_map *map;
	} shard[PH_DW_BUILT_SHARDS];
};

struct ph_error *ph_dw_built_init(struct ph_dw_built *b);
void ph_dw_built_deinit(struct ph_dw_built *b);
/* Whether FP was built for UNIT or a unit before it.  */
bool ph_dw_built_before(struct ph_dw_built *b, const struct ph_dw_fp *fp,
			size_t unit);
struct ph_error *ph_dw_built_add(struct ph_dw_built *b,
				 const struct ph_dw_fp *fp, size_t unit);

#endif
