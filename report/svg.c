#include "svg.h"
#include "svg-map.h"
#include "svg-text.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "../reorg/analysis.h"
#include "../reorg/array.h"
#include "../reorg/groups.h"


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
		ph_svg_rect(out, x, s->y - ROW_GAP / 2.0 + 1, w, s->h + ROW_GAP - 2);
		ph_buf_puts(out, "</g>");
		return;
	case PK_GROUP_NAME: {
		char name[256];
		size_t len = p->g->name_len < 255 ? p->g->name_len : 255;

		memcpy(name, p->g->name, len);
		name[len] = '\0';
		ph_svg_text(out, "gl", x + 2, s->y + 9, name,
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
			      p->inner ? " inner" : "", ph_svg_unused_attr(p),
			      p->inner ? p->bits : p->r.count, p->bit, sg->lo,
			      sg->hi - sg->lo);
		ph_svg_unused_title(out, p);
		ph_buf_puts(out, "</title>");
		ph_svg_rect(out, x, y + 1, w, h - 2);
		if (!p->inner) {
			char n[32];

			snprintf(n, sizeof(n), "%" PRIu64 "%s", p->r.count,
				 p->r.kind == PH_REGION_BIT_HOLE ||
						 p->r.kind ==
							 PH_REGION_BIT_PADDING
					 ? "b" : "");
			ph_svg_text(out, "", x + 2, y + h / 2 + 4, n, w, 6);
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
		ph_svg_member_title(out, p->m);
		ph_buf_puts(out, "</title>");
		if (p->kind == PK_MARK) {
			ph_svg_rect(out, x - 1, y + 1, 2, h - 2);
			ph_buf_puts(out, "</g>");
			return;
		}
		ph_svg_rect(out, x, y + 1, w, h - 2);
		ph_member_type_name(p->m, type, sizeof(type));
		ph_svg_block_label(out, "", ph_svg_member_label(p->m), type, x, y, w, h);
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
		ph_svg_rect_c(out, "nest", x + 1, y + 1, w > 2 ? w - 2 : w, h - 2);
		if (sg->lo == p->bit) {
			char buf[300];

			snprintf(buf, sizeof(buf), group ? "struct_group(%s)"
							 : "%s", label);
			ph_svg_text(out, "nl", x + 3, y + 9, buf, w, 5.5);
		}
		ph_buf_puts(out, "</g>");
		return;
	}
	}
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

			if (hi <= lo || !ph_svg_zoom_block(p))
				continue;
			if (p->kind == PK_MEMBER) {
				ph_buf_printf(out, "<g class=\"zm c%u%s\" "
					      "data-zoom-member=\"", p->color,
					      p->m->bitfield ? " bf" : "");
				ph_xml_escape(out, *p->path ? p->path
							    : ph_svg_member_label(p->m));
			} else {
				ph_buf_printf(out, "<g class=\"zu%s\" "
					      "data-zoom-unused=\"%s",
					      p->r.kind == PH_REGION_PADDING ||
					      p->r.kind ==
						      PH_REGION_BIT_PADDING
						      ? " pad" : "",
					      ph_svg_unused_attr(p) + 5);
			}
			ph_buf_printf(out, "\" data-zoom-bit=\"%" PRIu64
				      "\" data-zoom-bits=\"%" PRIu64
				      "\"><title>", lo, hi - lo);
			if (p->kind == PK_MEMBER)
				ph_svg_member_title(out, p->m);
			else
				ph_svg_unused_title(out, p);
			ph_buf_puts(out, "</title>");
			ph_svg_rect(out, x, y + 1, w, h - 2);
			ph_svg_block_label(out, "", ph_svg_zoom_label(p, hi - lo, buf,
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
	ph_svg_rect_c(out, "line", LABEL_W, s->y, c->row_w, s->h);
	if (s->last > s->first) {
		char buf[64];

		snprintf(buf, sizeof(buf), "\xc3\x97%" PRIu64,
			 s->last - s->first + 1);
		ph_svg_text(out, "off", LABEL_W - 4, s->y + s->h / 2 + 4, buf,
		     LABEL_W, 5.5);
	} else {
		char buf[32];

		snprintf(buf, sizeof(buf), "%" PRIu64,
			 s->first * c->cacheline);
		ph_svg_text(out, "off", LABEL_W - 4, s->y + s->h / 2 + 4, buf,
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
	ph_svg_put_f(out, "x", 4);
	ph_svg_put_f(out, "y", y + 16);
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
		    (p = ph_svg_push(&c, PK_GROUP, 8 * c.groups[i].offset,
			      8 * c.groups[i].size, 0, 1)))
			p->g = &c.groups[i];
		if ((p = ph_svg_push(&c, PK_GROUP_NAME, 8 * c.groups[i].offset, 0, 0,
			      1)))
			p->g = &c.groups[i];
	}
	ph_svg_walk(&c, t->members, t->nr_members, 0, t->size,
	     t->kind == PH_KIND_UNION, "", 0, 1, false);
	if (c.failed || (err = ph_svg_make_spans(&c, t->size, &spans, &nr_spans))) {
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
		label = ph_svg_member_label(p->m);
		if (!ph_svg_upright_label(label, (double)p->bits * c.byte_w / 8) ||
		    (double)p->bits * c.byte_w / 8 >= MIN_FLAT_W)
			continue;
		need = ph_svg_upright_height(label) / p->height;
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
		for (size_t s = ph_svg_find_span(spans, nr_spans, row);
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
		qsort(segs, nr_segs, sizeof(*segs), ph_svg_cmp_seg);
	if ((err = ph_svg_make_zooms(&c, spans, nr_spans, segs, nr_segs)))
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
