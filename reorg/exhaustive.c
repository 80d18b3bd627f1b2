/* The exhaustive search: every order of a small group, for the smallest
   size and, reaching it, the fewest units moved.  */
#include "engine.h"

#include <string.h>

/* Nodes the exhaustive search may visit in a group before it gives way
   to the bounded ones (bounded.c): a few milliseconds.  */
enum { EXHAUSTIVE_NODES = 1 << 14 };

/* The exhaustive search over one group's orders: the best so far (its
   cost and the moves that make it, N less the longest run kept in
   relative order), and the nodes visited, bounded.  */
struct perm {
	struct ph_reorg_orders o;
	uint64_t best_cost;
	size_t best_moves;
	size_t pos[PH_REORG_EXHAUSTIVE_MAX];	/* original positions of CUR */
	unsigned long nodes;
	bool aborted;
};

/* The longest increasing run of POS[0..n): what stays in place.  TAILS
   has room for N.  */
size_t ph_reorg_longest_run(const size_t *pos, size_t n, size_t *tails)
{
	size_t len = 0;

	for (size_t i = 0; i < n; i++) {
		size_t lo = 0, hi = len;

		while (lo < hi) {
			size_t mid = (lo + hi) / 2;

			if (tails[mid] < pos[i])
				lo = mid + 1;
			else
				hi = mid;
		}
		tails[lo] = pos[i];
		if (lo == len)
			len++;
	}
	return len;
}

static size_t longest_kept(const size_t *pos, size_t n)
{
	size_t tails[PH_REORG_EXHAUSTIVE_MAX];

	return ph_reorg_longest_run(pos, n, tails);
}

/* Orders in lexicographic order of the original positions, placed as
   they grow.  A prefix whose end plus the bits still to place already
   costs more than the best order, or as much with no fewer moves (each
   unit out of the prefix's longest kept run is moved whatever follows),
   cannot give a better one.  */
static void permute(struct perm *s, size_t depth, uint64_t at,
		    uint64_t remaining)
{
	const struct ph_reorg_group *g = s->o.g;
	uint64_t lb = ph_reorg_group_end(g, at + remaining);

	if (s->aborted || lb > s->best_cost)
		return;
	if (++s->nodes > EXHAUSTIVE_NODES) {
		s->aborted = true;
		return;
	}
	if (depth == g->n) {
		size_t mv = g->n - longest_kept(s->pos, g->n);

		if (lb < s->best_cost || mv < s->best_moves) {
			s->best_cost = lb;
			s->best_moves = mv;
			memcpy(s->o.best, s->o.cur, g->n * sizeof(*s->o.best));
		}
		return;
	}
	if (lb == s->best_cost &&
	    depth - longest_kept(s->pos, depth) >= s->best_moves)
		return;
	for (size_t i = 0; i < g->n; i++) {
		size_t ui = s->o.orig[i];
		uint64_t next;

		if (s->o.used[i])
			continue;
		next = ph_reorg_place_units(s->o.e, &ui, 1, at, NULL);
		s->o.used[i] = true;
		s->o.cur[depth] = ui;
		s->pos[depth] = i;
		permute(s, depth + 1, next,
			remaining - s->o.e->units[ui].bits);
		s->o.used[i] = false;
	}
}

/* Every order of a small group: the smallest cost and, among the orders
   that reach it, one that moves the fewest units (the first found in
   lexicographic order of the original positions, so the most natural).
   False, BEST and *BEST_COST untouched, when the search would take more
   than EXHAUSTIVE_NODES.  */
bool ph_reorg_exhaustive(const struct ph_reorg_engine *e,
			 const struct ph_reorg_group *g, size_t *best,
			 uint64_t *best_cost)
{
	size_t cur[PH_REORG_EXHAUSTIVE_MAX], found[PH_REORG_EXHAUSTIVE_MAX];
	bool used[PH_REORG_EXHAUSTIVE_MAX] = { false };
	struct perm s = { { e, g, g->units, cur, found, used }, UINT64_MAX,
			  SIZE_MAX, { 0 }, 0, false };

	permute(&s, 0, g->start, ph_reorg_units_bits(e, g->units, g->n));
	if (s.aborted || s.best_cost == UINT64_MAX)
		return false;
	memcpy(best, found, g->n * sizeof(*best));
	*best_cost = s.best_cost;
	return true;
}

