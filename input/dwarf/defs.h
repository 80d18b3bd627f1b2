/* Definitions by qualified name, for declarations (defs.c), and what a
   reading context knows of them.  */
#ifndef PH_INPUT_DWARF_DEFS_H
#define PH_INPUT_DWARF_DEFS_H

#include <stdbool.h>
#include <stdint.h>

#include <elfutils/libdw.h>

#include "../../report/buf.h"

struct ph_dw_ctx;
struct ph_dw_defs;

/* defs.c: definitions by qualified name, for declarations.  */

/* Where a DIE is, in terms any session on the file can find again.  */
enum { PH_DW_LOC_MAIN, PH_DW_LOC_ALT, PH_DW_LOC_SPLIT };
struct ph_dw_loc {
	uint64_t off;
	uint64_t unit;		/* PH_DW_LOC_SPLIT: the skeleton's index */
	unsigned module;	/* the archive member, 0 for other files */
	uint8_t where;
	bool types;		/* in .debug_types */
};
void ph_dw_loc_of(struct ph_dw_ctx *ctx, Dwarf_Die *die,
		  struct ph_dw_loc *ret);
bool ph_dw_loc_die(Dwarf *dw, const struct ph_dw_loc *loc, Dwarf_Die *ret);

/* Qualified name -> the first definition added.  */
struct ph_dw_defs;
struct ph_error *ph_dw_defs_create(struct ph_dw_defs **ret);
void ph_dw_defs_destroy(struct ph_dw_defs *d);
struct ph_error *ph_dw_defs_add(struct ph_dw_defs *d, const char *name,
				const struct ph_dw_loc *loc);
bool ph_dw_defs_find(const struct ph_dw_defs *d, const char *name,
		     struct ph_dw_loc *ret);
/* SRC's entries, in the order they were added, into DST.  */
struct ph_error *ph_dw_defs_merge(struct ph_dw_defs *dst,
				  const struct ph_dw_defs *src);
/* SRC's entries, in the order they were added, into DST, each one's
   module MODULE_BASE further on (a file's modules among those of every
   file of one call, across.c).  */
struct ph_error *ph_dw_defs_merge_shifted(struct ph_dw_defs *dst,
					  const struct ph_dw_defs *src,
					  unsigned module_base);
/* Whether NAME is one entity across units (not in an anonymous
   namespace nor local to a function).  */
bool ph_dw_defs_global_name(const char *name);

#endif
