/* Types set aside until a file's class definitions are all known
   (deferred.c).  */
#ifndef PH_INPUT_DWARF_DEFERRED_H
#define PH_INPUT_DWARF_DEFERRED_H

#include "ctx.h"
#include "dw.h"

/* A type needing a class only declared where it is used: built again
   once the file's definitions are all known, in a context like the one
   it was found in.  */
struct ph_dw_deferred {
	struct ph_dw_loc loc;
	char *name;
	/* The unit it was found in (unit.comp_dir a copy of its own).  */
	struct ph_dw_unit_facts unit;
	uint32_t typedef_align;
	bool typedef_name, elf32, i386;
	/* Set by ph_dw_build_deferred (KEEP_MISSING): the class it needs is
	   defined by no unit of the file.  */
	bool missing;
};

void ph_dw_deferred_free(struct ph_dw_deferred *v, size_t n);
/* D's name and unit: copies of NAME and U's comp_dir, D's own (freed by
   ph_dw_deferred_free); out of memory leaves D with neither.  */
struct ph_error *ph_dw_deferred_own(struct ph_dw_deferred *d,
				    const char *name,
				    const struct ph_dw_unit_facts *u);
/* T, named by a typedef of alignment TYPEDEF_ALIGN (0 for none), aligned
   as the typedef says.  */
void ph_dw_take_typedef_align(struct ph_type *t, uint32_t typedef_align);

/* The types set aside and what building them needs: those of one file
   once its units are read (load.c), or those kept from every file of
   one call once all are read (across.c).  */
struct ph_dw_rebuild {
	const char *path;	/* for messages */
	struct ph_dw_deferred *deferred;
	size_t nr_deferred;
	struct ph_model *out;	/* what is built, deduplicated with DEDUP */
	struct ph_dedup *dedup;
	/* The definitions of every unit and each module's DWARF, in which
	   they are found again; OPEN, OPEN_ARG: see ph_dw_decls.  */
	const struct ph_dw_defs *defs;
	Dwarf **dws;
	size_t nr_dws;
	struct ph_error *(*open)(void *arg, size_t n);
	void *open_arg;
	/* The names said missing already (NULL: the call's own); NR_FILES:
	   the files read, for the message.  */
	struct ph_dw_defs *told;
	size_t nr_files;
	/* The reading stopped early (-C): a class not found may be in a
	   unit not read, and nothing is said.  */
	bool found_all;
	/* Several files of one call: a type needing a class no unit of this
	   file defines is marked MISSING (for across.c, which the caller
	   hands it to) rather than said missing.  */
	bool keep_missing;
};

/* B's types, built into B->out in the order they were found.  */
struct ph_error *ph_dw_build_deferred(const struct ph_dw_rebuild *b);

#endif
