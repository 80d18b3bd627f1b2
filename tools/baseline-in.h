/* --merge-baseline (baseline-in.c).  */
#ifndef PH_TOOLS_BASELINE_IN_H
#define PH_TOOLS_BASELINE_IN_H

#include <stddef.h>

#include "../reorg/error.h"

/* Merges the reports INPUTS, N of them (JSON Lines files, or files with
   embedded reports), into the baseline OUTPUT; nothing is written when
   one cannot be read.  *FAILED is then the path the error is about when
   the error does not name it itself, else NULL.  */
struct ph_error *ph_merge_baseline_inputs(const char *const *inputs,
					  size_t n, const char *output,
					  const char **failed);

#endif
