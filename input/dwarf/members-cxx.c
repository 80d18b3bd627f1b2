/* The C++ part of a member list (members-cxx.h): where the order, the
   sizes and the alignments DWARF gives are not those GCC's record has,
   from the class facts cxx.c computes.  */
#include "members-cxx.h"

#include "ctx.h"
#include "cxx.h"
#include "names.h"
#include "util.h"
#include "../../reorg/analysis.h"
#include "../../reorg/layout.h"

#include <dwarf.h>
#include <stdlib.h>
#include <string.h>

bool ph_dw_has_bases(Dwarf_Die *agg)
{
	Dwarf_Die child;
	int rc;

	for (rc = dwarf_child(agg, &child); rc == 0;
	     rc = dwarf_siblingof(&child, &child))
		if (dwarf_tag(&child) == DW_TAG_inheritance)
			return true;
	return false;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* The first of the N sorted V past OFF, UINT64_MAX for none.  */
static uint64_t first_after(const uint64_t *v, size_t n, uint64_t off)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (v[mid] <= off)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < n ? v[lo] : UINT64_MAX;
}

static bool is_vptr(const struct ph_member *m)
{
	return !m->base && m->artificial && strncmp(m->name, "_vptr", 5) == 0;
}

bool ph_dw_bases_listed(const struct ph_member_vec *vec,
			const struct ph_dw_cxx_layout *l)
{
	size_t nb = 0;

	for (size_t i = 0; i < vec->n; i++)
		if (vec->v[i].base)
			nb++;
	return nb == l->nbases;
}

bool ph_dw_vbase_listed_aligned(const struct ph_dw_cxx_vbase *vb)
{
	/* Ranks 1 (the own primary, not fieldless) and 5 (fieldless, not
	   the own primary) below: a fieldless one only at 5.  */
	return vb->fieldless && !vb->own_primary;
}

struct ph_error *ph_dw_arrange_bases(struct ph_dw_ctx *ctx,
				     struct ph_member_vec *vec,
				     const struct ph_dw_cxx_layout *l,
				     const uint32_t *vb_align)
{
	struct ph_member_vec out;
	struct ph_error *err = NULL;
	uint64_t *starts;
	size_t nb = 0;

	/* Direct bases in DWARF order are L's bases.  */
	if (!ph_dw_bases_listed(vec, l))
		return NULL;	/* keep DWARF's */
	/* Where the members start, sorted, for the bases' tails.  */
	starts = malloc((vec->n ? vec->n : 1) * sizeof(*starts));
	if (!starts)
		return &ph_error_nomem;
	for (size_t i = 0; i < vec->n; i++)
		starts[i] = vec->v[i].bit_offset / 8 * 8;
	qsort(starts, vec->n, sizeof(*starts), cmp_u64);
	nb = 0;
	for (size_t i = 0; i < vec->n; i++)
		if (vec->v[i].base) {
			struct ph_member *b = &vec->v[i];
			uint64_t next = first_after(starts, vec->n,
						    b->bit_offset);

			b->bit_size = l->bases[nb].bit_size;
			b->align = l->bases[nb].nvalign;
			b->virtual_base = l->bases[nb].virt;
			/* A member starting inside its data: the base is no
			   POD for layout (a [[no_unique_address]] member of
			   its own, which DWARF does not record) or smaller
			   than it looks; it takes what the offsets allow.  */
			if (!b->virtual_base && b->bit_size &&
			    next < b->bit_offset + 8 * b->size &&
			    b->bit_offset + b->bit_size > next) {
				b->bit_size = l->bases[nb].np_bit_size;
				if (b->bit_offset + b->bit_size > next)
					b->bit_size = next - b->bit_offset;
			}
			nb++;
		}
	free(starts);
	ph_member_vec_init(&out);
	for (int rank = 0; rank < 6 && !err; rank++) {
		if (rank == 1 || rank == 4 || rank == 5) {
			for (size_t k = 0; k < l->nvbases && !err; k++) {
				const struct ph_dw_cxx_vbase *vb = &l->vbases[k];
				Dwarf_Die die = vb->die;
				struct ph_member m;

				if ((rank == 1) != vb->own_primary ||
				    (rank == 5) != vb->fieldless)
					continue;
				memset(&m, 0, sizeof(m));
				m.name = "";
				m.base = m.virtual_base = true;
				m.bit_offset = 8 * vb->off;
				m.size = vb->size;
				m.bit_size = vb->bit_size;
				m.align = vb->nvalign;
				/* A fieldless one is listed with its type's
				   alignment (the plugin's TYPE_ALIGN), which
				   its offset need not honour (a primary base
				   shares its class's address): carried in
				   type_padding past the packing inference.  */
				if (vb->fieldless)
					m.type_padding = vb_align[k];
				if ((err = ph_dw_spell_member(ctx, &die, &m)) ||
				    (err = ph_member_vec_push(&out, &m)))
					break;
			}
		}
		if (rank == 4 || rank == 5)
			continue;
		nb = 0;
		for (size_t i = 0; i < vec->n && !err; i++) {
			struct ph_member *m = &vec->v[i];
			int r;

			if (m->base) {
				if (m->virtual_base) {
					nb++;
					continue;
				}
				r = (int)nb == l->primary_base ? 1 : 2;
				nb++;
			} else {
				r = is_vptr(m) ? 0 : 3;
			}
			if (r == rank)
				err = ph_member_vec_push(&out, m);
		}
	}
	if (err) {
		ph_member_vec_deinit(&out);
		return err;
	}
	ph_member_vec_deinit(vec);
	*vec = out;
	return NULL;
}

void ph_dw_settle_base_sizes(struct ph_member *v, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		struct ph_member *b = &v[i];
		uint64_t next = UINT64_MAX;

		if (!b->base || !b->bit_size || b->bit_size >= 8 * b->size)
			continue;
		for (size_t k = 0; k < n; k++)
			if (k != i && v[k].bit_size &&
			    v[k].bit_offset > b->bit_offset &&
			    v[k].bit_offset / 8 < next)
				next = v[k].bit_offset / 8;
		if (next >= b->bit_offset / 8 + b->size)
			b->bit_size = 8 * b->size;
	}
}

void ph_dw_settle_overlapped_bases(struct ph_member *v, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		struct ph_member *b = &v[i];

		if (!b->base || b->virtual_base || b->size != 1 ||
		    !b->bit_size)
			continue;
		for (size_t k = 0; k < n; k++)
			if (k != i && v[k].bit_size &&
			    !(v[k].occupies_less && !v[k].occupied) &&
			    v[k].bit_offset == b->bit_offset &&
			    (v[k].size > 1 || k > i)) {
				b->bit_size = 0;
				break;
			}
	}
}

struct ph_error *ph_dw_settle_unique_addresses(struct ph_dw_ctx *ctx,
					       struct ph_member *v,
					       const struct ph_dw_member_info *info,
					       size_t n, uint64_t base_bit,
					       uint64_t agg_size,
					       struct ph_dw_cxx_need *need)
{
	struct ph_error *err;
	bool vptr = false, known;

	need->pending = false;
	/* Members of a class type another member starts inside.  */
	for (size_t i = 0; i < n; i++) {
		struct ph_member *m = &v[i];
		uint64_t start = m->bit_offset, end = start + m->bit_size;
		uint64_t next = end, size;
		Dwarf_Die type;

		/* A class with a virtual base has a vptr at its start, its
		   own or its primary base's.  */
		vptr = vptr || m->virtual_base;
		if (m->base || m->bitfield || m->nested || !m->bit_size ||
		    info[i].empty)
			continue;
		for (size_t k = 0; k < n; k++) {
			const struct ph_member *o = &v[k];

			if (k != i && !info[k].empty && o->bit_size &&
			    o->bit_offset > start && o->bit_offset < next)
				next = o->bit_offset;
		}
		if (next >= end)
			continue;
		type = info[i].type;
		known = false;
		if (info[i].has_type &&
		    ((err = ph_dw_cxx_nua_size(ctx, &type, &known, &size,
					       need)) || need->pending))
			return err;
		if (!known || start + 8 * size > next)
			size = (next - start + 7) / 8;
		m->occupied = size;
		m->occupies_less = m->occupied < m->size;
	}
	/* Members of an empty class: sharing a byte of another's data (no
	   member without the attribute can), or in another's tail where
	   GCC had to place one with it: it tries offset 0 first, and goes
	   on from the end only when a subobject of its type is there.  */
	for (size_t i = 0; i < n; i++) {
		struct ph_member *m = &v[i];
		uint64_t start = m->bit_offset;
		bool shared, in_tail = false;

		if (m->base || m->nested || !m->bit_size || !info[i].empty)
			continue;
		shared = start - base_bit >= 8 * agg_size ||
			 (vptr && start - base_bit < 8 * ctx->addr_size);
		for (size_t k = 0; k < n && !shared; k++) {
			const struct ph_member *o = &v[k];
			uint64_t bits = o->occupies_less ? 8 * o->occupied
							 : o->bit_size;
			Dwarf_Die type = info[k].type;

			/* A virtual base is placed later (arrange_bases): it
			   is at no offset yet.  */
			if (k == i || !o->bit_size || o->virtual_base)
				continue;
			/* A base's data: not its tail, where the class goes
			   on.  */
			if (o->base && info[k].has_type) {
				if ((err = ph_dw_cxx_data_size(ctx, &type,
							       &known, &bits,
							       need)) ||
				    need->pending)
					return err;
				if (known)
					bits *= 8;
			}
			if (info[k].empty) {
				shared = k < i && !o->occupies_less &&
					 o->bit_offset == start;
				continue;
			}
			shared = o->bit_offset <= start &&
				 start < o->bit_offset + bits;
			/* A tail something may be placed in: a base's, a
			   [[no_unique_address]] member's reused.  */
			in_tail = in_tail || ((o->base || o->occupies_less) &&
					      o->bit_offset <= start &&
					      start < o->bit_offset +
						      8 * o->size);
		}
		if (!shared && in_tail && start != base_bit)
			for (size_t k = 0; k < i && !shared; k++) {
				const struct ph_member *o = &v[k];
				Dwarf_Die outer = info[k].type;
				Dwarf_Die type = info[i].type;

				if (o->bit_offset == base_bit &&
				    !o->virtual_base && info[k].has_type &&
				    !o->bitfield &&
				    ((err = ph_dw_cxx_empty_at0(ctx, &outer,
							       !o->base, &type,
							       &shared, need)) ||
				     need->pending))
					return err;
			}
		if (shared) {
			m->occupied = 0;
			m->occupies_less = true;
		}
	}
	return NULL;
}
