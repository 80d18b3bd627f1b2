/* pokefunct's functions: what the DWARF of a file says of each function
   (funcs.c collects them through libdw), or what the plugin's report
   says (funcs-json.c), each function once.  */
#ifndef PH_FUNCT_FUNCS_H
#define PH_FUNCT_FUNCS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../reorg/error.h"

/* An inline expansion inside a function's out-of-line body.  */
struct ph_fn_expansion {
	size_t origin;		/* index of the function expanded */
	uint64_t size;		/* bytes: high_pc - low_pc, or the ranges */
	uint64_t low_pc;	/* its entry (lowest) address */
};

/* One function: its name, declaration file and line are its key.  */
struct ph_fn {
	char *name;
	char *file;		/* the declaration's file, "" when none */
	unsigned line;		/* the declaration's line, 0 when none */
	/* Read from a plugin report: it has no bytes, addresses,
	   variables, expansions, prototypes nor linkage; its declared
	   inline and inlined are the compiler's, in DW_INL_* terms.  */
	bool from_report;
	bool external;		/* DW_AT_external */
	int inline_attr;	/* DW_AT_inline, -1 when absent */
	bool defined;		/* more than a declaration is known */
	bool has_body;		/* an out-of-line instance exists */
	unsigned nr_bodies;	/* out-of-line instances seen */
	uint64_t size;		/* of the first out-of-line body */
	uint64_t low_pc, high_pc;	/* its range (high_pc exclusive) */
	/* The rank of the DIE the counts are from: 1 a declaration, 2 a
	   definition; the first DIE of the highest rank gives them.  */
	int counted;
	unsigned params, labels, variables;
	bool varargs;
	unsigned inlined_count;	/* its inline expansions, anywhere */
	uint64_t inlined_bytes;
	unsigned units;		/* units where it is defined (src#) */
	size_t last_unit;	/* the last of them (the table's nr_units) */
	/* The expansions inside the first out-of-line body.  */
	unsigned nr_exp;
	uint64_t exp_bytes;
	struct ph_fn_expansion *exps;	/* when asked for */
	size_t exps_cap;
	char *proto;		/* "int f(int a)", when asked for */
	bool class_param;	/* a parameter points to the -c class */
};

/* What the collector keeps beyond the counts.  */
struct ph_fn_opts {
	bool expansions;	/* each expansion (-i) */
	bool prototypes;	/* proto */
	const char *class_name;	/* class_param for this struct, or NULL */
	const char *debuginfo_path;
	unsigned jobs;		/* threads reading a module's units */
};

struct ph_fn_table {
	struct ph_fn *fns;	/* in the order they first appear */
	size_t n, cap;
	size_t *slots;		/* open addressing: index + 1, 0 empty */
	size_t nr_slots;
	size_t nr_units;	/* DWARF units read into it */
};

void ph_fn_table_init(struct ph_fn_table *t);
void ph_fn_table_deinit(struct ph_fn_table *t);

/* The index of the function NAME, FILE, LINE that a report (REPORT) or
   DWARF describes, added when new.  The two are kept apart: their facts
   are not of the same kind, and adding a report's counts to DWARF's
   would count each inlined call twice.  */
struct ph_error *ph_fn_table_get(struct ph_fn_table *t, const char *name,
				 const char *file, unsigned line, bool report,
				 size_t *ret);

/* Adds the functions of the file at PATH (whatever libdwfl opens) to T.
   An error names the problem, without the path.  */
struct ph_error *ph_fn_load_file(struct ph_fn_table *t, const char *path,
				 const struct ph_fn_opts *opts);

/* Adds the "function" records of the plugin's JSON Lines report at PATH
   to T, merging a function's records (one per unit) by name, file and
   line.  A file with a bad line adds nothing.  Unlike
   ph_fn_load_file's, an error names the path itself, and the line.  */
struct ph_error *ph_fn_load_report(struct ph_fn_table *t, const char *path);
/* The function records embedded in the objects of the file at PATH
   (-fplugin-arg-pokehole-embed with functions), as ph_fn_load_report's
   are; *ANY whether it has any.  An error names the report (the frame,
   counted from 1) and the line, not the path.  */
struct ph_error *ph_fn_load_embedded(struct ph_fn_table *t, const char *path,
				     bool *any);

/* Whether the function is declared inline (DW_AT_inline says so).  */
static inline bool ph_fn_declared_inline(const struct ph_fn *f)
{
	return f->inline_attr == 2 || f->inline_attr == 3;
}

/* Whether it has inline expansions (or DWARF says it was inlined).  */
static inline bool ph_fn_inlined(const struct ph_fn *f)
{
	return f->inlined_count > 0 || f->inline_attr == 1 ||
	       f->inline_attr == 3;
}

#endif
