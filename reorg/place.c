#include "place.h"

void ph_place_replay_init(struct ph_place_replay *r, uint64_t base_bit,
			  bool packed, bool bitfields)
{
	r->base = base_bit;
	r->end = 0;
	r->gaps = 0;
	r->packed = packed;
	r->bitfields = bitfields;
}

void ph_place_replay_member(struct ph_place_replay *r,
			    const struct ph_member *m, uint32_t align)
{
	uint64_t at = m->bit_offset - r->base, probe = r->end, end;

	if (!m->bitfield || r->bitfields) {
		if (at > ph_place_member(m, align, r->packed, NULL, &probe))
			r->gaps++;
	}
	end = at + (m->bitfield ? m->bit_size : 8 * m->size);
	if (end > r->end)
		r->end = end;
}

bool ph_place_replay_size(struct ph_place_replay *r, uint32_t align,
			  uint64_t size)
{
	if (ph_place_size(r->end, align) == size)
		return true;
	r->gaps++;
	return false;
}
