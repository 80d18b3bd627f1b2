/* Packing, which DWARF does not record, read from the offsets: the
   largest P such that every member sits at a multiple of min(natural, P)
   and the size is a multiple of min(alignment, P).  If P is below the
   natural alignment and laying the members out with P reproduces every
   offset, the whole type is packed to P (pack(P), or packed when P = 1);
   otherwise only the members at misaligned offsets are packed (aligned
   1).  Without DW_AT_alignment, pack(P) gives way to packed, then to the
   members' packing, when those reproduce the offsets too: #pragma pack
   is the rarest source of the three.  The layouts are replayed with the
   engine's placement rule (reorg/place.h).
   A packed type whose members all happen to sit at aligned offsets and
   whose size is a multiple of its natural alignment cannot be told from
   an unpacked one; it is reported unpacked.  */
#include "packing.h"
#include "place.h"

#include <stdlib.h>
#include <string.h>

uint32_t ph_pow2_divisor(uint64_t n, uint32_t cap)
{
	uint32_t a = 1;

	if (n == 0)
		return 1;
	while (a < cap && n % (2 * (uint64_t)a) == 0)
		a *= 2;
	return a;
}

static uint32_t min32(uint32_t a, uint32_t b) { return a < b ? a : b; }
static uint32_t max32(uint32_t a, uint32_t b) { return a > b ? a : b; }

/* Every plain member at a multiple of min(natural, P), explicit ones at
   theirs, and the size a multiple of min(A, P).  */
static bool consistent(const struct ph_type *t, const uint32_t *natural,
		       uint64_t base, uint32_t a, uint32_t p)
{
	if (t->size % min32(a, p))
		return false;
	for (size_t i = 0; i < t->nr_members; i++) {
		const struct ph_member *m = &t->members[i];
		uint32_t want;

		if (m->bitfield)
			continue;
		want = m->explicit_align ? m->explicit_align
					 : min32(natural[i], p);
		if (want && (ph_member_offset(m) - base) % want)
			return false;
	}
	return true;
}

/* Bitfields are not checked against the placement rule (reorg/place.h)
   when guessing packing: they only end where they end.  Checking them
   counts the gaps an unnamed bitfield or `:0` leaves (DWARF lists
   neither) against a hypothesis, and reads worse: in pokehole.dwarf's
   random C types (seed 2000), two packed structs with an unnamed
   bitfield (s37, s57) come out with members aligned 1 where GCC says 4:
   4 fields differ from GCC instead of 2, 39 from the plugin instead of
   31.  */
enum { CHECK_BITFIELDS = false };

/* Laying the members out packed to P: how many gaps it does not explain
   (each needs unnamed bitfields, which DWARF does not list), the size
   not being the end rounded to the alignment packing leaves counting as
   one; 0 when it puts each member where it is.  */
static unsigned packed_gaps(const struct ph_type *t, const uint32_t *natural,
			    uint64_t base, uint32_t p, uint32_t type_explicit)
{
	struct ph_place_replay r;
	uint32_t align = 1;

	for (size_t i = 0; i < t->nr_members; i++)
		align = max32(align, t->members[i].explicit_align
				     ? t->members[i].explicit_align
				     : min32(natural[i] ? natural[i] : 1, p));
	align = max32(align, type_explicit);
	if (t->kind == PH_KIND_UNION)
		return t->size % align == 0 ? 0 : UINT32_MAX;
	ph_place_replay_init(&r, base * 8, p == 1, CHECK_BITFIELDS);
	for (size_t i = 0; i < t->nr_members; i++) {
		const struct ph_member *m = &t->members[i];
		uint32_t a;

		/* A bitfield keeps its declared type's alignment, none when
		   packed (as pack_whole() gives it).  */
		if (m->bitfield)
			a = p == 1 ? 1 : natural[i];
		else
			a = m->explicit_align ? m->explicit_align
					      : min32(natural[i], p);
		ph_place_replay_member(&r, m, a);
	}
	/* Packed to P, the size is the end rounded to the alignment that
	   packing leaves: a struct that is bigger is not packed so.  */
	ph_place_replay_size(&r, align, t->size);
	return r.gaps;
}

/* A member's alignment when only the members at misaligned offsets are
   packed (the type itself not).  */
static uint32_t member_unpacked(const struct ph_member *m, uint32_t n,
				uint64_t base)
{
	uint64_t off = ph_member_offset(m) - base;

	n = n ? n : 1;
	if (m->bitfield)
		return n;
	if (m->explicit_align && off % m->explicit_align == 0)
		return m->explicit_align < n ? m->explicit_align
					     : max32(m->explicit_align, n);
	if (m->explicit_align || off % n)
		return 1;
	return n;
}

/* The same count when the type is not packed, only its misaligned
   members; UINT32_MAX when the alignment that leaves does not divide the
   size (a size is a multiple of the alignment).  */
static unsigned unpacked_gaps(const struct ph_type *t, const uint32_t *natural,
			      uint64_t base, uint32_t type_explicit)
{
	struct ph_place_replay r;
	uint32_t align = max32(type_explicit, 1);

	for (size_t i = 0; i < t->nr_members; i++)
		align = max32(align, member_unpacked(&t->members[i],
						     natural[i], base));
	if (t->size % align)
		return UINT32_MAX;
	if (t->kind == PH_KIND_UNION)
		return 0;
	ph_place_replay_init(&r, base * 8, false, CHECK_BITFIELDS);
	for (size_t i = 0; i < t->nr_members; i++)
		ph_place_replay_member(&r, &t->members[i],
				       member_unpacked(&t->members[i],
						       natural[i], base));
	ph_place_replay_size(&r, align, t->size);
	return r.gaps;
}

/* Packed as a whole to P (below the natural alignment)?  When packing
   explains every offset, yes; else only the misaligned members are taken
   as packed, unless the alignment that leaves does not divide the size.
   (Gaps that unnamed bitfields leave, which DWARF does not list, cannot
   tell the two apart.)  */
static bool packed_whole(const struct ph_type *t, const uint32_t *natural,
			 uint64_t base, uint32_t p, uint32_t type_explicit)
{
	return packed_gaps(t, natural, base, p, type_explicit) == 0 ||
	       unpacked_gaps(t, natural, base, type_explicit) == UINT32_MAX;
}

/* The members of T packed as a whole to P; returns the alignment they
   make.  */
static uint32_t pack_whole(struct ph_type *t, const uint32_t *natural,
			   uint32_t p)
{
	uint32_t align = 1;

	t->packed = p == 1;
	for (size_t i = 0; i < t->nr_members; i++) {
		struct ph_member *m = &t->members[i];

		/* A bitfield is placed with its declared type's alignment,
		   none when packed (pack(N) leaves it).  */
		if (m->bitfield)
			m->align = p == 1 ? 1 : natural[i];
		else if (m->explicit_align)
			m->align = m->explicit_align;
		else
			m->align = min32(natural[i], p);
		/* aligned(N) below its type's alignment: packed too (pragma
		   pack writes no DW_AT_alignment); in a packed type, that
		   says nothing of the member.  */
		if (!m->bitfield && m->explicit_align && p > 1 &&
		    m->explicit_align < natural[i])
			m->packed = true;
		if (!m->bitfield)
			align = max32(align, m->align);
	}
	return align;
}

/* The members of T packed one by one where their offsets (or
   MEMBERS_PACKED, for those above TYPE_EXPLICIT) say so; returns the
   alignment they make.  */
static uint32_t pack_members(struct ph_type *t, const uint32_t *natural,
			     uint64_t base, bool members_packed,
			     uint32_t type_explicit)
{
	uint32_t align = 1;

	t->packed = false;
	for (size_t i = 0; i < t->nr_members; i++) {
		struct ph_member *m = &t->members[i];

		if (m->bitfield) {
			uint32_t n = natural[i] ? natural[i] : 1;
			uint64_t in_unit = (m->bit_offset - 8 * base) % (8 * n);

			/* One that crosses a storage unit of its type
			   is placed without alignment: packed.  */
			m->align = m->size && in_unit + m->bit_size > 8 * m->size
				   ? 1 : n;
			align = max32(align, m->align);
			continue;
		}
		uint64_t off = ph_member_offset(m) - base;

		if (m->explicit_align && off % m->explicit_align == 0) {
			/* aligned(N) below the type's own alignment is only
			   possible with packed.  */
			if (m->explicit_align < natural[i])
				m->packed = true;
			else
				m->explicit_align =
					max32(m->explicit_align, natural[i]);
			m->align = m->explicit_align;
		} else if (m->explicit_align ||
			   (natural[i] && off % natural[i]) ||
			   (members_packed && natural[i] > type_explicit)) {
			/* Where no alignment it claims allows: packed,
			   whatever its type asks.  */
			m->align = 1;
			m->packed = true;
			m->explicit_align = 0;
			/* An untagged aggregate without a name cannot be
			   packed as a member, only as a type (`union {...}
			   __attribute__((packed));`): its members are.  */
			if (m->nested && !*m->name) {
				m->packed = false;
				for (size_t k = 0; k < m->nr_members; k++)
					if (!m->members[k].explicit_align)
						m->members[k].align = 1;
			}
		} else {
			m->align = natural[i] ? natural[i] : 1;
		}
		align = max32(align, m->align);
	}
	return align;
}

/* Whether packing only T's misaligned member makes the alignment
   TYPE_EXPLICIT, with one such member (more is a packed type, as the
   kernel's sctp_paddrparams).  */
static bool misaligned_alone(const struct ph_type *t, const uint32_t *natural,
			     uint64_t base, uint32_t type_explicit)
{
	uint32_t align = 1;
	size_t n = 0;

	for (size_t i = 0; i < t->nr_members; i++) {
		const struct ph_member *m = &t->members[i];
		uint64_t off = ph_member_offset(m) - base;
		uint32_t ma = m->explicit_align ? m->explicit_align :
			      natural[i] ? natural[i] : 1;

		if (!m->bitfield && off % ma) {
			n++;
			ma = 1;
		}
		align = max32(align, ma);
	}
	return n == 1 && align == type_explicit;
}

struct ph_error *ph_infer_packing(struct ph_type *t,
				     const uint32_t *natural,
				     uint64_t base_bit, uint32_t type_explicit)
{
	uint64_t base = base_bit / 8;
	uint32_t a = 1, p, align;
	bool any_explicit = false, members_packed = false;

	for (size_t i = 0; i < t->nr_members; i++) {
		a = max32(a, natural[i] ? natural[i] : 1);
		if (t->members[i].explicit_align)
			any_explicit = true;
	}
	for (p = a; p > 1 && !consistent(t, natural, base, a, p); p /= 2)
		;
	/* DW_AT_alignment is the type's alignment.  Below what its members
	   ask, only packed can have made it: the type's own (`packed,
	   aligned(N)`), or members' (`T m __attribute__((packed))`).
	   DWARF reads the same either way (dwarf/selftest.sh shows such
	   pairs); the members' reading is taken where the evidence is for
	   it: a member whose own DW_AT_alignment (GCC writes the type's
	   when a member has one) explains the type's with at most one
	   other member to pack, or members misaligned where packing them
	   alone makes exactly the type's alignment.  Otherwise, and when the
	   offsets allow nothing but packed, the type is packed.  */
	if (type_explicit && type_explicit < a) {
		bool explained = false;
		size_t above = 0;

		for (size_t i = 0; i < t->nr_members; i++) {
			const struct ph_member *m = &t->members[i];

			if (m->explicit_align &&
			    m->explicit_align <= type_explicit)
				explained = true;
			if (!m->bitfield && !m->explicit_align &&
			    natural[i] > type_explicit)
				above++;
		}
		if (p > 1 && explained && above <= 1)
			members_packed = true;
		else if (p > 1 && misaligned_alone(t, natural, base,
						    type_explicit))
			p = a;	/* the members' reading, below */
		else
			p = 1;
	}
	/* No DW_AT_alignment, and pack(P) lays the members out where they
	   are: if packed does too, packed; else if packing only the members
	   at misaligned offsets does, that.  #pragma pack(P) is rare next
	   to __attribute__((packed)) on types and members.  (Measured on
	   the random corpora, which have no pragma: 19 to 13 alignments
	   read otherwise than GCC, 38 to 31 fields otherwise than the
	   plugin.)  */
	if (p > 1 && p < a && !type_explicit &&
	    packed_whole(t, natural, base, p, 0)) {
		if (packed_gaps(t, natural, base, 1, 0) == 0)
			p = 1;
		else if (unpacked_gaps(t, natural, base, 0) == 0)
			p = a;
	}
	if (p < a && packed_whole(t, natural, base, p, type_explicit)) {
		align = pack_whole(t, natural, p);
		/* pack(P) that does not make the DW_AT_alignment a member's
		   made, where packing members one by one does: the members it
		   is.  (`packed, aligned(N)` on the type itself is common:
		   packed stays.)  */
		if (p > 1 && any_explicit && type_explicit &&
		    align != type_explicit) {
			struct ph_member *saved =
				malloc(t->nr_members * sizeof(*saved));
			uint32_t ma;

			if (!saved)
				return &ph_error_nomem;
			memcpy(saved, t->members,
			       t->nr_members * sizeof(*saved));
			ma = pack_members(t, natural, base, members_packed,
					  type_explicit);
			if (ma == type_explicit) {
				align = ma;
			} else {
				memcpy(t->members, saved,
				       t->nr_members * sizeof(*saved));
				t->packed = p == 1;
			}
			free(saved);
		}
	} else {
		align = pack_members(t, natural, base, members_packed,
				     type_explicit);
	}
	if (type_explicit)
		align = max32(align, type_explicit);
	t->align = align;
	t->explicit_align = (type_explicit || any_explicit) ? align : 0;
	return NULL;
}
