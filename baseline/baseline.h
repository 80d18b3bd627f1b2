/* Baselines: the layouts of an earlier build, so that only what is new
   is warned about.  A baseline is JSON Lines in the layout format (the
   plugin's -json output or the reader's --json), usually made by merging
   a build's reports with `pokehole --merge-baseline`.  */
#ifndef PH_BASELINE_H
#define PH_BASELINE_H

#include "../reorg/layout.h"

#ifdef __cplusplus
extern "C" {
#endif

struct ph_baseline_hole {
	const char *after;
	uint64_t size;
};

/* What the baseline says of one type.  When several layouts share a
   name (different translation units, configurations), their holes are
   merged and the largest size and padding kept: a baseline forgives what
   any earlier layout had.  */
struct ph_baseline_type {
	const char *name;
	enum ph_kind kind;
	uint64_t size, padding;
	size_t nr_holes;
	struct ph_baseline_hole *holes;
};

struct ph_baseline;

/* Reads PATH; a line that is not a layout record is an error naming the
   file and line ("PATH:LINE: why"; "PATH:LINE:COLUMN: why" when it is not
   JSON), and so is a name holding a NUL.  */
struct ph_error *ph_baseline_load(const char *path, struct ph_baseline **ret);
void ph_baseline_destroy(struct ph_baseline *b);
const struct ph_baseline_type *ph_baseline_find(const struct ph_baseline *b,
						const char *name,
						enum ph_kind kind);
/* The baseline has a hole after AFTER at least SIZE bytes large.  */
bool ph_baseline_has_hole(const struct ph_baseline_type *t, const char *after,
			  uint64_t size);

/* Merges the JSON Lines files INPUTS into OUTPUT: each distinct record
   once, sorted, written to a temporary file and renamed over OUTPUT.  */
struct ph_error *ph_baseline_merge(const char *const *inputs, size_t n,
				   const char *output);

#ifdef __cplusplus
}
#endif

#endif
