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
   says.  */
#include "reader.h"

#include <dwarf.h>
#include <stdlib.h>
#include <string.h>

enum { CLS_NEW, CLS_BUSY, CLS_DONE, CLS_BAD };

/* Bounds on what is walked, against corrupt or hostile input.  */
enum {
	MAX_NODES = 4096,	/* base subobjects of one class */
	MAX_RECORDS = 1 << 16,	/* empty subobjects recorded */
	MAX_STEPS = 1 << 20,	/* subobject walk steps */
};

struct cls_base {
	size_t cls;
	bool virt;
	uint64_t off;
};

/* A data member of class type (or array of it), for the walks over
   empty subobjects.  */
struct cls_field {
	size_t cls;
	uint64_t off, count, elsize;
};

struct cls_vbase {
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
	struct cls_base *bases;
	size_t nbases;
	struct cls_field *fields;
	size_t nfields;
	bool has_primary, primary_virtual;
	size_t primary_cls;
	/* Complete object: every virtual base, in graph order.  */
	struct cls_vbase *vbases;
	size_t nvbases;
};

struct node {
	size_t cls;
	bool virt, primary;
	long parent, anchor;	/* anchor: the virtual node (or -1, the
				   complete object) this one is inside */
	uint64_t rel;		/* offset from the anchor */
	long primary_of;	/* the node whose primary base it is */
	bool placed;
	uint64_t off;		/* virtual nodes once placed */
	uint64_t dsize;		/* the bytes a virtual one was given */
};

struct nodes {
	struct node *v;
	size_t n, cap;
};

static uint64_t round_up(uint64_t n, uint64_t a)
{
	return a > 1 ? (n + a - 1) / a * a : n;
}

static uint64_t max64(uint64_t a, uint64_t b) { return a > b ? a : b; }

/* Allocation here answers "unknown" when it fails, as unreadable input
   does; the failure is kept in CTX->nomem so that the entry points
   return it: out of memory may not become a different layout.  */
static bool grow(struct ph_dw_ctx *ctx, void *v, size_t *cap, size_t n,
		 size_t elem)
{
	if (ph_dw_reserve(v, cap, n, elem))
		return true;
	ctx->nomem = true;
	return false;
}

static void *zalloc(struct ph_dw_ctx *ctx, size_t n, size_t size)
{
	void *p = calloc(n, size);

	if (!p)
		ctx->nomem = true;
	return p;
}

/* How GCC sizes a [[no_unique_address]] member (its FIELD_DECL's
   DECL_SIZE_UNIT) of a class type that is not a POD for layout, so that
   the next member may start inside its tail padding.  DWARF records
   neither the attribute nor that size; the compiler's version
   (DW_AT_producer) says which rule made the offsets.  */
enum nua_rule {
	/* GCC up to 11 (checked with 11.3): the class's as-base size
	   (CLASSTYPE_SIZE_UNIT: its non-virtual data, a last bitfield's
	   bits rounded up to a byte), or the end of its virtual bases where
	   that is further, an empty one counting its byte (end_of_base).  */
	NUA_AS_BASE,
	/* GCC 12 (checked with 12.2): end_of_class (eoc_nv_or_dsize), the
	   end of its last base, vptr or field and of its virtual bases' data
	   (an empty one ends at its offset), where a bitfield ends at its
	   byte position plus its DECL_SIZE_UNIT: a byte short when it
	   straddles a byte boundary (a long :7 at bits 366..372 ends at 46,
	   not 47).  The next member then takes that byte over the last
	   bits, wrong code, but the layout the compiler made.  */
	NUA_EOC_TRUNCATED,
	/* Later GCC (end_of_class in its class.cc rounds a bitfield's end
	   up; not checked here), and other producers.  */
	NUA_EOC,
};

static enum nua_rule nua_rule(const struct ph_dw_ctx *ctx)
{
	if (ctx->gcc_major && ctx->gcc_major <= 11)
		return NUA_AS_BASE;
	return ctx->gcc_major == 12 ? NUA_EOC_TRUNCATED : NUA_EOC;
}

/* *DIE through typedefs and qualifiers (and arrays when COUNT is set:
   *COUNT multiplied by each dimension's count).  */
static bool strip(struct ph_dw_ctx *ctx, Dwarf_Die *die, uint64_t *count)
{
	for (unsigned i = 0; i <= PH_DW_MAX_DEPTH; i++) {
		bool present;

		switch (dwarf_tag(die)) {
		case DW_TAG_typedef:
		case DW_TAG_const_type:
		case DW_TAG_volatile_type:
		case DW_TAG_restrict_type:
		case DW_TAG_atomic_type:
			break;
		case DW_TAG_array_type:
			if (!count)
				return true;
			{
				Dwarf_Die sub;
				int rc;

				for (rc = dwarf_child(die, &sub); rc == 0;
				     rc = dwarf_siblingof(&sub, &sub)) {
					uint64_t w;

					if (dwarf_tag(&sub) != DW_TAG_subrange_type)
						continue;
					if (ph_dw_subrange_count(&sub, &w) &&
					    w < (1ull << 40))
						*count *= w;
					else
						*count = 0;
					if (*count > (1ull << 40))
						*count = 1ull << 40;
				}
			}
			break;
		default:
			return true;
		}
		if (!ph_dw_catch(ctx, ph_dw_type(die, &present, die)) ||
		    !present)
			return false;
	}
	return false;
}

static bool is_aggregate(int tag)
{
	return tag == DW_TAG_structure_type || tag == DW_TAG_class_type ||
	       tag == DW_TAG_union_type;
}

/* A constant DW_AT_data_member_location; false for an expression that
   is not one (a virtual base's).  */
static bool const_location(struct ph_dw_ctx *ctx, Dwarf_Die *die,
			   uint64_t *ret)
{
	bool dynamic;

	return ph_dw_catch(ctx, ph_dw_member_location(die, ret, &dynamic)) &&
	       !dynamic;
}

/* Where a data member is, in bits: *START and *END.  False when it has no
   place we can read.  */
static bool member_span(struct ph_dw_ctx *ctx, Dwarf_Die *die,
			uint64_t size, uint64_t *start, uint64_t *end)
{
	uint64_t loc, bits, v;
	bool present;

	if (!const_location(ctx, die, &loc) || loc > (1ull << 48))
		return false;
	if (!dwarf_hasattr_integrate(die, DW_AT_bit_size)) {
		*start = 8 * loc;
		*end = 8 * (loc + size);
		return true;
	}
	if (!ph_dw_catch(ctx, ph_dw_udata(die, DW_AT_bit_size, "", &present,
					  &bits)) ||
	    bits > 8 * 1024)
		return false;
	if (!ph_dw_catch(ctx, ph_dw_bit_start(die, loc, size, bits, &v)) ||
	    (v > (1ull << 48) &&
	     dwarf_hasattr_integrate(die, DW_AT_data_bit_offset)))
		return false;
	*start = v;
	*end = v + bits;
	return true;
}

/* The class name without template arguments, for telling constructors
   by name.  */
static size_t base_name_len(const char *name)
{
	const char *lt = strchr(name, '<');

	return lt ? (size_t)(lt - name) : strlen(name);
}

/* A member function that makes the class non-POD for layout (C++98
   rules, which GCC keeps for the ABI): a user-provided constructor,
   destructor or assignment operator.  */
static bool user_special(Dwarf_Die *fn, const char *cls_name)
{
	const char *name = dwarf_diename(fn);
	Dwarf_Attribute a;
	Dwarf_Word w;
	size_t n;

	if (!name || dwarf_hasattr_integrate(fn, DW_AT_artificial))
		return false;
	if (dwarf_attr_integrate(fn, DW_AT_defaulted, &a) &&
	    dwarf_formudata(&a, &w) == 0 && w == DW_DEFAULTED_in_class)
		return false;
	if (dwarf_hasattr_integrate(fn, DW_AT_deleted))
		return false;
	if (name[0] == '~' || strcmp(name, "operator=") == 0)
		return true;
	if (!cls_name)
		return false;
	n = base_name_len(cls_name);
	return strlen(name) == n && strncmp(name, cls_name, n) == 0;
}

/* The index of DIE's class record, computing its facts the first time.
   False when it cannot be known.  */
static bool get_cls(struct ph_dw_ctx *ctx, Dwarf_Die *die, unsigned depth,
		    size_t *ret);

static struct ph_dw_cls *C(struct ph_dw_ctx *ctx, size_t i)
{
	return ctx->cls_v[i];
}

/* Inheritance graph order from node 0 (the class itself).  */
static bool build_nodes(struct ph_dw_ctx *ctx, size_t cls, struct nodes *ns)
{
	ns->n = 0;
	if (!grow(ctx, &ns->v, &ns->cap, 1, sizeof(*ns->v)))
		return false;
	memset(&ns->v[0], 0, sizeof(ns->v[0]));
	ns->v[0].cls = cls;
	ns->v[0].parent = ns->v[0].anchor = ns->v[0].primary_of = -1;
	ns->v[0].placed = true;
	ns->n = 1;
	/* Depth-first, preorder: an explicit stack of (node, next base).  */
	struct frame { size_t node, next; } *stack = NULL;
	size_t sn = 0, scap = 0;
	bool ok = true;

	if (!grow(ctx, &stack, &scap, 1, sizeof(*stack)))
		return false;
	stack[sn++] = (struct frame){ 0, 0 };
	while (sn && ok) {
		struct frame *f = &stack[sn - 1];
		struct ph_dw_cls *c = C(ctx, ns->v[f->node].cls);
		struct cls_base *b;
		struct node nn;
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
		if (ns->n >= MAX_NODES ||
		    !grow(ctx, &ns->v, &ns->cap, ns->n + 1,
				sizeof(*ns->v)) ||
		    !grow(ctx, &stack, &scap, sn + 1, sizeof(*stack))) {
			ok = false;
			break;
		}
		ns->v[ns->n] = nn;
		stack[sn++] = (struct frame){ ns->n, 0 };
		ns->n++;
	}
	free(stack);
	return ok;
}

static long find_vnode(const struct nodes *ns, size_t cls)
{
	for (size_t k = 1; k < ns->n; k++)
		if (ns->v[k].virt && ns->v[k].cls == cls)
			return (long)k;
	return -1;
}

/* GCC's determine_primary_bases over the hierarchy, then the class's own
   primary base when it has no non-virtual one (recorded in its class
   record when SET_OWN).  */
static void mark_primaries(struct ph_dw_ctx *ctx, struct nodes *ns,
			   bool set_own)
{
	struct ph_dw_cls *top = C(ctx, ns->v[0].cls);
	long chosen = -1;

	for (size_t i = 1; i < ns->n; i++) {
		struct node *n = &ns->v[i];
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
			struct node *n = &ns->v[i];

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
static bool node_off(const struct nodes *ns, long i, uint64_t *ret)
{
	uint64_t add = 0;

	for (unsigned steps = 0; steps <= ns->n; steps++) {
		const struct node *n = &ns->v[i];

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

/* Empty subobjects recorded so far: (class, offset).  */
struct records {
	struct { size_t cls; uint64_t off; } *v;
	size_t n, cap;
	uint64_t maxkey;
	unsigned long steps;
	bool overflow;
};

static bool complete_layout(struct ph_dw_ctx *ctx, size_t cls,
			    unsigned depth);

/* GCC's walk_subobject_offsets: RECORD or check each empty subobject of
   class CLS placed at OFF (up to MAX), with the virtual bases of a
   complete object when VBASES.  True on a conflict when checking.  */
static bool walk(struct ph_dw_ctx *ctx, struct records *r, size_t cls,
		 uint64_t off, uint64_t max, bool vbases, bool record,
		 unsigned depth)
{
	struct ph_dw_cls *c = C(ctx, cls);

	if (off > max || !c->contains_empty)
		return false;
	if (++r->steps > MAX_STEPS || depth > PH_DW_MAX_DEPTH) {
		r->overflow = true;
		return false;
	}
	if (c->empty) {
		if (record) {
			if (r->n >= MAX_RECORDS ||
			    !grow(ctx, &r->v, &r->cap, r->n + 1,
					sizeof(*r->v))) {
				r->overflow = true;
				return false;
			}
			r->v[r->n].cls = cls;
			r->v[r->n].off = off;
			r->n++;
			r->maxkey = max64(r->maxkey, off);
		} else {
			for (size_t k = 0; k < r->n; k++)
				if (r->v[k].cls == cls && r->v[k].off == off)
					return true;
		}
	}
	for (size_t i = 0; i < c->nbases; i++)
		if (!c->bases[i].virt &&
		    walk(ctx, r, c->bases[i].cls, off + c->bases[i].off, max,
			 false, record, depth + 1))
			return true;
	if (vbases) {
		if (complete_layout(ctx, cls, depth + 1))
			for (size_t i = 0; i < c->nvbases; i++)
				if (walk(ctx, r, c->vbases[i].cls,
					 off + c->vbases[i].off, max, false,
					 record, depth + 1))
					return true;
	} else if (c->has_primary && c->primary_virtual) {
		if (walk(ctx, r, c->primary_cls, off, max, false, record,
			 depth + 1))
			return true;
	}
	for (size_t i = 0; i < c->nfields; i++) {
		struct cls_field *f = &c->fields[i];
		uint64_t o = off + f->off;

		for (uint64_t e = 0; e < f->count; e++, o += f->elsize) {
			if (o > max)
				break;
			if (walk(ctx, r, f->cls, o, max, true, record,
				 depth + 1))
				return true;
			if (r->overflow)
				return false;
		}
	}
	return false;
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

/* Records the empty subobjects of the non-virtual part of class C, then
   places the virtual bases not primary (NS, from graph order) after it,
   as GCC's layout_virtual_bases does; *END: where the last one ends.
   RELAX: a virtual base that looks like a POD takes only its data, not
   its sizeof (see complete_layout).  */
static void place_vbases(struct ph_dw_ctx *ctx, struct ph_dw_cls *c,
			 struct nodes *ns, struct records *r,
			 uint64_t biggest, bool relax, uint64_t *end,
			 unsigned depth)
{
	uint64_t rli, off;

	r->n = 0;
	r->maxkey = 0;
	r->steps = 0;
	r->overflow = false;
	*end = 0;
	/* The non-virtual part, as GCC records it while laying it out.  */
	for (size_t i = 0; i < c->nbases; i++) {
		struct cls_base *b = &c->bases[i];

		if (b->virt)
			continue;
		walk(ctx, r, b->cls, b->off, C(ctx, b->cls)->empty ?
		     UINT64_MAX : biggest, false, true, depth + 1);
	}
	if (c->has_primary && c->primary_virtual)
		walk(ctx, r, c->primary_cls, 0, biggest, false, true,
		     depth + 1);
	for (size_t i = 0; i < c->nfields; i++) {
		struct cls_field *f = &c->fields[i];
		uint64_t o = f->off;

		for (uint64_t e = 0; e < f->count && o <= biggest;
		     e++, o += f->elsize)
			walk(ctx, r, f->cls, o, biggest, true, true,
			     depth + 1);
	}

	rli = c->rli_end;
	for (size_t i = 1; i < ns->n; i++) {
		struct node *n = &ns->v[i];
		struct ph_dw_cls *v = C(ctx, n->cls);
		unsigned tries = 0;

		if (!n->virt || n->primary)
			continue;
		n->dsize = v->dsize;
		if (!v->empty) {
			uint32_t a = v->nvalign ? v->nvalign : 1;

			if (relax && v->pod)
				n->dsize = v->dsize_np;
			off = round_up(rli, a);
			while (walk(ctx, r, n->cls, off, r->maxkey, false,
				    false, depth + 1) && tries++ < 4096)
				off += a;
			rli = off + n->dsize;
			*end = max64(*end, rli);
			walk(ctx, r, n->cls, off, biggest, false, true,
			     depth + 1);
		} else {
			uint32_t a = v->nvalign ? v->nvalign : 1;

			off = 0;
			if (walk(ctx, r, n->cls, 0, r->maxkey, false, false,
				 depth + 1)) {
				off = round_up(rli, a);
				while (walk(ctx, r, n->cls, off, r->maxkey,
					    false, false, depth + 1) &&
				       tries++ < 4096)
					off += a;
			}
			*end = max64(*end, off + v->size);
			walk(ctx, r, n->cls, off, UINT64_MAX, false, true,
			     depth + 1);
		}
		n->placed = true;
		n->off = off;
	}
}

/* Places the virtual bases of a complete object of class CLS.  */
static bool complete_layout(struct ph_dw_ctx *ctx, size_t cls,
			    unsigned depth)
{
	struct ph_dw_cls *c = C(ctx, cls);
	struct nodes ns = { 0 };
	struct records r = { 0 };
	uint64_t biggest, end;
	bool ok = false, relax = false;

	if (c->vstate == CLS_DONE)
		return true;
	if (c->vstate != CLS_NEW || depth > PH_DW_MAX_DEPTH)
		return false;
	c->vstate = CLS_BUSY;
	if (!build_nodes(ctx, cls, &ns))
		goto out;
	mark_primaries(ctx, &ns, false);
	biggest = biggest_empty(ctx, cls, 0);
	place_vbases(ctx, c, &ns, &r, biggest, false, &end, depth);
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
	if (relax) {
		place_vbases(ctx, c, &ns, &r, biggest, true, &end, depth);
		if (end > c->size && !r.overflow)
			place_vbases(ctx, c, &ns, &r, biggest, false, &end,
				     depth);
	}
	if (r.overflow)
		goto out;

	/* Every virtual base, in graph order.  */
	for (size_t i = 1; i < ns.n; i++)
		if (ns.v[i].virt)
			c->nvbases++;
	if (c->nvbases) {
		size_t k = 0;

		c->vbases = zalloc(ctx, c->nvbases, sizeof(*c->vbases));
		if (!c->vbases)
			goto out;
		for (size_t i = 1; i < ns.n; i++) {
			struct node *n = &ns.v[i];

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
	ok = true;
out:
	if (!ok) {
		free(c->vbases);
		c->vbases = NULL;
		c->nvbases = 0;
	}
	c->vstate = ok ? CLS_DONE : CLS_BAD;
	free(ns.v);
	free(r.v);
	return ok;
}

/* The byte offsets where the data members of a class start, sorted: one
   starting inside another member or a base shows that one's tail
   reused.  */
struct starts {
	uint64_t *v;
	size_t n, cap;
};

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

static bool collect_starts(struct ph_dw_ctx *ctx, Dwarf_Die *die,
			   struct starts *st)
{
	Dwarf_Die child;
	int rc;

	for (rc = dwarf_child(die, &child); rc == 0;
	     rc = dwarf_siblingof(&child, &child)) {
		uint64_t sbit, ebit, size = 0;
		Dwarf_Die type;
		bool present, known;

		if (dwarf_tag(&child) != DW_TAG_member ||
		    dwarf_hasattr(&child, DW_AT_declaration) ||
		    dwarf_hasattr_integrate(&child, DW_AT_external))
			continue;
		/* The size places a DWARF 2 bitfield without DW_AT_byte_size.  */
		if (!ph_dw_catch(ctx, ph_dw_type(&child, &present, &type)) ||
		    !present)
			return false;
		if (!ph_dw_catch(ctx, ph_dw_size(&type, &size, &known)) ||
		    !known)
			size = 0;
		if (!member_span(ctx, &child, size, &sbit, &ebit))
			return false;
		if (!grow(ctx, &st->v, &st->cap, st->n + 1,
				   sizeof(*st->v)))
			return false;
		st->v[st->n++] = sbit / 8;
	}
	if (rc < 0)
		return false;
	if (st->n > 1)
		qsort(st->v, st->n, sizeof(*st->v), cmp_u64);
	return true;
}

/* The first member start after byte OFF, UINT64_MAX for none.  */
static uint64_t next_start(const struct starts *st, uint64_t off)
{
	size_t lo = 0, hi = st->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (st->v[mid] <= off)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < st->n ? st->v[lo] : UINT64_MAX;
}

/* The bytes GCC gives a [[no_unique_address]] member of class CLS whose
   tail the next member reuses (nua_rule).  */
static uint64_t nua_size(struct ph_dw_ctx *ctx, size_t cls, unsigned depth)
{
	struct ph_dw_cls *c = C(ctx, cls);
	enum nua_rule rule = nua_rule(ctx);
	uint64_t n = rule == NUA_AS_BASE ? c->dsize_np : c->eoc_nv;

	if (c->any_virtual && complete_layout(ctx, cls, depth + 1))
		for (size_t k = 0; k < c->nvbases; k++) {
			struct ph_dw_cls *v = C(ctx, c->vbases[k].cls);
			uint64_t sz = c->vbases[k].dsize;

			if (v->empty)
				sz = rule == NUA_AS_BASE ? v->size : v->dsize_np;
			n = max64(n, c->vbases[k].off + sz);
		}
	return n;
}

/* Where a non-virtual base B of class size SIZE, data size DSIZE (DSIZE_NP
   were it no POD) ends in its class: a member starting inside its data
   shows it no POD, or smaller than it looks.  */
static uint64_t base_end(const struct starts *st, uint64_t off,
			 uint64_t size, uint64_t dsize, uint64_t dsize_np)
{
	uint64_t next = next_start(st, off);

	if (next >= off + size || off + dsize <= next)
		return off + dsize;
	return off + dsize_np <= next ? off + dsize_np : next;
}

/* The facts of one class from its DIE and those of its bases and
   members.  */
static bool compute_facts(struct ph_dw_ctx *ctx, size_t idx, unsigned depth,
			  const struct starts *st)
{
	struct ph_dw_cls *c = C(ctx, idx);
	Dwarf_Die die = c->die, child;
	const char *name = dwarf_diename(&die);
	bool is_class = dwarf_tag(&die) == DW_TAG_class_type;
	bool has_data = false, has_vptr = false, nonpod = false;
	bool any_virtual = false, ok = true;
	unsigned nearly_bases = 0;
	uint64_t v, rli = 0, dsz = 0, own = 0, eoc = 0;
	uint32_t nvalign = 1, attr_align = 0;
	size_t bcap = 0, fcap = 0;
	enum nua_rule rule = nua_rule(ctx);
	bool present;
	int rc;

	c->is_union = dwarf_tag(&die) == DW_TAG_union_type;
	if (dwarf_hasattr(&die, DW_AT_declaration) ||
	    !ph_dw_catch(ctx, ph_dw_udata(&die, DW_AT_byte_size, "",
					  &present, &v)) ||
	    !present ||
	    v > (1ull << 48))
		return false;
	c->size = v;
	if (ph_dw_catch(ctx, ph_dw_udata(&die, DW_AT_alignment, "", &present,
					 &v)) &&
	    present &&
	    v && v < (1u << 30))
		attr_align = (uint32_t)v;

	for (rc = dwarf_child(&die, &child); rc == 0 && ok;
	     rc = dwarf_siblingof(&child, &child)) {
		int tag = dwarf_tag(&child);
		Dwarf_Die type;
		uint64_t count = 1, size, end, eend, sbit, ebit;
		bool known, is_array = false;

		if (tag == DW_TAG_subprogram) {
			if (user_special(&child, name))
				nonpod = true;
			continue;
		}
		if (tag == DW_TAG_inheritance) {
			struct cls_base b;
			Dwarf_Attribute a;
			Dwarf_Word w;

			memset(&b, 0, sizeof(b));
			if (!ph_dw_catch(ctx, ph_dw_type(&child, &present,
							 &type)) ||
			    !present ||
			    !strip(ctx, &type, NULL) ||
			    !is_aggregate(dwarf_tag(&type)) ||
			    !get_cls(ctx, &type, depth + 1, &b.cls)) {
				ok = false;
				break;
			}
			b.virt = (dwarf_attr_integrate(&child, DW_AT_virtuality,
						       &a) &&
				  dwarf_formudata(&a, &w) == 0 &&
				  w != DW_VIRTUALITY_none);
			if (!const_location(ctx, &child, &b.off))
				b.virt = true;
			if (b.virt)
				b.off = 0;
			if (!grow(ctx, &c->bases, &bcap, c->nbases + 1,
					sizeof(*c->bases))) {
				ok = false;
				break;
			}
			c->bases[c->nbases++] = b;
			continue;
		}
		if (tag != DW_TAG_member || dwarf_hasattr(&child,
							  DW_AT_declaration) ||
		    dwarf_hasattr_integrate(&child, DW_AT_external))
			continue;
		if (!ph_dw_catch(ctx, ph_dw_type(&child, &present, &type)) ||
		    !present) {
			ok = false;
			break;
		}
		if (!ph_dw_catch(ctx, ph_dw_size(&type, &size, &known)) ||
		    !known)
			size = 0;
		if (!member_span(ctx, &child, size, &sbit, &ebit)) {
			ok = false;
			break;
		}
		end = (ebit + 7) / 8;
		/* GCC 12's end_of_class: a bitfield to its byte position plus
		   its DECL_SIZE_UNIT (nua_rule).  */
		eend = end;
		if (rule == NUA_EOC_TRUNCATED &&
		    dwarf_hasattr_integrate(&child, DW_AT_bit_size))
			eend = sbit / 8 + (ebit - sbit + 7) / 8;
		{
			uint32_t a = 1;

			if (!ph_dw_catch(ctx, ph_dw_natural_align(ctx, &type,
								  depth + 1,
								  &a)))
				a = 1;
			if (ph_dw_catch(ctx, ph_dw_udata(&child,
							 DW_AT_alignment, "",
							 &present, &v)) &&
			    present && v > a &&
			    v < (1u << 30))
				a = (uint32_t)v;
			if (a > nvalign)
				nvalign = a;
		}
		if (dwarf_hasattr_integrate(&child, DW_AT_artificial) &&
		    dwarf_diename(&child) &&
		    strncmp(dwarf_diename(&child), "_vptr", 5) == 0) {
			has_vptr = true;
			rli = max64(rli, end);
			own = max64(own, end);
			eoc = max64(eoc, eend);
			continue;
		}
		has_data = true;
		{
			Dwarf_Attribute a;
			Dwarf_Word w;

			if (dwarf_attr_integrate(&child, DW_AT_accessibility,
						 &a) &&
			    dwarf_formudata(&a, &w) == 0) {
				if (w != DW_ACCESS_public)
					nonpod = true;
			} else if (is_class) {
				nonpod = true;	/* private by default */
			}
		}
		{
			Dwarf_Die t = type;

			if (strip(ctx, &t, NULL) &&
			    (dwarf_tag(&t) == DW_TAG_reference_type ||
			     dwarf_tag(&t) == DW_TAG_rvalue_reference_type))
				nonpod = true;
			is_array = dwarf_tag(&t) == DW_TAG_array_type;
		}
		if (!strip(ctx, &type, &count)) {
			ok = false;
			break;
		}
		if (is_aggregate(dwarf_tag(&type)) &&
		    !dwarf_hasattr(&type, DW_AT_declaration)) {
			struct cls_field f;
			struct ph_dw_cls *fc;
			uint64_t next = next_start(st, sbit / 8);

			if (!get_cls(ctx, &type, depth + 1, &f.cls)) {
				ok = false;
				break;
			}
			fc = C(ctx, f.cls);
			if (!fc->pod)
				nonpod = true;
			/* Another member starts inside this one: its tail is
			   reused, it is [[no_unique_address]], its field
			   GCC's size for that (what the offsets allow), and
			   this class no POD for layout.  */
			if (!is_array && !fc->empty && size &&
			    next < sbit / 8 + size) {
				end = sbit / 8 + nua_size(ctx, f.cls, depth + 1);
				if (end > next)
					end = next;
				eend = end;
				nonpod = true;
			}
			if (fc->contains_empty && count) {
				c->contains_empty = true;
				f.off = sbit / 8;
				f.count = count;
				f.elsize = fc->size ? fc->size : 1;
				if (!grow(ctx, &c->fields, &fcap,
						   c->nfields + 1,
						   sizeof(*c->fields))) {
					ok = false;
					break;
				}
				c->fields[c->nfields++] = f;
			}
		}
		rli = max64(rli, end);
		own = max64(own, end);
		eoc = max64(eoc, eend);
	}
	if (rc < 0 || !ok)
		return false;

	for (size_t i = 0; i < c->nbases; i++) {
		struct cls_base *b = &c->bases[i];
		struct ph_dw_cls *bc = C(ctx, b->cls);

		if (b->virt)
			any_virtual = true;
		if (bc->dynamic)
			c->dynamic = true;
		if (bc->contains_empty || bc->empty)
			c->contains_empty = true;
	}
	c->dynamic = c->dynamic || has_vptr || any_virtual;
	c->empty = !c->dynamic && !has_data && !c->is_union;
	for (size_t i = 0; i < c->nbases && c->empty; i++)
		if (!C(ctx, c->bases[i].cls)->empty)
			c->empty = false;
	if (c->empty)
		c->contains_empty = true;
	c->nearly_empty = c->dynamic && !has_data;
	for (size_t i = 0; i < c->nbases; i++) {
		struct cls_base *b = &c->bases[i];
		struct ph_dw_cls *bc = C(ctx, b->cls);

		if (b->virt)
			continue;
		if (bc->nearly_empty) {
			if (nearly_bases++)
				c->nearly_empty = false;
		} else if (!bc->empty || b->off != 0) {
			c->nearly_empty = false;
		}
	}
	c->pod = !nonpod && !c->dynamic && c->nbases == 0;

	/* The primary base: the first non-virtual dynamic one; else a
	   nearly empty virtual base chosen over the hierarchy.  */
	for (size_t i = 0; i < c->nbases; i++) {
		struct cls_base *b = &c->bases[i];

		if (!b->virt && C(ctx, b->cls)->dynamic) {
			c->has_primary = true;
			c->primary_cls = b->cls;
			break;
		}
	}
	if (any_virtual || attr_align) {
		struct nodes ns = { 0 };

		if (!build_nodes(ctx, idx, &ns)) {
			free(ns.v);
			return false;
		}
		if (!c->has_primary && any_virtual)
			mark_primaries(ctx, &ns, true);
		/* DW_AT_alignment is the class's alignment, which a virtual
		   base's aligned() raises too: then it is not that of the
		   non-virtual part.  */
		for (size_t i = 1; i < ns.n && attr_align; i++)
			if (ns.v[i].virt &&
			    C(ctx, ns.v[i].cls)->nvalign >= attr_align)
				attr_align = 0;
		free(ns.v);
	}
	if (attr_align > nvalign)
		nvalign = attr_align;

	/* Sizes: the data of the non-virtual part.  */
	for (size_t i = 0; i < c->nbases; i++) {
		struct cls_base *b = &c->bases[i];
		struct ph_dw_cls *bc = C(ctx, b->cls);

		if (b->virt)
			continue;
		if (bc->nvalign > nvalign)
			nvalign = bc->nvalign;
		if (bc->empty) {
			dsz = max64(dsz, b->off + bc->size);
			own = max64(own, b->off);
		} else {
			uint64_t e = base_end(st, b->off, bc->size, bc->dsize,
					      bc->dsize_np);

			rli = max64(rli, e);
			own = max64(own, e);
			eoc = max64(eoc, e);
		}
	}
	if (c->has_primary && c->primary_virtual) {
		struct ph_dw_cls *pc = C(ctx, c->primary_cls);

		rli = max64(rli, pc->dsize);
		eoc = max64(eoc, pc->dsize);
		if (pc->nvalign > nvalign)
			nvalign = pc->nvalign;
	}
	c->any_virtual = any_virtual;
	c->rli_end = rli;
	c->dsize_np = max64(rli, dsz);
	c->dsize = c->pod ? c->size : c->dsize_np;
	c->eoc_nv = max64(eoc, dsz);
	c->data_bytes = own;
	c->nvalign = nvalign;
	return true;
}

static bool compute_cls(struct ph_dw_ctx *ctx, size_t idx, unsigned depth)
{
	struct starts st = { 0 };
	Dwarf_Die die = C(ctx, idx)->die;
	bool ok = collect_starts(ctx, &die, &st) &&
		  compute_facts(ctx, idx, depth, &st);

	free(st.v);
	return ok;
}

static bool get_cls(struct ph_dw_ctx *ctx, Dwarf_Die *die, unsigned depth,
		    size_t *ret)
{
	uint64_t key = ph_dw_key(die);
	uint64_t got = ph_dw_offmap_get(&ctx->cls_map, key);
	struct ph_dw_cls *c;
	size_t idx;

	if (got) {
		*ret = got - 1;
		return C(ctx, got - 1)->state == CLS_DONE;
	}
	if (depth > PH_DW_MAX_DEPTH)
		return false;
	if (!grow(ctx, &ctx->cls_v, &ctx->cls_cap, ctx->cls_n + 1,
			sizeof(*ctx->cls_v)))
		return false;
	c = zalloc(ctx, 1, sizeof(*c));
	if (!c)
		return false;
	idx = ctx->cls_n;
	if (ph_dw_offmap_put(&ctx->cls_map, key, idx + 1)) {
		free(c);
		return false;
	}
	ctx->cls_v[ctx->cls_n++] = c;
	c->die = *die;
	c->state = CLS_BUSY;
	c->state = compute_cls(ctx, idx, depth) ? CLS_DONE : CLS_BAD;
	*ret = idx;
	return c->state == CLS_DONE;
}

void ph_dw_cxx_free(struct ph_dw_ctx *ctx)
{
	for (size_t i = 0; i < ctx->cls_n; i++) {
		struct ph_dw_cls *c = ctx->cls_v[i];

		free(c->bases);
		free(c->fields);
		free(c->vbases);
		free(c);
	}
	free(ctx->cls_v);
	ctx->cls_v = NULL;
	ctx->cls_n = ctx->cls_cap = 0;
	ph_dw_offmap_deinit(&ctx->cls_map);
}

void ph_dw_cxx_layout_free(struct ph_dw_cxx_layout *l)
{
	free(l->bases);
	free(l->vbases);
	memset(l, 0, sizeof(*l));
}

static bool push_vb(struct ph_dw_ctx *ctx, struct ph_dw_cxx_layout *l,
		    size_t *cap, const struct ph_dw_cxx_vbase *vb)
{
	if (!grow(ctx, &l->vbases, cap, l->nvbases + 1,
			sizeof(*l->vbases)))
		return false;
	l->vbases[l->nvbases++] = *vb;
	return true;
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
   them: post-order over the bases.  */
static bool fieldless(struct ph_dw_ctx *ctx, struct ph_dw_cls *top,
		      size_t cls, struct ph_dw_cxx_layout *l, size_t *cap,
		      bool *seen, unsigned depth)
{
	struct ph_dw_cls *c = C(ctx, cls);

	if (depth > PH_DW_MAX_DEPTH)
		return false;
	for (size_t i = 0; i < c->nbases; i++) {
		struct cls_base *b = &c->bases[i];
		struct ph_dw_cls *bc = C(ctx, b->cls);
		struct ph_dw_cxx_vbase vb;
		size_t k;

		if (!seen[b->cls]) {
			if (!fieldless(ctx, top, b->cls, l, cap, seen,
				       depth + 1))
				return false;
			seen[b->cls] = true;
		}
		if (!b->virt)
			continue;
		for (k = 0; k < top->nvbases; k++)
			if (top->vbases[k].cls == b->cls)
				break;
		if (k == top->nvbases)
			return false;
		if (listed(l, &bc->die))
			continue;
		memset(&vb, 0, sizeof(vb));
		vb.die = bc->die;
		vb.off = top->vbases[k].off;
		vb.size = bc->size;
		vb.bit_size = 8 * bc->data_bytes;
		vb.nvalign = bc->nvalign;
		vb.fieldless = true;
		if (!push_vb(ctx, l, cap, &vb))
			return false;
	}
	return true;
}

static bool layout(struct ph_dw_ctx *ctx, Dwarf_Die *die,
		   struct ph_dw_cxx_layout *l)
{
	struct ph_dw_cls *c;
	size_t idx, cap = 0;
	bool *seen = NULL;

	memset(l, 0, sizeof(*l));
	l->primary_base = -1;
	if (!get_cls(ctx, die, 0, &idx) || !complete_layout(ctx, idx, 0))
		return false;
	c = C(ctx, idx);
	l->nbases = c->nbases;
	if (c->nbases) {
		l->bases = zalloc(ctx, c->nbases, sizeof(*l->bases));
		if (!l->bases)
			goto fail;
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
		if (!push_vb(ctx, l, &cap, &vb))
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
		if (!push_vb(ctx, l, &cap, &vb))
			goto fail;
	}
	seen = zalloc(ctx, ctx->cls_n, sizeof(*seen));
	if (!seen || !fieldless(ctx, c, idx, l, &cap, seen, 0))
		goto fail;
	free(seen);
	return true;
fail:
	free(seen);
	ph_dw_cxx_layout_free(l);
	return false;
}

/* The class TYPE is (through typedefs and qualifiers), defined here.  */
static bool defined_cls(struct ph_dw_ctx *ctx, Dwarf_Die *type, size_t *idx)
{
	Dwarf_Die t = *type;

	return strip(ctx, &t, NULL) && is_aggregate(dwarf_tag(&t)) &&
	       !dwarf_hasattr(&t, DW_AT_declaration) &&
	       get_cls(ctx, &t, 0, idx);
}

static bool nua_size_of(struct ph_dw_ctx *ctx, Dwarf_Die *type,
			uint64_t *ret)
{
	size_t idx;

	if (!defined_cls(ctx, type, &idx) || C(ctx, idx)->empty)
		return false;
	*ret = nua_size(ctx, idx, 0);
	return true;
}

static bool data_size_of(struct ph_dw_ctx *ctx, Dwarf_Die *type,
			 uint64_t *ret)
{
	size_t idx;

	if (!defined_cls(ctx, type, &idx))
		return false;
	*ret = C(ctx, idx)->empty ? 0 : C(ctx, idx)->dsize;
	return true;
}

static bool empty_at0(struct ph_dw_ctx *ctx, Dwarf_Die *outer,
		      bool complete, Dwarf_Die *empty)
{
	Dwarf_Die o = *outer, e = *empty;
	struct records r = { 0 };
	size_t oi, ei;
	bool found = false;

	if (!strip(ctx, &o, NULL) || !strip(ctx, &e, NULL) ||
	    !is_aggregate(dwarf_tag(&o)) || !is_aggregate(dwarf_tag(&e)) ||
	    dwarf_hasattr(&o, DW_AT_declaration) ||
	    dwarf_hasattr(&e, DW_AT_declaration) ||
	    !get_cls(ctx, &o, 0, &oi) || !get_cls(ctx, &e, 0, &ei))
		return false;
	walk(ctx, &r, oi, 0, 0, complete, true, 0);
	/* A class laid out from another unit's definition has that unit's
	   DIEs for its members' types: the same class by name too.  */
	for (size_t k = 0; k < r.n && !found; k++) {
		const char *a = dwarf_diename(&C(ctx, r.v[k].cls)->die);
		const char *b = dwarf_diename(&e);

		found = r.v[k].off == 0 &&
			(r.v[k].cls == ei || (a && b && strcmp(a, b) == 0));
	}
	free(r.v);
	return found;
}

struct ph_error *ph_dw_cxx_layout(struct ph_dw_ctx *ctx, Dwarf_Die *die,
				  bool *known, struct ph_dw_cxx_layout *l)
{
	*known = layout(ctx, die, l);
	if (ctx->nomem && *known) {
		ph_dw_cxx_layout_free(l);
		*known = false;
	}
	return ph_dw_nomem(ctx);
}

struct ph_error *ph_dw_cxx_nua_size(struct ph_dw_ctx *ctx, Dwarf_Die *type,
				    bool *known, uint64_t *ret)
{
	*known = nua_size_of(ctx, type, ret);
	return ph_dw_nomem(ctx);
}

struct ph_error *ph_dw_cxx_data_size(struct ph_dw_ctx *ctx, Dwarf_Die *type,
				     bool *known, uint64_t *ret)
{
	*known = data_size_of(ctx, type, ret);
	return ph_dw_nomem(ctx);
}

struct ph_error *ph_dw_cxx_empty_at0(struct ph_dw_ctx *ctx,
				     Dwarf_Die *outer, bool complete,
				     Dwarf_Die *empty, bool *ret)
{
	*ret = empty_at0(ctx, outer, complete, empty);
	return ph_dw_nomem(ctx);
}
