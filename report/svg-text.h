/* The text and boxes of a map (svg-text.c): numbers, rectangles, labels
   fitted to their blocks across or upwards, and the titles a block shows
   on hover.  */
#ifndef PH_SVG_TEXT_H
#define PH_SVG_TEXT_H

#include "buf.h"
#include "svg-types.h"

/* S with XML's five special characters escaped.  */
void ph_xml_escape(struct ph_buf *out, const char *s);

/* LABEL in the block at X, Y, W by H: across, or upwards in a narrow
   block; TYPE (or NULL) on a second line when there is room.  Without
   TYPE, upwards too when more of LABEL fits so.  */
void ph_svg_block_label(struct ph_buf *out, const char *cls,
			const char *label, const char *type, double x,
			double y, double w, double h);
/* A member's label: its name, a base's type.  */
const char *ph_svg_member_label(const struct ph_member *m);
void ph_svg_member_title(struct ph_buf *out, const struct ph_member *m);
void ph_svg_put_f(struct ph_buf *out, const char *attr, double v);
void ph_svg_rect(struct ph_buf *out, double x, double y, double w, double h);
void ph_svg_rect_c(struct ph_buf *out, const char *cls, double x, double y,
		   double w, double h);
void ph_svg_text(struct ph_buf *out, const char *cls, double x, double y,
		 const char *s, double w, double char_w);
const char *ph_svg_unused_attr(const struct piece *p);
void ph_svg_unused_title(struct ph_buf *out, const struct piece *p);
/* The height a block needs for LABEL written upwards, at most
   MAX_LABEL_H.  */
double ph_svg_upright_height(const char *label);
/* Whether LABEL is written upwards in a block W pixels wide: when it is
   too narrow for the label across, and wide enough for a line.  */
bool ph_svg_upright_label(const char *label, double w);

#endif
