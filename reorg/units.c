/* The members as the engine moves them: units, and the original order
   replayed to find what the members do not show.  */
#include "engine.h"
#include "groups.h"

#include <stdlib.h>

/* Unnamed bits a suggestion spells out as unnamed bitfields, at most
   (the kernel's __kernel_timex reserves 352): more, and the type is
   left alone, not printed with thousands of `int :32;`.  */
enum { MAX_PAD_BITS = 64 * 32 };
static const char too_many_pad_bits[] =
	"more unnamed bits than a suggestion should spell out";

/* Replays the original order, inferring the pads the members do not
   show.  False when the rules do not reproduce the compiler's layout.  */
bool ph_reorg_replay(struct ph_reorg_engine *e, const char **why)
{
	uint64_t cur = 0;

	for (size_t i = 0; i < e->nr_items; i++) {
		struct ph_reorg_item *it = &e->items[i];
		const struct ph_member *m = it->m;
		uint64_t probe = cur, p;

		p = ph_reorg_place(e, it, &probe);
		if (p != m->bit_offset && m->bitfield) {
			it->pad.kind = PH_PLACE_PAD_ZERO;
			probe = cur;
			p = ph_reorg_place(e, it, &probe);
			if (p != m->bit_offset && m->bit_offset > cur) {
				if (m->bit_offset - cur > MAX_PAD_BITS) {
					*why = too_many_pad_bits;
					return false;
				}
				it->pad.kind = PH_PLACE_PAD_BITS;
				it->pad.bits = m->bit_offset - cur;
				probe = cur;
				p = ph_reorg_place(e, it, &probe);
			}
		}
		if (p != m->bit_offset) {
			*why = m->bitfield
				? "bitfield placement rules not understood"
				: "member placement rules not understood "
				  "(packed or aligned members, pragma pack?)";
			return false;
		}
		cur = probe;
	}
	/* Reserved bits at the end (`int :32;` after the last member): the
	   size is more than the members and the alignment make.  */
	if (e->t->kind != PH_KIND_UNION &&
	    ph_reorg_type_end(e, cur) < e->t->size && e->t->size * 8 > cur) {
		if (e->t->size * 8 - cur > MAX_PAD_BITS) {
			*why = too_many_pad_bits;
			return false;
		}
		e->tail_bits = e->t->size * 8 - cur;
	}
	return true;
}

/* Units: bitfield runs, other members one each.  */
struct ph_error *ph_reorg_make_units(struct ph_reorg_engine *e,
				     unsigned cacheline, bool cross_groups)
{
	const struct ph_type *t = e->t;

	e->items = calloc(t->nr_members ? t->nr_members : 1, sizeof(*e->items));
	e->units = calloc(t->nr_members ? t->nr_members : 1, sizeof(*e->units));
	if (!e->items || !e->units)
		return &ph_error_nomem;
	e->nr_items = t->nr_members;
	for (size_t i = 0; i < t->nr_members; i++)
		e->items[i].m = &t->members[i];
	for (size_t i = 0; i < t->nr_members;) {
		struct ph_reorg_unit *u = &e->units[e->nr_units++];
		const struct ph_member *m = &t->members[i];

		u->first = i;
		u->count = 1;
		if (m->bitfield)
			while (i + u->count < t->nr_members &&
			       t->members[i + u->count].bitfield)
				u->count++;
		for (size_t k = 0; k < u->count; k++) {
			const struct ph_member *mk = &t->members[i + k];

			u->bits += mk->bit_size;
			if (mk->align > u->align)
				u->align = mk->align;
		}
		if (!u->align)
			u->align = 1;
		u->fence = ph_group_marker(m);
		u->fixed = m->base || m->artificial || m->virtual_base ||
			   m->flexible || u->fence ||
			   (!cross_groups && m->explicit_align &&
			    m->explicit_align >= cacheline);
		i += u->count;
	}
	/* Plain members of one size and alignment are interchangeable.  */
	for (size_t i = 0; i < e->nr_units; i++) {
		struct ph_reorg_unit *u = &e->units[i];
		const struct ph_member *m = &t->members[u->first];

		u->cls = (int)i;
		if (u->count != 1 || m->bitfield)
			continue;
		for (size_t j = 0; j < i; j++) {
			const struct ph_reorg_unit *v = &e->units[j];
			const struct ph_member *n = &t->members[v->first];

			if (v->count == 1 && !n->bitfield &&
			    n->bit_size == m->bit_size && n->align == m->align) {
				u->cls = v->cls;
				break;
			}
		}
	}
	return NULL;
}
