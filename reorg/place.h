/* The placement rule: where GCC puts a struct's members, and the size
   that makes, on the SysV x86-64 and i386 ABIs.

   A member goes at the first multiple of its alignment (the one the
   compiler gives it there: 1 when packed, the aligned() value when one
   is given, at most a #pragma pack's) at or after the end of what
   precedes it.  A bitfield follows the rule GCC implements
   (PCC_BITFIELD_TYPE_MATTERS): it starts right after what precedes it,
   unless it would then span more units of its declared type's alignment
   than its type has, when it moves to the next such unit; a packed
   bitfield (in a packed type, or packed itself) never moves.  `T :0`
   moves the next bitfield to a multiple of T's alignment, and unnamed
   bitfields take bits of their own: DWARF lists neither, so they come
   as a pad before the next member.  The size is the end rounded to the
   type's alignment.

   The engine (reorganize.c) replays orders with it; the DWARF reader
   tests with it whether a packing it guesses puts the members where
   they are (ph_place_replay).  The engine's searches place members in
   their inner loops: the rule is inline.  */
#ifndef PH_PLACE_H
#define PH_PLACE_H

#include "layout.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What the members do not show before a bitfield.  */
enum ph_place_pad_kind {
	PH_PLACE_PAD_NONE,
	PH_PLACE_PAD_ZERO,	/* `T :0`, T the bitfield's type */
	PH_PLACE_PAD_BITS,	/* unnamed bitfields taking BITS */
};

struct ph_place_pad {
	enum ph_place_pad_kind kind;
	uint64_t bits;
};

static inline uint64_t ph_align_up(uint64_t v, uint64_t a)
{
	return a > 1 ? (v + a - 1) / a * a : v;
}

/* A bitfield of WIDTH bits at POS would span more units of ALIGN bits
   than its type of TYPE_BITS has.  */
static inline bool ph_place_spans_excess(uint64_t pos, uint64_t width,
					 uint64_t align, uint64_t type_bits)
{
	uint64_t off = pos % align;

	return (off + width + align - 1) / align > type_bits / align;
}

/* Where M goes, aligned to ALIGN bytes, when what precedes it ends at
   bit *CUR of a struct that is PACKED or not; moves *CUR past it.  PAD
   (for a bitfield; NULL: none) is what precedes it unseen.  */
static inline uint64_t ph_place_member(const struct ph_member *m,
				       uint32_t align, bool packed,
				       const struct ph_place_pad *pad,
				       uint64_t *cur)
{
	uint64_t p = *cur;

	if (m->bitfield) {
		uint64_t a = (uint64_t)align * 8;

		if (pad && pad->kind == PH_PLACE_PAD_ZERO)
			p = ph_align_up(p, a);
		else if (pad && pad->kind == PH_PLACE_PAD_BITS)
			p += pad->bits;
		/* Aligned 1 on a type wider than a byte: packed itself.  */
		if (!packed && !(align == 1 && m->size > 1) && a &&
		    ph_place_spans_excess(p, m->bit_size, a, m->size * 8))
			p = ph_align_up(p, a);
	} else {
		p = ph_align_up(ph_align_up(p, 8),
				(uint64_t)(align ? align : 1) * 8);
	}
	*cur = p + m->bit_size;
	return p;
}

/* The bytes of a struct whose members end at bit END, aligned to ALIGN
   bytes.  */
static inline uint64_t ph_place_size(uint64_t end, uint32_t align)
{
	return ph_align_up(ph_align_up(end, 8) / 8, align ? align : 1);
}

/* A layout checked against the rule member by member, each from where
   the members before it actually end (not where the rule would have put
   them): the members the rule puts earlier than they are (a gap that
   only something DWARF does not list, or another packing, explains).  */
struct ph_place_replay {
	uint64_t base;		/* bit offset of the type */
	uint64_t end;		/* bits, from BASE: where the members end */
	unsigned gaps;
	bool packed;		/* the type is packed */
	/* Bitfields checked too; else they only move END.  */
	bool bitfields;
};

void ph_place_replay_init(struct ph_place_replay *r, uint64_t base_bit,
			  bool packed, bool bitfields);
/* M, which sits where its bit_offset says, aligned to ALIGN bytes.  */
void ph_place_replay_member(struct ph_place_replay *r,
			    const struct ph_member *m, uint32_t align);
/* Whether SIZE bytes is what the rule makes of the members so far and
   the type's alignment ALIGN; counts a gap when not.  */
bool ph_place_replay_size(struct ph_place_replay *r, uint32_t align,
			  uint64_t size);

#ifdef __cplusplus
}
#endif

#endif
