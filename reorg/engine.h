/* The reorganize engine's inside, shared by its parts: the members as
   units that move, the groups the searches permute, the plan of moves.

   units.c     members into units; the original order replayed
   exhaustive.c every order of a small group
   bounded.c   the bounded searches: for the size, then the fewest moves
   steps.c     the moves that turn one order into another, recorded
   build.c     an order as a new type
   reorganize.c the driver: groups, hot members, untagged aggregates  */
#ifndef PH_REORG_ENGINE_H
#define PH_REORG_ENGINE_H

#include "place.h"

/* A member as placed: what the members cannot tell us (unnamed
   bitfields, `:0`) is inferred from the original layout as a pad before
   the next named bitfield.  */
struct ph_reorg_item {
	const struct ph_member *m;
	struct ph_place_pad pad;
};

/* What moves as one: a member, or a run of adjacent bitfields.  */
struct ph_reorg_unit {
	size_t first, count;	/* items */
	uint64_t bits;		/* what it occupies at least */
	uint32_t align;		/* bytes */
	int cls;		/* units of one class are interchangeable */
	bool fixed;		/* stays where it is (bases, vptr, leader) */
	/* A cacheline group's marker: members stay on their side of it.  */
	bool fence;
};

struct ph_reorg_engine {
	const struct ph_type *t;
	bool packed;
	/* Bits reserved after the last member (trailing unnamed bitfields):
	   they stay at the end.  */
	uint64_t tail_bits;
	size_t nr_items, nr_units;
	struct ph_reorg_item *items;
	struct ph_reorg_unit *units;
	unsigned long budget;
};

/* One group: the units a search may permute, placed from START, its end
   rounded to ROUND (the next group leader's alignment, or the type's).  */
struct ph_reorg_group {
	size_t *units;		/* in the current order */
	size_t n;
	uint64_t start;		/* bits */
	uint64_t round;		/* bits */
	uint64_t tail;		/* bits reserved after it (the last group) */
};

/* A search through the orders of a group, built left to right: ORIG
   the units to order (USED: placed already), CUR the order so far, BEST
   the best one found.  */
struct ph_reorg_orders {
	const struct ph_reorg_engine *e;
	const struct ph_reorg_group *g;
	const size_t *orig;
	size_t *cur, *best;
	bool *used;
};

/* Group sizes past which a search costs more than it can bring.  */
enum { PH_REORG_EXHAUSTIVE_MAX = 16, PH_REORG_DESCEND_MAX = 48,
       PH_REORG_SEARCH_MAX = 64 };

/* Where ITEM goes when everything before it ends at *CUR (bits); moves
   *CUR past it.  */
static inline uint64_t ph_reorg_place(const struct ph_reorg_engine *e,
				      const struct ph_reorg_item *it,
				      uint64_t *cur)
{
	return ph_place_member(it->m, it->m->align, e->packed, &it->pad, cur);
}

/* Places the units ORDER[0..n) from START; returns where they end, and
   each item's position in POS when not NULL.  */
static inline uint64_t ph_reorg_place_units(const struct ph_reorg_engine *e,
					    const size_t *order, size_t n,
					    uint64_t start, uint64_t *pos)
{
	uint64_t cur = start;

	for (size_t i = 0; i < n; i++) {
		const struct ph_reorg_unit *u = &e->units[order[i]];

		for (size_t k = 0; k < u->count; k++) {
			uint64_t p = ph_reorg_place(e, &e->items[u->first + k],
						    &cur);

			if (pos)
				pos[u->first + k] = p;
		}
	}
	return cur;
}

static inline uint64_t ph_reorg_type_end(const struct ph_reorg_engine *e,
					 uint64_t end_bits)
{
	return ph_place_size(end_bits + e->tail_bits, e->t->align);
}

/* What a group ending at bit END costs at the least: its end with the
   reserved tail, in whole bytes, rounded as the group is.  */
static inline uint64_t ph_reorg_group_end(const struct ph_reorg_group *g,
					  uint64_t end)
{
	return ph_align_up(ph_align_up(end + g->tail, 8), g->round);
}

static inline uint64_t ph_reorg_group_cost(const struct ph_reorg_engine *e,
					   const struct ph_reorg_group *g,
					   const size_t *order)
{
	return ph_align_up(ph_reorg_place_units(e, order, g->n, g->start,
						NULL) + g->tail,
			   g->round);
}

/* The bits the units UNITS[0..n) occupy at least.  */
static inline uint64_t ph_reorg_units_bits(const struct ph_reorg_engine *e,
					   const size_t *units, size_t n)
{
	uint64_t bits = 0;

	for (size_t i = 0; i < n; i++)
		bits += e->units[units[i]].bits;
	return bits;
}

/* units.c */
struct ph_error *ph_reorg_make_units(struct ph_reorg_engine *e,
				     unsigned cacheline, bool cross_groups);
bool ph_reorg_replay(struct ph_reorg_engine *e, const char **why);

/* steps.c: the order being worked on, and the moves made to it.  */
struct ph_reorg_plan {
	size_t *order;		/* all units, current order */
	size_t n;
};

struct ph_reorg_step_rec {
	size_t unit, from_after, to_after;	/* unit indices; SIZE_MAX: none */
	size_t *order;				/* order after the step */
};

struct ph_reorg_steps {
	struct ph_reorg_step_rec *v;
	size_t n, cap;
	/* Keep each step's order, for the layout after it; given up past
	   a bound on the members in all.  */
	bool orders;
};

void ph_reorg_move_unit(size_t *order, size_t from, size_t to);
struct ph_error *ph_reorg_apply_move(struct ph_reorg_plan *p,
				     struct ph_reorg_steps *st, size_t from,
				     size_t to);
struct ph_error *ph_reorg_walk_to(struct ph_reorg_plan *p, size_t lo,
				  size_t n, const size_t *best,
				  struct ph_reorg_steps *st);
void ph_reorg_steps_deinit(struct ph_reorg_steps *st);

/* exhaustive.c */
size_t ph_reorg_longest_run(const size_t *pos, size_t n, size_t *tails);
bool ph_reorg_exhaustive(const struct ph_reorg_engine *e,
			 const struct ph_reorg_group *g, size_t *best,
			 uint64_t *best_cost);

/* bounded.c */
struct ph_error *ph_reorg_search_group(const struct ph_reorg_engine *e,
				       const struct ph_reorg_group *g,
				       size_t *best, uint64_t *best_cost,
				       bool *proven);
struct ph_error *ph_reorg_descend(const struct ph_reorg_engine *e,
				  struct ph_reorg_plan *p, size_t lo,
				  struct ph_reorg_group *g, uint64_t target,
				  const size_t *best,
				  struct ph_reorg_steps *st);
size_t ph_reorg_moved_units(const size_t *orig, const size_t *order,
			    size_t n);
struct ph_error *ph_reorg_fewest_moves(const struct ph_reorg_engine *e,
				       const struct ph_reorg_group *g,
				       const size_t *orig, uint64_t target,
				       size_t *moves, size_t *best,
				       bool *found, bool *proven);

/* build.c */
const char *ph_reorg_unit_name(const struct ph_reorg_engine *e, size_t unit);
void ph_reorg_shift_nested(struct ph_member *m, int64_t delta,
			   struct ph_model *model, bool *nomem);
struct ph_error *ph_reorg_build_type(const struct ph_reorg_engine *e,
				     struct ph_model *model,
				     const size_t *order,
				     const struct ph_type **ret);

#endif
