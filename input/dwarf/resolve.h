/* Types as a layout sees them (resolve.c): DW_AT_type through a type
   unit's signature and, while a type is laid out, from a class
   declaration to its definition in another unit.  The functions that may
   put a definition from elsewhere in place of a declaration are named
   ph_dw_resolved_* and take the reading context that says whether to;
   util.h's ph_dw_type never does.  */
#ifndef PH_INPUT_DWARF_RESOLVE_H
#define PH_INPUT_DWARF_RESOLVE_H

#include <stdbool.h>
#include <stdint.h>

#include <elfutils/libdw.h>

#include "../../report/buf.h"

struct ph_dw_ctx;
struct ph_dw_defs;

/* *DIE replaced by its type unit's definition when it carries
   DW_AT_signature, else, a class declaration while CTX lays a type out,
   by its definition (CTX->decls).  */
struct ph_error *ph_dw_resolved(struct ph_dw_ctx *ctx, Dwarf_Die *die);
/* DW_AT_type of DIE into *RET, resolved as ph_dw_resolved does;
   *PRESENT false when DIE has none.  */
struct ph_error *ph_dw_resolved_type(struct ph_dw_ctx *ctx, Dwarf_Die *die,
				     bool *present, Dwarf_Die *ret);
/* Byte size of a type, through typedefs, qualifiers, arrays, signatures
   and declarations resolved.  *KNOWN false when it has none.  */
struct ph_error *ph_dw_resolved_size(struct ph_dw_ctx *ctx, Dwarf_Die *type,
				     uint64_t *ret, bool *known);

#endif
