/* A layout's map before it is drawn (svg-map.c): its members, holes,
   paddings, groups and nested aggregates as pieces over the bits, the
   rows they take, and the bytes of rows with bitfields to magnify.  */
#ifndef PH_SVG_MAP_H
#define PH_SVG_MAP_H

#include "buf.h"
#include "svg-types.h"

/* The span holding ROW.  */
size_t ph_svg_find_span(const struct span *s, size_t n, uint64_t row);
/* The rows of a type of SIZE bytes: each cacheline, but for the runs of
   at least three full lines where no piece starts or ends, drawn once
   after the first of them (a 64 KiB array is not 1,024 rows).  */
struct ph_error *ph_svg_make_spans(struct map *c, uint64_t size,
				   struct span **ret, size_t *nr);
/* The bytes of each single row that hold a bitfield or a bit hole, in
   runs (C->zooms, by span and bit), each placed under its row: BIT_W
   pixels a bit, as wide as the row allows, under its own bytes where
   there is room; SPANS' zoom_h the band they take.  */
struct ph_error *ph_svg_make_zooms(struct map *c, struct span *spans,
				   size_t nr_spans, const struct seg *segs,
				   size_t nr_segs);
struct piece *ph_svg_push(struct map *c, enum piece_kind kind, uint64_t bit,
			  uint64_t bits, double top, double height);
/* The members MS of one level, whose bits are [START_BIT, START_BIT +
   8 * SIZE), in the lane TOP, H of the row; PREFIX their paths'.  */
void ph_svg_walk(struct map *c, const struct ph_member *ms, size_t n,
		 uint64_t start_bit, uint64_t size, bool is_union,
		 const char *prefix, double top, double h, bool in_union);
/* Whether piece P has a block of its own under its row (the bytes
   magnified hold it).  */
bool ph_svg_zoom_block(const struct piece *p);
/* The label of piece P's block under its row: a bitfield's name and
   width, a member's name, the bits no member has.  */
const char *ph_svg_zoom_label(const struct piece *p, uint64_t bits,
			      char *buf, size_t size);
int ph_svg_cmp_seg(const void *a, const void *b);

#endif
