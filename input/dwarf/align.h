/* The target ABI's alignment of types (align.c), and the caches of what
   was computed, alignments and the tail paddings members.c keeps.  */
#ifndef PH_INPUT_DWARF_ALIGN_H
#define PH_INPUT_DWARF_ALIGN_H

#include <stdbool.h>
#include <stdint.h>

#include <elfutils/libdw.h>

#include "offmap.h"

struct ph_dw_ctx;

struct ph_dw_align_cache {
	/* Natural alignment + 1 of aggregates already computed.  */
	struct ph_dw_offmap aligns;
	/* Whether an aggregate's alignment is user-forced: 1 no, 2 yes.  */
	struct ph_dw_offmap user_aligns;
	/* Tail padding + 1 of structs used as members.  */
	struct ph_dw_offmap paddings;
};

void ph_dw_align_cache_init(struct ph_dw_align_cache *c);
void ph_dw_align_cache_deinit(struct ph_dw_align_cache *c);
/* Empties the caches (per unit, and where what they hold stopped being
   right).  */
void ph_dw_align_cache_reset(struct ph_dw_align_cache *c);

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
