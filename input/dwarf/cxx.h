/* C++ layout DWARF does not state (cxx.c), and the class facts it keeps
   per class (cxx-facts.c).  */
#ifndef PH_INPUT_DWARF_CXX_H
#define PH_INPUT_DWARF_CXX_H

#include <stdbool.h>
#include <stdint.h>

#include <elfutils/libdw.h>

#include "offmap.h"

struct ph_dw_ctx;
struct ph_dw_cls;
struct ph_dw_cxx_need;

/* cxx.c: C++ layout DWARF does not state.  */

struct ph_dw_cxx_vbase {
	Dwarf_Die die;		/* the class */
	uint64_t off;		/* in a complete object */
	uint64_t size;		/* sizeof */
	uint64_t bit_size;	/* before the tail-padding rule */
	uint32_t nvalign;	/* non-virtual alignment (0: fieldless) */
	bool own_primary;	/* the class's own primary base */
	bool fieldless;		/* empty, or another class's primary */
};

struct ph_dw_cxx_layout {
	/* Per direct base, in DW_TAG_inheritance order.  */
	struct {
		uint64_t bit_size;	/* 8 * as-base size, 0 when empty */
		/* The same were it no POD for layout (its end of data):
		   what it takes where the offsets show its tail reused.  */
		uint64_t np_bit_size;
		uint32_t nvalign;
		bool virt;
	} *bases;
	size_t nbases;
	int primary_base;	/* the non-virtual primary, or -1 */
	/* Every virtual base of a complete object, in the order GCC's
	   record has them: the class's own primary, those with a field
	   (graph order), the fieldless ones.  */
	struct ph_dw_cxx_vbase *vbases;
	size_t nvbases;
};

/* The cxx.c entry points: *KNOWN (or *RET) false when the answer cannot
   be known from DWARF (the caller keeps what DWARF says); out of memory
   is an error.  NEED->pending when an aggregate is to be laid out first
   (ctx.h): the caller lays NEED->die out and asks again.  */

/* The layout of the bases of a complete object of class DIE.  */
struct ph_error *ph_dw_cxx_layout(struct ph_dw_ctx *ctx, Dwarf_Die *die,
				  bool *known, struct ph_dw_cxx_layout *l,
				  struct ph_dw_cxx_need *need);
void ph_dw_cxx_layout_free(struct ph_dw_cxx_layout *l);
/* The bytes GCC gives a [[no_unique_address]] member of class type TYPE
   whose tail another member reuses (its field's size, by the rule of
   the unit's GCC version).  */
struct ph_error *ph_dw_cxx_nua_size(struct ph_dw_ctx *ctx, Dwarf_Die *type,
				    bool *known, uint64_t *ret,
				    struct ph_dw_cxx_need *need);
/* The bytes class type TYPE takes as a base (its as-base size: its data
   unless it is a POD for layout, 0 when empty).  */
struct ph_error *ph_dw_cxx_data_size(struct ph_dw_ctx *ctx, Dwarf_Die *type,
				     bool *known, uint64_t *ret,
				     struct ph_dw_cxx_need *need);
/* Whether an object of class type OUTER (a base subobject of one unless
   COMPLETE) has an empty subobject of class type EMPTY at its start.  */
struct ph_error *ph_dw_cxx_empty_at0(struct ph_dw_ctx *ctx,
				     Dwarf_Die *outer, bool complete,
				     Dwarf_Die *empty, bool *ret,
				     struct ph_dw_cxx_need *need);

#endif
