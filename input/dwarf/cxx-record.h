/* The record of one C++ class's facts (cxx-facts.c computes them),
   apart from cxx-class.h so that the context that keeps the records
   (ctx.c frees them) depends on no module computing them.  */
#ifndef PH_INPUT_DWARF_CXX_RECORD_H
#define PH_INPUT_DWARF_CXX_RECORD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <elfutils/libdw.h>

struct ph_dw_cls_base {
	size_t cls;
	bool virt;
	uint64_t off;
};

/* A data member of class type (or array of it), for the walks over
   empty subobjects.  */
struct ph_dw_cls_field {
	size_t cls;
	uint64_t off, count, elsize;
};

struct ph_dw_cls_vbase {
	size_t cls;
	uint64_t off;
	uint64_t dsize;		/* the bytes it was given */
	bool primary;		/* the primary base of some class here */
	bool own_primary;	/* the complete class's own primary */
};

struct ph_dw_cls {
	Dwarf_Die die;
	int state, vstate;
	bool empty, dynamic, nearly_empty, pod, contains_empty, is_union;
	uint64_t size;		/* sizeof */
	uint64_t dsize;		/* as-base size: sizeof for a POD */
	/* The as-base size were it not a POD: the end of its non-virtual
	   data.  A class with a [[no_unique_address]] member is not a POD
	   for layout, which DWARF cannot always show: where the offsets
	   show its tail reused, this is what it takes.  */
	uint64_t dsize_np;
	/* GCC's end_of_class of the non-virtual part, a bitfield's end as
	   nua_rule says (a [[no_unique_address]] member's size).  */
	uint64_t eoc_nv;
	uint64_t rli_end;	/* end of the non-empty non-virtual data */
	uint64_t data_bytes;	/* end of its own fields, virtual bases not */
	bool any_virtual;	/* has virtual bases */
	uint32_t nvalign;
	struct ph_dw_cls_base *bases;
	size_t nbases;
	struct ph_dw_cls_field *fields;
	size_t nfields;
	bool has_primary, primary_virtual;
	size_t primary_cls;
	/* Complete object: every virtual base, in graph order.  */
	struct ph_dw_cls_vbase *vbases;
	size_t nvbases;
};

#endif
