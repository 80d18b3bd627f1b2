/* The target ABI's alignment of types (align.c), and the caches of what
   was computed, alignments and the tail paddings members.c keeps.  */
#ifndef PH_INPUT_DWARF_ALIGN_H
#define PH_INPUT_DWARF_ALIGN_H

#include <stdbool.h>
#include <stdint.h>

#include <elfutils/libdw.h>

#include "offmap.h"

struct ph_dw_ctx;

/* align.c: the target ABI's alignment of types.  */

/* The alignment a member of type TYPE gets inside a struct when nothing
   is packed or forced (i386: 8-byte scalars 4).  */
struct ph_error *ph_dw_natural_align(struct ph_dw_ctx *ctx, Dwarf_Die *type,
				     unsigned depth, uint32_t *ret);
/* Whether TYPE's alignment was forced with aligned(N), on itself, a
   typedef of it or (for an aggregate) one of its members.  */
struct ph_error *ph_dw_user_aligned(struct ph_dw_ctx *ctx, Dwarf_Die *type,
				    unsigned depth, bool *ret);

#endif
