/* The per-unit walk (walk.c): what a worker keeps across the units it
   reads, and the walk of one.  */
#ifndef PH_INPUT_DWARF_WALK_H
#define PH_INPUT_DWARF_WALK_H

#include "dw.h"

struct ph_dw_built;
struct ph_dw_deferred;

/* Where a unit's file names are relative to: a type unit has no
   DW_AT_comp_dir nor DW_AT_name, but shares its line table
   (DW_AT_stmt_list) with the compile unit that made it.  */
struct ph_dw_unit_dir {
	const char *comp_dir;
	bool relative;
};

struct ph_dw_walk {
	struct ph_dw_ctx *ctx;
	struct ph_model *out;		/* the current unit's types */
	struct ph_dedup *dedup;	/* what this worker produced */
	const struct ph_input_filter *filter;
	/* Anonymous aggregates already reported under a typedef's name:
	   those of the current unit (cleared per unit) and those of units
	   shared between units (type and partial units).  */
	struct ph_dw_offmap typedef_named;
	struct ph_dw_offmap typedef_named_shared;
	Dwarf_CU *unit_cu;	/* the unit walked */
	/* Fingerprints (fprint.c) of the DIEs of the unit, and those of the
	   types whose layouts were built and are in DEDUP.  */
	struct ph_dw_fp_memo *fp_memo;
	struct ph_dw_built *built;
	size_t unit_index;	/* of the unit walked */
	struct ph_dw_scan *scan;	/* the fast path */
	bool fast;		/* to be taken where it can */
	bool pahole_types;	/* ph_input_opts' */
	bool unit_fast;		/* it was, for the current unit */
	unsigned nr_built;	/* layouts built for the current unit */
	/* Partial units walked (dwz), by unit DIE key.  */
	struct ph_dw_offmap imported;
	/* DW_AT_stmt_list -> index + 1 in DIRS; built at the first type
	   unit.  */
	struct ph_dw_offmap stmt_dirs;
	struct ph_dw_unit_dir *dirs;
	size_t nr_dirs, cap_dirs;
	bool dirs_built;
	struct ph_buf name;
	/* A unit whose split DWARF file is missing: the message, kept for
	   the end of the file.  */
	struct ph_error *soft;
	/* The current unit's class definitions by name, and its types set
	   aside until every unit is read (defs.c).  */
	struct ph_dw_defs *defs;
	struct ph_dw_deferred *deferred;
	size_t nr_deferred, deferred_cap;
	unsigned module_index;
	bool elf32, i386;
};

/* Reports the types of unit CU (of type UNIT_TYPE, unit DIE CUDIE) into
   W->out.  */
struct ph_error *ph_dw_walk_unit(struct ph_dw_walk *w, Dwarf_CU *cu,
				 uint8_t unit_type, Dwarf_Die *cudie);

#endif
