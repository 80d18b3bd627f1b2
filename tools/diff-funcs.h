/* pokehole --diff's functions (diff-funcs.c).  */
#ifndef PH_TOOLS_DIFF_FUNCS_H
#define PH_TOOLS_DIFF_FUNCS_H

#include <stdbool.h>

#include "../report/buf.h"

/* Appends to OUT the functions that changed between OLD and NEW (text
   lines and a "functions:" summary, or JSON Lines records); nothing
   when a side has none or the two are not of the same kind (bytes from
   DWARF, records from the plugin).  Returns 0, or 2 after saying why a
   side could not be read.  */
int ph_diff_functions(const char *progname, const char *old_path,
		      const char *new_path, bool json, struct ph_buf *out);

#endif
