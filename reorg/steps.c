/* The moves that turn one order into another, recorded as steps.  */
#include "engine.h"

#include "array.h"

#include <stdlib.h>
#include <string.h>

void ph_reorg_move_unit(size_t *order, size_t from, size_t to)
{
	size_t u = order[from];

	if (from < to)
		memmove(&order[from], &order[from + 1],
			(to - from) * sizeof(*order));
	else
		memmove(&order[to + 1], &order[to],
			(from - to) * sizeof(*order));
	order[to] = u;
}

/* Members in all the layouts after steps, at most: a struct of 3,000
   members moved 2,000 times would otherwise take gigabytes.  */
enum { STEP_MEMBERS_MAX = 1 << 19 };

static struct ph_error *record_step(struct ph_reorg_steps *st,
				    const struct ph_reorg_plan *p, size_t unit,
				    size_t from_after, size_t to_after)
{
	struct ph_error *err = ph_array_reserve(&st->v, &st->cap, st->n + 1,
						 sizeof(*st->v));

	if (err)
		return err;
	struct ph_reorg_step_rec *r = &st->v[st->n];
	if (st->orders && (st->n + 1) * p->n > STEP_MEMBERS_MAX) {
		for (size_t i = 0; i < st->n; i++) {
			free(st->v[i].order);
			st->v[i].order = NULL;
		}
		st->orders = false;
	}
	r->order = NULL;
	if (st->orders) {
		r->order = malloc(p->n * sizeof(*r->order));
		if (!r->order)
			return &ph_error_nomem;
		memcpy(r->order, p->order, p->n * sizeof(*r->order));
	}
	r->unit = unit;
	r->from_after = from_after;
	r->to_after = to_after;
	st->n++;
	return NULL;
}

/* Moves the unit at plan position FROM to position TO, recording the
   step.  */
struct ph_error *ph_reorg_apply_move(struct ph_reorg_plan *p,
				     struct ph_reorg_steps *st, size_t from,
				     size_t to)
{
	size_t unit = p->order[from];
	size_t from_after = from ? p->order[from - 1] : SIZE_MAX;

	ph_reorg_move_unit(p->order, from, to);
	return record_step(st, p, unit, from_after,
			   to ? p->order[to - 1] : SIZE_MAX);
}

/* Turns the group at P->order[LO..LO+N) into BEST with the fewest single
   moves: the units of a longest run that is in the same relative order in
   both stay, each other unit moves once, in BEST's order, to follow the
   unit it follows in BEST.  */
struct ph_error *ph_reorg_walk_to(struct ph_reorg_plan *p, size_t lo,
				  size_t n, const size_t *best,
				  struct ph_reorg_steps *st)
{
	size_t *rank = malloc((n + 1) * sizeof(*rank));	/* in current */
	size_t *len = malloc((n + 1) * sizeof(*len));
	size_t *prev = malloc((n + 1) * sizeof(*prev));
	bool *keep = calloc(n + 1, sizeof(*keep));
	struct ph_error *err = NULL;

	if (!rank || !len || !prev || !keep) {
		err = &ph_error_nomem;
		goto out;
	}
	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < n; j++)
			if (p->order[lo + j] == best[i])
				rank[i] = j;
	/* Longest increasing run of ranks along BEST: O(n^2) is plenty.  */
	size_t top = SIZE_MAX, toplen = 0;
	for (size_t i = 0; i < n; i++) {
		len[i] = 1;
		prev[i] = SIZE_MAX;
		for (size_t j = 0; j < i; j++)
			if (rank[j] < rank[i] && len[j] + 1 > len[i]) {
				len[i] = len[j] + 1;
				prev[i] = j;
			}
		if (len[i] > toplen) {
			toplen = len[i];
			top = i;
		}
	}
	for (size_t i = top; i != SIZE_MAX; i = prev[i])
		keep[i] = true;
	for (size_t i = 0; i < n; i++) {
		size_t from = 0, to = 0;

		if (keep[i])
			continue;
		while (p->order[lo + from] != best[i])
			from++;
		if (i > 0) {
			while (p->order[lo + to] != best[i - 1])
				to++;
			if (to < from)
				to++;
		}
		if (from != to &&
		    (err = ph_reorg_apply_move(p, st, lo + from, lo + to)))
			goto out;
	}
out:
	free(rank);
	free(len);
	free(prev);
	free(keep);
	return err;
}

void ph_reorg_steps_deinit(struct ph_reorg_steps *st)
{
	for (size_t s = 0; s < st->n; s++)
		free(st->v[s].order);
	free(st->v);
}
