/* A layout's map before it is drawn (svg-map.h).  */
#include "svg-map.h"
#include "svg-text.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "../reorg/array.h"

struct piece *ph_svg_push(struct map *c, enum piece_kind kind, uint64_t bit,
			  uint64_t bits, double top, double height)
{
	struct piece *p;

	if (ph_array_reserve(&c->pieces, &c->cap_pieces, c->nr_pieces + 1,
			     sizeof(*c->pieces))) {
		c->failed = true;
		return NULL;
	}
	p = &c->pieces[c->nr_pieces];
	memset(p, 0, sizeof(*p));
	p->kind = kind;
	p->bit = bit;
	p->bits = bits;
	p->top = top;
	p->height = height;
	p->path = "";
	p->before = "";
	p->order = c->nr_pieces++;
	return p;
}

static const char *cat(struct map *c, const char *a, const char *b,
		       const char *sep)
{
	size_t la = strlen(a), lb = strlen(b), ls = strlen(sep);
	char *s = ph_arena_alloc(&c->arena, la + lb + ls + 1);

	if (!s) {
		c->failed = true;
		return "";
	}
	memcpy(s, a, la);
	memcpy(s + la, b, lb);
	memcpy(s + la + lb, sep, ls + 1);
	return s;
}

/* The members MS of one level, whose bits are [START_BIT, START_BIT +
   8 * SIZE), in the lane TOP, H of the row; PREFIX their paths'.  */
void ph_svg_walk(struct map *c, const struct ph_member *ms, size_t n,
		 uint64_t start_bit, uint64_t size, bool is_union,
		 const char *prefix, double top, double h, bool in_union)
{
	struct ph_analysis a;
	struct ph_region *r = NULL;
	size_t nr = 0;

	if (c->depth > 32 || c->failed)
		return;
	if (ph_analyze(ms, n, start_bit, size, is_union, c->cacheline, &a)) {
		c->failed = true;
		return;
	}
	if (ph_analysis_regions(ms, n, start_bit, size, is_union, &a, &r,
				&nr))
		c->failed = true;
	ph_analysis_deinit(&a);
	for (size_t i = 0; i < nr; i++) {
		struct piece *p = ph_svg_push(c, PK_UNUSED, r[i].bit, r[i].bits, top,
				       h);

		if (!p)
			break;
		p->r = r[i];
		p->inner = in_union;
		if (!in_union)
			c->unused_bits += r[i].bits;
		if (r[i].before >= 0 && r[i].kind != PH_REGION_PADDING &&
		    r[i].kind != PH_REGION_BIT_PADDING)
			p->before = ms[r[i].before].name;
	}
	free(r);
	for (size_t i = 0; i < n && !c->failed; i++) {
		const struct ph_member *m = &ms[i];
		double lt = top, lh = h;
		const char *path = *m->name ? cat(c, prefix, m->name, "") : "";
		const struct ph_member *in = ph_member_inner_struct(m);
		struct piece *p;

		if (is_union && n > 1) {
			lh = h / (double)n;
			lt = top + lh * (double)i;
		}
		if (lh < c->min_lane)
			c->min_lane = lh;
		if (m->nested && !m->bitfield) {
			const char *inner_prefix;

			p = ph_svg_push(c, PK_NEST, m->bit_offset, 8 * m->size, lt,
				 lh);
			if (!p)
				return;
			p->m = m;
			p->path = path;
			/* A struct_group's name is its named half's.  */
			if (in && in != m)
				p->path = cat(c, prefix, m->members[1].name,
					      "");
			inner_prefix = *m->name ? cat(c, path, ".", "")
						: prefix;
			c->depth++;
			/* A nested union is one member, as the analysis
			   counts it: what its members leave unused, its
			   padding too, is drawn but is not the type's.  */
			if (in)
				ph_svg_walk(c, in->members, in->nr_members,
				     in->bit_offset, in->size, false,
				     in == m ? inner_prefix : prefix, lt, lh,
				     in_union || is_union);
			else
				ph_svg_walk(c, m->members, m->nr_members,
				     m->bit_offset, m->size, true,
				     inner_prefix, lt, lh, true);
			c->depth--;
			continue;
		}
		uint64_t bits = m->occupies_less ? 8 * m->occupied
						 : m->bit_size;

		p = ph_svg_push(c, bits ? PK_MEMBER : PK_MARK, m->bit_offset, bits,
			 lt, lh);
		if (!p)
			return;
		p->m = m;
		p->path = path;
		p->color = c->colors++ % NR_COLORS;
	}
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

int ph_svg_cmp_seg(const void *a, const void *b)
{
	const struct seg *x = a, *y = b;

	if (x->span != y->span)
		return x->span < y->span ? -1 : 1;
	if (x->kind != y->kind)
		return x->kind < y->kind ? -1 : 1;
	return x->piece < y->piece ? -1 : x->piece > y->piece;
}

/* The rows of a type of SIZE bytes: each cacheline, but for the runs of
   at least three full lines where no piece starts or ends, drawn once
   after the first of them (a 64 KiB array is not 1,024 rows).  */
struct ph_error *ph_svg_make_spans(struct map *c, uint64_t size,
				   struct span **ret, size_t *nr)
{
	uint64_t nrows = (size + c->cacheline - 1) / c->cacheline;
	size_t nb = 2 * c->nr_pieces + 2, k = 0, n = 0;
	uint64_t *b = malloc(nb * sizeof(*b));
	uint64_t *skip = malloc(nb * 2 * sizeof(*skip));	/* pairs */
	size_t nskip = 0;
	struct span *s;

	if (!nrows)
		nrows = 1;
	if (!b || !skip) {
		free(b);
		free(skip);
		return &ph_error_nomem;
	}
	b[k++] = 0;
	b[k++] = 8 * size;
	for (size_t i = 0; i < c->nr_pieces; i++) {
		b[k++] = c->pieces[i].bit;
		b[k++] = c->pieces[i].bit + c->pieces[i].bits;
	}
	qsort(b, k, sizeof(*b), cmp_u64);
	for (size_t i = 0; i + 1 < k; i++) {
		uint64_t first = (b[i] + c->row_bits - 1) / c->row_bits;
		uint64_t end = b[i + 1] / c->row_bits;	/* past the last */

		if (b[i] == b[i + 1] || end < first + 4)
			continue;
		skip[2 * nskip] = first + 1;
		skip[2 * nskip + 1] = end - 1;
		nskip++;
	}
	free(b);
	/* Between two boundaries: the row of the first, at most three
	   full rows, or one and the rest drawn once.  */
	s = malloc((nrows < 5 * k + 1 ? nrows : 5 * k + 1) * sizeof(*s));
	if (!s) {
		free(skip);
		return &ph_error_nomem;
	}
	for (uint64_t row = 0, j = 0; row < nrows; n++) {
		s[n].first = row;
		if (j < nskip && skip[2 * j] == row) {
			s[n].last = skip[2 * j + 1];
			j++;
		} else {
			s[n].last = row;
		}
		row = s[n].last + 1;
	}
	free(skip);
	*ret = s;
	*nr = n;
	return NULL;
}

/* The span holding ROW.  */
size_t ph_svg_find_span(const struct span *s, size_t n, uint64_t row)
{
	size_t lo = 0, hi = n;

	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;

		if (s[mid].first <= row)
			lo = mid;
		else
			hi = mid;
	}
	return lo;
}


/* Whether piece P is drawn again under its row: a bitfield, or bits no
   member of the type has.  */
static bool zoomed(const struct piece *p)
{
	if (p->kind == PK_MEMBER)
		return p->m->bitfield;
	return p->kind == PK_UNUSED && !p->inner &&
	       (p->r.kind == PH_REGION_BIT_HOLE ||
		p->r.kind == PH_REGION_BIT_PADDING);
}

/* Whether piece P has a block of its own under its row (the bytes
   magnified hold it).  */
bool ph_svg_zoom_block(const struct piece *p)
{
	return p->kind == PK_MEMBER || (p->kind == PK_UNUSED && !p->inner);
}

static int cmp_zoom(const void *a, const void *b)
{
	const struct zoom *x = a, *y = b;

	if (x->span != y->span)
		return x->span < y->span ? -1 : 1;
	return x->lo < y->lo ? -1 : x->lo > y->lo;
}

/* The label of piece P's block under its row: a bitfield's name and
   width, a member's name, the bits no member has.  */
const char *ph_svg_zoom_label(const struct piece *p, uint64_t bits,
			      char *buf, size_t size)
{
	if (p->kind == PK_UNUSED)
		snprintf(buf, size, "%" PRIu64 "b", bits);
	else if (p->m->bitfield)
		snprintf(buf, size, "%s:%" PRIu64, ph_svg_member_label(p->m),
			 p->m->bit_size);
	else
		snprintf(buf, size, "%s", ph_svg_member_label(p->m));
	return buf;
}

/* The bytes of each single row that hold a bitfield or a bit hole, in
   runs (C->zooms, by span and bit), each placed under its row: BIT_W
   pixels a bit, as wide as the row allows, under its own bytes where
   there is room; SPANS' zoom_h the band they take.  */
struct ph_error *ph_svg_make_zooms(struct map *c, struct span *spans,
				   size_t nr_spans, const struct seg *segs,
				   size_t nr_segs)
{
	size_t cap = 0, n = 0;
	struct zoom *z = NULL;

	for (size_t i = 0; i < nr_spans; i++)
		spans[i].zoom_h = 0;
	for (size_t i = 0; i < nr_segs; i++) {
		const struct piece *p = &c->pieces[segs[i].piece];
		const struct span *sp = &spans[segs[i].span];

		if (sp->last > sp->first || !zoomed(p) ||
		    segs[i].hi == segs[i].lo)
			continue;
		if (ph_array_reserve(&z, &cap, n + 1, sizeof(*z))) {
			free(z);
			return &ph_error_nomem;
		}
		z[n++] = (struct zoom){ segs[i].span, segs[i].lo / 8 * 8,
					(segs[i].hi + 7) / 8 * 8, 0, 0 };
	}
	if (n)
		qsort(z, n, sizeof(*z), cmp_zoom);
	/* Runs: the bytes that touch, merged.  */
	size_t k = 0;

	for (size_t i = 0; i < n; i++) {
		if (k && z[k - 1].span == z[i].span && z[i].lo <= z[k - 1].hi) {
			if (z[i].hi > z[k - 1].hi)
				z[k - 1].hi = z[i].hi;
			continue;
		}
		z[k++] = z[i];
	}
	c->zoom_h = ZOOM_H;
	for (size_t i = 0; i < k;) {
		size_t j = i;
		uint64_t bits = 0, row_lo = spans[z[i].span].first *
					    c->row_bits;
		double bw, limit, cursor = LABEL_W;

		while (j < k && z[j].span == z[i].span)
			bits += z[j].hi - z[j].lo, j++;
		bw = (c->row_w - ZOOM_SEP * (double)(j - i - 1)) /
		     (double)bits;
		if (bw > ZOOM_BIT_W)
			bw = ZOOM_BIT_W;
		/* Under its own bytes, or right of the run before; then
		   back from the row's end where that runs over it.  */
		for (size_t r = i; r < j; r++) {
			double own = LABEL_W + (double)(z[r].lo - row_lo) *
						       c->row_w /
						       (double)c->row_bits;

			z[r].bit_w = bw;
			z[r].x = own > cursor ? own : cursor;
			cursor = z[r].x + bw * (double)(z[r].hi - z[r].lo) +
				 ZOOM_SEP;
		}
		limit = LABEL_W + c->row_w;
		for (size_t r = j; r-- > i;) {
			double w = bw * (double)(z[r].hi - z[r].lo);

			if (z[r].x + w > limit)
				z[r].x = limit - w;
			limit = z[r].x - ZOOM_SEP;
		}
		spans[z[i].span].zoom_h = 1;	/* set below */
		i = j;
	}
	/* The band's height: what the names written upwards need.  */
	for (size_t i = 0; i < nr_segs && k; i++) {
		const struct piece *p = &c->pieces[segs[i].piece];
		char buf[300];

		for (size_t q = 0; q < k; q++) {
			uint64_t lo = segs[i].lo > z[q].lo ? segs[i].lo
							    : z[q].lo;
			uint64_t hi = segs[i].hi < z[q].hi ? segs[i].hi
							    : z[q].hi;
			double w = z[q].bit_w * (double)(hi - lo);
			const char *label;

			if (z[q].span != segs[i].span || hi <= lo ||
			    !ph_svg_zoom_block(p))
				continue;
			label = ph_svg_zoom_label(p, hi - lo, buf, sizeof(buf));
			if (ph_svg_upright_label(label, w) &&
			    ph_svg_upright_height(label) / p->height > c->zoom_h)
				c->zoom_h = ph_svg_upright_height(label) / p->height;
		}
	}
	/* A union's lanes at least 16 pixels high, as far as the band's
	   height allows.  */
	if (k && c->zoom_h < 16 / c->min_lane)
		c->zoom_h = 16 / c->min_lane;
	if (c->zoom_h > MAX_ROW_H)
		c->zoom_h = MAX_ROW_H;
	for (size_t i = 0; i < nr_spans; i++)
		spans[i].zoom_h = spans[i].zoom_h ? ZOOM_GAP + c->zoom_h : 0;
	c->zooms = z;
	c->nr_zooms = k;
	return NULL;
}

