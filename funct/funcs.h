/* pokefunct's functions from the DWARF of a file (funcs.c collects them
   through libdw), each function once.  */
#ifndef PH_FUNCT_FUNCS_H
#define PH_FUNCT_FUNCS_H

#include "fntable.h"

/* Adds the functions of the file at PATH (whatever libdwfl opens) to T.
   An error names the problem, without the path.  */
struct ph_error *ph_fn_load_file(struct ph_fn_table *t, const char *path,
				 const struct ph_fn_opts *opts);

#endif
