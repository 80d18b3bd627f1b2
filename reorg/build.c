/* An order of the units as a new type: the members at their new
   offsets, the pads the original implied spelled out.  */
#include "engine.h"

#include <stdlib.h>
#include <string.h>

const char *ph_reorg_unit_name(const struct ph_reorg_engine *e, size_t unit)
{
	if (unit == SIZE_MAX)
		return "";
	return e->t->members[e->units[unit].first].name;
}

/* The members of an untagged aggregate have their offsets from the
   outermost type: moving it by DELTA bits moves them, in copies.  */
void ph_reorg_shift_nested(struct ph_member *m, int64_t delta,
			   struct ph_model *model, bool *nomem)
{
	if (!m->nested || !m->nr_members)
		return;
	struct ph_member *copy = ph_arena_memdup(&model->arena, m->members,
					m->nr_members * sizeof(*copy));
	if (!copy) {
		*nomem = true;
		return;
	}
	for (size_t i = 0; i < m->nr_members; i++) {
		copy[i].bit_offset = (uint64_t)((int64_t)copy[i].bit_offset + delta);
		ph_reorg_shift_nested(&copy[i], delta, model, nomem);
	}
	m->members = copy;
}

/* Unnamed bitfields filling [FROM, FROM + BITS): each as wide as its
   position allows (int, short, char), so none moves to a next unit and
   the printed definition compiles to the layout the engine predicts.
   Unnamed bitfields make no alignment.  Into MS from *K when MS.  */
static size_t pad_members(uint64_t from, uint64_t bits,
			  struct ph_member *ms, size_t *k)
{
	static const struct {
		const char *type;
		unsigned width;
	} kinds[] = { { "int", 32 }, { "short int", 16 }, { "char", 8 } };
	size_t n = 0;

	while (bits) {
		/* The widest piece starting here that fills bits wholly;
		   else a char piece up to the next byte.  */
		size_t kind = 2;
		uint64_t w = 8 - from % 8;

		for (size_t i = 0; i < 3; i++) {
			if (from % kinds[i].width == 0 && bits >= kinds[i].width) {
				kind = i;
				w = kinds[i].width;
				break;
			}
		}
		if (w > bits)
			w = bits;
		if (ms) {
			struct ph_member *m = &ms[(*k)++];

			memset(m, 0, sizeof(*m));
			m->name = m->name_pre = m->name_post = "";
			m->type = kinds[kind].type;
			m->bitfield = true;
			m->bit_offset = from;
			m->bit_size = w;
			m->size = kinds[kind].width / 8;
			m->align = 1;
		}
		from += w;
		bits -= w;
		n++;
	}
	return n;
}

/* The type laid out in ORDER, as a new type in MODEL.  */
struct ph_error *ph_reorg_build_type(const struct ph_reorg_engine *e,
				     struct ph_model *model,
				     const size_t *order,
				     const struct ph_type **ret)
{
	const struct ph_type *t = e->t;
	uint64_t *pos = calloc(e->nr_items + 1, sizeof(*pos));
	uint64_t *before = calloc(e->nr_items + 1, sizeof(*before));
	struct ph_member *ms = NULL;
	struct ph_type nt = *t;
	bool nomem = false;
	size_t k = 0, n = 0;
	uint64_t cur = 0;

	if (!pos || !before) {
		free(pos);
		free(before);
		return &ph_error_nomem;
	}
	/* Where each item goes, and where the one before it ended: a pad
	   inferred before it (an unnamed bitfield of the original) is
	   spelled out there.  */
	for (size_t i = 0; i < e->nr_units; i++) {
		const struct ph_reorg_unit *u = &e->units[order[i]];

		for (size_t j = 0; j < u->count; j++) {
			const struct ph_reorg_item *it = &e->items[u->first + j];

			before[u->first + j] = cur;
			pos[u->first + j] = ph_reorg_place(e, it, &cur);
			n += 1 + (it->pad.kind == PH_PLACE_PAD_ZERO) +
			     (it->pad.kind == PH_PLACE_PAD_BITS ?
			      pad_members(before[u->first + j], it->pad.bits,
					  NULL, NULL) : 0);
		}
	}
	uint64_t end = cur;
	n += pad_members(end, e->tail_bits, NULL, NULL);
	if (n) {
		ms = ph_arena_alloc(&model->arena, n * sizeof(*ms));
		if (!ms) {
			free(pos);
			free(before);
			return &ph_error_nomem;
		}
	}
	for (size_t i = 0; i < e->nr_units; i++) {
		const struct ph_reorg_unit *u = &e->units[order[i]];

		for (size_t j = 0; j < u->count; j++) {
			size_t it = u->first + j;
			const struct ph_reorg_item *item = &e->items[it];

			if (item->pad.kind == PH_PLACE_PAD_ZERO) {
				/* `T :0`, T the next bitfield's type: it
				   aligns to T as the engine does.  */
				struct ph_member *z = &ms[k++];

				*z = t->members[it];
				z->name = z->name_pre = z->name_post = "";
				z->bit_size = 0;
				z->bit_offset = pos[it];
				z->nested = false;
				z->members = NULL;
				z->nr_members = 0;
			} else if (item->pad.kind == PH_PLACE_PAD_BITS) {
				pad_members(before[it], item->pad.bits, ms,
					    &k);
			}
			ms[k] = t->members[it];
			ms[k].bit_offset = pos[it];
			ph_reorg_shift_nested(&ms[k], (int64_t)pos[it] -
				     (int64_t)t->members[it].bit_offset, model,
				     &nomem);
			k++;
		}
	}
	pad_members(end, e->tail_bits, ms, &k);
	free(pos);
	free(before);
	if (nomem)
		return &ph_error_nomem;
	nt.members = ms;
	nt.nr_members = k;
	nt.size = ph_reorg_type_end(e, end);
	if (nt.size < t->size && t->kind != PH_KIND_UNION && !e->nr_items)
		nt.size = t->size;
	/* In the arena, not in the model's list of types: a suggestion is
	   not a type the compiler made.  */
	*ret = ph_arena_memdup(&model->arena, &nt, sizeof(nt));
	return *ret ? NULL : &ph_error_nomem;
}

