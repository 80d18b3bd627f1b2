/* The facts of one C++ class (cxx-record.h's struct ph_dw_cls): empty,
   dynamic, nearly empty, POD for layout, its sizes, alignment and
   primary base, read from its DIE and those of its bases and members,
   computed once per class and kept by DIE.  */
#include "cxx-facts.h"
#include "align.h"
#include "cxx-nua.h"
#include "cxx-vbases.h"
#include "resolve.h"

#include <dwarf.h>
#include <stdlib.h>
#include <string.h>

/* *DIE through typedefs and qualifiers (and arrays when COUNT is set:
   *COUNT multiplied by each dimension's count).  */
struct ph_error *ph_dw_cls_strip(struct ph_dw_ctx *ctx, Dwarf_Die *die,
				 uint64_t *count, bool *known)
{
	for (unsigned i = 0; i <= PH_INPUT_MAX_DEPTH; i++) {
		struct ph_error *err;
		bool present;

		switch (dwarf_tag(die)) {
		case DW_TAG_typedef:
		case DW_TAG_const_type:
		case DW_TAG_volatile_type:
		case DW_TAG_restrict_type:
		case DW_TAG_atomic_type:
			break;
		case DW_TAG_array_type:
			if (!count) {
				*known = true;
				return NULL;
			}
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
			*known = true;
			return NULL;
		}
		if ((err = ph_dw_optional(ph_dw_resolved_type(ctx, die,
							      &present, die),
					  known)) ||
		    !*known || !present) {
			*known = false;
			return err;
		}
	}
	*known = false;
	return NULL;
}

bool ph_dw_cls_is_aggregate(int tag)
{
	return tag == DW_TAG_structure_type || tag == DW_TAG_class_type ||
	       tag == DW_TAG_union_type;
}

/* A constant DW_AT_data_member_location; *KNOWN false for an
   expression that is not one (a virtual base's).  */
static struct ph_error *const_location(Dwarf_Die *die, uint64_t *ret,
				       bool *known)
{
	bool dynamic;
	struct ph_error *err = ph_dw_optional(ph_dw_member_location(die, ret,
								    &dynamic),
					      known);

	*known = *known && !dynamic;
	return err;
}

/* Where a data member is, in bits: *START and *END.  *KNOWN false when
   it has no place we can read.  */
static struct ph_error *member_span(Dwarf_Die *die, uint64_t size,
				    uint64_t *start, uint64_t *end,
				    bool *known)
{
	struct ph_error *err;
	uint64_t loc, bits, v;
	bool present, ok;

	*known = false;
	if ((err = const_location(die, &loc, &ok)) || !ok ||
	    loc > (1ull << 48))
		return err;
	if (!dwarf_hasattr_integrate(die, DW_AT_bit_size)) {
		*start = 8 * loc;
		*end = 8 * (loc + size);
		*known = true;
		return NULL;
	}
	if ((err = ph_dw_optional(ph_dw_udata(die, DW_AT_bit_size, "",
					      &present, &bits), &ok)) ||
	    !ok || bits > 8 * 1024)
		return err;
	if ((err = ph_dw_optional(ph_dw_bit_start(die, loc, size, bits, &v),
				  &ok)) ||
	    !ok ||
	    (v > (1ull << 48) &&
	     dwarf_hasattr_integrate(die, DW_AT_data_bit_offset)))
		return err;
	*start = v;
	*end = v + bits;
	*known = true;
	return NULL;
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
   destructor or assignment operator.  Its name first: the attributes
   (through DW_AT_specification, read attribute by attribute) cost far
   more, and most member functions are none of these.  */
static bool user_special(Dwarf_Die *fn, const char *cls_name)
{
	const char *name = dwarf_diename(fn);
	Dwarf_Attribute a;
	Dwarf_Word w;
	size_t n;

	if (!name)
		return false;
	if (name[0] != '~' && strcmp(name, "operator=") != 0) {
		if (!cls_name)
			return false;
		n = base_name_len(cls_name);
		if (strlen(name) != n || strncmp(name, cls_name, n) != 0)
			return false;
	}
	if (dwarf_hasattr_integrate(fn, DW_AT_artificial))
		return false;
	if (dwarf_attr_integrate(fn, DW_AT_defaulted, &a) &&
	    dwarf_formudata(&a, &w) == 0 && w == DW_DEFAULTED_in_class)
		return false;
	return !dwarf_hasattr_integrate(fn, DW_AT_deleted);
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

/* A data member's type, size (0 when not known; the size places a
   DWARF 2 bitfield without DW_AT_byte_size) and place in bits (*START,
   *END: member_span); *KNOWN false when it has no type or place we can
   read.  */
static inline struct ph_error *member_place(struct ph_dw_ctx *ctx,
					    Dwarf_Die *die, Dwarf_Die *type,
					    uint64_t *size, uint64_t *start,
					    uint64_t *end, bool *known)
{
	struct ph_error *err;
	bool present, ok, sized;

	if ((err = ph_dw_optional(ph_dw_resolved_type(ctx, die, &present,
						      type), known)) ||
	    !*known || !present) {
		*known = false;
		return err;
	}
	if ((err = ph_dw_optional(ph_dw_resolved_size(ctx, type, size,
						      &sized), &ok)))
		return err;
	if (!ok || !sized)
		*size = 0;
	return member_span(die, *size, start, end, known);
}

/* A member of DIE's that is data of its objects (not a static one).  */
static bool data_member(Dwarf_Die *d)
{
	return dwarf_tag(d) == DW_TAG_member &&
	       !dwarf_hasattr(d, DW_AT_declaration) &&
	       !dwarf_hasattr_integrate(d, DW_AT_external);
}

/* *KNOWN false when a member's place cannot be read.  */
static struct ph_error *collect_starts(struct ph_dw_ctx *ctx, Dwarf_Die *die,
				       struct starts *st, bool *known)
{
	struct ph_error *err;
	Dwarf_Die child;
	int rc;

	*known = false;
	for (rc = dwarf_child(die, &child); rc == 0;
	     rc = dwarf_siblingof(&child, &child)) {
		uint64_t sbit, ebit, size = 0;
		Dwarf_Die type;
		bool ok;

		if (!data_member(&child))
			continue;
		err = member_place(ctx, &child, &type, &size, &sbit, &ebit,
				   &ok);
		if (err || !ok)
			return err;
		if ((err = ph_array_reserve(&st->v, &st->cap, st->n + 1,
					    sizeof(*st->v))))
			return err;
		st->v[st->n++] = sbit / 8;
	}
	if (rc < 0)
		return NULL;
	if (st->n > 1)
		qsort(st->v, st->n, sizeof(*st->v), cmp_u64);
	*known = true;
	return NULL;
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

/* The base DW_TAG_inheritance DIE names, into *B; *KNOWN false when its
   class cannot be known.  */
static struct ph_error *read_base(struct ph_dw_ctx *ctx, Dwarf_Die *die,
				  unsigned depth, struct ph_dw_cls_base *b,
				  bool *known)
{
	struct ph_error *err;
	Dwarf_Attribute a;
	Dwarf_Word w;
	Dwarf_Die type;
	bool present, ok;

	memset(b, 0, sizeof(*b));
	*known = false;
	if ((err = ph_dw_optional(ph_dw_resolved_type(ctx, die, &present,
						      &type), &ok)) ||
	    !ok || !present)
		return err;
	if ((err = ph_dw_cls_strip(ctx, &type, NULL, &ok)) || !ok ||
	    !ph_dw_cls_is_aggregate(dwarf_tag(&type)))
		return err;
	if ((err = ph_dw_cls_get(ctx, &type, depth + 1, &b->cls, &ok)) || !ok)
		return err;
	b->virt = (dwarf_attr_integrate(die, DW_AT_virtuality, &a) &&
		   dwarf_formudata(&a, &w) == 0 && w != DW_VIRTUALITY_none);
	if ((err = const_location(die, &b->off, &ok)))
		return err;
	if (!ok)
		b->virt = true;
	if (b->virt)
		b->off = 0;
	*known = true;
	return NULL;
}

/* The facts of one class from its DIE and those of its bases and
   members; *KNOWN false when they cannot be known, or wait for an
   aggregate to be laid out first (ctx->classes.need).  */
static struct ph_error *compute_facts(struct ph_dw_ctx *ctx, size_t idx,
				      unsigned depth, const struct starts *st,
				      bool *known)
{
	struct ph_dw_cls *c = C(ctx, idx);
	Dwarf_Die die = c->die, child;
	const char *name = dwarf_diename(&die);
	bool is_class = dwarf_tag(&die) == DW_TAG_class_type;
	bool has_data = false, has_vptr = false, nonpod = false;
	bool any_virtual = false;
	unsigned nearly_bases = 0;
	uint64_t v, rli = 0, dsz = 0, own = 0, eoc = 0;
	uint32_t nvalign = 1, attr_align = 0;
	size_t bcap = 0, fcap = 0;
	enum ph_dw_nua_rule rule = ph_dw_nua_rule(ctx);
	struct ph_error *err;
	bool present, ok;
	int rc;

	*known = false;
	c->is_union = dwarf_tag(&die) == DW_TAG_union_type;
	if (dwarf_hasattr(&die, DW_AT_declaration))
		return NULL;
	if ((err = ph_dw_optional(ph_dw_udata(&die, DW_AT_byte_size, "",
					      &present, &v), &ok)) ||
	    !ok || !present || v > (1ull << 48))
		return err;
	c->size = v;
	if ((err = ph_dw_optional(ph_dw_udata(&die, DW_AT_alignment, "",
					      &present, &v), &ok)))
		return err;
	if (ok && present && v && v < (1u << 30))
		attr_align = (uint32_t)v;

	for (rc = dwarf_child(&die, &child); rc == 0;
	     rc = dwarf_siblingof(&child, &child)) {
		int tag = dwarf_tag(&child);
		Dwarf_Die type;
		uint64_t count = 1, size, end, eend, sbit, ebit;
		bool is_array = false;

		if (tag == DW_TAG_subprogram) {
			/* Once non-POD, no need to look further.  */
			if (!nonpod && user_special(&child, name))
				nonpod = true;
			continue;
		}
		if (tag == DW_TAG_inheritance) {
			struct ph_dw_cls_base b;

			if ((err = read_base(ctx, &child, depth, &b, &ok)) ||
			    !ok)
				return err;
			if ((err = ph_array_reserve(&c->bases, &bcap,
						    c->nbases + 1,
						    sizeof(*c->bases))))
				return err;
			c->bases[c->nbases++] = b;
			continue;
		}
		if (!data_member(&child))
			continue;
		if ((err = member_place(ctx, &child, &type, &size, &sbit,
					&ebit, &ok)) ||
		    !ok)
			return err;
		end = (ebit + 7) / 8;
		/* GCC 12's end_of_class: a bitfield to its byte position plus
		   its DECL_SIZE_UNIT (nua_rule).  */
		eend = end;
		if (rule == PH_DW_NUA_EOC_TRUNCATED &&
		    dwarf_hasattr_integrate(&child, DW_AT_bit_size))
			eend = sbit / 8 + (ebit - sbit + 7) / 8;
		{
			uint32_t a = 1;
			Dwarf_Die agg;
			bool pending;

			if ((err = ph_dw_optional(ph_dw_natural_align(ctx,
					&type, depth + 1, &a, &agg, &pending),
						  &ok)))
				return err;
			if (!ok)
				a = 1;
			/* An aggregate not laid out yet: to lay out first
			   (ctx.h), these facts computed again after.  */
			if (pending) {
				ctx->classes.need.pending = true;
				ctx->classes.need.die = agg;
				ctx->classes.need.depth = depth + 1;
				return NULL;
			}
			if ((err = ph_dw_optional(ph_dw_udata(&child,
						DW_AT_alignment, "", &present,
						&v), &ok)))
				return err;
			if (ok && present && v > a && v < (1u << 30))
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

			if ((err = ph_dw_cls_strip(ctx, &t, NULL, &ok)))
				return err;
			if (ok && (dwarf_tag(&t) == DW_TAG_reference_type ||
				   dwarf_tag(&t) ==
					   DW_TAG_rvalue_reference_type))
				nonpod = true;
			is_array = dwarf_tag(&t) == DW_TAG_array_type;
		}
		if ((err = ph_dw_cls_strip(ctx, &type, &count, &ok)) || !ok)
			return err;
		if (ph_dw_cls_is_aggregate(dwarf_tag(&type)) &&
		    !dwarf_hasattr(&type, DW_AT_declaration)) {
			struct ph_dw_cls_field f;
			struct ph_dw_cls *fc;
			uint64_t next = next_start(st, sbit / 8), nua;

			if ((err = ph_dw_cls_get(ctx, &type, depth + 1, &f.cls,
						 &ok)) ||
			    !ok)
				return err;
			fc = C(ctx, f.cls);
			if (!fc->pod)
				nonpod = true;
			/* Another member starts inside this one: its tail is
			   reused, it is [[no_unique_address]], its field
			   GCC's size for that (what the offsets allow), and
			   this class no POD for layout.  */
			if (!is_array && !fc->empty && size &&
			    next < sbit / 8 + size) {
				if ((err = ph_dw_cls_nua_size(ctx, f.cls,
							      depth + 1, &nua)))
					return err;
				end = sbit / 8 + nua;
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
				if ((err = ph_array_reserve(&c->fields, &fcap,
							    c->nfields + 1,
							    sizeof(*c->fields))))
					return err;
				c->fields[c->nfields++] = f;
			}
		}
		rli = max64(rli, end);
		own = max64(own, end);
		eoc = max64(eoc, eend);
	}
	if (rc < 0)
		return NULL;

	for (size_t i = 0; i < c->nbases; i++) {
		struct ph_dw_cls_base *b = &c->bases[i];
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
		struct ph_dw_cls_base *b = &c->bases[i];
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
		struct ph_dw_cls_base *b = &c->bases[i];

		if (!b->virt && C(ctx, b->cls)->dynamic) {
			c->has_primary = true;
			c->primary_cls = b->cls;
			break;
		}
	}
	if (any_virtual || attr_align) {
		struct ph_dw_cls_nodes ns = { 0 };

		if ((err = ph_dw_cls_build_nodes(ctx, idx, &ns, &ok)) || !ok) {
			free(ns.v);
			return err;
		}
		if (!c->has_primary && any_virtual)
			ph_dw_cls_mark_primaries(ctx, &ns, true);
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
		struct ph_dw_cls_base *b = &c->bases[i];
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
	*known = true;
	return NULL;
}

static struct ph_error *compute_cls(struct ph_dw_ctx *ctx, size_t idx,
				    unsigned depth, bool *known)
{
	struct starts st = { 0 };
	Dwarf_Die die = C(ctx, idx)->die;
	struct ph_error *err = collect_starts(ctx, &die, &st, known);

	if (!err && *known)
		err = compute_facts(ctx, idx, depth, &st, known);
	free(st.v);
	return err;
}

/* Computes class IDX (new).  Cut short by an aggregate to lay out first
   (ph_dw_cxx_need) or by out of memory, it is new again, what was
   computed dropped: asked again, it is computed again, not taken for a
   class that cannot be known.  */
static struct ph_error *compute_again(struct ph_dw_ctx *ctx, size_t idx,
				      unsigned depth, size_t *ret,
				      bool *known)
{
	struct ph_dw_cls *c = C(ctx, idx);
	struct ph_error *err;

	c->state = PH_DW_CLS_BUSY;
	err = compute_cls(ctx, idx, depth, known);
	*ret = idx;
	if (!err && (*known || !ctx->classes.need.pending)) {
		c->state = *known ? PH_DW_CLS_DONE : PH_DW_CLS_BAD;
		return NULL;
	}
	Dwarf_Die die = c->die;

	free(c->bases);
	free(c->fields);
	free(c->vbases);
	memset(c, 0, sizeof(*c));
	c->die = die;
	c->state = PH_DW_CLS_NEW;
	*known = false;
	return err;
}

struct ph_error *ph_dw_cls_get(struct ph_dw_ctx *ctx, Dwarf_Die *die,
			       unsigned depth, size_t *ret, bool *known)
{
	uint64_t key = ph_dw_key(die);
	uint64_t got = ph_dw_offmap_get(&ctx->classes.cls_map, key);
	struct ph_dw_cls *c;
	struct ph_error *err;
	size_t idx;

	/* Nothing more while an aggregate waits to be laid out.  */
	if (ctx->classes.need.pending) {
		*known = false;
		return NULL;
	}
	if (got && C(ctx, got - 1)->state != PH_DW_CLS_NEW) {
		*ret = got - 1;
		*known = C(ctx, got - 1)->state == PH_DW_CLS_DONE;
		return NULL;
	}
	if (depth > PH_INPUT_MAX_DEPTH) {
		*known = false;
		return NULL;
	}
	if (got)	/* computed again (ph_dw_cxx_need) */
		return compute_again(ctx, got - 1, depth, ret, known);
	if ((err = ph_array_reserve(&ctx->classes.cls_v, &ctx->classes.cls_cap,
				    ctx->classes.cls_n + 1,
				    sizeof(*ctx->classes.cls_v))))
		return err;
	c = calloc(1, sizeof(*c));
	if (!c)
		return &ph_error_nomem;
	idx = ctx->classes.cls_n;
	if ((err = ph_dw_offmap_put(&ctx->classes.cls_map, key, idx + 1))) {
		free(c);
		return err;
	}
	ctx->classes.cls_v[ctx->classes.cls_n++] = c;
	c->die = *die;
	return compute_again(ctx, idx, depth, ret, known);
}
