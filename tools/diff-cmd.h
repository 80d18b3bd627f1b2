/* pokehole --diff (diff-cmd.c).  */
#ifndef PH_TOOLS_DIFF_CMD_H
#define PH_TOOLS_DIFF_CMD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../input/input.h"

/* --budget=NAME:BYTES: NAME is the first NAME_LEN bytes of the
   argument (C++ names have colons: the last one splits).  */
struct ph_diff_budget {
	const char *name;
	size_t name_len;
	uint64_t bytes;
};

struct ph_diff_options {
	unsigned cacheline;
	unsigned fail_on;	/* PH_DIFF_FAIL_* */
	bool json;
	bool functions;		/* the functions too (diff-funcs.c) */
	const struct ph_diff_budget *budgets;
	size_t nr_budgets;
};

bool ph_diff_parse_budget(const char *arg, struct ph_diff_budget *ret);

/* Reads OLD and NEW with LO, prints their differences; returns the
   exit status: 0, 1 (a regression under O->fail_on, or a budget
   exceeded), 2 (a side could not be read).  */
int ph_diff_main(const char *progname, const char *old_path,
		 const char *new_path, const struct ph_input_opts *lo,
		 const struct ph_diff_options *o);



#endif
