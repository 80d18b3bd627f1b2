/* The files of one call read as one program (across.c): a class only
   declared in one file is found in another.  */
#ifndef PH_INPUT_DWARF_ACROSS_H
#define PH_INPUT_DWARF_ACROSS_H

#include <stddef.h>

#include "../input.h"

struct ph_dw_across;
struct ph_dw_deferred;
struct ph_dw_defs;
struct ph_dedup;

/* DEBUGINFO_PATH: as ph_input_opts's, for the files opened again.  */
struct ph_error *ph_dw_across_create(const char *debuginfo_path,
				     struct ph_dw_across **ret);
void ph_dw_across_destroy(struct ph_dw_across *a);

/* The file at PATH has been read: its NR_MODULES modules' definitions
   DEFS (module numbers of the file's own) are the call's too.  The
   types it sets aside next (ph_dw_across_pend) are this file's.  */
struct ph_error *ph_dw_across_add_file(struct ph_dw_across *a,
				       const char *path,
				       const struct ph_dw_defs *defs,
				       size_t nr_modules);
/* A type of the last file added that needs a class the file does not
   define (marked missing by ph_dw_build_deferred), kept (a copy) to be
   built by ph_dw_across_finish.  */
struct ph_error *ph_dw_across_pend(struct ph_dw_across *a,
				   const struct ph_dw_deferred *d);
/* The types kept, built with the definitions of every file, file by
   file in the order they were read, into MODEL (deduplicated with
   DEDUP); one that still needs a class no file defines is left out
   with a line on standard error, as for one file.  */
struct ph_error *ph_dw_across_finish(struct ph_dw_across *a,
				     struct ph_model *model,
				     struct ph_dedup *dedup);

#endif
