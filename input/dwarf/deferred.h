/* Types set aside until a file's class definitions are all known
   (deferred.c).  */
#ifndef PH_INPUT_DWARF_DEFERRED_H
#define PH_INPUT_DWARF_DEFERRED_H

#include "dw.h"

/* A type needing a class only declared where it is used: built again
   once the file's definitions are all known, in a context like the one
   it was found in.  */
struct ph_dw_deferred {
	struct ph_dw_loc loc;
	char *name;
	char *comp_dir;
	uint32_t typedef_align;
	unsigned gcc_major;
	bool typedef_name, cxx, relative_unit, elf32, i386;
};

void ph_dw_deferred_free(struct ph_dw_deferred *v, size_t n);
/* T, named by a typedef of alignment TYPEDEF_ALIGN (0 for none), aligned
   as the typedef says.  */
void ph_dw_take_typedef_align(struct ph_type *t, uint32_t typedef_align);

struct ph_dw_job;
/* JOB's types set aside, built into its model in the order they were
   found.  */
struct ph_error *ph_dw_build_deferred(struct ph_dw_job *job);

#endif
