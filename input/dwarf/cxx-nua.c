/* [[no_unique_address]]: the bytes GCC gives such a member, by the
   rule of the compiler's version (enum ph_dw_nua_rule, cxx-class.h).
   DWARF records neither the attribute nor that size.  */
#include "cxx-nua.h"
#include "cxx-vbases.h"

enum ph_dw_nua_rule ph_dw_nua_rule(const struct ph_dw_ctx *ctx)
{
	if (ctx->unit.gcc_major && ctx->unit.gcc_major <= 11)
		return PH_DW_NUA_AS_BASE;
	return ctx->unit.gcc_major == 12 ? PH_DW_NUA_EOC_TRUNCATED : PH_DW_NUA_EOC;
}

/* The bytes GCC gives a [[no_unique_address]] member of class CLS whose
   tail the next member reuses (nua_rule).  */
struct ph_error *ph_dw_cls_nua_size(struct ph_dw_ctx *ctx, size_t cls,
				    unsigned depth, uint64_t *ret)
{
	struct ph_dw_cls *c = C(ctx, cls);
	enum ph_dw_nua_rule rule = ph_dw_nua_rule(ctx);
	uint64_t n = rule == PH_DW_NUA_AS_BASE ? c->dsize_np : c->eoc_nv;
	struct ph_error *err;
	bool placed = false;

	if (c->any_virtual &&
	    (err = ph_dw_cls_complete_layout(ctx, cls, depth + 1, &placed)))
		return err;
	for (size_t k = 0; placed && k < c->nvbases; k++) {
		struct ph_dw_cls *v = C(ctx, c->vbases[k].cls);
		uint64_t sz = c->vbases[k].dsize;

		if (v->empty)
			sz = rule == PH_DW_NUA_AS_BASE ? v->size : v->dsize_np;
		n = max64(n, c->vbases[k].off + sz);
	}
	*ret = n;
	return NULL;
}
