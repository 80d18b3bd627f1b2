/* The walk of one unit's functions (funcs.c), for the threads that read
   a module's units side by side (funcs-jobs.c).  */
#ifndef PH_FUNCT_FUNCS_WALK_H
#define PH_FUNCT_FUNCS_WALK_H

#include <elfutils/libdw.h>
#include <elfutils/libdwfl.h>

#include "funcs.h"

struct ph_fn_walk;

/* A walk through DW, a libdw handle that only its thread uses, the
   DWARF of MOD (its symbols tell split parts from clones; NULL: none
   is told).  */
struct ph_error *ph_fn_walk_create(const struct ph_fn_opts *opts, Dwarf *dw,
				   Dwfl_Module *mod, struct ph_fn_walk **ret);
void ph_fn_walk_destroy(struct ph_fn_walk *w);

/* Adds the functions of the unit CU (of type UNIT_TYPE, its DIE CUDIE)
   to T, as the next unit of T.  */
struct ph_error *ph_fn_walk_unit(struct ph_fn_walk *w, struct ph_fn_table *t,
				 Dwarf_CU *cu, uint8_t unit_type,
				 Dwarf_Die *cudie);

/* Adds SRC, the functions of units read after DST's, to DST: DST is then
   what reading those units into DST would have made it.  */
struct ph_error *ph_fn_table_merge(struct ph_fn_table *dst,
				   const struct ph_fn_table *src);

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
