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
/* The same of TEXT[0..LEN), which lines are cut out of in place; ORIGIN
   stands for PATH in the errors.  */
struct ph_error *ph_baseline_load_text(const char *origin, char *text,
				       size_t len, struct ph_baseline **ret);
void ph_baseline_destroy(struct ph_baseline *b);
const struct ph_baseline_type *ph_baseline_find(const struct ph_baseline *b,
						const char *name,
						enum ph_kind kind);
/* The baseline has a hole after AFTER at least SIZE bytes large.  */
bool ph_baseline_has_hole(const struct ph_baseline_type *t, const char *after,
			  uint64_t size);

/* Merging reports into one baseline: each distinct record of every
   report added once, sorted.  */
struct ph_baseline_merge {
	char **lines;
	size_t n, cap;
};

void ph_baseline_merge_init(struct ph_baseline_merge *m);
void ph_baseline_merge_deinit(struct ph_baseline_merge *m);
/* Adds the report TEXT[0..LEN) (cut into lines in place), which must be
   a baseline itself; ORIGIN names it in errors.  */
struct ph_error *ph_baseline_merge_add(struct ph_baseline_merge *m,
				       const char *origin, char *text,
				       size_t len);
/* Adds the JSON Lines file PATH.  */
struct ph_error *ph_baseline_merge_add_file(struct ph_baseline_merge *m,
					    const char *path);
/* Writes the merged records to a temporary file renamed over OUTPUT.  */
struct ph_error *ph_baseline_merge_write(const struct ph_baseline_merge *m,
					 const char *output);
/* Merges the JSON Lines files INPUTS into OUTPUT, all of the above.  */
struct ph_error *ph_baseline_merge(const char *const *inputs, size_t n,
				   const char *output);

#ifdef __cplusplus
}
#endif

#endif
