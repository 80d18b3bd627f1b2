/* The walk of a unit's functions through libdw (funcs-walk.c): a unit
   at a time, for the threads that read a module's units side by side
   (funcs-jobs.c), or a whole module by one thread.  */
#ifndef PH_FUNCT_FUNCS_WALK_H
#define PH_FUNCT_FUNCS_WALK_H

#include <elfutils/libdw.h>
#include <elfutils/libdwfl.h>

#include "fntable.h"

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

/* Adds the functions of every unit of DW, MOD's DWARF, to T, read by
   this thread alone.  */
struct ph_error *ph_fn_walk_module(struct ph_fn_table *t, Dwarf *dw,
				   Dwfl_Module *mod,
				   const struct ph_fn_opts *opts);

#endif
