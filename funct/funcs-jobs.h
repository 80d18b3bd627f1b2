/* pokefunct -j: a module's units read by several threads
   (funcs-jobs.c), each unit through the walk of funcs-walk.h.  */
#ifndef PH_FUNCT_FUNCS_JOBS_H
#define PH_FUNCT_FUNCS_JOBS_H

#include <elfutils/libdw.h>
#include <elfutils/libdwfl.h>

#include "fntable.h"

/* Adds the functions of module MODULE_INDEX of the file at PATH, whose
   DWARF is DW, to T, read by JOBS threads: DW's own, and others through
   sessions of their own.  The result is the one walking the units in
   order gives.  */
struct ph_error *ph_fn_load_units(struct ph_fn_table *t, const char *path,
				  unsigned module_index, Dwarf *dw,
				  Dwfl_Module *mod,
				  const struct ph_fn_opts *opts,
				  unsigned jobs);

#endif
