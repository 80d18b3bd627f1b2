/* C++ class layout that DWARF leaves to the reader: where the virtual
   bases of a complete object are, and how many bytes each base really
   takes (its data size, CLASSTYPE_SIZE in GCC), computed the way the
   Itanium C++ ABI (and GCC, class.cc) lays classes out.

   DWARF gives the offsets of non-virtual bases and members; a virtual
   base's offset is an expression read from the vtable at run time.  The
   complete-object layout is rebuilt here:
   - per class: empty, dynamic (has a vptr), nearly empty (a vptr and no
     other non-virtual data), POD for the purpose of layout (then its
     as-base size is its sizeof, else its data size), its non-virtual
     alignment, and its primary base;
   - the inheritance graph in graph order (depth-first, left to right,
     each virtual base at its first occurrence), primary bases marked as
     GCC's determine_primary_bases does (a class's primary virtual base
     shares that class's address; a dynamic class without a non-virtual
     dynamic base takes the first nearly empty virtual base not yet
     primary, else steals the first one);
   - the virtual bases not primary, in graph order, from the end of the
     non-virtual data: a non-empty one at the next offset aligned to its
     non-virtual alignment (moved on while one of its empty subobjects
     would share an address with another of the same type), an empty one
     at offset 0 unless an empty subobject of its type is there already,
     else from the end on.
   Where a class is not fully described (declarations only, corrupt
   input) the layout is marked unknown and the caller keeps what DWARF
   says.

   The cxx.c entry points are here; the class facts in cxx-facts.c, the
   complete-object layout in cxx-vbases.c, the [[no_unique_address]]
   rules in cxx-nua.c.  */
#include "cxx.h"
#include "cxx-facts.h"
#include "cxx-nua.h"
#include "cxx-vbases.h"

#include <dwarf.h>
#include <stdlib.h>
#include <string.h>

void ph_dw_cxx_layout_free(struct ph_dw_cxx_layout *l)
{
	free(l->bases);
	free(l->vbases);
	memset(l, 0, sizeof(*l));
}

static struct ph_error *push_vb(struct ph_dw_cxx_layout *l, size_t *cap,
				const struct ph_dw_cxx_vbase *vb)
{
	struct ph_error *err = ph_array_reserve(&l->vbases, cap,
						l->nvbases + 1,
						sizeof(*l->vbases));

	if (!err)
		l->vbases[l->nvbases++] = *vb;
	return err;
}

/* Whether the virtual base of class DIE is in the list already.  Each
   is listed once, by its class: not by offset and size, which two
   virtual bases can share (two empty ones at 0, a nearly empty one and
   the primary it shares its vptr with).  */
static bool listed(const struct ph_dw_cxx_layout *l, Dwarf_Die *die)
{
	for (size_t k = 0; k < l->nvbases; k++)
		if (ph_dw_key(&l->vbases[k].die) == ph_dw_key(die))
			return true;
	return false;
}

/* The virtual bases without a field of their own in GCC's record (empty
   ones, primary ones of other classes), in the order the plugin lists
   them: post-order over the bases.  *KNOWN cleared when one is not
   among TOP's (left as it was otherwise: the walk stops where it is
   cleared).  */
static struct ph_error *fieldless(struct ph_dw_ctx *ctx, struct ph_dw_cls *top,
				  size_t cls, struct ph_dw_cxx_layout *l,
				  size_t *cap, bool *seen, unsigned depth,
				  bool *known)
{
	struct ph_dw_cls *c = C(ctx, cls);
	struct ph_error *err;

	if (depth > PH_INPUT_MAX_DEPTH) {
		*known = false;
		return NULL;
	}
	for (size_t i = 0; i < c->nbases; i++) {
		struct ph_dw_cls_base *b = &c->bases[i];
		struct ph_dw_cls *bc = C(ctx, b->cls);
		struct ph_dw_cxx_vbase vb;
		size_t k;

		if (!seen[b->cls]) {
			if ((err = fieldless(ctx, top, b->cls, l, cap, seen,
					     depth + 1, known)) ||
			    !*known)
				return err;
			seen[b->cls] = true;
		}
		if (!b->virt)
			continue;
		for (k = 0; k < top->nvbases; k++)
			if (top->vbases[k].cls == b->cls)
				break;
		if (k == top->nvbases) {
			*known = false;
			return NULL;
		}
		if (listed(l, &bc->die))
			continue;
		memset(&vb, 0, sizeof(vb));
		vb.die = bc->die;
		vb.off = top->vbases[k].off;
		vb.size = bc->size;
		vb.bit_size = 8 * bc->data_bytes;
		vb.nvalign = bc->nvalign;
		vb.fieldless = true;
		if ((err = push_vb(l, cap, &vb)))
			return err;
	}
	return NULL;
}

static struct ph_error *layout(struct ph_dw_ctx *ctx, Dwarf_Die *die,
			       struct ph_dw_cxx_layout *l, bool *known)
{
	struct ph_dw_cls *c;
	struct ph_error *err;
	size_t idx, cap = 0;
	bool *seen = NULL;

	memset(l, 0, sizeof(*l));
	l->primary_base = -1;
	if ((err = ph_dw_cls_get(ctx, die, 0, &idx, known)) || !*known ||
	    (err = ph_dw_cls_complete_layout(ctx, idx, 0, known)) || !*known)
		return err;
	c = C(ctx, idx);
	l->nbases = c->nbases;
	if (c->nbases) {
		l->bases = calloc(c->nbases, sizeof(*l->bases));
		if (!l->bases) {
			err = &ph_error_nomem;
			goto fail;
		}
	}
	for (size_t i = 0; i < c->nbases; i++) {
		struct ph_dw_cls *bc = C(ctx, c->bases[i].cls);

		l->bases[i].bit_size = bc->empty ? 0 : 8 * bc->dsize;
		l->bases[i].np_bit_size = bc->empty ? 0 : 8 * bc->dsize_np;
		l->bases[i].nvalign = bc->nvalign;
		l->bases[i].virt = c->bases[i].virt;
		if (!c->bases[i].virt && c->has_primary &&
		    !c->primary_virtual && c->primary_cls == c->bases[i].cls &&
		    l->primary_base < 0)
			l->primary_base = (int)i;
	}
	/* The class's own primary virtual base: the first base field.  */
	for (size_t k = 0; k < c->nvbases; k++) {
		struct ph_dw_cls *v = C(ctx, c->vbases[k].cls);
		struct ph_dw_cxx_vbase vb;

		if (!c->vbases[k].own_primary)
			continue;
		memset(&vb, 0, sizeof(vb));
		vb.die = v->die;
		vb.off = c->vbases[k].off;
		vb.size = v->size;
		vb.bit_size = v->empty ? 0 : 8 * v->dsize;
		vb.nvalign = v->nvalign;
		vb.own_primary = true;
		if ((err = push_vb(l, &cap, &vb)))
			goto fail;
	}
	/* Those with a field, in graph order.  */
	for (size_t k = 0; k < c->nvbases; k++) {
		struct ph_dw_cls *v = C(ctx, c->vbases[k].cls);
		struct ph_dw_cxx_vbase vb;

		if (c->vbases[k].primary || v->empty)
			continue;
		memset(&vb, 0, sizeof(vb));
		vb.die = v->die;
		vb.off = c->vbases[k].off;
		vb.size = v->size;
		vb.bit_size = 8 * c->vbases[k].dsize;
		vb.nvalign = v->nvalign;
		if ((err = push_vb(l, &cap, &vb)))
			goto fail;
	}
	seen = calloc(ctx->classes.cls_n, sizeof(*seen));
	if (!seen) {
		err = &ph_error_nomem;
		goto fail;
	}
	if ((err = fieldless(ctx, c, idx, l, &cap, seen, 0, known)) ||
	    !*known)
		goto fail;
	free(seen);
	return NULL;
fail:
	*known = false;
	free(seen);
	ph_dw_cxx_layout_free(l);
	return err;
}

/* The class TYPE is (through typedefs and qualifiers), defined here.  */
static struct ph_error *defined_cls(struct ph_dw_ctx *ctx, Dwarf_Die *type,
				    size_t *idx, bool *known)
{
	Dwarf_Die t = *type;
	struct ph_error *err;

	if ((err = ph_dw_cls_strip(ctx, &t, NULL, known)) || !*known)
		return err;
	if (!ph_dw_cls_is_aggregate(dwarf_tag(&t)) ||
	    dwarf_hasattr(&t, DW_AT_declaration)) {
		*known = false;
		return NULL;
	}
	return ph_dw_cls_get(ctx, &t, 0, idx, known);
}

/* What of class TYPE a [[no_unique_address]] member of it takes (NUA:
   GCC 12's rule, not known for an empty class), else its data size.  */
static struct ph_error *class_size_of(struct ph_dw_ctx *ctx, Dwarf_Die *type,
				      bool nua, bool *known, uint64_t *ret)
{
	struct ph_error *err;
	size_t idx;

	if ((err = defined_cls(ctx, type, &idx, known)) || !*known)
		return err;
	if (!nua) {
		*ret = C(ctx, idx)->empty ? 0 : C(ctx, idx)->dsize;
		return NULL;
	}
	if (C(ctx, idx)->empty) {
		*known = false;
		return NULL;
	}
	return ph_dw_cls_nua_size(ctx, idx, 0, ret);
}

static struct ph_error *empty_at0(struct ph_dw_ctx *ctx, Dwarf_Die *outer,
				  bool complete, Dwarf_Die *empty, bool *ret)
{
	Dwarf_Die o = *outer, e = *empty;
	struct ph_dw_cls_records r = { 0 };
	struct ph_error *err;
	size_t oi, ei;
	bool ok, conflict = false;

	*ret = false;
	if ((err = ph_dw_cls_strip(ctx, &o, NULL, &ok)) || !ok ||
	    (err = ph_dw_cls_strip(ctx, &e, NULL, &ok)) || !ok ||
	    !ph_dw_cls_is_aggregate(dwarf_tag(&o)) ||
	    !ph_dw_cls_is_aggregate(dwarf_tag(&e)) ||
	    dwarf_hasattr(&o, DW_AT_declaration) ||
	    dwarf_hasattr(&e, DW_AT_declaration) ||
	    (err = ph_dw_cls_get(ctx, &o, 0, &oi, &ok)) || !ok ||
	    (err = ph_dw_cls_get(ctx, &e, 0, &ei, &ok)) || !ok)
		return err;
	err = ph_dw_cls_walk(ctx, &r, oi, 0, 0, complete, true, 0, &conflict);
	/* A class laid out from another unit's definition has that unit's
	   DIEs for its members' types: the same class by name too.  */
	for (size_t k = 0; k < r.n && !err && !*ret; k++) {
		const char *a = dwarf_diename(&C(ctx, r.v[k].cls)->die);
		const char *b = dwarf_diename(&e);

		*ret = r.v[k].off == 0 &&
		       (r.v[k].cls == ei || (a && b && strcmp(a, b) == 0));
	}
	free(r.v);
	return err;
}

/* The end of an entry point: the answer *KNOWN unless an aggregate is to
   be laid out first (handed over in *NEED) or ERR says memory ran
   out.  */
static struct ph_error *answer(struct ph_dw_ctx *ctx, struct ph_error *err,
			       bool *known, struct ph_dw_cxx_need *need)
{
	*need = ctx->classes.need;
	ctx->classes.need.pending = false;
	if (need->pending || err)
		*known = false;
	return err;
}

struct ph_error *ph_dw_cxx_layout(struct ph_dw_ctx *ctx, Dwarf_Die *die,
				  bool *known, struct ph_dw_cxx_layout *l,
				  struct ph_dw_cxx_need *need)
{
	struct ph_error *err = layout(ctx, die, l, known);

	if (!err && *known && ctx->classes.need.pending) {
		ph_dw_cxx_layout_free(l);
		*known = false;
	}
	return answer(ctx, err, known, need);
}

struct ph_error *ph_dw_cxx_nua_size(struct ph_dw_ctx *ctx, Dwarf_Die *type,
				    bool *known, uint64_t *ret,
				    struct ph_dw_cxx_need *need)
{
	return answer(ctx, class_size_of(ctx, type, true, known, ret), known,
		      need);
}

struct ph_error *ph_dw_cxx_data_size(struct ph_dw_ctx *ctx, Dwarf_Die *type,
				     bool *known, uint64_t *ret,
				     struct ph_dw_cxx_need *need)
{
	return answer(ctx, class_size_of(ctx, type, false, known, ret), known,
		      need);
}

struct ph_error *ph_dw_cxx_empty_at0(struct ph_dw_ctx *ctx,
				     Dwarf_Die *outer, bool complete,
				     Dwarf_Die *empty, bool *ret,
				     struct ph_dw_cxx_need *need)
{
	return answer(ctx, empty_at0(ctx, outer, complete, empty, ret), ret,
		      need);
}
