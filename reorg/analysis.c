#include "analysis.h"
#include "array.h"
#include "groups.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static uint64_t min_u64(uint64_t a, uint64_t b) { return a < b ? a : b; }
static uint64_t max_u64(uint64_t a, uint64_t b) { return a > b ? a : b; }

uint64_t ph_bitfield_unit_start(const struct ph_member *m)
{
	uint64_t unit = m->size * 8;

	if (unit == 0)
		return m->bit_offset & ~(uint64_t)7;
	return m->bit_offset / unit * unit;
}

/* The bits a member takes here: fewer than its type's for a
   [[no_unique_address]] member whose tail (or whole) others may use.  */
static uint64_t member_bits(const struct ph_member *m)
{
	return m->occupies_less ? 8 * m->occupied : m->bit_size;
}

static uint64_t member_end(const struct ph_member *m)
{
	return m->bit_offset + member_bits(m);
}

/* Where the space a member claims ends: the whole storage unit for a
   bitfield, capped at LIMIT (a packed type may end inside the unit).  */
static uint64_t unit_end(const struct ph_member *m, uint64_t limit)
{
	if (!m->bitfield)
		return member_end(m);
	return min_u64(ph_bitfield_unit_start(m) + m->size * 8, limit);
}

/* Tail of the layout after everything the members use: byte padding and,
   when the last member is a bitfield, the bits left in its unit.  */
static void tail(const struct ph_member *members, size_t n, uint64_t start_bit,
		 uint64_t size, bool is_union, uint64_t *padding,
		 uint64_t *bit_padding)
{
	uint64_t limit = start_bit + size * 8;
	uint64_t used = start_bit, claimed = start_bit;

	for (size_t i = 0; i < n; i++) {
		used = max_u64(used, member_end(&members[i]));
		/* The last storage unit of a struct reaches into the tail.
		   A union's members overlap, so its tail is simply what no
		   member uses.  */
		if (!is_union && i + 1 == n)
			claimed = max_u64(claimed,
					  unit_end(&members[i], limit));
	}
	claimed = max_u64(claimed, used);
	/* What ends inside a byte (a packed bitfield that crosses its unit,
	   a union's widest member a bitfield) leaves the rest of that byte
	   as bit padding.  */
	claimed = min_u64(start_bit + (claimed - start_bit + 7) / 8 * 8,
			  max_u64(limit, claimed));
	*bit_padding = claimed > used ? claimed - used : 0;
	uint64_t claimed_bytes = (claimed - start_bit + 7) / 8;
	*padding = size > claimed_bytes ? size - claimed_bytes : 0;
}

uint64_t ph_member_padding(const struct ph_member *m)
{
	const struct ph_member *in;

	if (m->type_padding || !ph_struct_group(m, NULL))
		return m->type_padding;
	in = &m->members[0];
	return ph_tail_padding(in->members, in->nr_members, in->bit_offset,
			       in->size, false);
}

uint64_t ph_tail_padding(const struct ph_member *members, size_t n,
			 uint64_t start_bit, uint64_t size, bool is_union)
{
	uint64_t padding, bit_padding;

	tail(members, n, start_bit, size, is_union, &padding, &bit_padding);
	return padding;
}

struct ph_error *ph_analyze(const struct ph_member *members, size_t n,
			    uint64_t start_bit, uint64_t size, bool is_union,
			    unsigned cacheline, struct ph_analysis *ret)
{
	struct ph_analysis a;

	memset(&a, 0, sizeof(a));
	a.nr_members = n;
	if (n) {
		a.gaps = calloc(n, sizeof(*a.gaps));
		if (!a.gaps)
			return &ph_error_nomem;
	}
	for (size_t i = 0; i < n; i++) {
		const struct ph_member *m = &members[i];

		/* Not size: a base or a [[no_unique_address]] member
		   occupies less than its sizeof when others reuse its tail
		   padding.  */
		if (m->bitfield)
			a.sum_bitfield_bits += m->bit_size;
		else
			a.sum_members += member_bits(m) / 8;
		if (m->explicit_align)
			a.forced_alignments++;
		uint64_t tp = ph_member_padding(m);

		if (tp) {
			a.nr_paddings++;
			a.sum_paddings += tp;
		}
	}

	if (!is_union && n) {
		uint64_t used = start_bit;	/* end of the bits in use */
		uint64_t unit = 0;		/* end of the previous unit */
		bool prev_bitfield = false;

		/* Before the first member: the bits in its storage unit
		   (unnamed bitfields there) are a bit hole, as pahole
		   counts them; whole bytes before the unit a hole.  */
		if (members[0].bit_offset > start_bit) {
			uint64_t hi = members[0].bit_offset;

			if (members[0].bitfield &&
			    ph_bitfield_unit_start(&members[0]) < hi) {
				uint64_t t = max_u64(start_bit,
					ph_bitfield_unit_start(&members[0]));
				a.leading_bit_hole = hi - t;
				hi = t;
			}
			a.leading_bit_hole += (hi - start_bit) % 8;
			a.leading_hole = (hi - start_bit) / 8;
		}
		for (size_t i = 0; i < n; i++) {
			const struct ph_member *m = &members[i];
			uint64_t lo = used, hi = m->bit_offset, bits = 0;

			if (i > 0 && hi > lo) {
				struct ph_gap *g = &a.gaps[i - 1];

				/* Gaps inside a storage unit are bit holes, at
				   either end of the gap.  */
				if (prev_bitfield && unit > lo) {
					uint64_t t = min_u64(hi, unit);
					bits += t - lo;
					lo = t;
				}
				if (m->bitfield &&
				    ph_bitfield_unit_start(m) < hi) {
					uint64_t t = max_u64(
						lo, ph_bitfield_unit_start(m));
					bits += hi - t;
					g->bit_hole_end = hi - t;
					hi = t;
				}
				bits += (hi - lo) % 8;
				g->hole = (hi - lo) / 8;
				g->hole_offset = (lo - start_bit + 7) / 8 +
						 start_bit / 8;
				g->bit_hole = bits;
			}
			if (i > 0) {
				if (m->bitfield && !prev_bitfield &&
				    ph_bitfield_unit_start(m) < used)
					a.gaps[i].combined_with_prev = true;
				if (!m->bitfield && prev_bitfield &&
				    m->bit_offset < unit)
					a.gaps[i].combined_with_next = true;
				if (a.gaps[i - 1].hole && m->explicit_align)
					a.gaps[i].forced_hole_before = true;
			}
			used = max_u64(used, member_end(m));
			prev_bitfield = m->bitfield;
			unit = m->bitfield ? unit_end(m, start_bit + size * 8)
					   : 0;
		}
		if (a.leading_bit_hole) {
			a.nr_bit_holes++;
			a.sum_bit_holes += a.leading_bit_hole;
		}
		if (a.leading_hole) {
			a.nr_holes++;
			a.sum_holes += a.leading_hole;
		}
		for (size_t i = 0; i < n; i++) {
			if (a.gaps[i].hole) {
				a.nr_holes++;
				a.sum_holes += a.gaps[i].hole;
			}
			if (a.gaps[i].bit_hole) {
				a.nr_bit_holes++;
				a.sum_bit_holes += a.gaps[i].bit_hole;
			}
			if (a.gaps[i].forced_hole_before) {
				a.forced_holes++;
				a.sum_forced_holes += a.gaps[i - 1].hole;
			}
		}
	}
	tail(members, n, start_bit, size, is_union, &a.padding,
	     &a.bit_padding);
	if (cacheline == 0)
		cacheline = 64;
	a.cachelines = (size + cacheline - 1) / cacheline;
	a.last_cacheline = size % cacheline;
	*ret = a;
	return NULL;
}

const struct ph_member *ph_member_inner_struct(const struct ph_member *m)
{
	if (!m->nested || m->bitfield)
		return NULL;
	if (m->nested_kind != PH_KIND_UNION)
		return m;
	if (ph_struct_group(m, NULL))
		return &m->members[0];
	return NULL;
}

/* Adds what lies inside the untagged structs among MEMBERS to A: their
   holes are holes of the type that holds them, their members its
   members (instead of the aggregate as one).  */
static struct ph_error *add_nested(const struct ph_member *members, size_t n,
				   unsigned cacheline, unsigned depth,
				   struct ph_analysis *a)
{
	for (size_t i = 0; i < n; i++) {
		const struct ph_member *s = ph_member_inner_struct(&members[i]);
		struct ph_analysis in;
		struct ph_error *err;

		if (!s || depth > 64)
			continue;
		if ((err = ph_analyze(s->members, s->nr_members,
				      s->bit_offset, s->size, false,
				      cacheline, &in)))
			return err;
		ph_analysis_deinit(&in);
		a->sum_members -= member_bits(&members[i]) / 8;
		a->sum_members += in.sum_members;
		a->sum_bitfield_bits += in.sum_bitfield_bits;
		a->nr_holes += in.nr_holes;
		a->sum_holes += in.sum_holes;
		a->nr_bit_holes += in.nr_bit_holes;
		a->sum_bit_holes += in.sum_bit_holes;
		a->nr_paddings += in.nr_paddings;
		a->sum_paddings += in.sum_paddings;
		if ((err = add_nested(s->members, s->nr_members, cacheline,
				      depth + 1, a)))
			return err;
	}
	return NULL;
}

struct ph_error *ph_analyze_type(const struct ph_type *t, unsigned cacheline,
				 struct ph_analysis *ret)
{
	struct ph_error *err;

	if ((err = ph_analyze(t->members, t->nr_members, 0, t->size,
			      t->kind == PH_KIND_UNION, cacheline, ret)))
		return err;
	if (t->kind == PH_KIND_UNION)
		return NULL;
	if ((err = add_nested(t->members, t->nr_members, cacheline, 0, ret)))
		ph_analysis_deinit(ret);
	return err;
}

struct regions {
	struct ph_region *v;
	size_t n, cap;
	bool failed;
};

static void region(struct regions *r, enum ph_region_kind kind, uint64_t bit,
		   uint64_t end, uint64_t count, long before)
{
	if (end <= bit || r->failed)
		return;
	if (ph_array_reserve(&r->v, &r->cap, r->n + 1, sizeof(*r->v))) {
		r->failed = true;
		return;
	}
	r->v[r->n++] = (struct ph_region){ kind, bit, end - bit, count,
					   before };
}

/* The unused bits [LO, HI) before member I + 1: a byte hole at its
   offset, bit holes on either side of it.  */
static void gap_regions(struct regions *r, const struct ph_gap *g,
			uint64_t lo, uint64_t hi, long i)
{
	uint64_t hlo = min_u64(max_u64(g->hole_offset * 8, lo), hi);
	uint64_t hhi = min_u64(hlo + g->hole * 8, hi);

	if (!g->hole)
		hlo = hhi = hi;
	region(r, PH_REGION_BIT_HOLE, lo, hlo, g->bit_hole, i);
	region(r, PH_REGION_HOLE, hlo, hhi, g->hole, i);
	region(r, PH_REGION_BIT_HOLE, hhi, hi, g->bit_hole, i);
}

struct ph_error *ph_analysis_regions(const struct ph_member *members,
				     size_t n, uint64_t start_bit,
				     uint64_t size, bool is_union,
				     const struct ph_analysis *a,
				     struct ph_region **ret, size_t *nr)
{
	struct regions r = { NULL, 0, 0, false };
	uint64_t used = start_bit;

	if (!is_union && n) {
		struct ph_gap lead = { .hole = a->leading_hole,
				       .hole_offset = start_bit / 8 };

		gap_regions(&r, &lead, start_bit, members[0].bit_offset, -1);
	}
	for (size_t i = 0; i < n; i++) {
		used = max_u64(used, member_end(&members[i]));
		if (!is_union && i + 1 < n &&
		    (a->gaps[i].hole || a->gaps[i].bit_hole))
			gap_regions(&r, &a->gaps[i], used,
				    members[i + 1].bit_offset, (long)i);
	}
	region(&r, PH_REGION_BIT_PADDING, used, used + a->bit_padding,
	       a->bit_padding, n ? (long)n - 1 : -1);
	region(&r, PH_REGION_PADDING, start_bit + 8 * (size - a->padding),
	       start_bit + 8 * size, a->padding, n ? (long)n - 1 : -1);
	if (r.failed) {
		free(r.v);
		return &ph_error_nomem;
	}
	*ret = r.v;
	*nr = r.n;
	return NULL;
}

void ph_analysis_deinit(struct ph_analysis *a)
{
	if (!a)
		return;
	free(a->gaps);
	a->gaps = NULL;
}
