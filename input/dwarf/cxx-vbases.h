/* Base subobjects: the inheritance graph, primary bases, empty
   subobjects, virtual bases placed in a complete object (cxx-vbases.c).  */
#ifndef PH_INPUT_DWARF_CXX_VBASES_H
#define PH_INPUT_DWARF_CXX_VBASES_H

#include "cxx-class.h"

/* Inheritance graph order from node 0 (the class itself); *KNOWN false
   past PH_DW_CLS_MAX_NODES.  */
struct ph_error *ph_dw_cls_build_nodes(struct ph_dw_ctx *ctx, size_t cls,
				       struct ph_dw_cls_nodes *ns,
				       bool *known);
/* GCC's determine_primary_bases over the hierarchy, then the class's own
   primary base when it has no non-virtual one (recorded in its class
   record when SET_OWN).  */
void ph_dw_cls_mark_primaries(struct ph_dw_ctx *ctx,
			      struct ph_dw_cls_nodes *ns, bool set_own);
/* GCC's walk_subobject_offsets: RECORD or check each empty subobject of
   class CLS placed at OFF (up to MAX), with the virtual bases of a
   complete object when VBASES.  *CONFLICT set when checking finds one,
   else left as it was (false: the walk stops where it is set).  */
struct ph_error *ph_dw_cls_walk(struct ph_dw_ctx *ctx,
				struct ph_dw_cls_records *r, size_t cls,
				uint64_t off, uint64_t max, bool vbases,
				bool record, unsigned depth, bool *conflict);
/* Places the virtual bases of a complete object of class CLS; *KNOWN
   false when they cannot be.  */
struct ph_error *ph_dw_cls_complete_layout(struct ph_dw_ctx *ctx, size_t cls,
					   unsigned depth, bool *known);

#endif
