/* A module's units read by worker threads (workers.c).  */
#ifndef PH_INPUT_DWARF_WORKERS_H
#define PH_INPUT_DWARF_WORKERS_H

#include <pthread.h>

#include <elfutils/libdwfl.h>

#include "built.h"
#include "queue.h"
#include "dw.h"

struct ph_dw_deferred;

/* What reading one unit gave.  */
struct ph_dw_unit_result {
	struct ph_model *model;
	struct ph_error *err;	/* stops the file */
	struct ph_error *soft;	/* a missing .dwo: reported at the end */
	bool ready;
	bool fast;		/* read by the fast path */
	unsigned built;		/* layouts built */
	struct ph_dw_defs *defs;
	struct ph_dw_deferred *deferred;
	size_t nr_deferred;
};

/* One module (one ELF file, or one member of an archive) read by one or
   more workers.  */
struct ph_dw_job {
	const char *path;
	const char *debuginfo_path;
	unsigned module_index;
	bool i386, elf32;

	/* Its lock is over the rest too.  */
	struct ph_dw_queue q;
	struct ph_dw_unit_result *results;
	struct ph_error *err;
	struct ph_error *soft;
	unsigned nr_soft;
	/* For POKEHOLE_STATS: units read, by the fast path, layouts built.  */
	size_t nr_read, nr_fast, nr_built;

	struct ph_model *out;
	struct ph_dedup *dedup;
	const struct ph_input_filter *filter;
	const struct ph_names *stop_names;
	bool pahole_types;
	bool found_all;
	struct ph_dw_built built;
	/* Units done of total on a terminal's stderr, for long scans.  */
	bool progress;
	/* The definitions of every unit merged (the first of a name kept,
	   in unit order), the types set aside (defs.c), and each module's
	   DWARF, in which they are found again.  */
	struct ph_dw_defs *defs;
	struct ph_dw_deferred *deferred;
	size_t nr_deferred, deferred_cap;
	Dwarf **dws;
	size_t nr_dws, dws_cap;
};

/* Reads the units of MOD (whose DWARF is DW) with up to JOBS threads into
   JOB->out.  */
struct ph_error *ph_dw_load_module(struct ph_dw_job *job, Dwfl_Module *mod,
				   Dwarf *dw, unsigned jobs);

#endif
