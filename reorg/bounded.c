/* The bounded searches, for groups too large to try every order: one for
   the smallest size within a budget of work, single moves down to it,
   then one for an order reaching it with fewer units moved.  */
#include "engine.h"

#include <stdlib.h>
#include <string.h>

/* CUR and USED for G's units, none used.  */
static struct ph_error *orders_init(struct ph_reorg_orders *o,
				    const struct ph_reorg_engine *e,
				    const struct ph_reorg_group *g,
				    const size_t *orig, size_t *best)
{
	o->e = e;
	o->g = g;
	o->orig = orig;
	o->best = best;
	o->cur = calloc(g->n + 1, sizeof(*o->cur));
	o->used = calloc(g->n + 1, sizeof(*o->used));
	if (o->cur && o->used)
		return NULL;
	free(o->cur);
	free(o->used);
	return &ph_error_nomem;
}

static void orders_deinit(struct ph_reorg_orders *o)
{
	free(o->cur);
	free(o->used);
}

struct search {
	struct ph_reorg_orders o;
	uint64_t best_cost, remaining_bits;
	unsigned long nodes;
	bool aborted;
};

static void dfs(struct search *s, size_t depth, uint64_t at)
{
	const struct ph_reorg_engine *e = s->o.e;
	const struct ph_reorg_group *g = s->o.g;

	if (s->aborted)
		return;
	/* The budget counts work, not nodes: a node costs a pass over the
	   group.  */
	s->nodes += g->n;
	if (s->nodes > e->budget) {
		s->aborted = true;
		return;
	}
	if (ph_reorg_group_end(g, at + s->remaining_bits) >= s->best_cost)
		return;
	if (depth == g->n) {
		s->best_cost = ph_reorg_group_end(g, at);
		memcpy(s->o.best, s->o.cur, g->n * sizeof(*s->o.best));
		return;
	}
	/* Larger alignments first finds good orders early; one unit per
	   class, the first unused, so equal members are never swapped.  */
	for (int pass_align = 1 << 16; pass_align >= 1; pass_align >>= 1) {
		for (size_t i = 0; i < g->n; i++) {
			size_t ui = g->units[i];
			const struct ph_reorg_unit *u = &e->units[ui];
			bool dup = false;

			if (s->o.used[i] || u->align != (unsigned)pass_align)
				continue;
			for (size_t j = 0; j < i && !dup; j++)
				dup = !s->o.used[j] &&
				      e->units[g->units[j]].cls == u->cls;
			if (dup)
				continue;
			size_t one = ui;
			uint64_t next = ph_reorg_place_units(e, &one, 1, at, NULL);
			s->o.used[i] = true;
			s->o.cur[depth] = ui;
			s->remaining_bits -= u->bits;
			dfs(s, depth + 1, next);
			s->remaining_bits += u->bits;
			s->o.used[i] = false;
			if (s->aborted)
				return;
		}
	}
}

/* The smallest cost any order of G reaches, as far as the search gets;
   BEST receives that order.  *PROVEN when the search finished.  */
struct ph_error *ph_reorg_search_group(const struct ph_reorg_engine *e,
				       const struct ph_reorg_group *g,
				       size_t *best, uint64_t *best_cost,
				       bool *proven)
{
	struct search s = { 0 };
	uint64_t bits = ph_reorg_units_bits(e, g->units, g->n);
	struct ph_error *err = orders_init(&s.o, e, g, NULL, best);

	if (err)
		return err;
	s.best_cost = *best_cost;
	s.remaining_bits = bits;
	/* The lower bound reached already: nothing to search.  A node costs
	   n^2 (the class check), so big groups keep the sorted order.  */
	if (g->n <= PH_REORG_SEARCH_MAX &&
	    ph_reorg_group_end(g, g->start + bits) <
		    s.best_cost)
		dfs(&s, 0, g->start);
	else if (g->n > PH_REORG_SEARCH_MAX)
		s.aborted = true;
	*best_cost = s.best_cost;
	*proven = !s.aborted;
	orders_deinit(&s.o);
	return NULL;
}

/* Least change: single moves from the current order, each the one that
   lowers the group's cost most, until TARGET is reached or no move helps.
   Then, if still above TARGET, the moves that turn the current order into
   BEST.  */
struct ph_error *ph_reorg_descend(const struct ph_reorg_engine *e,
				  struct ph_reorg_plan *p, size_t lo,
				  struct ph_reorg_group *g, uint64_t target,
				  const size_t *best,
				  struct ph_reorg_steps *st)
{
	struct ph_error *err;
	size_t *trial = malloc((g->n + 1) * sizeof(*trial));

	if (!trial)
		return &ph_error_nomem;
	for (;;) {
		uint64_t cost = ph_reorg_group_cost(e, g, &p->order[lo]);
		uint64_t best_cost = cost;
		size_t bf = 0, bt = 0, bdist = SIZE_MAX;

		if (cost <= target)
			break;
		/* The move that lowers the cost most; among equals, the one
		   that moves a member the shortest way, then the one that
		   fills the earliest hole, as one would do by hand.  */
		for (size_t from = g->n; from-- > 0;) {
			if (e->units[p->order[lo + from]].fixed)
				continue;
			for (size_t to = 0; to < g->n; to++) {
				if (to == from ||
				    e->units[p->order[lo + to]].fixed)
					continue;
				memcpy(trial, &p->order[lo],
				       g->n * sizeof(*trial));
				ph_reorg_move_unit(trial, from, to);
				uint64_t c = ph_reorg_group_cost(e, g, trial);
				size_t dist = from > to ? from - to : to - from;
				if (c < best_cost ||
				    (c == best_cost && c < cost &&
				     (dist < bdist ||
				      (dist == bdist && to < bt)))) {
					best_cost = c;
					bf = from;
					bt = to;
					bdist = dist;
				}
			}
		}
		if (best_cost >= cost)
			break;
		if ((err = ph_reorg_apply_move(p, st, lo + bf, lo + bt))) {
			free(trial);
			return err;
		}
	}
	free(trial);
	if (ph_reorg_group_cost(e, g, &p->order[lo]) <= target || !best)
		return NULL;
	return ph_reorg_walk_to(p, lo, g->n, best, st);
}

/* Least change past the exhaustive search: the orders of G that cost
   at most TARGET and move fewer than *MOVES units, built left to right.
   Each unit placed is either kept (after the last kept one in the
   current order) or moved; a unit passed over by a kept one must move,
   which bounds a prefix's moves from below.  */
struct fewest {
	struct ph_reorg_orders o;
	uint64_t target;
	size_t best_moves;
	unsigned long work;
	bool aborted, found;
};

/* Work the search for fewer moves may do per group: about a
   millisecond.  */
enum { FEWEST_WORK = 1 << 20 };

/* An unplaced unit of ORIG[i]'s class in ORIG[from..i).  */
static bool earlier_of_class(const struct fewest *s, size_t from, size_t i)
{
	int cls = s->o.e->units[s->o.orig[i]].cls;

	for (size_t j = from; j < i; j++)
		if (!s->o.used[j] && s->o.e->units[s->o.orig[j]].cls == cls)
			return true;
	return false;
}

static void fewest_dfs(struct fewest *s, size_t depth, uint64_t at,
		       uint64_t remaining, size_t next_kept, size_t moves,
		       size_t must)
{
	const struct ph_reorg_group *g = s->o.g;
	uint64_t lb = ph_reorg_group_end(g, at + remaining);

	if (s->aborted || lb > s->target || moves + must >= s->best_moves)
		return;
	s->work += g->n;
	if (s->work > FEWEST_WORK) {
		s->aborted = true;
		return;
	}
	if (depth == g->n) {
		s->best_moves = moves;
		s->found = true;
		memcpy(s->o.best, s->o.cur, g->n * sizeof(*s->o.best));
		return;
	}
	/* Kept first, nearest first: the unchanged order is tried before
	   anything moves.  Of interchangeable units, keeping the first
	   does at least as well as keeping a later one (swap the two).  */
	size_t passed = 0;
	for (size_t i = next_kept; i < g->n && !s->aborted; i++) {
		size_t ui = s->o.orig[i];

		if (s->o.used[i])
			continue;
		if (moves + must + passed >= s->best_moves)
			break;
		if (earlier_of_class(s, next_kept, i)) {
			passed++;
			continue;
		}
		s->o.used[i] = true;
		s->o.cur[depth] = ui;
		fewest_dfs(s, depth + 1, ph_reorg_place_units(s->o.e, &ui, 1, at, NULL),
			   remaining - s->o.e->units[ui].bits, i + 1, moves,
			   must + passed);
		s->o.used[i] = false;
		passed++;
	}
	/* Moved: of interchangeable units that must move (passed over),
	   the first stands for all, and for any of them not passed over.  */
	for (size_t i = 0; i < g->n && !s->aborted; i++) {
		size_t ui = s->o.orig[i];
		size_t left = must - (i < next_kept);

		if (s->o.used[i] || moves + 1 + left >= s->best_moves)
			continue;
		if (earlier_of_class(s, 0, i < next_kept ? i : next_kept))
			continue;
		s->o.used[i] = true;
		s->o.cur[depth] = ui;
		fewest_dfs(s, depth + 1, ph_reorg_place_units(s->o.e, &ui, 1, at, NULL),
			   remaining - s->o.e->units[ui].bits, next_kept,
			   moves + 1, left);
		s->o.used[i] = false;
	}
}

/* Units of ORDER[0..n) moved from ORIG[0..n): n less the longest run
   kept in relative order.  */
size_t ph_reorg_moved_units(const size_t *orig, const size_t *order,
			    size_t n)
{
	size_t *pos = malloc((2 * n + 1) * sizeof(*pos)), len;

	if (!pos)
		return SIZE_MAX;
	for (size_t i = 0; i < n; i++) {
		pos[i] = 0;
		while (orig[pos[i]] != order[i])
			pos[i]++;
	}
	len = ph_reorg_longest_run(pos, n, pos + n);
	free(pos);
	return n - len;
}

/* An order of G from ORIG reaching TARGET with fewer than *MOVES units
   moved, into BEST (*MOVES updated, true); *PROVEN when the search
   finished, so that no order reaching TARGET moves fewer.  */
struct ph_error *ph_reorg_fewest_moves(const struct ph_reorg_engine *e,
				       const struct ph_reorg_group *g,
				       const size_t *orig, uint64_t target,
				       size_t *moves, size_t *best,
				       bool *found, bool *proven)
{
	struct fewest s = { .target = target, .best_moves = *moves };
	struct ph_error *err = orders_init(&s.o, e, g, orig, best);

	if (err)
		return err;
	fewest_dfs(&s, 0, g->start, ph_reorg_units_bits(e, orig, g->n), 0, 0,
		   0);
	*moves = s.best_moves;
	*found = s.found;
	*proven = !s.aborted;
	orders_deinit(&s.o);
	return NULL;
}

