/* pokefunct's model: a function as DWARF or the plugin's report
   describes it, and the table that holds each function once
   (fntable.c).  */
#ifndef PH_FUNCT_FNTABLE_H
#define PH_FUNCT_FNTABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "../reorg/error.h"
#include "../reorg/hashtab.h"

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

/* The table's index: a function's key (name, file, line and whether a
   report describes it) with the array it is looked up in, and the index
   into that array, with the key's hash (fntable.c).  */
struct ph_fn_key {
	const struct ph_fn *fns;
	const char *name, *file;
	unsigned line;
	bool report;
	uint64_t hash;
};

struct ph_fn_slot {
	size_t i;
	uint64_t hash;
};

static inline uint64_t ph_fn_key_hash(struct ph_fn_key k)
{
	return k.hash;
}

static inline bool ph_fn_key_eq(struct ph_fn_key k, const struct ph_fn_slot *e)
{
	const struct ph_fn *f = &k.fns[e->i];

	return e->hash == k.hash && f->line == k.line &&
	       f->from_report == k.report && strcmp(f->name, k.name) == 0 &&
	       strcmp(f->file, k.file) == 0;
}

static inline uint64_t ph_fn_slot_hash(const struct ph_fn_slot *e)
{
	return e->hash;
}

PH_HASH_TABLE(ph_fn_index, struct ph_fn_slot, struct ph_fn_key,
	      ph_fn_key_hash, ph_fn_key_eq, ph_fn_slot_hash)

struct ph_fn_table {
	struct ph_fn *fns;	/* in the order they first appear */
	size_t n, cap;
	struct ph_fn_index index;
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

/* Adds SRC, the functions of units read after DST's, to DST: DST is then
   what reading those units into DST would have made it.  */
struct ph_error *ph_fn_table_merge(struct ph_fn_table *dst,
				   const struct ph_fn_table *src);

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
