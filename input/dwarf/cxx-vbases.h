/* Base subobjects: the inheritance graph, primary bases, empty
   subobjects, virtual bases placed in a complete object (cxx-vbases.c).  */
#ifndef PH_INPUT_DWARF_CXX_VBASES_H
#define PH_INPUT_DWARF_CXX_VBASES_H

#include "cxx-class.h"

/* Inheritance graph order from node 0 (the class itself).  */
bool ph_dw_cls_build_nodes(struct ph_dw_ctx *ctx, size_t cls,
			   struct ph_dw_cls_nodes *ns);
/* GCC's determine_primary_bases over the hierarchy, then the class's own
   primary base when it has no non-virtual one (recorded in its class
   record when SET_OWN).  */
void ph_dw_cls_mark_primaries(struct ph_dw_ctx *ctx,
			      struct ph_dw_cls_nodes *ns, bool set_own);
/* GCC's walk_subobject_offsets: RECORD or check each empty subobject of
   class CLS placed at OFF (up to MAX), with the virtual bases of a
   complete object when VBASES.  True on a conflict when checking.  */
bool ph_dw_cls_walk(struct ph_dw_ctx *ctx, struct ph_dw_cls_records *r,
		    size_t cls, uint64_t off, uint64_t max, bool vbases,
		    bool record, unsigned depth);
/* Places the virtual bases of a complete object of class CLS.  */
bool ph_dw_cls_complete_layout(struct ph_dw_ctx *ctx, size_t cls,
			       unsigned depth);

#endif
