/* What changed between two builds' layouts (pokehole --diff): the types
   of an old and a new model paired by name, and for each pair that
   differs, its members, holes, padding and cachelines before and after.
   Everything is computed from the two models (analysis.h for the holes);
   the renderers (report/diff.h) only read the result.  */
#ifndef PH_DIFF_H
#define PH_DIFF_H

#include "layout.h"

#ifdef __cplusplus
extern "C" {
#endif

enum ph_diff_change {
	PH_DIFF_ADDED,
	PH_DIFF_REMOVED,
	PH_DIFF_GREW,
	PH_DIFF_SHRANK,
	PH_DIFF_CHANGED,	/* the same size */
};

const char *ph_diff_change_name(enum ph_diff_change change);

/* What counts as a regression (--fail-on).  */
enum {
	PH_DIFF_FAIL_GROWTH = 1,	/* a type grew */
	PH_DIFF_FAIL_HOLES = 2,		/* more holes, or more bytes of them */
	PH_DIFF_FAIL_PADDING = 4,	/* more tail padding */
	/* More cachelines, or a member that now crosses a boundary.  */
	PH_DIFF_FAIL_CACHELINES = 8,
	PH_DIFF_FAIL_ANY = 16,		/* any change, types added too */
	PH_DIFF_FAIL_DEFAULT = 15,
};

/* A member by its path through nested aggregates ("s.a"; a base class
   is "base NAME"; an anonymous aggregate's members are its parent's),
   on one side or both.  */
struct ph_diff_member {
	const char *path;
	const struct ph_member *before, *after;	/* NULL: not on that side */
	bool moved, resized, retyped;
};

/* A byte hole, named by the member it follows ("" before the first).  */
struct ph_diff_hole {
	const char *follows;
	uint64_t old_size, new_size;	/* 0: none on that side */
	uint64_t old_offset, new_offset;
};

struct ph_diff_type {
	enum ph_diff_change change;
	const struct ph_type *before, *after;	/* NULL when added/removed */
	size_t nr_members;
	struct ph_diff_member *members;	/* those that changed */
	size_t nr_holes;
	struct ph_diff_hole *holes;	/* those that changed */
	uint64_t old_padding, new_padding;
	uint64_t old_cachelines, new_cachelines;
	unsigned old_nr_holes, new_nr_holes;
	uint64_t old_sum_holes, new_sum_holes;
	/* Members that cross a cacheline boundary in the new layout and
	   did not in the old (or were not there).  */
	size_t nr_crossing;
	struct ph_diff_member *crossing;
	unsigned regressions;	/* PH_DIFF_FAIL_* but ANY */
};

struct ph_diff {
	struct ph_arena arena;
	size_t nr_types;
	struct ph_diff_type *types;	/* by name, then change */
	unsigned cacheline;
	size_t unchanged;
};

/* Pairs the types of OLD and NEW by kind and name (several layouts of
   one name: the same layouts first, then by file, then in order) and
   lists what differs.  CACHELINE in bytes.  */
struct ph_error *ph_diff_models(const struct ph_model *before,
				const struct ph_model *after, unsigned cacheline,
				struct ph_diff *ret);
void ph_diff_deinit(struct ph_diff *diff);

/* Whether the type change T counts under FAIL_ON.  */
bool ph_diff_fails(const struct ph_diff_type *t, unsigned fail_on);

#ifdef __cplusplus
}
#endif

#endif
