/* What no reader's format records and every reader infers the same way
   (packing.c): the ABI's natural alignment of scalars, and the packing
   a layout's offsets show.  DWARF (input/dwarf/), BTF and CTF
   (input/compact/) all lay out from these rules.  */
#ifndef PH_REORG_PACKING_H
#define PH_REORG_PACKING_H

#include <stdbool.h>
#include <stdint.h>

#include "layout.h"

/* The largest power of two dividing N, at most CAP; 1 for 0.  */
uint32_t ph_pow2_divisor(uint64_t n, uint32_t cap);

/* The natural alignment of a scalar (an integer, a float, an enum, a
   pointer) of SIZE bytes inside a struct: the largest power of two
   dividing it, at most 16; at most 4 on i386, where long long, double
   and long double are 4-aligned inside structs.  */
static inline uint32_t ph_scalar_align(uint64_t size, bool i386)
{
	return ph_pow2_divisor(size, i386 ? 4 : 16);
}

/* Fills in member and type alignments of T from the offsets, guessing
   packing.  NATURAL[i] is the natural alignment of member i (0 for none
   known); BASE_BIT where T's members start; TYPE_EXPLICIT its forced
   alignment (DW_AT_alignment), 0 for none.  */
struct ph_error *ph_infer_packing(struct ph_type *t, const uint32_t *natural,
				  uint64_t base_bit, uint32_t type_explicit);

#endif
