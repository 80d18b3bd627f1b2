/* What a layout's map is made of before it is drawn (svg-map.c builds
   it, svg.c draws it, svg-text.c labels its blocks): the pixels' rules,
   the pieces in drawing order, the rows and their magnified bitfields.
   Types only, so that each of the three includes it without depending on
   another's code.  */
#ifndef PH_SVG_TYPES_H
#define PH_SVG_TYPES_H

#include <stdbool.h>
#include <stdint.h>

#include "../reorg/analysis.h"
#include "../reorg/arena.h"
#include "../reorg/groups.h"
#include "../reorg/layout.h"

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

#endif
