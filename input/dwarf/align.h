/* The target ABI's alignment of types (align.c); what was computed is
   kept in the context's align cache (ctx.h).  An aggregate's alignment
   is what laying it out infers (members.c's ph_dw_build_type, packing
   included), and laying out needs its members' alignments, C++ class
   facts (cxx-facts.c) too: align.c, members.c, members-cxx.c, cxx.c and
   cxx-facts.c call one another, the types' own recursion, by plain
   calls.  */
#ifndef PH_INPUT_DWARF_ALIGN_H
#define PH_INPUT_DWARF_ALIGN_H

#include <stdbool.h>
#include <stdint.h>

#include <elfutils/libdw.h>

struct ph_dw_ctx;

/* The alignment a member of type TYPE gets inside a struct when nothing
   is packed or forced (i386: 8-byte scalars 4).  */
struct ph_error *ph_dw_natural_align(struct ph_dw_ctx *ctx, Dwarf_Die *type,
				     unsigned depth, uint32_t *ret);
/* Whether TYPE's alignment was forced with aligned(N), on itself, a
   typedef of it or (for an aggregate) one of its members.  */
struct ph_error *ph_dw_user_aligned(struct ph_dw_ctx *ctx, Dwarf_Die *type,
				    unsigned depth, bool *ret);

#endif
