/* How GCC sizes a [[no_unique_address]] member, by the compiler's
   version (cxx-nua.c).  */
#ifndef PH_INPUT_DWARF_CXX_NUA_H
#define PH_INPUT_DWARF_CXX_NUA_H

#include "cxx-class.h"

/* How GCC sizes a [[no_unique_address]] member (its FIELD_DECL's
   DECL_SIZE_UNIT) of a class type that is not a POD for layout, so that
   the next member may start inside its tail padding.  DWARF records
   neither the attribute nor that size; the compiler's version
   (DW_AT_producer) says which rule made the offsets.  */
enum ph_dw_nua_rule {
	/* GCC up to 11 (checked with 11.3): the class's as-base size
	   (CLASSTYPE_SIZE_UNIT: its non-virtual data, a last bitfield's
	   bits rounded up to a byte), or the end of its virtual bases where
	   that is further, an empty one counting its byte (end_of_base).  */
	PH_DW_NUA_AS_BASE,
	/* GCC 12 (checked with 12.2): end_of_class (eoc_nv_or_dsize), the
	   end of its last base, vptr or field and of its virtual bases' data
	   (an empty one ends at its offset), where a bitfield ends at its
	   byte position plus its DECL_SIZE_UNIT: a byte short when it
	   straddles a byte boundary (a long :7 at bits 366..372 ends at 46,
	   not 47).  The next member then takes that byte over the last
	   bits, wrong code, but the layout the compiler made.  */
	PH_DW_NUA_EOC_TRUNCATED,
	/* Later GCC (end_of_class in its class.cc rounds a bitfield's end
	   up; not checked here), and other producers.  */
	PH_DW_NUA_EOC,
};

enum ph_dw_nua_rule ph_dw_nua_rule(const struct ph_dw_ctx *ctx);
/* The bytes GCC gives a [[no_unique_address]] member of class CLS whose
   tail the next member reuses (ph_dw_nua_rule), into *RET.  */
struct ph_error *ph_dw_cls_nua_size(struct ph_dw_ctx *ctx, size_t cls,
				    unsigned depth, uint64_t *ret);

#endif
