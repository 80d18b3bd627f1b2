/* The class facts of one class, computed the first time they are
   asked for (cxx-facts.c).  */
#ifndef PH_INPUT_DWARF_CXX_FACTS_H
#define PH_INPUT_DWARF_CXX_FACTS_H

#include "cxx-class.h"

/* The index of DIE's class record into *RET, computing its facts the
   first time; *KNOWN false when they cannot be known.  */
struct ph_error *ph_dw_cls_get(struct ph_dw_ctx *ctx, Dwarf_Die *die,
			       unsigned depth, size_t *ret, bool *known);
/* *DIE through typedefs and qualifiers (and arrays when COUNT is set:
   *COUNT multiplied by each dimension's count); *KNOWN false when a
   type on the way cannot be read.  */
struct ph_error *ph_dw_cls_strip(struct ph_dw_ctx *ctx, Dwarf_Die *die,
				 uint64_t *count, bool *known);
bool ph_dw_cls_is_aggregate(int tag);

#endif
