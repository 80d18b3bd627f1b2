/* A layout drawn: one row per cacheline, members as blocks as wide as
   their bytes (a bitfield as wide as its bits), holes and padding
   hatched, untagged nested aggregates outlined, a union's members one
   above the other, the kernel's cacheline groups shaded.  For pokehole
   --svg, and the maps of the --html page (html.h) are the same SVG.

   Every block says what it is for scripts and tests: data-member="PATH"
   (a member, by its C access path; data-base="TYPE" for a C++ base,
   with data-virtual="true" for a virtual one),
   data-hole="BYTES", data-bit-hole="BITS", data-padding="BYTES",
   data-bit-padding="BITS", data-group="NAME", each with data-bit and
   data-bits, the bits of the type the block covers (data-at: where the
   hole or padding starts, for one split over rows); an untagged nested
   aggregate's outline data-nested="struct|union|struct_group" (and
   data-member when it has a name); the map data-type, data-kind and
   data-size; each row
   data-cacheline="N" (and data-cacheline-last="M" for rows drawn once
   because every block in them spans them all).  Under a row with
   bitfields or bit holes, those bytes again, magnified: a "zoom" group
   (data-zoom-bit, data-zoom-bits) of blocks with data-zoom-member="PATH"
   or data-zoom-unused="hole|bit-hole|padding|bit-padding", each with
   data-zoom-bit and data-zoom-bits (no data-bit: they are not the
   row's blocks).  */
#ifndef PH_SVG_H
#define PH_SVG_H

#include "../reorg/layout.h"
#include "buf.h"
#include "svg-text.h"

#ifdef __cplusplus
extern "C" {
#endif

struct ph_svg_options {
	unsigned cacheline;	/* bytes; 0 means 64 */
	/* A file of its own: the XML prolog and the style and hatch pattern
	   the page (html.h) otherwise declares once for all its maps.  */
	bool standalone;
};

/* One map of a drawing, under its caption (NULL for none).  */
struct ph_svg_map {
	const struct ph_type *type;
	const char *caption;
};

/* Appends one <svg> element holding the N maps, one below the other.
   *UNUSED_BITS (when not NULL) gets the bits of the first map's type in
   no member: its holes, bit holes and padding at every level, but what
   one member of a union leaves unused.  */
struct ph_error *ph_render_svg(struct ph_buf *out,
			       const struct ph_svg_map *maps, size_t n,
			       const struct ph_svg_options *opts,
			       uint64_t *unused_bits);

/* The style of the maps' classes, and the <defs> they refer to: what a
   page holding several maps declares once.  */
extern const char ph_svg_style[];
extern const char ph_svg_defs[];

/* ph_xml_escape: svg-text.h.  */

#ifdef __cplusplus
}
#endif

#endif
