/* The allocation sites and static instances of a whole build: the
   "allocs" records of every unit (allocs.h), gathered, and a type's view
   of them with what several units saw once (a header's inline function
   walked by each unit that includes it, a C++ inline variable).  */
#ifndef PH_ALLOCDB_H
#define PH_ALLOCDB_H

#include "allocs.h"
#include "arena.h"
#include "error.h"
#include "nameidx.h"

#ifdef __cplusplus
extern "C" {
#endif

struct ph_allocdb {
	struct ph_arena arena;
	struct ph_type_allocs *v;
	size_t n, cap;
	/* The records by name, made when first asked.  */
	struct ph_name_index by_name;
};

void ph_allocdb_init(struct ph_allocdb *db);
void ph_allocdb_deinit(struct ph_allocdb *db);
/* Copies A (its strings and lists) into DB.  */
struct ph_error *ph_allocdb_add(struct ph_allocdb *db,
				const struct ph_type_allocs *a);

/* T's sites and instances over the whole build, in *RET: its lists
   malloc'd (free them with ph_allocdb_merged_free), their strings DB's;
   a site at one place, by one call, of one kind once; a variable once
   (by its symbol, or a unit's own by its unit and place); the heap sites
   sorted by file, line and column.  A record is T's when its name,
   kind, typedef, size and alignment agree: the model keeps one layout
   of a name however many places define it alike.  *RECORDS: how many records were T's (0: the build's
   reports do not know T).  */
struct ph_error *ph_allocdb_merged(struct ph_allocdb *db,
				   const struct ph_type *t,
				   struct ph_type_allocs *ret,
				   size_t *records);
void ph_allocdb_merged_free(struct ph_type_allocs *a);

/* The pairs (cache name, struct name) of the sites that create a slab
   cache for a struct: *N pairs, alternating in *RET (malloc'd; the
   strings DB's), each cache once.  */
struct ph_error *ph_allocdb_cache_pairs(const struct ph_allocdb *db,
					const char ***ret, size_t *n);

#ifdef __cplusplus
}
#endif

#endif
