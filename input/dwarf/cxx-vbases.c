/* The complete-object layout of a C++ class (see cxx.c): its
   inheritance graph, primary bases marked, and its virtual bases placed
   as GCC's layout_virtual_bases does, empty subobjects kept apart.  */
#include "cxx-vbases.h"

#include <stdlib.h>
#include <string.h>

/* Inheritance graph order from node 0 (the class itself).  */
struct ph_error *ph_dw_cls_build_nodes(struct ph_dw_ctx *ctx, size_t cls,
				       struct ph_dw_cls_nodes *ns, bool *known)
{
	struct ph_error *err;

	*known = false;
	ns->n = 0;
	if ((err = ph_array_reserve(&ns->v, &ns->cap, 1, sizeof(*ns->v))))
		return err;
	memset(&ns->v[0], 0, sizeof(ns->v[0]));
	ns->v[0].cls = cls;
	ns->v[0].parent = ns->v[0].anchor = ns->v[0].primary_of = -1;
	ns->v[0].placed = true;
	ns->n = 1;
	/* Depth-first, preorder: an explicit stack of (node, next base).  */
	struct frame { size_t node, next; } *stack = NULL;
	size_t sn = 0, scap = 0;

	if ((err = ph_array_reserve(&stack, &scap, 1, sizeof(*stack))))
		return err;
	stack[sn++] = (struct frame){ 0, 0 };
	while (sn) {
		struct frame *f = &stack[sn - 1];
		struct ph_dw_cls *c = C(ctx, ns->v[f->node].cls);
		struct ph_dw_cls_base *b;
		struct ph_dw_cls_node nn;
		size_t k;

		if (f->next >= c->nbases) {
			sn--;
			continue;
		}
		b = &c->bases[f->next++];
		memset(&nn, 0, sizeof(nn));
		nn.cls = b->cls;
		nn.virt = b->virt;
		nn.parent = (long)f->node;
		nn.primary_of = -1;
		if (b->virt) {
			for (k = 1; k < ns->n; k++)
				if (ns->v[k].virt && ns->v[k].cls == b->cls)
					break;
			if (k < ns->n)
				continue;	/* shared */
			nn.anchor = (long)ns->n;
			nn.rel = 0;
		} else {
			nn.anchor = ns->v[f->node].anchor;
			nn.rel = ns->v[f->node].rel + b->off;
		}
		/* Stopped short, SN not 0: unknown past the bound.  */
		if (ns->n >= PH_DW_CLS_MAX_NODES ||
		    (err = ph_array_reserve(&ns->v, &ns->cap, ns->n + 1,
					    sizeof(*ns->v))) ||
		    (err = ph_array_reserve(&stack, &scap, sn + 1,
					    sizeof(*stack))))
			break;
		ns->v[ns->n] = nn;
		stack[sn++] = (struct frame){ ns->n, 0 };
		ns->n++;
	}
	free(stack);
	*known = !err && !sn;
	return err;
}

static long find_vnode(const struct ph_dw_cls_nodes *ns, size_t cls)
{
	for (size_t k = 1; k < ns->n; k++)
		if (ns->v[k].virt && ns->v[k].cls == cls)
			return (long)k;
	return -1;
}

/* GCC's determine_primary_bases over the hierarchy, then the class's own
   primary base when it has no non-virtual one (recorded in its class
   record when SET_OWN).  */
void ph_dw_cls_mark_primaries(struct ph_dw_ctx *ctx, struct ph_dw_cls_nodes *ns,
			   bool set_own)
{
	struct ph_dw_cls *top = C(ctx, ns->v[0].cls);
	long chosen = -1;

	for (size_t i = 1; i < ns->n; i++) {
		struct ph_dw_cls_node *n = &ns->v[i];
		struct ph_dw_cls *c = C(ctx, n->cls);

		if (!n->virt) {
			struct ph_dw_cls *p = C(ctx, ns->v[n->parent].cls);

			if (p->has_primary && !p->primary_virtual &&
			    p->primary_cls == n->cls)
				n->primary = true;
		}
		if (c->has_primary && c->primary_virtual) {
			long v = find_vnode(ns, c->primary_cls);

			if (v > 0 && !ns->v[v].primary) {
				ns->v[v].primary = true;
				ns->v[v].primary_of = (long)i;
			}
		}
	}
	if (set_own) {
		if (top->has_primary)
			return;
		for (size_t i = 1; i < ns->n; i++) {
			struct ph_dw_cls_node *n = &ns->v[i];

			if (!n->virt || !C(ctx, n->cls)->nearly_empty)
				continue;
			if (!n->primary) {
				chosen = (long)i;
				break;
			}
			if (chosen < 0)
				chosen = (long)i;
		}
		if (chosen < 0)
			return;
		top->has_primary = true;
		top->primary_virtual = true;
		top->primary_cls = ns->v[chosen].cls;
	} else if (top->has_primary && top->primary_virtual) {
		chosen = find_vnode(ns, top->primary_cls);
		if (chosen < 0)
			return;
	} else {
		return;
	}
	ns->v[chosen].primary = true;
	ns->v[chosen].primary_of = 0;
}

/* Offset of node I in the complete object, when known.  */
static bool node_off(const struct ph_dw_cls_nodes *ns, long i, uint64_t *ret)
{
	uint64_t add = 0;

	for (unsigned steps = 0; steps <= ns->n; steps++) {
		const struct ph_dw_cls_node *n = &ns->v[i];

		if (!n->virt) {
			add += n->rel;
			if (n->anchor < 0) {
				*ret = add;
				return true;
			}
			i = n->anchor;
			continue;
		}
		if (n->placed) {
			*ret = add + n->off;
			return true;
		}
		if (n->primary_of < 0)
			return false;
		i = n->primary_of;
	}
	return false;
}

/* GCC's walk_subobject_offsets (cxx-vbases.h).  */
struct ph_error *ph_dw_cls_walk(struct ph_dw_ctx *ctx,
				struct ph_dw_cls_records *r, size_t cls,
				uint64_t off, uint64_t max, bool vbases,
				bool record, unsigned depth, bool *conflict)
{
	struct ph_dw_cls *c = C(ctx, cls);
	struct ph_error *err;
	bool placed;

	if (off > max || !c->contains_empty)
		return NULL;
	if (++r->steps > PH_DW_CLS_MAX_STEPS || depth > PH_INPUT_MAX_DEPTH) {
		r->overflow = true;
		return NULL;
	}
	if (c->empty) {
		if (record) {
			if (r->n >= PH_DW_CLS_MAX_RECORDS) {
				r->overflow = true;
				return NULL;
			}
			if ((err = ph_array_reserve(&r->v, &r->cap, r->n + 1,
						    sizeof(*r->v))))
				return err;
			r->v[r->n].cls = cls;
			r->v[r->n].off = off;
			r->n++;
			r->maxkey = max64(r->maxkey, off);
		} else {
			for (size_t k = 0; k < r->n; k++)
				if (r->v[k].cls == cls && r->v[k].off == off) {
					*conflict = true;
					return NULL;
				}
		}
	}
	for (size_t i = 0; i < c->nbases; i++)
		if (!c->bases[i].virt &&
		    ((err = ph_dw_cls_walk(ctx, r, c->bases[i].cls,
					   off + c->bases[i].off, max, false,
					   record, depth + 1, conflict)) ||
		     *conflict))
			return err;
	if (vbases) {
		if ((err = ph_dw_cls_complete_layout(ctx, cls, depth + 1,
						     &placed)))
			return err;
		for (size_t i = 0; placed && i < c->nvbases; i++)
			if ((err = ph_dw_cls_walk(ctx, r, c->vbases[i].cls,
						  off + c->vbases[i].off, max,
						  false, record, depth + 1,
						  conflict)) ||
			    *conflict)
				return err;
	} else if (c->has_primary && c->primary_virtual) {
		if ((err = ph_dw_cls_walk(ctx, r, c->primary_cls, off, max,
					  false, record, depth + 1,
					  conflict)) ||
		    *conflict)
			return err;
	}
	for (size_t i = 0; i < c->nfields; i++) {
		struct ph_dw_cls_field *f = &c->fields[i];
		uint64_t o = off + f->off;

		for (uint64_t e = 0; e < f->count; e++, o += f->elsize) {
			if (o > max)
				break;
			if ((err = ph_dw_cls_walk(ctx, r, f->cls, o, max, true,
						  record, depth + 1,
						  conflict)) ||
			    *conflict || r->overflow)
				return err;
		}
	}
	return NULL;
}

/* The largest empty class reachable from CLS, GCC's
   sizeof_biggest_empty_class as far as this class shows it.  */
static uint64_t biggest_empty(struct ph_dw_ctx *ctx, size_t cls,
			      unsigned depth)
{
	struct ph_dw_cls *c = C(ctx, cls);
	uint64_t m = c->empty ? c->size : 1;

	if (!c->contains_empty || depth > 16)
		return m;
	for (size_t i = 0; i < c->nbases; i++)
		m = max64(m, biggest_empty(ctx, c->bases[i].cls, depth + 1));
	for (size_t i = 0; i < c->nfields; i++)
		m = max64(m, biggest_empty(ctx, c->fields[i].cls, depth + 1));
	return m;
}

/* The first offset from OFF on, in steps of A, where class CLS has no
   empty subobject at the address of another of its type: into *RET
   (given up after 4096 steps).  */
static struct ph_error *first_free(struct ph_dw_ctx *ctx,
				   struct ph_dw_cls_records *r, size_t cls,
				   uint64_t off, uint32_t a, unsigned depth,
				   uint64_t *ret)
{
	struct ph_error *err;
	unsigned tries = 0;
	bool conflict;

	for (;; off += a) {
		conflict = false;
		if ((err = ph_dw_cls_walk(ctx, r, cls, off, r->maxkey, false,
					  false, depth, &conflict)) ||
		    !conflict || tries++ >= 4096)
			break;
	}
	*ret = off;
	return err;
}

/* Records the empty subobjects of the non-virtual part of class C, then
   places the virtual bases not primary (NS, from graph order) after it,
   as GCC's layout_virtual_bases does; *END: where the last one ends.
   RELAX: a virtual base that looks like a POD takes only its data, not
   its sizeof (see complete_layout).  */
static struct ph_error *place_vbases(struct ph_dw_ctx *ctx,
				     struct ph_dw_cls *c,
				     struct ph_dw_cls_nodes *ns,
				     struct ph_dw_cls_records *r,
				     uint64_t biggest, bool relax,
				     uint64_t *end, unsigned depth)
{
	struct ph_error *err;
	uint64_t rli, off;
	bool conflict = false;	/* none when recording */

	r->n = 0;
	r->maxkey = 0;
	r->steps = 0;
	r->overflow = false;
	*end = 0;
	/* The non-virtual part, as GCC records it while laying it out.  */
	for (size_t i = 0; i < c->nbases; i++) {
		struct ph_dw_cls_base *b = &c->bases[i];

		if (!b->virt &&
		    (err = ph_dw_cls_walk(ctx, r, b->cls, b->off,
					  C(ctx, b->cls)->empty ? UINT64_MAX
								: biggest,
					  false, true, depth + 1, &conflict)))
			return err;
	}
	if (c->has_primary && c->primary_virtual &&
	    (err = ph_dw_cls_walk(ctx, r, c->primary_cls, 0, biggest, false,
				  true, depth + 1, &conflict)))
		return err;
	for (size_t i = 0; i < c->nfields; i++) {
		struct ph_dw_cls_field *f = &c->fields[i];
		uint64_t o = f->off;

		for (uint64_t e = 0; e < f->count && o <= biggest;
		     e++, o += f->elsize)
			if ((err = ph_dw_cls_walk(ctx, r, f->cls, o, biggest,
						  true, true, depth + 1,
						  &conflict)))
				return err;
	}

	rli = c->rli_end;
	for (size_t i = 1; i < ns->n; i++) {
		struct ph_dw_cls_node *n = &ns->v[i];
		struct ph_dw_cls *v = C(ctx, n->cls);
		uint32_t a = v->nvalign ? v->nvalign : 1;

		if (!n->virt || n->primary)
			continue;
		n->dsize = v->dsize;
		if (!v->empty) {
			if (relax && v->pod)
				n->dsize = v->dsize_np;
			if ((err = first_free(ctx, r, n->cls, round_up(rli, a),
					      a, depth + 1, &off)))
				return err;
			rli = off + n->dsize;
			*end = max64(*end, rli);
			err = ph_dw_cls_walk(ctx, r, n->cls, off, biggest,
					     false, true, depth + 1,
					     &conflict);
		} else {
			/* At 0 unless an empty subobject of its type is
			   there, else from the end on.  */
			off = 0;
			conflict = false;
			if ((err = ph_dw_cls_walk(ctx, r, n->cls, 0, r->maxkey,
						  false, false, depth + 1,
						  &conflict)) ||
			    (conflict &&
			     (err = first_free(ctx, r, n->cls,
					       round_up(rli, a), a, depth + 1,
					       &off))))
				return err;
			*end = max64(*end, off + v->size);
			err = ph_dw_cls_walk(ctx, r, n->cls, off, UINT64_MAX,
					     false, true, depth + 1,
					     &conflict);
		}
		if (err)
			return err;
		n->placed = true;
		n->off = off;
	}
	return NULL;
}

/* Places the virtual bases of a complete object of class CLS.  Out of
   memory leaves it new, to be placed again when asked.  */
struct ph_error *ph_dw_cls_complete_layout(struct ph_dw_ctx *ctx, size_t cls,
					   unsigned depth, bool *known)
{
	struct ph_dw_cls *c = C(ctx, cls);
	struct ph_dw_cls_nodes ns = { 0 };
	struct ph_dw_cls_records r = { 0 };
	struct ph_error *err;
	uint64_t biggest, end;
	bool relax = false, built;

	*known = c->vstate == PH_DW_CLS_DONE;
	if (c->vstate != PH_DW_CLS_NEW || depth > PH_INPUT_MAX_DEPTH)
		return NULL;
	c->vstate = PH_DW_CLS_BUSY;
	if ((err = ph_dw_cls_build_nodes(ctx, cls, &ns, &built)) || !built)
		goto out;
	ph_dw_cls_mark_primaries(ctx, &ns, false);
	biggest = biggest_empty(ctx, cls, 0);
	if ((err = place_vbases(ctx, c, &ns, &r, biggest, false, &end,
				depth)))
		goto out;
	/* Virtual bases that do not fit in the class: one that looks like a
	   POD is not one (a [[no_unique_address]] member, which DWARF does
	   not record, makes a class no POD for layout), and the next was
	   placed in its tail.  Taken only where the class's size shows
	   it.  */
	for (size_t i = 1; i < ns.n && end > c->size && !r.overflow; i++) {
		struct ph_dw_cls *v = C(ctx, ns.v[i].cls);

		if (ns.v[i].virt && !ns.v[i].primary && v->pod && !v->empty &&
		    v->dsize_np < v->dsize) {
			relax = true;
			break;
		}
	}
	if (relax &&
	    ((err = place_vbases(ctx, c, &ns, &r, biggest, true, &end,
				 depth)) ||
	     (end > c->size && !r.overflow &&
	      (err = place_vbases(ctx, c, &ns, &r, biggest, false, &end,
				  depth)))))
		goto out;
	if (r.overflow)
		goto out;

	/* Every virtual base, in graph order.  */
	for (size_t i = 1; i < ns.n; i++)
		if (ns.v[i].virt)
			c->nvbases++;
	if (c->nvbases) {
		size_t k = 0;

		c->vbases = calloc(c->nvbases, sizeof(*c->vbases));
		if (!c->vbases) {
			err = &ph_error_nomem;
			goto out;
		}
		for (size_t i = 1; i < ns.n; i++) {
			struct ph_dw_cls_node *n = &ns.v[i];

			if (!n->virt)
				continue;
			if (!node_off(&ns, (long)i, &c->vbases[k].off))
				goto out;
			c->vbases[k].cls = n->cls;
			c->vbases[k].dsize = n->placed && !n->primary ?
					     n->dsize : C(ctx, n->cls)->dsize;
			c->vbases[k].primary = n->primary;
			c->vbases[k].own_primary = n->primary_of == 0;
			k++;
		}
	}
	*known = true;
out:
	if (!*known) {
		free(c->vbases);
		c->vbases = NULL;
		c->nvbases = 0;
	}
	c->vstate = *known ? PH_DW_CLS_DONE
			   : err ? PH_DW_CLS_NEW : PH_DW_CLS_BAD;
	free(ns.v);
	free(r.v);
	return err;
}
