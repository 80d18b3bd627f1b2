/* Which DIEs the walk reports, for both walks: walk.c's through libdw
   and scan.c's over the raw DIE index (the fast path), which must find
   the same types in the same order.  */
#ifndef PH_INPUT_DWARF_WALK_RULE_H
#define PH_INPUT_DWARF_WALK_RULE_H

#include <dwarf.h>
#include <stdbool.h>

#include "../../reorg/layout.h"

/* What the walk does with a DIE of the tree.  */
enum ph_dw_step {
	PH_DW_STEP_SKIP,
	PH_DW_STEP_DESCEND,	/* into its children */
	PH_DW_STEP_AGGREGATE,	/* reported when named; then descended */
	PH_DW_STEP_TYPEDEF,	/* names its anonymous aggregate */
	PH_DW_STEP_IMPORT,	/* a dwz partial unit */
};

/* NO_LOCALS: types local to functions are left out (in C++ they are
   named after the function, names.c).  */
static inline enum ph_dw_step ph_dw_step_of(unsigned tag, bool no_locals)
{
	switch (tag) {
	case DW_TAG_namespace:
		return PH_DW_STEP_DESCEND;
	case DW_TAG_structure_type:
	case DW_TAG_class_type:
	case DW_TAG_union_type:
		return PH_DW_STEP_AGGREGATE;
	case DW_TAG_typedef:
		return PH_DW_STEP_TYPEDEF;
	case DW_TAG_imported_unit:
		return PH_DW_STEP_IMPORT;
	case DW_TAG_subprogram:
	case DW_TAG_lexical_block:
	case DW_TAG_inlined_subroutine:
		return no_locals ? PH_DW_STEP_SKIP : PH_DW_STEP_DESCEND;
	default:
		return PH_DW_STEP_SKIP;
	}
}

static inline bool ph_dw_is_aggregate(unsigned tag)
{
	return tag == DW_TAG_structure_type || tag == DW_TAG_class_type ||
	       tag == DW_TAG_union_type;
}

static inline enum ph_kind ph_dw_kind_of(unsigned tag)
{
	return tag == DW_TAG_union_type ? PH_KIND_UNION :
	       tag == DW_TAG_class_type ? PH_KIND_CLASS : PH_KIND_STRUCT;
}

#endif /* PH_INPUT_DWARF_WALK_RULE_H */
