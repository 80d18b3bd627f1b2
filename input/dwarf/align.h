/* The target ABI's alignment of types (align.c); what was computed is
   kept in the context's align cache (ctx.h).  An aggregate's alignment
   is what laying it out infers (packing included), and laying out needs
   its members' alignments: members.c, which lays out, computes it and
   puts it in the cache; here it is only read from there.  So the
   types' recursion stays inside members.c, and align.c, like the C++
   class facts (cxx-facts.c) that need their fields' alignments, calls
   nothing that lays out.  */
#ifndef PH_INPUT_DWARF_ALIGN_H
#define PH_INPUT_DWARF_ALIGN_H

#include <stdbool.h>
#include <stdint.h>

#include <elfutils/libdw.h>

struct ph_dw_ctx;

/* The alignment a member of type TYPE gets inside a struct when nothing
   is packed or forced (i386: 8-byte scalars 4).  When it is that of an
   aggregate not laid out yet (not in CTX's align cache), *PENDING is set
   and *AGG is that aggregate, *RET is left as it was: members.c lays it
   out (member_align), or has it laid out first and is asked again
   (cxx-facts.c through ph_dw_cxx_need, cxx.h).  */
struct ph_error *ph_dw_natural_align(struct ph_dw_ctx *ctx, Dwarf_Die *type,
				     unsigned depth, uint32_t *ret,
				     Dwarf_Die *agg, bool *pending);
/* Whether TYPE's alignment was forced with aligned(N), on itself, a
   typedef of it or (for an aggregate) one of its members.  */
struct ph_error *ph_dw_user_aligned(struct ph_dw_ctx *ctx, Dwarf_Die *type,
				    unsigned depth, bool *ret);

#endif
