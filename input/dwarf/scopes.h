/* The scope parents of DIEs (scopes.c), for C++ qualified names: kept
   in the context's names cache, a unit at a time.  */
#ifndef PH_INPUT_DWARF_SCOPES_H
#define PH_INPUT_DWARF_SCOPES_H

#include <stdbool.h>

#include <elfutils/libdw.h>

struct ph_dw_ctx;

/* Records the scope parents of a unit's DIEs (see ph_dw_names_cache).  */
struct ph_error *ph_dw_record_parents(struct ph_dw_ctx *ctx, Dwarf_Die *unit);
/* The scope parent of DIE into *RET: the parent of its
   declaration when it is an out-of-line definition
   (DW_AT_specification).  *FOUND false at the unit.  */
struct ph_error *ph_dw_scope_parent(struct ph_dw_ctx *ctx, Dwarf_Die *die,
				    Dwarf_Die *ret, bool *found);

#endif
