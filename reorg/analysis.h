/* What a layout wastes, computed from its members and nothing else: holes
   between members, bit holes inside bitfield storage units, tail padding,
   cachelines.  Nothing here is stored in the model; everything is derived
   on demand, so a reorganized layout can never carry stale holes.

   The accounting follows pahole's, so that figures read the same:
   - a gap inside a bitfield's storage unit is a bit hole, a gap between
     storage units (or plain members) a byte hole;
   - "sum members" adds the sizes of non-bitfield members, bitfields are
     summed in bits on their own;
   - tail padding is counted from the end of the last storage unit; the
     unused bits at the end of that unit are "bit padding".  */
#ifndef PH_ANALYSIS_H
#define PH_ANALYSIS_H

#include "layout.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What lies between member i and member i + 1 (or the end, for the last
   one), and how member i relates to its neighbours.  */
struct ph_gap {
	uint64_t hole;		/* bytes */
	uint64_t hole_offset;	/* where the byte hole starts */
	uint64_t bit_hole;	/* bits */
	/* Of those, the bits right before the next member (in its storage
	   unit); the others start where this member ends.  Apart when a
	   byte hole lies between them.  */
	uint64_t bit_hole_end;
	/* Before member i: its storage unit starts inside the previous
	   member (a bitfield sharing bytes with a plain member).  */
	bool combined_with_prev;
	/* Before member i: it starts inside the previous bitfield's unit.  */
	bool combined_with_next;
	/* The byte hole before member i exists because of its aligned().  */
	bool forced_hole_before;
};

struct ph_analysis {
	size_t nr_members;
	struct ph_gap *gaps;	/* one per member */
	/* A hole before the first member (offset not at the start).  */
	uint64_t leading_hole;
	/* Bits before the first member, in its storage unit (they end
	   where it starts).  */
	uint64_t leading_bit_hole;
	uint64_t sum_members;	/* bytes the non-bitfield members occupy */
	uint64_t sum_bitfield_bits;
	unsigned nr_holes, nr_bit_holes;
	uint64_t sum_holes, sum_bit_holes;
	uint64_t padding;	/* bytes */
	uint64_t bit_padding;	/* bits */
	unsigned nr_paddings;	/* members whose type has tail padding */
	uint64_t sum_paddings;
	unsigned forced_alignments, forced_holes;
	uint64_t sum_forced_holes;
	uint64_t cachelines;
	uint64_t last_cacheline;	/* size % cacheline, 0 when it divides */
};

/* Analyses MEMBERS (in offset order), which occupy bits [START_BIT,
   START_BIT + 8 * SIZE) of the outermost type.  A union's members overlap
   by design and have no holes.  CACHELINE is in bytes (> 0).  */
struct ph_error *ph_analyze(const struct ph_member *members, size_t n,
			    uint64_t start_bit, uint64_t size, bool is_union,
			    unsigned cacheline, struct ph_analysis *ret);
/* The same of a whole type, whose totals (holes, bit holes, members)
   also count what lies inside its untagged nested structs and
   struct_group()s: their holes are the type's holes, their members its
   members, as the footer reports them.  GAPS are the outer level's.  */
struct ph_error *ph_analyze_type(const struct ph_type *t, unsigned cacheline,
				 struct ph_analysis *ret);
void ph_analysis_deinit(struct ph_analysis *a);

/* Where the bytes and bits no member of a level uses lie, as A (the
   analysis of the same MEMBERS, START_BIT, SIZE and IS_UNION) counts
   them: so that a picture of the layout shows what the figures say.  */
enum ph_region_kind {
	PH_REGION_HOLE,		/* a byte hole: A's gaps and leading_hole */
	PH_REGION_BIT_HOLE,	/* a bit hole, or the bits beside a hole */
	PH_REGION_BIT_PADDING,	/* A's bit_padding */
	PH_REGION_PADDING,	/* A's tail padding */
};

struct ph_region {
	enum ph_region_kind kind;
	uint64_t bit, bits;	/* from bit 0 of the outermost type */
	/* The hole or padding this region is part of, in bytes or bits as
	   the analysis counts it (a hole's bytes, a bit hole's bits).  */
	uint64_t count;
	/* The member before it, for a hole or bit hole: -1 for none.  */
	long before;
};

/* The regions of the level MEMBERS, in bit order, into *RET (malloc'd,
   *N of them; NULL and 0 for none).  */
struct ph_error *ph_analysis_regions(const struct ph_member *members,
				     size_t n, uint64_t start_bit,
				     uint64_t size, bool is_union,
				     const struct ph_analysis *a,
				     struct ph_region **ret, size_t *nr);

/* The first bit of a bitfield's storage unit: the unit is the member's
   declared type, at a multiple of its size.  */
uint64_t ph_bitfield_unit_start(const struct ph_member *m);

/* The struct whose bytes are M's own, whose holes are those of the type
   holding M: an untagged struct member itself, the anonymous half of a
   struct_group() union; NULL for anything else (a union's members
   overlap: what one leaves unused another may use).  */
const struct ph_member *ph_member_inner_struct(const struct ph_member *m);

/* The tail padding of M's own type (pahole's "last struct has N bytes
   of padding"): its type_padding, or a struct_group()'s members' (its
   union has none of its own).  */
uint64_t ph_member_padding(const struct ph_member *m);

/* Tail padding in bytes of a type whose members are MEMBERS, as
   ph_analyze would count it, for ph_member.type_padding.  */
uint64_t ph_tail_padding(const struct ph_member *members, size_t n,
			 uint64_t start_bit, uint64_t size, bool is_union);

#ifdef __cplusplus
}
#endif

#endif
