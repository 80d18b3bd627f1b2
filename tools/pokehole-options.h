/* pokehole's options (pokehole-options.c): what the command line asks
   for, checked, and the files to read.  */
#ifndef PH_TOOLS_POKEHOLE_OPTIONS_H
#define PH_TOOLS_POKEHOLE_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cli.h"
#include "diff-cmd.h"
#include "../reorg/select.h"
#include "../reorg/accessdb.h"
#include "../reorg/allocdb.h"
#include "../reorg/sitedb.h"
#include "../reorg/reorganize.h"

/* The command's name in its messages.  */
#define PH_POKEHOLE_NAME "pokehole"

enum ph_pokehole_output {
	OUT_TEXT, OUT_SIZES, OUT_JSON, OUT_PACKABLE, OUT_GROUPS, OUT_HTML,
	OUT_SVG
};

struct ph_pokehole_options {
	enum ph_pokehole_output output;
	unsigned cacheline;
	struct ph_names *class_names;	/* -C, or NULL */
	const char *exclude_prefix;
	const char *prefix;
	bool structs_only, unions_only;
	unsigned long min_holes;	/* -H */
	unsigned long min_hole_size;	/* -z */
	bool have_min_holes, have_min_hole_size;
	bool reorganize, show_steps, expand, demote, cross_groups;
	char **hot;			/* --hot names */
	char *hot_copy;			/* what they point into */
	size_t nr_hot;
	const char *merge_baseline;	/* --merge-baseline output */
	const char *btf_base;		/* --btf_base */
	char **modules;			/* -M: their BTF files */
	size_t nr_modules;
	bool diff;
	bool patch;			/* --patch */
	/* The build's order-dependent sites, from the reports' "sites"
	   records (-R, -P, --patch).  */
	struct ph_sitedb *sites;
	/* --worth, and --allocator's name (NULL: glibc).  The build's
	   allocation sites, from the reports' "allocs" records (--worth,
	   -R, -P, --slabinfo).  */
	bool worth;
	const char *allocator;
	struct ph_allocdb *allocs;
	/* --slabinfo[=FILE]: FILE, or NULL for /proc/slabinfo.  The
	   caches of CACHE_PAIRS (NR_CACHE_PAIRS pairs, cache then struct,
	   alternating) are tied to the struct named there before any is
	   tied by its name.  -V: name the caches tied to no struct.  */
	bool slabinfo, verbose;
	const char *slabinfo_file;
	const char *const *cache_pairs;
	size_t nr_cache_pairs;
	/* -R --access: the program's member accesses, from the reports'
	   "access" records.  */
	bool access;
	struct ph_accessdb *accesses;
	bool have_at;			/* --at */
	uint64_t at;
	unsigned fail_on;		/* --fail-on: PH_DIFF_FAIL_* */
	struct ph_diff_budget *budgets;
	size_t nr_budgets;
	struct ph_cli_common common;	/* -j, -F, -o, --debuginfo-path */
	/* The files to read: those named, the modules' BTF, or the
	   running kernel's BTF.  */
	char **files;
	int nr_files;
	/* The FILEs named (--diff's OLD NEW, --merge-baseline's).  */
	char **args;
	int nr_args;
};

/* ARGV's options and FILEs into *O (zeroed first), a bad one said on
   standard error: -1 to go on, or the status to exit with (0 after
   --help and --version).  */
int ph_pokehole_options_parse(int argc, char **argv,
			      struct ph_pokehole_options *o);
void ph_pokehole_options_deinit(struct ph_pokehole_options *o);

/* Whether the type NAME of KIND passes the type filters of O (ARG):
   the readers' filter (struct ph_input_filter).  */
bool ph_pokehole_wants(void *arg, const char *name, enum ph_kind kind);

/* What -R, -S, -P and --hot ask of the engine (here, for every
   command that asks it: -R's printing, --access, --worth, --slabinfo).  */
static inline struct ph_reorg_options
ph_pokehole_reorg_options(const struct ph_pokehole_options *o)
{
	return (struct ph_reorg_options){
		.cacheline = o->cacheline,
		.hot = (const char *const *)o->hot,
		.nr_hot = o->nr_hot,
		.steps = o->show_steps,
		.demote_bitfields = o->demote,
		.cross_groups = o->cross_groups,
	};
}

#endif
