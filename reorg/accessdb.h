/* The member accesses of a whole program: the "access" records of every
   unit (access.h), gathered, a type's view of them with what several
   units saw once (a header's inline function, walked by each unit that
   includes it), and the sums per member the orders and checks read.  */
#ifndef PH_ACCESSDB_H
#define PH_ACCESSDB_H

#include "access.h"
#include "arena.h"
#include "error.h"
#include "nameidx.h"

#ifdef __cplusplus
extern "C" {
#endif

struct ph_accessdb {
	struct ph_arena arena;
	struct ph_type_access *v;
	size_t n, cap;
	/* The records by name, made when first asked.  */
	struct ph_name_index by_name;
};

void ph_accessdb_init(struct ph_accessdb *db);
void ph_accessdb_deinit(struct ph_accessdb *db);
/* Copies A (its strings and lists) into DB.  */
struct ph_error *ph_accessdb_add(struct ph_accessdb *db,
				 const struct ph_type_access *a);

/* What a merged view was made of.  */
struct ph_access_merge_info {
	size_t records;		/* units whose records are T's (0: none) */
	size_t functions;	/* functions in the view */
	bool mixed_weights;	/* units weighed otherwise (RET's: the first's) */
};

/* T's accesses over the whole program, in *RET: the type's keys from
   the first record, the lock and atomic paths of all (each once), the
   functions of all, a function with a symbol once (the first unit's
   record of it: each unit that has a header's inline function walks
   the same body), and so a unit's own function defined in a header
   (a static inline one, by its name, file and line: its file is not
   the unit's), a unit read twice (an object and its json-dir report)
   once.  A record is T's when its name, kind, typedef, size and
   alignment agree, as for allocdb.h.  RET's lists are malloc'd (free
   them with ph_accessdb_merged_free), their strings and members DB's.  */
struct ph_error *ph_accessdb_merged(struct ph_accessdb *db,
				    const struct ph_type *t,
				    struct ph_type_access *ret,
				    struct ph_access_merge_info *info);
void ph_accessdb_merged_free(struct ph_type_access *a);

/* One top-level member's accesses, summed over the functions.  */
struct ph_member_sums {
	/* Reads and writes on hot paths (a cold function's count as
	   cold), and on cold ones.  */
	double hot, cold;
	double reads, writes, cold_reads, cold_writes;
	double atomic_reads, atomic_writes;
	uint32_t sites;
	size_t functions;	/* that touch it */
};

/* A function's weight on the type: its reads and writes on hot paths
   (0 for a cold function).  */
double ph_access_function_hot(const struct ph_function_access *f);

/* The sums of A's accesses per top-level member of T: RET has
   T->nr_members entries, filled here.  A path no member of T has (a
   record of another layout of the name) counts nowhere; *UNPLACED
   (when not NULL) says how many there were.  */
struct ph_error *ph_access_member_sums(const struct ph_type *t,
				       const struct ph_type_access *a,
				       struct ph_member_sums *ret,
				       size_t *unplaced);

#ifdef __cplusplus
}
#endif

#endif
