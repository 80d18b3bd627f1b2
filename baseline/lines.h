/* A JSON Lines file read whole and cut into its lines: what loading and
   merging a baseline share.  */
#ifndef PH_BASELINE_LINES_H
#define PH_BASELINE_LINES_H

#include <stddef.h>

#include "../reorg/error.h"

/* PATH's bytes, NUL-terminated (the NUL not counted in *LEN); free()
   them.  */
struct ph_error *ph_lines_read_file(const char *path, char **ret,
				    size_t *len);

typedef struct ph_error *ph_lines_text_fn(void *arg, const char *path,
					  char *text, size_t len);
/* PATH's bytes, read whole (ph_lines_read_file), handed to FN as TEXT
   (NUL-terminated, LEN not counting the NUL; FN may cut it in place)
   and freed after: the reading's error, or FN's.  */
struct ph_error *ph_lines_with_file(const char *path, ph_lines_text_fn *fn,
				    void *arg);

typedef struct ph_error *ph_lines_fn(void *arg, const char *line, size_t n,
				     size_t lineno);
/* Calls FN on each line of TEXT[0..LEN) that is not blank (spaces,
   tabs, a CR: what an editor leaves), newline left out; stops at the
   first error FN returns.  */
struct ph_error *ph_lines_each(const char *text, size_t len,
			       ph_lines_fn *fn, void *arg);

#endif
