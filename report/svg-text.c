/* The text and boxes of a map (svg-text.h).  */
#include "svg-text.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

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

void ph_svg_put_f(struct ph_buf *out, const char *attr, double v)
{
	ph_buf_printf(out, " %s=\"%.2f\"", attr, v);
}

void ph_svg_rect_c(struct ph_buf *out, const char *cls, double x, double y,
		   double w, double h)
{
	ph_buf_puts(out, "<rect");
	if (cls)
		ph_buf_printf(out, " class=\"%s\"", cls);
	ph_svg_put_f(out, "x", x);
	ph_svg_put_f(out, "y", y);
	ph_svg_put_f(out, "width", w);
	ph_svg_put_f(out, "height", h);
	ph_buf_puts(out, "/>");
}

void ph_svg_rect(struct ph_buf *out, double x, double y, double w, double h)
{
	ph_svg_rect_c(out, NULL, x, y, w, h);
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
		ph_svg_put_f(out, "x", x);
		ph_svg_put_f(out, "y", y);
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

void ph_svg_text(struct ph_buf *out, const char *cls, double x, double y,
		 const char *s, double w, double char_w)
{
	text_at(out, cls, x, y, s, w, char_w, false);
}

/* Whether LABEL is written upwards in a block W pixels wide: when it is
   too narrow for the label across, and wide enough for a line.  */
bool ph_svg_upright_label(const char *label, double w)
{
	return w >= MIN_UPRIGHT_W && w - 6 < CHAR_W * (double)strlen(label);
}

/* The height a block needs for LABEL written upwards, at most
   MAX_LABEL_H.  */
double ph_svg_upright_height(const char *label)
{
	double h = UPRIGHT_CHAR_W * (double)strlen(label) + 8;

	return h < MAX_LABEL_H ? h : MAX_LABEL_H;
}

/* LABEL in the block at X, Y, W by H: across, or upwards in a narrow
   block; TYPE (or NULL) on a second line when there is room.  Without
   TYPE, upwards too when more of LABEL fits so.  */
void ph_svg_block_label(struct ph_buf *out, const char *cls,
			const char *label, const char *type, double x,
			double y, double w, double h)
{
	if (ph_svg_upright_label(label, w) &&
	    (w < MIN_FLAT_W ||
	     (!type && (h - 8) / UPRIGHT_CHAR_W > (w - 6) / CHAR_W)))
		text_at(out, cls, x + w / 2 + 4, y + h - 4, label, h - 2,
			UPRIGHT_CHAR_W, true);
	else if (type && h >= 30) {
		ph_svg_text(out, cls, x + 3, y + h / 2 - 2, label, w, CHAR_W);
		ph_svg_text(out, "t2", x + 3, y + h / 2 + 10, type, w, 5.2);
	} else {
		ph_svg_text(out, cls, x + 3, y + h / 2 + 4, label, w, CHAR_W);
	}
}

const char *ph_svg_unused_attr(const struct piece *p)
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

void ph_svg_unused_title(struct ph_buf *out, const struct piece *p)
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

void ph_svg_member_title(struct ph_buf *out, const struct ph_member *m)
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
const char *ph_svg_member_label(const struct ph_member *m)
{
	return *m->name ? m->name : m->type;
}

