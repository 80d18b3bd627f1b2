/* One struct, union or class DIE into the layout model: its members with
   their offsets (both bitfield encodings), sizes, spelled types, untagged
   aggregates expanded in place, C++ bases and the vptr.  An aggregate's
   alignment is what laying it out infers, so the types' own recursion
   (members' alignments, C++ class facts) comes back here: align.c and
   the cxx*.c files only read alignments computed here, and say which
   aggregate to lay out first when one is missing (align.h, cxx.h).  */
#include "members.h"
#include "members-cxx.h"

#include "align.h"
#include "ctx.h"
#include "cxx.h"
#include "scan.h"	/* ph_dw_ctx_decl_file (lines.c) */
#include "names.h"
#include "resolve.h"
#include "util.h"

#include "../../reorg/analysis.h"
#include "../../reorg/array.h"
#include "../../reorg/packing.h"

#include <dwarf.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

static const char *kind_of_tag(int tag, enum ph_kind *kind)
{
	switch (tag) {
	case DW_TAG_structure_type:
		*kind = PH_KIND_STRUCT;
		return "struct";
	case DW_TAG_class_type:
		*kind = PH_KIND_CLASS;
		return "class";
	case DW_TAG_union_type:
		*kind = PH_KIND_UNION;
		return "union";
	default:
		return NULL;
	}
}

/* Peels qualifiers (and typedefs when THROUGH_TYPEDEFS) off *DIE.  False
   when the chain ends in void.  */
static struct ph_error *peel(struct ph_dw_ctx *ctx, Dwarf_Die *die,
			     bool through_typedefs, bool *found)
{
	*found = true;
	for (unsigned i = 0; i <= PH_INPUT_MAX_DEPTH; i++) {
		int tag = dwarf_tag(die);
		bool present;
		struct ph_error *err;

		if (tag != DW_TAG_const_type && tag != DW_TAG_volatile_type &&
		    tag != DW_TAG_restrict_type && tag != DW_TAG_atomic_type &&
		    !(through_typedefs && tag == DW_TAG_typedef))
			return NULL;
		if ((err = ph_dw_resolved_type(ctx, die, &present, die)))
			return err;
		if (!present) {
			*found = false;
			return NULL;
		}
	}
	return ph_dw_error(die, "DW_AT_type", "type chain too long");
}

/* An array whose first dimension has no bound: a flexible array member.
   COUNT0 is set for an explicit zero count ([0]).  */
static struct ph_error *is_flexible(struct ph_dw_ctx *ctx, Dwarf_Die *type,
				    bool *ret, bool *count0)
{
	Dwarf_Die cur = *type, sub;
	struct ph_error *err;
	bool found, known;

	*ret = *count0 = false;
	/* Not an array we can read: the member's type says so elsewhere.  */
	if ((err = ph_dw_optional(peel(ctx, &cur, true, &found), &known)) ||
	    !known)
		return err;
	if (!found || dwarf_tag(&cur) != DW_TAG_array_type)
		return NULL;
	if (dwarf_child(&cur, &sub) == 0 &&
	    (dwarf_hasattr_integrate(&sub, DW_AT_count) ||
	     dwarf_hasattr_integrate(&sub, DW_AT_upper_bound))) {
		uint64_t n;

		*count0 = ph_dw_subrange_count(&sub, &n) && n == 0;
		return NULL;
	}
	*ret = true;
	return NULL;
}

/* Whether a base class has no data at all, in *RET: no data members, no
   vptr, only empty bases.  Not when that cannot be read.  */
static struct ph_error *empty_class(struct ph_dw_ctx *ctx, Dwarf_Die *die,
				    unsigned depth, bool *ret)
{
	struct ph_error *err;
	Dwarf_Die child;
	int rc;

	*ret = false;
	if (depth > PH_INPUT_MAX_DEPTH)
		return NULL;
	for (rc = dwarf_child(die, &child); rc == 0;
	     rc = dwarf_siblingof(&child, &child)) {
		int tag = dwarf_tag(&child);

		if (tag == DW_TAG_member &&
		    !dwarf_hasattr(&child, DW_AT_declaration) &&
		    !dwarf_hasattr_integrate(&child, DW_AT_external))
			return NULL;
		if (tag == DW_TAG_inheritance) {
			Dwarf_Die base;
			bool present, found, known, empty;

			if ((err = ph_dw_optional(ph_dw_resolved_type(ctx,
						&child, &present, &base),
						  &known)) ||
			    !known || !present)
				return err;
			if ((err = ph_dw_optional(peel(ctx, &base, true,
						       &found), &known)) ||
			    !known || !found)
				return err;
			if ((err = empty_class(ctx, &base, depth + 1,
					       &empty)) || !empty)
				return err;
		}
	}
	*ret = rc >= 0;
	return NULL;
}

/* An aggregate's alignment is what laying it out infers: laid out here
   (align.c only reads what this puts in the cache), so that the types'
   own recursion, members' alignments needing their types laid out,
   stays inside this file.  DEPTH counts the aggregates around.  */
static struct ph_error *aggregate_align(struct ph_dw_ctx *ctx, Dwarf_Die *die,
					unsigned depth, uint32_t *ret)
{
	uint64_t off = ph_dw_key(die);
	struct ph_type t;
	struct ph_error *err;
	bool built;

	if (depth > PH_INPUT_MAX_DEPTH || ctx->type.nest > PH_INPUT_MAX_DEPTH)
		return ph_dw_error(die, NULL, "types nested too deeply");
	/* Mark it in progress: a type containing itself (corrupt input)
	   then reads as 1-aligned instead of recursing.  */
	if ((err = ph_dw_offmap_put(&ctx->align.aligns, off, 2)))
		return err;
	/* A declaration (an incomplete type behind a pointer never gets
	   here): 1.  */
	if (dwarf_hasattr(die, DW_AT_declaration)) {
		*ret = 1;
		return NULL;
	}
	struct ph_dw_type_state outer = ph_dw_ctx_inner_begin(ctx);

	err = ph_dw_build_type(ctx, die, "", false, &t, &built);
	ph_dw_ctx_inner_end(ctx, outer);
	if (err)
		return err;
	*ret = built ? t.align : 1;
	if (!*ret)
		*ret = 1;
	return ph_dw_offmap_put(&ctx->align.aligns, off, (uint64_t)*ret + 1);
}

/* The natural alignment of TYPE (align.h), an aggregate not laid out yet
   laid out for it.  */
static struct ph_error *member_align(struct ph_dw_ctx *ctx, Dwarf_Die *type,
				     unsigned depth, uint32_t *ret)
{
	struct ph_error *err;
	Dwarf_Die agg;
	bool pending;

	if ((err = ph_dw_natural_align(ctx, type, depth, ret, &agg,
				       &pending)) || !pending)
		return err;
	return aggregate_align(ctx, &agg, depth + 1, ret);
}

/* Lays out what C++ class facts wait for (cxx.h): asked again, they find
   its alignment in the cache.  Not laid out (an error, which the facts do
   without but for out of memory), it reads as 1 there, as in
   progress.  */
static struct ph_error *lay_out_needed(struct ph_dw_ctx *ctx,
				       const struct ph_dw_cxx_need *need)
{
	Dwarf_Die die = need->die;
	uint64_t key = ph_dw_key(&die);
	struct ph_error *err;
	uint32_t a;
	bool known;

	if ((err = ph_dw_optional(aggregate_align(ctx, &die, need->depth + 1,
						  &a), &known)) || known ||
	    ph_dw_offmap_get(&ctx->align.aligns, key))
		return err;
	return ph_dw_offmap_put(&ctx->align.aligns, key, 2);
}

/* The natural alignments ph_dw_arrange_bases lists the fieldless virtual
   bases of L with, in *RET (one per virtual base, 0 for the others; NULL
   when L has none), computed in the order it lists them.  */
static struct ph_error *vbase_aligns(struct ph_dw_ctx *ctx,
				     const struct ph_dw_cxx_layout *l,
				     unsigned depth, uint32_t **ret)
{
	struct ph_error *err;

	*ret = NULL;
	if (!l->nvbases)
		return NULL;
	*ret = calloc(l->nvbases, sizeof(**ret));
	if (!*ret)
		return &ph_error_nomem;
	for (size_t k = 0; k < l->nvbases; k++) {
		Dwarf_Die die = l->vbases[k].die;

		if (!ph_dw_vbase_listed_aligned(&l->vbases[k]))
			continue;
		if ((err = member_align(ctx, &die, depth + 1, &(*ret)[k]))) {
			free(*ret);
			*ret = NULL;
			return err;
		}
	}
	return NULL;
}

/* What the inference found for a list of members.  */
struct list_info {
	uint32_t align, explicit_align;
	bool packed;
};

static struct ph_error *build_list(struct ph_dw_ctx *ctx, Dwarf_Die *agg,
				   uint64_t base_bit, uint64_t agg_size,
				   bool is_union, unsigned depth,
				   struct ph_member **ret, size_t *ret_n,
				   struct list_info *info);

/* One DW_TAG_member or DW_TAG_inheritance into M.  *SKIP for what is not
   part of the layout (static members, unnamed bitfields).  M->align
   holds the natural alignment until the inference replaces it.  */
static struct ph_error *build_member(struct ph_dw_ctx *ctx, Dwarf_Die *die,
				     uint64_t base_bit, unsigned depth,
				     struct ph_member *m, bool *skip,
				     struct ph_dw_member_info *info)
{
	Dwarf_Die type, peeled;
	struct ph_error *err;
	uint64_t loc, v;
	bool present, dynamic, found, is_base;
	const char *name;

	memset(m, 0, sizeof(*m));
	memset(info, 0, sizeof(*info));
	*skip = false;
	is_base = dwarf_tag(die) == DW_TAG_inheritance;
	/* Static data members: DW_TAG_variable in DWARF 5, a declared
	   external DW_TAG_member before.  */
	if (!is_base && (dwarf_hasattr(die, DW_AT_declaration) ||
			 dwarf_hasattr_integrate(die, DW_AT_external))) {
		*skip = true;
		return NULL;
	}
	name = dwarf_diename(die);
	if ((err = ph_dw_resolved_type(ctx, die, &present, &type)))
		return err;
	if (!present)
		return ph_dw_error(die, "DW_AT_type", "member without a type");
	if ((err = ph_dw_member_location(die, &loc, &dynamic)))
		return err;

	if (dwarf_hasattr_integrate(die, DW_AT_bit_size)) {
		uint64_t bits, unit;

		if (!name) {	/* unnamed bitfield: bits show as a hole */
			*skip = true;
			return NULL;
		}
		if ((err = ph_dw_udata(die, DW_AT_bit_size, "DW_AT_bit_size",
				       &present, &bits)))
			return err;
		peeled = type;
		if ((err = peel(ctx, &peeled, true, &found)))
			return err;
		if (!found || (err = ph_dw_resolved_size(ctx, &peeled, &unit,
							 &found)))
			return err ? err : ph_dw_error(die, "DW_AT_type",
						       "bitfield of void");
		if (bits == 0 || bits > 8 * 1024 || unit > 1024)
			return ph_dw_error(die, "DW_AT_bit_size",
					   "impossible bitfield width");
		m->bitfield = true;
		m->bit_size = bits;
		m->size = unit;
		if ((err = ph_dw_bit_start(die, loc, unit, bits,
					   &m->bit_offset)))
			return err;
	} else {
		bool flexible, count0;

		if (loc > (UINT64_MAX >> 4))
			return ph_dw_error(die, "DW_AT_data_member_location",
					   "impossible offset");
		m->bit_offset = 8 * loc;
		if ((err = is_flexible(ctx, &type, &flexible, &count0)))
			return err;
		if (flexible) {
			m->flexible = true;
			m->size = 0;
		} else if (count0) {
			m->size = 0;
		} else {
			if ((err = ph_dw_resolved_size(ctx, &type, &m->size,
						       &found)))
				return err;
			if (!found)
				return ph_dw_error(die, "DW_AT_type",
						   "member of unknown size");
		}
		if (m->size > (UINT64_MAX >> 4))
			return ph_dw_error(die, "DW_AT_type",
					   "impossible member size");
		m->bit_size = 8 * m->size;
	}
	if (m->bit_offset > UINT64_MAX - base_bit)
		return ph_dw_error(die, NULL, "impossible offset");
	m->bit_offset += base_bit;
	if ((err = ph_model_strdup(ctx->model, name ? name : "", &m->name)))
		return err;
	m->artificial = dwarf_hasattr_integrate(die, DW_AT_artificial);

	/* Natural alignment, parked in align.  */
	if ((err = member_align(ctx, &type, depth, &m->align)))
		return err;
	if (!m->bitfield && !is_base) {
		bool user;

		if ((err = ph_dw_udata(die, DW_AT_alignment, "DW_AT_alignment",
				       &present, &v)))
			return err;
		if (present && v)
			m->explicit_align = v > UINT32_MAX ? UINT32_MAX
							   : (uint32_t)v;
		else if ((err = ph_dw_user_aligned(ctx, &type, depth, &user)))
			return err;
		else if (user)
			m->explicit_align = m->align;
	}

	if (is_base) {
		uint64_t vis = DW_VIRTUALITY_none;
		bool known = false, empty = false;

		info->type = type;
		info->has_type = true;

		m->base = true;
		m->artificial = false;
		if (!dynamic &&
		    (err = ph_dw_optional(ph_dw_udata(die, DW_AT_virtuality,
						      "DW_AT_virtuality",
						      &present, &vis),
					  &known)))
			return err;
		m->virtual_base = dynamic ||
				  (known && present &&
				   vis != DW_VIRTUALITY_none);
		peeled = type;
		if ((err = peel(ctx, &peeled, true, &found)) ||
		    (found && (err = empty_class(ctx, &peeled, 0, &empty))))
			return err;
		if (empty)
			m->bit_size = 0;
		return ph_dw_spell_member(ctx, &type, m);
	}

	peeled = type;
	if ((err = peel(ctx, &peeled, true, &found)))
		return err;
	if (!m->bitfield && found &&
	    (dwarf_tag(&peeled) == DW_TAG_structure_type ||
	     dwarf_tag(&peeled) == DW_TAG_class_type) &&
	    (err = empty_class(ctx, &peeled, 0, &info->empty)))
		return err;
	info->type = type;
	info->has_type = !m->bitfield;
	peeled = type;
	if ((err = peel(ctx, &peeled, false, &found)))
		return err;
	if (!m->bitfield && found && !dwarf_diename(&peeled) &&
	    (dwarf_tag(&peeled) == DW_TAG_structure_type ||
	     dwarf_tag(&peeled) == DW_TAG_class_type ||
	     dwarf_tag(&peeled) == DW_TAG_union_type) &&
	    !dwarf_hasattr(&peeled, DW_AT_declaration)) {
		struct list_info info;

		m->nested = true;
		m->nested_kind = dwarf_tag(&peeled) == DW_TAG_union_type ?
				 PH_KIND_UNION : PH_KIND_STRUCT;
		m->type = m->name_pre = m->name_post = "";
		if ((err = build_list(ctx, &peeled, m->bit_offset, m->size,
				      m->nested_kind == PH_KIND_UNION,
				      depth + 1, &m->members, &m->nr_members,
				      &info)))
			return err;
	} else if ((err = ph_dw_spell_member(ctx, &type, m))) {
		return err;
	}
	if (!m->bitfield && (err = ph_dw_tail_padding(ctx, &type,
						      &m->type_padding)))
		return err;
	return NULL;
}

/* Stable by bit offset, carrying NATURAL along.  */
static void sort_members(struct ph_member *v, size_t n)
{
	for (size_t i = 1; i < n; i++) {
		struct ph_member m = v[i];
		size_t j = i;

		while (j > 0 && v[j - 1].bit_offset > m.bit_offset) {
			v[j] = v[j - 1];
			j--;
		}
		v[j] = m;
	}
}

static struct ph_error *build_list(struct ph_dw_ctx *ctx, Dwarf_Die *agg,
				   uint64_t base_bit, uint64_t agg_size,
				   bool is_union, unsigned depth,
				   struct ph_member **ret, size_t *ret_n,
				   struct list_info *info)
{
	struct ph_member_vec vec;
	struct ph_error *err = NULL;
	uint32_t *natural = NULL;
	bool cxx_done = false;
	struct ph_type pseudo;
	struct ph_dw_member_info *minfo = NULL;
	size_t minfo_cap = 0;
	Dwarf_Die child;
	uint64_t v;
	bool present;
	int rc;

	*ret = NULL;
	*ret_n = 0;
	if (depth > PH_INPUT_MAX_DEPTH)
		return ph_dw_error(agg, NULL, "types nested too deeply");
	ph_member_vec_init(&vec);
	for (rc = dwarf_child(agg, &child); rc == 0;
	     rc = dwarf_siblingof(&child, &child)) {
		int tag = dwarf_tag(&child);
		struct ph_member m;
		struct ph_dw_member_info mi;
		bool skip;

		if (tag != DW_TAG_member && tag != DW_TAG_inheritance)
			continue;
		if (vec.n >= PH_INPUT_MAX_MEMBERS) {
			err = ph_dw_error(agg, NULL, "too many members");
			goto out;
		}
		if ((err = build_member(ctx, &child, base_bit, depth, &m,
					&skip, &mi)))
			goto out;
		if (skip)
			continue;
		if ((err = ph_array_reserve(&minfo, &minfo_cap, vec.n + 1,
					    sizeof(*minfo))))
			goto out;
		minfo[vec.n] = mi;
		if ((err = ph_member_vec_push(&vec, &m)))
			goto out;
	}
	if (rc < 0) {
		err = ph_dw_error(agg, NULL, "cannot read the members");
		goto out;
	}
	if (ctx->unit.cxx && !is_union) {
		struct ph_dw_cxx_need need = { .pending = true };

		while (!err && need.pending) {
			for (size_t i = 0; i < vec.n; i++) {
				vec.v[i].occupied = 0;
				vec.v[i].occupies_less = false;
			}
			err = ph_dw_settle_unique_addresses(ctx, vec.v, minfo,
							    vec.n, base_bit,
							    agg_size, &need);
			if (!err && need.pending)
				err = lay_out_needed(ctx, &need);
		}
		if (err)
			goto out;
	}
	if (ctx->unit.cxx && depth == 0 && !is_union && ph_dw_has_bases(agg)) {
		struct ph_dw_cxx_need need = { .pending = true };
		struct ph_dw_cxx_layout l;
		bool known;

		while (!err && need.pending) {
			err = ph_dw_cxx_layout(ctx, agg, &known, &l, &need);
			if (!err && need.pending)
				err = lay_out_needed(ctx, &need);
		}
		if (err)
			goto out;
		if (known) {
			uint32_t *vb_align = NULL;

			if (ph_dw_bases_listed(&vec, &l))
				err = vbase_aligns(ctx, &l, depth, &vb_align);
			if (!err)
				err = ph_dw_arrange_bases(ctx, &vec, &l, vb_align);
			free(vb_align);
			ph_dw_cxx_layout_free(&l);
			if (err)
				goto out;
			cxx_done = true;
		}
	}
	sort_members(vec.v, vec.n);
	/* Bases come first in offset order too; an empty base shares its
	   offset with the first member and stays before it (stable).  */
	if (vec.n) {
		natural = calloc(vec.n, sizeof(*natural));
		if (!natural) {
			err = &ph_error_nomem;
			goto out;
		}
	}
	for (size_t i = 0; i < vec.n; i++)
		natural[i] = vec.v[i].align;
	/* A base occupies what it really uses here: its data size when
	   something else starts inside it (tail padding reused), else its
	   whole size.  */
	if (cxx_done)
		ph_dw_settle_base_sizes(vec.v, vec.n);
	if (ctx->unit.cxx && !is_union)
		ph_dw_settle_overlapped_bases(vec.v, vec.n);
	for (size_t i = 0; i < vec.n && !cxx_done; i++) {
		struct ph_member *m = &vec.v[i];

		if (!m->base || !m->bit_size)
			continue;
		for (size_t k = i + 1; k < vec.n; k++) {
			uint64_t next = vec.v[k].bit_offset;

			if (next <= m->bit_offset)
				continue;	/* an empty base beside it */
			if (next < m->bit_offset + m->bit_size)
				m->bit_size = next - m->bit_offset;
			break;
		}
	}
	memset(&pseudo, 0, sizeof(pseudo));
	pseudo.kind = is_union ? PH_KIND_UNION : PH_KIND_STRUCT;
	pseudo.size = agg_size;
	pseudo.members = vec.v;
	pseudo.nr_members = vec.n;
	if ((err = ph_dw_udata(agg, DW_AT_alignment, "DW_AT_alignment",
			       &present, &v)))
		goto out;
	if ((err = ph_infer_packing(&pseudo, natural, base_bit,
				       present ? (v > 1u << 30 ? 1u << 30
							       : (uint32_t)v)
					       : 0)))
		goto out;
	for (size_t i = 0; i < vec.n && cxx_done; i++) {
		struct ph_member *m = &vec.v[i];

		if (m->base && m->type_padding) {
			m->align = m->type_padding;
			m->type_padding = 0;
		}
	}
	/* GCC gives an empty member that takes no byte no alignment at all
	   (__alignof__ says 0).  */
	for (size_t i = 0; i < vec.n; i++)
		if (!vec.v[i].base && vec.v[i].occupies_less &&
		    !vec.v[i].occupied)
			vec.v[i].align = 0;
	info->align = pseudo.align;
	info->explicit_align = pseudo.explicit_align;
	info->packed = pseudo.packed;
	if (vec.n) {
		*ret = ph_arena_memdup(&ctx->model->arena, vec.v,
				       vec.n * sizeof(*vec.v));
		if (!*ret) {
			err = &ph_error_nomem;
			goto out;
		}
	}
	*ret_n = vec.n;
out:
	free(natural);
	free(minfo);
	ph_member_vec_deinit(&vec);
	return err;
}

struct ph_error *ph_dw_tail_padding(struct ph_dw_ctx *ctx, Dwarf_Die *type,
				    uint32_t *ret)
{
	Dwarf_Die cur = *type;
	struct ph_error *err;
	struct ph_member *members;
	size_t n;
	struct list_info info;
	uint64_t size, off, cached;
	bool found, present;

	*ret = 0;
	if ((err = peel(ctx, &cur, true, &found)) || !found)
		return err;
	if (dwarf_tag(&cur) != DW_TAG_structure_type &&
	    dwarf_tag(&cur) != DW_TAG_class_type)
		return NULL;
	if (dwarf_hasattr(&cur, DW_AT_declaration))
		return NULL;
	off = ph_dw_key(&cur);
	cached = ph_dw_offmap_get(&ctx->align.paddings, off);
	if (cached) {
		*ret = (uint32_t)(cached - 1);
		return NULL;
	}
	if ((err = ph_dw_udata(&cur, DW_AT_byte_size, "DW_AT_byte_size",
			       &present, &size)) || !present)
		return err;
	if (ctx->type.nest > PH_INPUT_MAX_DEPTH)
		return ph_dw_error(&cur, NULL, "types nested too deeply");
	/* In progress: a struct containing itself reads as unpadded.  */
	if ((err = ph_dw_offmap_put(&ctx->align.paddings, off, 1)))
		return err;
	struct ph_dw_type_state outer = ph_dw_ctx_inner_begin(ctx);

	err = build_list(ctx, &cur, 0, size, false, 0, &members, &n, &info);
	ph_dw_ctx_inner_end(ctx, outer);
	if (err)
		return err;
	*ret = (uint32_t)ph_tail_padding(members, n, 0, size, false);
	return ph_dw_offmap_put(&ctx->align.paddings, off, (uint64_t)*ret + 1);
}

/* The file as the compiler spelled it: libdw joins the line table's
   names to the compilation directory; take that back off when the unit
   was compiled from a relative name (DW_AT_name of the unit), so that
   "gcc -c src/x.c" reads "src/x.c" and "gcc -c /abs/x.c" "/abs/x.c".  */
static struct ph_error *decl_file(struct ph_dw_ctx *ctx, Dwarf_Die *die,
				   const char **ret)
{
	struct ph_error *err;
	const char *file;
	size_t n;

	*ret = "";
	if ((err = ph_dw_ctx_decl_file(ctx, die, &file)) || !file)
		return err;
	*ret = file;
	if (ctx->unit.comp_dir && ctx->unit.relative_unit &&
	    (n = strlen(ctx->unit.comp_dir)) &&
	    strncmp(file, ctx->unit.comp_dir, n) == 0 && file[n] == '/')
		*ret = file + n + 1;
	return NULL;
}

struct ph_error *ph_dw_build_type(struct ph_dw_ctx *ctx, Dwarf_Die *die,
				  const char *name, bool typedef_name,
				  struct ph_type *ret, bool *built)
{
	struct ph_error *err;
	struct list_info info;
	const char *file = "";
	uint64_t size;
	bool present;
	int line;

	*built = false;
	memset(ret, 0, sizeof(*ret));
	if (!kind_of_tag(dwarf_tag(die), &ret->kind) ||
	    dwarf_hasattr(die, DW_AT_declaration))
		return NULL;
	if ((err = ph_dw_udata(die, DW_AT_byte_size, "DW_AT_byte_size",
			       &present, &size)))
		return err;
	if (!present)
		return NULL;
	if (size > (UINT64_MAX >> 4))
		return ph_dw_error(die, "DW_AT_byte_size", "impossible size");
	ret->size = size;
	ret->typedef_name = typedef_name;
	if ((err = ph_model_strdup(ctx->model, name, &ret->name)) ||
	    (!ctx->type.layout_only && (err = decl_file(ctx, die, &file))) ||
	    (err = ph_model_strdup(ctx->model, file, &ret->file)))
		return err;
	if (dwarf_decl_line(die, &line) == 0 && line > 0)
		ret->line = (unsigned)line;
	if ((err = build_list(ctx, die, 0, size,
			      ret->kind == PH_KIND_UNION, 0, &ret->members,
			      &ret->nr_members, &info)))
		return err;
	ret->align = info.align;
	ret->explicit_align = info.explicit_align;
	ret->packed = info.packed;
	*built = true;
	return NULL;
}

struct ph_error *ph_dw_lay_out(struct ph_dw_ctx *ctx, Dwarf_Die *die,
			       const char *name, bool typedef_name,
			       struct ph_type *ret, bool *built,
			       const char **missed)
{
	struct ph_error *err;

	*missed = NULL;
	ctx->decls.layout = true;
	ctx->decls.missed = false;
	err = ph_dw_build_type(ctx, die, name, typedef_name, ret, built);
	ctx->decls.layout = false;
	/* Out of memory is never taken for a missing definition.  */
	if (!ctx->decls.missed || err == &ph_error_nomem)
		return err;
	if (err)
		ph_error_destroy(err);
	/* Computed while a declaration stood for the class.  */
	ph_dw_ctx_drop_layout_caches(ctx);
	*built = false;
	*missed = ctx->decls.missed_name.data;
	return NULL;
}
