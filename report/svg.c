#include "svg.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "../reorg/analysis.h"
#include "../reorg/array.h"
#include "../reorg/groups.h"

/* Pixels: the offset column, a cacheline's row at most, the gap between
   rows (the groups' shading shows in it), a row's height, a caption's.  */
enum {
	LABEL_W = 60,
	MAX_ROW_W = 1024,
	MAX_BYTE_W = 16,
	ROW_GAP = 8,
	ROW_H = 40,
	MAX_ROW_H = 200,
	SKIP_H = 22,
	CAPTION_H = 24,
	MAP_GAP = 16,
	NR_COLORS = 6,
	/* A block narrower than this has its name written upwards.  */
	MIN_FLAT_W = 19,
	MIN_UPRIGHT_W = 9,
	/* The rows' height grows to this for upright names.  */
	MAX_LABEL_H = 96,
	/* Under a row with bitfields, their bytes again, magnified: at most
	   ZOOM_BIT_W pixels a bit, ZOOM_GAP below the row.  */
	ZOOM_BIT_W = 14,
	ZOOM_GAP = 12,
	ZOOM_H = 28,
	ZOOM_SEP = 10,
};

/* Pixels a character of the labels takes along their line.  */
#define CHAR_W 6.2
#define UPRIGHT_CHAR_W 5.6

const char ph_svg_style[] =
	".ph-map{font:11px sans-serif}"
	".ph-map .line{fill:#f4f4f4;stroke:#c8c8c8}"
	".ph-map .skip .line{fill:#fafafa;stroke-dasharray:3 3}"
	".ph-map .off{fill:#666;font-size:10px;text-anchor:end}"
	".ph-map .tick{stroke:#d0d0d0}"
	".ph-map .m rect{stroke:#fff}"
	".ph-map .m:hover rect{stroke:#000;stroke-width:2}"
	".ph-map .c0 rect{fill:#9ec5fe}.ph-map .c1 rect{fill:#a3cfbb}"
	".ph-map .c2 rect{fill:#c5b3e6}.ph-map .c3 rect{fill:#f7c59f}"
	".ph-map .c4 rect{fill:#9eeaf9}.ph-map .c5 rect{fill:#dfe3a3}"
	".ph-map .bf rect{stroke-dasharray:2 1}"
	".ph-map text{pointer-events:none}"
	".ph-map .t2{font-size:9px;fill:#444}"
	".ph-map .u rect{fill:url(#ph-hatch);stroke:#c62828}"
	".ph-map .u text{fill:#b71c1c;font-size:10px}"
	".ph-map .pad rect{fill:url(#ph-hatch-pad);stroke:#888}"
	".ph-map .pad text{fill:#555}"
	".ph-map .inner rect{fill:url(#ph-hatch-pad);stroke:none;opacity:.5}"
	".ph-map .grp rect{fill:#fff3c4;stroke:#d4a500;stroke-dasharray:4 2}"
	".ph-map .gl{font-size:9px;fill:#7a5c00;font-weight:bold;"
	"paint-order:stroke;stroke:#fff;stroke-width:3px}"
	".ph-map .nest{fill:none;stroke:#333;stroke-width:1.5;"
	"stroke-dasharray:5 3;pointer-events:none}"
	".ph-map .nl{font-size:9px;fill:#222}"
	".ph-map .mark rect{fill:#222}"
	".ph-map .zl{fill:none;stroke:#999;stroke-dasharray:2 2}"
	".ph-map .zoom .zm rect{stroke:#fff}"
	".ph-map .zoom .zm:hover rect{stroke:#000;stroke-width:2}"
	".ph-map .zoom .zu rect{fill:url(#ph-hatch);stroke:#c62828}"
	".ph-map .zoom .zu.pad rect{fill:url(#ph-hatch-pad);stroke:#888}"
	".ph-map .zoom .zu text{fill:#b71c1c;font-size:10px}"
	".ph-map .zoom .zu.pad text{fill:#555}"
	".ph-map .cap{font-size:13px;font-weight:bold}";

const char ph_svg_defs[] =
	"<defs>"
	"<pattern id=\"ph-hatch\" width=\"6\" height=\"6\" "
	"patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\">"
	"<rect width=\"6\" height=\"6\" fill=\"#fde8e8\"/>"
	"<line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\" stroke=\"#e57373\" "
	"stroke-width=\"3\"/></pattern>"
	"<pattern id=\"ph-hatch-pad\" width=\"6\" height=\"6\" "
	"patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(-45)\">"
	"<rect width=\"6\" height=\"6\" fill=\"#eee\"/>"
	"<line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\" stroke=\"#aaa\" "
	"stroke-width=\"2\"/></pattern>"
	"</defs>";

/* What a map draws, in the order it is drawn: a group's shading under
   everything, the outline of a nested aggregate and a group's name over
   the members.  */
enum piece_kind {
	PK_GROUP,
	PK_UNUSED,
	PK_MEMBER,
	PK_MARK,	/* a member of no bits: a marker, a flexible array */
	PK_NEST,
	PK_GROUP_NAME,
};

struct piece {
	enum piece_kind kind;
	uint64_t bit, bits;
	double top, height;	/* the lane, in fractions of the row */
	const struct ph_member *m;	/* PK_MEMBER, PK_MARK, PK_NEST */
	const char *path;	/* the C access path; "" when anonymous */
	struct ph_region r;	/* PK_UNUSED */
	const char *before;	/* PK_UNUSED: the member before it */
	/* PK_UNUSED inside one member of a union: not the type's, since
	   another member may use those bits.  */
	bool inner;
	const struct ph_group *g;	/* PK_GROUP, PK_GROUP_NAME */
	unsigned color;
	size_t order;
};

/* The rows drawn: a cacheline each, or [FIRST, LAST] drawn once when
   every piece there spans them all.  */
struct span {
	uint64_t first, last;
	double y, h;
	double zoom_h;		/* the band of its magnified bitfields */
};

/* Bytes of a row with bitfields, drawn again under it, magnified: [LO,
   HI) in bits, at X, BIT_W pixels a bit.  */
struct zoom {
	size_t span;
	uint64_t lo, hi;
	double x, bit_w;
};

struct seg {
	size_t span;
	enum piece_kind kind;	/* the piece's: the order they are drawn */
	size_t piece;
	uint64_t lo, hi;
};

struct map {
	struct ph_arena arena;
	unsigned cacheline;
	uint64_t row_bits;
	double byte_w, row_w;
	struct piece *pieces;
	size_t nr_pieces, cap_pieces;
	struct ph_group *groups;
	size_t nr_groups;
	unsigned colors;
	double min_lane;
	unsigned depth;
	bool failed;
	uint64_t unused_bits;	/* in no member, in the type's regions */
	struct zoom *zooms;
	size_t nr_zooms;
	double zoom_h;		/* the magnified blocks' height */
};

void ph_xml_escape(struct ph_buf *out, const char *s)
{
	for (const char *p = s; *p; p++) {
		size_t n = strcspn(p, "&<>\"'");

		ph_buf_putn(out, p, n);
		p += n;
		switch (*p) {
		case '&': ph_buf_puts(out, "&amp;"); break;
		case '<': ph_buf_puts(out, "&lt;"); break;
		case '>': ph_buf_puts(out, "&gt;"); break;
		case '"': ph_buf_puts(out, "&quot;"); break;
		case '\'': ph_buf_puts(out, "&#39;"); break;
		default: return;
		}
	}
}

static struct piece *push(struct map *c, enum piece_kind kind, uint64_t bit,
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
static void walk(struct map *c, const struct ph_member *ms, size_t n,
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
		struct piece *p = push(c, PK_UNUSED, r[i].bit, r[i].bits, top,
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

			p = push(c, PK_NEST, m->bit_offset, 8 * m->size, lt,
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
				walk(c, in->members, in->nr_members,
				     in->bit_offset, in->size, false,
				     in == m ? inner_prefix : prefix, lt, lh,
				     in_union || is_union);
			else
				walk(c, m->members, m->nr_members,
				     m->bit_offset, m->size, true,
				     inner_prefix, lt, lh, true);
			c->depth--;
			continue;
		}
		uint64_t bits = m->occupies_less ? 8 * m->occupied
						 : m->bit_size;

		p = push(c, bits ? PK_MEMBER : PK_MARK, m->bit_offset, bits,
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

static int cmp_seg(const void *a, const void *b)
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
static struct ph_error *make_spans(struct map *c, uint64_t size,
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
static size_t find_span(const struct span *s, size_t n, uint64_t row)
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

/* Writes S into a box W pixels wide, cut with an ellipsis to what fits
   at CHAR_W pixels a character; nothing when S does not fit and not
   even two characters do.  */
static void fit(struct ph_buf *out, const char *s, double w, double char_w)
{
	size_t max = w > 6 ? (size_t)((w - 6) / char_w) : 0;
	size_t len = strlen(s), cut = 0, chars = 0;
	char tmp[256];

	/* A name of one character fits where it fits; a cut one needs
	   room for a character and the ellipsis.  */
	if (max < 1 || (max < 2 && len > 1))
		return;
	for (cut = 0; cut < len; cut++) {
		if (((unsigned char)s[cut] & 0xc0) == 0x80)
			continue;
		if (++chars > max)
			break;
	}
	if (cut == len) {
		ph_xml_escape(out, s);
		return;
	}
	/* one character less, for the ellipsis */
	while (cut > 0 && ((unsigned char)s[--cut] & 0xc0) == 0x80)
		;
	if (cut >= sizeof(tmp))
		cut = sizeof(tmp) - 1;
	memcpy(tmp, s, cut);
	tmp[cut] = '\0';
	ph_xml_escape(out, tmp);
	ph_buf_puts(out, "\xe2\x80\xa6");
}

static void put_f(struct ph_buf *out, const char *attr, double v)
{
	ph_buf_printf(out, " %s=\"%.2f\"", attr, v);
}

static void rect_c(struct ph_buf *out, const char *cls, double x, double y,
		   double w, double h)
{
	ph_buf_puts(out, "<rect");
	if (cls)
		ph_buf_printf(out, " class=\"%s\"", cls);
	put_f(out, "x", x);
	put_f(out, "y", y);
	put_f(out, "width", w);
	put_f(out, "height", h);
	ph_buf_puts(out, "/>");
}

static void rect(struct ph_buf *out, double x, double y, double w, double h)
{
	rect_c(out, NULL, x, y, w, h);
}

/* S at X, Y in W pixels (see fit), across or, UPRIGHT, upwards from
   there.  */
static void text_at(struct ph_buf *out, const char *cls, double x, double y,
		    const char *s, double w, double char_w, bool upright)
{
	struct ph_buf tmp;

	ph_buf_init(&tmp);
	fit(&tmp, s, w, char_w);
	if (tmp.len && !tmp.failed) {
		ph_buf_printf(out, "<text class=\"%s\"", cls);
		put_f(out, "x", x);
		put_f(out, "y", y);
		if (upright)
			ph_buf_printf(out, " transform=\"rotate(-90 %.2f "
				      "%.2f)\"", x, y);
		ph_buf_putc(out, '>');
		ph_buf_putn(out, tmp.data, tmp.len);
		ph_buf_puts(out, "</text>");
	}
	if (tmp.failed)
		out->failed = true;
	ph_buf_deinit(&tmp);
}

static void text(struct ph_buf *out, const char *cls, double x, double y,
		 const char *s, double w, double char_w)
{
	text_at(out, cls, x, y, s, w, char_w, false);
}

/* Whether LABEL is written upwards in a block W pixels wide: when it is
   too narrow for the label across, and wide enough for a line.  */
static bool upright_label(const char *label, double w)
{
	return w >= MIN_UPRIGHT_W && w - 6 < CHAR_W * (double)strlen(label);
}

/* The height a block needs for LABEL written upwards, at most
   MAX_LABEL_H.  */
static double upright_height(const char *label)
{
	double h = UPRIGHT_CHAR_W * (double)strlen(label) + 8;

	return h < MAX_LABEL_H ? h : MAX_LABEL_H;
}

/* LABEL in the block at X, Y, W by H: across, or upwards in a narrow
   block; TYPE (or NULL) on a second line when there is room.  Without
   TYPE, upwards too when more of LABEL fits so.  */
static void block_label(struct ph_buf *out, const char *cls,
			const char *label, const char *type, double x,
			double y, double w, double h)
{
	if (upright_label(label, w) &&
	    (w < MIN_FLAT_W ||
	     (!type && (h - 8) / UPRIGHT_CHAR_W > (w - 6) / CHAR_W)))
		text_at(out, cls, x + w / 2 + 4, y + h - 4, label, h - 2,
			UPRIGHT_CHAR_W, true);
	else if (type && h >= 30) {
		text(out, cls, x + 3, y + h / 2 - 2, label, w, CHAR_W);
		text(out, "t2", x + 3, y + h / 2 + 10, type, w, 5.2);
	} else {
		text(out, cls, x + 3, y + h / 2 + 4, label, w, CHAR_W);
	}
}

static const char *unused_attr(const struct piece *p)
{
	if (p->inner)
		return "data-inner-unused";
	switch (p->r.kind) {
	case PH_REGION_HOLE: return "data-hole";
	case PH_REGION_BIT_HOLE: return "data-bit-hole";
	case PH_REGION_BIT_PADDING: return "data-bit-padding";
	default: return "data-padding";
	}
}

static void unused_title(struct ph_buf *out, const struct piece *p)
{
	const char *unit = p->r.kind == PH_REGION_BIT_HOLE ||
				   p->r.kind == PH_REGION_BIT_PADDING
			   ? "bit" : "byte";

	if (p->inner)
		ph_buf_printf(out, "%" PRIu64 " bits this member of a union "
			      "leaves unused", p->bits);
	else if (p->r.kind == PH_REGION_PADDING ||
		 p->r.kind == PH_REGION_BIT_PADDING)
		ph_buf_printf(out, "%" PRIu64 " %ss of padding", p->r.count,
			      unit);
	else if (*p->before) {
		ph_buf_printf(out, "%" PRIu64 "-%s hole after '", p->r.count,
			      unit);
		ph_xml_escape(out, p->before);
		ph_buf_putc(out, '\'');
	} else
		ph_buf_printf(out, "%" PRIu64 "-%s hole", p->r.count, unit);
	ph_buf_printf(out, "\nat byte %" PRIu64, p->bit / 8);
	if (p->bit % 8)
		ph_buf_printf(out, ", bit %" PRIu64, p->bit % 8);
}

static void member_title(struct ph_buf *out, const struct ph_member *m)
{
	char type[512];

	ph_member_type_name(m, type, sizeof(type));
	if (*m->name) {
		ph_xml_escape(out, m->name);
		ph_buf_puts(out, ": ");
	} else if (m->base) {
		ph_buf_puts(out, m->virtual_base ? "virtual base: " : "base: ");
	}
	ph_xml_escape(out, type);
	if (m->bitfield) {
		uint64_t unit = ph_bitfield_unit_start(m);

		ph_buf_printf(out, ":%" PRIu64 "\nbits %" PRIu64 "-%" PRIu64
			      " of the %" PRIu64 "-byte unit at %" PRIu64,
			      m->bit_size, m->bit_offset - unit,
			      m->bit_offset - unit + m->bit_size - 1, m->size,
			      unit / 8);
	}
	ph_buf_printf(out, "\noffset %" PRIu64 ", size %" PRIu64
		      ", align %" PRIu32, ph_member_offset(m),
		      m->occupies_less ? m->occupied : m->size, m->align);
	if (m->explicit_align)
		ph_buf_printf(out, " (aligned(%" PRIu32 "))",
			      m->explicit_align);
	if (m->packed)
		ph_buf_puts(out, ", packed");
	if (m->type_padding)
		ph_buf_printf(out, "\nits type has %" PRIu32 " bytes of "
			      "padding", m->type_padding);
}

/* A member's label: its name, a base's type.  */
static const char *member_label(const struct ph_member *m)
{
	return *m->name ? m->name : m->type;
}

static void draw_seg(struct map *c, struct ph_buf *out, const struct seg *sg,
		     const struct span *s)
{
	const struct piece *p = &c->pieces[sg->piece];
	uint64_t span_bits = (s->last - s->first + 1) * c->row_bits;
	uint64_t start = s->first * c->row_bits;
	double x = LABEL_W + (double)(sg->lo - start) * c->row_w /
				     (double)span_bits;
	double w = (double)(sg->hi - sg->lo) * c->row_w / (double)span_bits;
	double y = s->y + p->top * s->h, h = p->height * s->h;
	char type[512];

	switch (p->kind) {
	case PK_GROUP:
		ph_buf_puts(out, "<g class=\"grp\" data-group=\"");
		ph_buf_putn(out, p->g->name, p->g->name_len);
		ph_buf_printf(out, "\" data-bit=\"%" PRIu64 "\" data-bits=\"%"
			      PRIu64 "\"><title>cacheline group ", sg->lo,
			      sg->hi - sg->lo);
		ph_buf_putn(out, p->g->name, p->g->name_len);
		ph_buf_printf(out, ": offset %" PRIu64 ", size %" PRIu64
			      ", cachelines %" PRIu64 "</title>", p->g->offset,
			      p->g->size, p->g->cachelines);
		rect(out, x, s->y - ROW_GAP / 2.0 + 1, w, s->h + ROW_GAP - 2);
		ph_buf_puts(out, "</g>");
		return;
	case PK_GROUP_NAME: {
		char name[256];
		size_t len = p->g->name_len < 255 ? p->g->name_len : 255;

		memcpy(name, p->g->name, len);
		name[len] = '\0';
		text(out, "gl", x + 2, s->y + 9, name,
		     c->row_w - (x - LABEL_W), 5.5);
		return;
	}
	case PK_UNUSED:
		ph_buf_printf(out, "<g class=\"u%s%s\" %s=\"%" PRIu64
			      "\" data-at=\"%" PRIu64 "\" data-bit=\"%" PRIu64
			      "\" data-bits=\"%" PRIu64 "\"><title>",
			      p->r.kind == PH_REGION_PADDING ||
					      p->r.kind == PH_REGION_BIT_PADDING
				      ? " pad" : "",
			      p->inner ? " inner" : "", unused_attr(p),
			      p->inner ? p->bits : p->r.count, p->bit, sg->lo,
			      sg->hi - sg->lo);
		unused_title(out, p);
		ph_buf_puts(out, "</title>");
		rect(out, x, y + 1, w, h - 2);
		if (!p->inner) {
			char n[32];

			snprintf(n, sizeof(n), "%" PRIu64 "%s", p->r.count,
				 p->r.kind == PH_REGION_BIT_HOLE ||
						 p->r.kind ==
							 PH_REGION_BIT_PADDING
					 ? "b" : "");
			text(out, "", x + 2, y + h / 2 + 4, n, w, 6);
		}
		ph_buf_puts(out, "</g>");
		return;
	case PK_MEMBER:
	case PK_MARK:
		ph_buf_printf(out, "<g class=\"%s c%u%s\" ",
			      p->kind == PK_MARK ? "m mark" : "m", p->color,
			      p->m->bitfield ? " bf" : "");
		if (p->m->base) {
			if (p->m->virtual_base)
				ph_buf_puts(out, "data-virtual=\"true\" ");
			ph_buf_puts(out, "data-base=\"");
			ph_xml_escape(out, p->m->type);
		} else {
			ph_buf_puts(out, "data-member=\"");
			ph_xml_escape(out, p->path);
		}
		ph_buf_printf(out, "\" data-bit=\"%" PRIu64 "\" data-bits=\"%"
			      PRIu64 "\" data-offset=\"%" PRIu64
			      "\" data-size=\"%" PRIu64 "\"><title>", sg->lo,
			      sg->hi - sg->lo, ph_member_offset(p->m),
			      p->m->size);
		member_title(out, p->m);
		ph_buf_puts(out, "</title>");
		if (p->kind == PK_MARK) {
			rect(out, x - 1, y + 1, 2, h - 2);
			ph_buf_puts(out, "</g>");
			return;
		}
		rect(out, x, y + 1, w, h - 2);
		ph_member_type_name(p->m, type, sizeof(type));
		block_label(out, "", member_label(p->m), type, x, y, w, h);
		ph_buf_puts(out, "</g>");
		return;
	case PK_NEST: {
		const char *tag = NULL;
		bool group = ph_struct_group(p->m, &tag);
		const char *label = *p->path ? p->path
				   : p->m->nested_kind == PH_KIND_UNION
					   ? "union" : "struct";

		ph_buf_printf(out, "<g class=\"n\" data-nested=\"%s\"",
			      group ? "struct_group"
				    : ph_kind_name(p->m->nested_kind));
		if (*p->path) {
			ph_buf_puts(out, " data-member=\"");
			ph_xml_escape(out, p->path);
			ph_buf_putc(out, '"');
		}
		ph_buf_printf(out, " data-bit=\"%" PRIu64 "\" data-bits=\"%"
			      PRIu64 "\">", sg->lo, sg->hi - sg->lo);
		rect_c(out, "nest", x + 1, y + 1, w > 2 ? w - 2 : w, h - 2);
		if (sg->lo == p->bit) {
			char buf[300];

			snprintf(buf, sizeof(buf), group ? "struct_group(%s)"
							 : "%s", label);
			text(out, "nl", x + 3, y + 9, buf, w, 5.5);
		}
		ph_buf_puts(out, "</g>");
		return;
	}
	}
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
static bool zoom_block(const struct piece *p)
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
static const char *zoom_label(const struct piece *p, uint64_t bits,
			      char *buf, size_t size)
{
	if (p->kind == PK_UNUSED)
		snprintf(buf, size, "%" PRIu64 "b", bits);
	else if (p->m->bitfield)
		snprintf(buf, size, "%s:%" PRIu64, member_label(p->m),
			 p->m->bit_size);
	else
		snprintf(buf, size, "%s", member_label(p->m));
	return buf;
}

/* The bytes of each single row that hold a bitfield or a bit hole, in
   runs (C->zooms, by span and bit), each placed under its row: BIT_W
   pixels a bit, as wide as the row allows, under its own bytes where
   there is room; SPANS' zoom_h the band they take.  */
static struct ph_error *make_zooms(struct map *c, struct span *spans,
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
			    !zoom_block(p))
				continue;
			label = zoom_label(p, hi - lo, buf, sizeof(buf));
			if (upright_label(label, w) &&
			    upright_height(label) / p->height > c->zoom_h)
				c->zoom_h = upright_height(label) / p->height;
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

/* Under span S, its runs of bitfields magnified: each member and each
   bit hole a block of its own, its name and width written (a bitfield
   as NAME:BITS), a dashed line from the run's bytes in the row.  */
static void draw_zooms(struct map *c, struct ph_buf *out, size_t span,
		       const struct span *s, const struct seg *segs, size_t n)
{
	double zy = s->y + s->h + ZOOM_GAP, zh = c->zoom_h;
	uint64_t row_lo = s->first * c->row_bits;

	for (size_t q = 0; q < c->nr_zooms; q++) {
		const struct zoom *z = &c->zooms[q];
		double x0 = LABEL_W + (double)(z->lo - row_lo) * c->row_w /
					      (double)c->row_bits;
		double x1 = LABEL_W + (double)(z->hi - row_lo) * c->row_w /
					      (double)c->row_bits;
		double zw = z->bit_w * (double)(z->hi - z->lo);

		if (z->span != span)
			continue;
		ph_buf_printf(out, "<g class=\"zoom\" data-zoom-bit=\"%" PRIu64
			      "\" data-zoom-bits=\"%" PRIu64 "\"><path "
			      "class=\"zl\" d=\"M%.2f %.2fL%.2f %.2fM%.2f "
			      "%.2fL%.2f %.2f\"/>", z->lo, z->hi - z->lo, x0,
			      s->y + s->h, z->x, zy, x1, s->y + s->h,
			      z->x + zw, zy);
		for (size_t i = 0; i < n; i++) {
			const struct piece *p = &c->pieces[segs[i].piece];
			uint64_t lo = segs[i].lo > z->lo ? segs[i].lo : z->lo;
			uint64_t hi = segs[i].hi < z->hi ? segs[i].hi : z->hi;
			double x = z->x + z->bit_w * (double)(lo - z->lo);
			double w = z->bit_w * (double)(hi - lo);
			double y = zy + p->top * zh, h = p->height * zh;
			char buf[300];

			if (hi <= lo || !zoom_block(p))
				continue;
			if (p->kind == PK_MEMBER) {
				ph_buf_printf(out, "<g class=\"zm c%u%s\" "
					      "data-zoom-member=\"", p->color,
					      p->m->bitfield ? " bf" : "");
				ph_xml_escape(out, *p->path ? p->path
							    : member_label(p->m));
			} else {
				ph_buf_printf(out, "<g class=\"zu%s\" "
					      "data-zoom-unused=\"%s",
					      p->r.kind == PH_REGION_PADDING ||
					      p->r.kind ==
						      PH_REGION_BIT_PADDING
						      ? " pad" : "",
					      unused_attr(p) + 5);
			}
			ph_buf_printf(out, "\" data-zoom-bit=\"%" PRIu64
				      "\" data-zoom-bits=\"%" PRIu64
				      "\"><title>", lo, hi - lo);
			if (p->kind == PK_MEMBER)
				member_title(out, p->m);
			else
				unused_title(out, p);
			ph_buf_puts(out, "</title>");
			rect(out, x, y + 1, w, h - 2);
			block_label(out, "", zoom_label(p, hi - lo, buf,
							sizeof(buf)),
				    NULL, x, y, w, h);
			ph_buf_puts(out, "</g>");
		}
		ph_buf_puts(out, "</g>");
	}
}

static void draw_row(struct map *c, struct ph_buf *out, const struct span *s,
		     const struct seg *segs, size_t n)
{
	uint64_t span_bits = (s->last - s->first + 1) * c->row_bits;

	ph_buf_printf(out, "<g class=\"row%s\" data-cacheline=\"%" PRIu64
		      "\"", s->last > s->first ? " skip" : "", s->first);
	if (s->last > s->first)
		ph_buf_printf(out, " data-cacheline-last=\"%" PRIu64 "\"",
			      s->last);
	ph_buf_printf(out, " data-bit=\"%" PRIu64 "\" data-bits=\"%" PRIu64
		      "\">", s->first * c->row_bits, span_bits);
	rect_c(out, "line", LABEL_W, s->y, c->row_w, s->h);
	if (s->last > s->first) {
		char buf[64];

		snprintf(buf, sizeof(buf), "\xc3\x97%" PRIu64,
			 s->last - s->first + 1);
		text(out, "off", LABEL_W - 4, s->y + s->h / 2 + 4, buf,
		     LABEL_W, 5.5);
	} else {
		char buf[32];

		snprintf(buf, sizeof(buf), "%" PRIu64,
			 s->first * c->cacheline);
		text(out, "off", LABEL_W - 4, s->y + s->h / 2 + 4, buf,
		     LABEL_W, 5.5);
		/* a tick every 8 bytes */
		if (c->cacheline % 8 == 0 && c->cacheline > 8) {
			ph_buf_puts(out, "<path class=\"tick\" d=\"");
			for (unsigned b = 8; b < c->cacheline; b += 8)
				ph_buf_printf(out, "M%.2f %.2fv4",
					      LABEL_W + b * c->byte_w,
					      s->y + s->h);
			ph_buf_puts(out, "\"/>");
		}
	}
	for (size_t i = 0; i < n; i++)
		draw_seg(c, out, &segs[i], s);
	ph_buf_puts(out, "</g>");
}

static void caption(struct ph_buf *out, double y, const char *s)
{
	ph_buf_puts(out, "<text class=\"cap\"");
	put_f(out, "x", 4);
	put_f(out, "y", y + 16);
	ph_buf_putc(out, '>');
	ph_xml_escape(out, s);
	ph_buf_puts(out, "</text>");
}

/* Draws T at height Y; *HEIGHT gets what it took.  */
static struct ph_error *draw_map(struct ph_buf *out, const struct ph_type *t,
				 const char *cap, double y, unsigned cacheline,
				 double *height, uint64_t *unused_bits)
{
	struct map c;
	struct span *spans = NULL;
	struct seg *segs = NULL;
	size_t nr_spans = 0, nr_segs = 0, cap_segs = 0;
	struct ph_error *err = NULL;
	double row_h, y0 = y;

	memset(&c, 0, sizeof(c));
	ph_arena_init(&c.arena);
	c.cacheline = cacheline;
	c.row_bits = 8 * (uint64_t)cacheline;
	c.byte_w = (double)MAX_ROW_W / cacheline;
	if (c.byte_w > MAX_BYTE_W)
		c.byte_w = MAX_BYTE_W;
	c.row_w = c.byte_w * cacheline;
	c.min_lane = 1;
	if ((err = ph_groups_of(t, cacheline, &c.groups, &c.nr_groups)))
		goto out;
	for (size_t i = 0; i < c.nr_groups; i++) {
		struct piece *p;

		if (!c.groups[i].end)
			continue;
		if (c.groups[i].size &&
		    (p = push(&c, PK_GROUP, 8 * c.groups[i].offset,
			      8 * c.groups[i].size, 0, 1)))
			p->g = &c.groups[i];
		if ((p = push(&c, PK_GROUP_NAME, 8 * c.groups[i].offset, 0, 0,
			      1)))
			p->g = &c.groups[i];
	}
	walk(&c, t->members, t->nr_members, 0, t->size,
	     t->kind == PH_KIND_UNION, "", 0, 1, false);
	if (c.failed || (err = make_spans(&c, t->size, &spans, &nr_spans))) {
		err = &ph_error_nomem;
		goto out;
	}
	row_h = ROW_H / c.min_lane * 0.6;
	if (row_h < ROW_H)
		row_h = ROW_H;
	if (row_h > MAX_ROW_H)
		row_h = MAX_ROW_H;
	/* Room for the names written upwards in narrow blocks.  */
	for (size_t i = 0; i < c.nr_pieces; i++) {
		const struct piece *p = &c.pieces[i];
		const char *label;
		double need;

		if (p->kind != PK_MEMBER)
			continue;
		label = member_label(p->m);
		if (!upright_label(label, (double)p->bits * c.byte_w / 8) ||
		    (double)p->bits * c.byte_w / 8 >= MIN_FLAT_W)
			continue;
		need = upright_height(label) / p->height;
		if (need > row_h)
			row_h = need < MAX_ROW_H ? need : MAX_ROW_H;
	}
	for (size_t i = 0; i < c.nr_pieces; i++) {
		const struct piece *p = &c.pieces[i];
		uint64_t end = p->bit + p->bits;
		uint64_t row = p->bit / c.row_bits;
		uint64_t last_row = p->bits ? (end - 1) / c.row_bits : row;

		/* No bits: a group's shading of an empty group (its name
		   and markers are drawn).  */
		if (!p->bits && p->kind == PK_GROUP)
			continue;
		for (size_t s = find_span(spans, nr_spans, row);
		     s < nr_spans && spans[s].first <= last_row; s++) {
			uint64_t lo = spans[s].first * c.row_bits;
			uint64_t hi = (spans[s].last + 1) * c.row_bits;

			if ((err = ph_array_reserve(&segs, &cap_segs,
						    nr_segs + 1,
						    sizeof(*segs))))
				goto out;
			segs[nr_segs++] = (struct seg){
				s, p->kind, i, p->bit > lo ? p->bit : lo,
				end < hi ? end : hi
			};
		}
	}
	if (nr_segs)
		qsort(segs, nr_segs, sizeof(*segs), cmp_seg);
	if ((err = make_zooms(&c, spans, nr_spans, segs, nr_segs)))
		goto out;
	if (cap) {
		caption(out, y, cap);
		y += CAPTION_H;
	}
	y += ROW_GAP / 2.0;
	for (size_t i = 0; i < nr_spans; i++) {
		spans[i].y = y;
		spans[i].h = spans[i].last > spans[i].first ? SKIP_H : row_h;
		y += spans[i].h + spans[i].zoom_h + ROW_GAP;
	}
	ph_buf_puts(out, "<g class=\"map\" data-type=\"");
	ph_xml_escape(out, t->name);
	ph_buf_printf(out, "\" data-kind=\"%s\" data-size=\"%" PRIu64 "\">",
		      ph_kind_name(t->kind), t->size);
	for (size_t s = 0, i = 0; s < nr_spans; s++) {
		size_t j = i;

		while (j < nr_segs && segs[j].span == s)
			j++;
		draw_row(&c, out, &spans[s], segs + i, j - i);
		draw_zooms(&c, out, s, &spans[s], segs + i, j - i);
		i = j;
	}
	ph_buf_puts(out, "</g>");
	*height = y - ROW_GAP / 2.0 - y0;
	*unused_bits = c.unused_bits;
out:
	free(segs);
	free(spans);
	free(c.zooms);
	free(c.pieces);
	free(c.groups);
	ph_arena_deinit(&c.arena);
	return err;
}

struct ph_error *ph_render_svg(struct ph_buf *out,
			       const struct ph_svg_map *maps, size_t n,
			       const struct ph_svg_options *opts,
			       uint64_t *unused_bits)
{
	unsigned cacheline = opts->cacheline ? opts->cacheline : 64;
	double byte_w = (double)MAX_ROW_W / cacheline;
	struct ph_buf body;
	struct ph_error *err = NULL;
	double y = 0, width;

	if (byte_w > MAX_BYTE_W)
		byte_w = MAX_BYTE_W;
	width = LABEL_W + byte_w * cacheline + 8;
	ph_buf_init(&body);
	for (size_t i = 0; i < n && !err; i++) {
		double h = 0;
		uint64_t bits = 0;

		err = draw_map(&body, maps[i].type, maps[i].caption, y,
			       cacheline, &h, &bits);
		if (i == 0 && unused_bits)
			*unused_bits = bits;
		y += h + MAP_GAP;
	}
	if (!err)
		err = ph_buf_error(&body);
	if (err) {
		ph_buf_deinit(&body);
		return err;
	}
	if (opts->standalone)
		ph_buf_puts(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
	ph_buf_printf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" "
		      "class=\"ph-map\" viewBox=\"0 0 %.0f %.0f\" "
		      "width=\"%.0f\" height=\"%.0f\">", width, y, width, y);
	if (opts->standalone) {
		ph_buf_puts(out, "<style>");
		ph_buf_puts(out, ph_svg_style);
		ph_buf_puts(out, "</style>");
		ph_buf_puts(out, ph_svg_defs);
		ph_buf_printf(out, "<rect width=\"%.0f\" height=\"%.0f\" "
			      "fill=\"#fff\"/>", width, y);
	}
	ph_buf_putn(out, body.data, body.len);
	ph_buf_puts(out, "</svg>\n");
	ph_buf_deinit(&body);
	return NULL;
}
