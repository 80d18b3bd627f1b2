/* The engine's driver: the groups between fixed units, each searched
   (exhaustive.c, bounded.c) from where the previous one ends and walked
   to with few moves (steps.c); hot members first; untagged aggregates
   reorganized inside; unions.  */
#include "reorganize.h"

#include "analysis.h"
#include "engine.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

static bool is_hot(const struct ph_reorg_options *opts,
		   const struct ph_member *m)
{
	if (m->hot)
		return true;
	for (size_t i = 0; opts && i < opts->nr_hot; i++)
		if (opts->hot[i] && strcmp(opts->hot[i], m->name) == 0)
			return true;
	return false;
}

/* A unit's place in the sort before the search: hot members (by the
   unit's first) 0, the others 1 + their lowest rank.  */
static unsigned unit_key(const struct ph_reorg_options *opts,
			 const struct ph_type *t,
			 const struct ph_reorg_unit *u)
{
	unsigned rank = UINT_MAX - 1;

	if (is_hot(opts, &t->members[u->first]))
		return 0;
	if (!opts || !opts->ranks || opts->nr_ranks != t->nr_members)
		return 1;
	for (size_t k = 0; k < u->count; k++)
		if (opts->ranks[u->first + k] < rank)
			rank = opts->ranks[u->first + k];
	return 1 + rank;
}

static struct ph_error *reorganize_core(struct ph_model *model,
				       const struct ph_type *t,
				       const struct ph_type *inner,
				       const struct ph_reorg_options *opts,
				       struct ph_reorg_result *ret)
{
	unsigned cacheline = opts && opts->cacheline ? opts->cacheline : 64;
	struct ph_reorg_engine e = { .t = t, .packed = t->packed };
	struct ph_reorg_plan p = { 0 };
	struct ph_reorg_steps st = { .orders = opts && opts->steps };
	struct ph_error *err = NULL;
	size_t *best = NULL, *gunits = NULL;
	unsigned *keys = NULL;
	const char *why = NULL;

	memset(ret, 0, sizeof(*ret));
	ret->type = t;
	ret->original_size = t->size;
	ret->lower_bound = t->size;
	e.budget = opts && opts->search_budget ? opts->search_budget : 4000000;
	size_t exhaustive_max = opts && opts->exhaustive_max &&
				opts->exhaustive_max < PH_REORG_EXHAUSTIVE_MAX
		? opts->exhaustive_max : PH_REORG_EXHAUSTIVE_MAX;

	if ((err = ph_reorg_make_units(&e, cacheline, opts && opts->cross_groups)))
		goto out;
	if (!ph_reorg_replay(&e, &why)) {
		ret->refused = why;
		goto out;
	}
	/* The compiler's layout replayed: now the members as they will be,
	   untagged aggregates reorganized inside.  */
	if (inner != t) {
		e.t = inner;
		for (size_t i = 0; i < e.nr_items; i++)
			e.items[i].m = &inner->members[i];
		for (size_t i = 0; i < e.nr_units; i++) {
			struct ph_reorg_unit *u = &e.units[i];

			u->bits = 0;
			for (size_t k = 0; k < u->count; k++)
				u->bits += inner->members[u->first + k].bit_size;
		}
	}
	p.n = e.nr_units;
	p.order = malloc((p.n + 1) * sizeof(*p.order));
	best = malloc((p.n + 1) * sizeof(*best));
	gunits = malloc((p.n + 1) * sizeof(*gunits));
	if (!p.order || !best || !gunits) {
		err = &ph_error_nomem;
		goto out;
	}
	for (size_t i = 0; i < p.n; i++)
		p.order[i] = i;
	/* The original order must replay to the original size too.  */
	if (inner == t &&
	    ph_reorg_type_end(&e, ph_reorg_place_units(&e, p.order, p.n, 0, NULL)) != t->size) {
		ret->refused = "the size does not follow from the members "
			       "(tail padding from unnamed or aligned parts?)";
		goto out;
	}

	/* Hot members go first, then the ranks in order, in each stretch
	   of members between fixed units: none crosses a cacheline
	   group's fence, a cacheline-aligned member or a base.  A stable
	   sort by key, done as moves (steps), the last key's members
	   staying where the others leave them.  */
	bool any_hot = false;
	for (size_t i = 0; i < t->nr_members; i++)
		any_hot = any_hot || is_hot(opts, &t->members[i]);
	bool sorting = any_hot || (opts && opts->ranks &&
				   opts->nr_ranks == t->nr_members);
	if (sorting) {
		if (!(keys = malloc((e.nr_units + 1) * sizeof(*keys)))) {
			err = &ph_error_nomem;
			goto out;
		}
		for (size_t u = 0; u < e.nr_units; u++)
			keys[u] = unit_key(opts, t, &e.units[u]);
	}
	for (size_t lo = 0, hi; sorting && lo < p.n; lo = hi) {
		if (e.units[p.order[lo]].fixed) {
			hi = lo + 1;
			continue;
		}
		unsigned last = 0;
		for (hi = lo; hi < p.n && !e.units[p.order[hi]].fixed; hi++)
			if (keys[p.order[hi]] > last)
				last = keys[p.order[hi]];
		for (size_t front = lo; front < hi;) {
			unsigned least = UINT_MAX;

			for (size_t i = front; i < hi; i++)
				if (keys[p.order[i]] < least)
					least = keys[p.order[i]];
			if (least == last)
				break;
			for (size_t i = front; i < hi; i++) {
				if (keys[p.order[i]] != least)
					continue;
				if (i != front &&
				    (err = ph_reorg_apply_move(&p, &st, i, front)))
					goto out;
				front++;
			}
		}
	}

	/* Groups: between fixed units; each optimized from where the
	   previous one ends.  */
	bool all_proven = true, all_fewest = true;
	uint64_t lb_end = 0;
	size_t i = 0;
	uint64_t at = 0;
	while (i < p.n) {
		const struct ph_reorg_unit *u = &e.units[p.order[i]];

		if (u->fixed) {
			size_t one = p.order[i];

			at = ph_reorg_place_units(&e, &one, 1, at, NULL);
			lb_end = ph_reorg_place_units(&e, &one, 1, lb_end, NULL);
			i++;
			continue;
		}
		size_t lo = i, hi = i;
		bool hot_part = any_hot && is_hot(opts, &t->members[u->first]);
		while (hi < p.n && !e.units[p.order[hi]].fixed &&
		       (!sorting || keys[p.order[hi]] == keys[p.order[lo]]))
			hi++;
		struct ph_reorg_group g = {
			.units = gunits, .n = hi - lo, .start = at,
			.tail = hi == p.n ? e.tail_bits : 0,
		};
		memcpy(gunits, &p.order[lo], g.n * sizeof(*gunits));
		/* Rounded to what comes next: a fixed unit's alignment, or
		   the type's at the end.  */
		g.round = 8 * (uint64_t)(hi < p.n ? e.units[p.order[hi]].align
					 : (t->align ? t->align : 1));
		/* Hot members, and a rank that another follows: packed as
		   tight as they go, what comes next starting where they
		   end.  */
		if (hot_part || (sorting && hi < p.n &&
				 !e.units[p.order[hi]].fixed))
			g.round = 8;
		uint64_t cost = ph_reorg_group_cost(&e, &g, gunits), target = cost;
		bool proven = false;
		uint64_t bits = ph_reorg_units_bits(&e, &p.order[lo], g.n);

		memcpy(best, gunits, g.n * sizeof(*best));
		/* Larger alignments first: optimal when every size is a
		   multiple of its alignment, and a good start otherwise.  */
		{
			size_t *sorted = malloc((g.n + 1) * sizeof(*sorted));
			if (!sorted) {
				err = &ph_error_nomem;
				goto out;
			}
			memcpy(sorted, gunits, g.n * sizeof(*sorted));
			for (size_t a = 1; a < g.n; a++) {
				size_t v = sorted[a], b = a;
				while (b > 0 && e.units[sorted[b - 1]].align <
						e.units[v].align) {
					sorted[b] = sorted[b - 1];
					b--;
				}
				sorted[b] = v;
			}
			uint64_t c = ph_reorg_group_cost(&e, &g, sorted);
			if (c < target) {
				target = c;
				memcpy(best, sorted, g.n * sizeof(*best));
			}
			free(sorted);
		}
		if (g.n <= exhaustive_max &&
		    ph_reorg_exhaustive(&e, &g, best, &target)) {
			proven = true;
			if (target < cost &&
			    (err = ph_reorg_walk_to(&p, lo, g.n, best, &st)))
				goto out;
		} else {
			size_t steps_before = st.n;

			if ((err = ph_reorg_search_group(&e, &g, best, &target,
						&proven)))
				goto out;
			if (ph_reorg_group_end(&g, at + bits) >= target)
				proven = true;
			/* Single moves cost a pass per move tried: n^3 a
			   step.  Past PH_REORG_DESCEND_MAX units, straight to BEST.  */
			if (target < cost && g.n > PH_REORG_DESCEND_MAX &&
			    (err = ph_reorg_walk_to(&p, lo, g.n, best, &st)))
				goto out;
			if (target < cost && g.n <= PH_REORG_DESCEND_MAX &&
			    (err = ph_reorg_descend(&e, &p, lo, &g, target, best, &st)))
				goto out;
			/* Then fewer units moved, if any order gets there
			   with fewer.  */
			uint64_t reached = ph_reorg_group_cost(&e, &g, &p.order[lo]);
			size_t moves = ph_reorg_moved_units(gunits, &p.order[lo], g.n);
			bool found = false, fewest = true;

			if (moves == SIZE_MAX) {
				err = &ph_error_nomem;
				goto out;
			}
			if (reached < cost && moves > 1 &&
			    (err = ph_reorg_fewest_moves(&e, &g, gunits, reached, &moves,
						best, &found, &fewest)))
				goto out;
			/* Single moves may move a unit twice: then straight
			   to where they got.  */
			if (!found && st.n - steps_before > moves) {
				memcpy(best, &p.order[lo], g.n * sizeof(*best));
				found = true;
			}
			if (found) {
				while (st.n > steps_before)
					free(st.v[--st.n].order);
				memcpy(&p.order[lo], gunits,
				       g.n * sizeof(*gunits));
				if ((err = ph_reorg_walk_to(&p, lo, g.n, best, &st)))
					goto out;
			}
			all_fewest = all_fewest && fewest;
		}
		all_proven = all_proven && proven;
		at = ph_reorg_place_units(&e, &p.order[lo], g.n, at, NULL);
		lb_end = ph_align_up(lb_end + bits, 8);
		i = hi;
	}
	ret->lower_bound = ph_reorg_type_end(&e, lb_end);
	if (ret->lower_bound > t->size)
		ret->lower_bound = t->size;

	const struct ph_type *nt;
	if ((err = ph_reorg_build_type(&e, model, p.order, &nt)))
		goto out;
	/* With ranks, their order is the answer once a member moved.  */
	bool ranked_moved = false;
	for (size_t k = 0; opts && opts->ranks && k < p.n; k++)
		ranked_moved = ranked_moved || p.order[k] != k;
	if (nt->size >= t->size && !ranked_moved) {
		/* Never worse, and no churn for nothing.  */
		ret->type = t;
		ret->optimal = all_proven || t->size == ret->lower_bound;
		ret->least_change = true;
		goto out;
	}
	ret->type = nt;
	ret->optimal = all_proven || nt->size == ret->lower_bound;
	ret->least_change = all_fewest;
	if (st.n) {
		ret->steps = ph_arena_alloc(&model->arena,
					    st.n * sizeof(*ret->steps));
		if (!ret->steps) {
			err = &ph_error_nomem;
			goto out;
		}
		for (size_t s = 0; s < st.n; s++) {
			struct ph_reorg_step *rs = &ret->steps[s];

			rs->moved = ph_reorg_unit_name(&e, st.v[s].unit);
			rs->from_after = ph_reorg_unit_name(&e, st.v[s].from_after);
			rs->to_after = ph_reorg_unit_name(&e, st.v[s].to_after);
			rs->layout = NULL;
			if (st.orders &&
			    (err = ph_reorg_build_type(&e, model, st.v[s].order,
					      &rs->layout)))
				goto out;
		}
		ret->nr_steps = st.n;
		ret->step_layouts_omitted = opts && opts->steps && !st.orders;
	}
out:
	ph_reorg_steps_deinit(&st);
	free(p.order);
	free(best);
	free(gunits);
	free(keys);
	free(e.items);
	free(e.units);
	return err;
}

/* An untagged aggregate member as a type of its own, offsets from 0.  */
static struct ph_error *nested_as_type(struct ph_model *model,
				       const struct ph_member *m,
				       struct ph_type *ret)
{
	bool nomem = false;

	memset(ret, 0, sizeof(*ret));
	ret->kind = m->nested_kind;
	ret->name = *m->name ? m->name : "(anonymous)";
	ret->size = m->size;
	ret->align = m->align ? m->align : 1;
	ret->nr_members = m->nr_members;
	struct ph_member tmp = *m;
	ph_reorg_shift_nested(&tmp, -(int64_t)m->bit_offset, model, &nomem);
	ret->members = tmp.members;
	return nomem ? &ph_error_nomem : NULL;
}

/* The smallest standard integer type of M's signedness that holds its
   width, when smaller than its declared type.  Only the integer types GCC
   spells: enums, _Bool, plain char and typedefs keep theirs.  */
static bool demoted(const struct ph_member *m, const char **type,
		    uint64_t *size)
{
	static const char *const unsigned_names[] = {
		"unsigned char", "short unsigned int", "unsigned int",
		"long long unsigned int",
	};
	static const char *const signed_names[] = {
		"signed char", "short int", "int", "long long int",
	};
	static const char *const known_signed[] = {
		"signed char", "short int", "int", "long int", "long long int",
	};
	const char *const *names = NULL;
	int k;

	if (strncmp(m->type, "unsigned ", 9) == 0 ||
	    strstr(m->type, " unsigned ") ||
	    (strlen(m->type) > 9 &&
	     strcmp(m->type + strlen(m->type) - 9, " unsigned") == 0))
		names = unsigned_names;
	for (size_t i = 0; !names && i < 5; i++)
		if (strcmp(m->type, known_signed[i]) == 0)
			names = signed_names;
	if (!names || m->bit_size > 64)
		return false;
	k = m->bit_size <= 8 ? 0 : m->bit_size <= 16 ? 1
	    : m->bit_size <= 32 ? 2 : 3;
	if ((1ULL << k) >= m->size)
		return false;
	*type = names[k];
	*size = 1ULL << k;
	return true;
}

/* T with each untagged aggregate member reorganized inside, when that
   makes it smaller, and (when asked) its bitfields demoted; *RET is T
   itself when nothing changes.  */
static struct ph_error *reorganize_nested(struct ph_model *model,
					  const struct ph_type *t,
					  const struct ph_reorg_options *opts,
					  const struct ph_type **ret)
{
	struct ph_reorg_options inner_opts;
	struct ph_member *ms = NULL;
	struct ph_error *err;

	*ret = t;
	if (opts)
		inner_opts = *opts;
	else
		memset(&inner_opts, 0, sizeof(inner_opts));
	/* Hot members and ranks are the outer type's.  */
	inner_opts.nr_hot = 0;
	inner_opts.ranks = NULL;
	inner_opts.nr_ranks = 0;
	for (size_t i = 0; i < t->nr_members; i++) {
		const struct ph_member *m = &t->members[i];
		struct ph_reorg_result r;
		struct ph_type nt;
		bool nomem = false;

		if (!m->nested || !m->nr_members)
			continue;
		if ((err = nested_as_type(model, m, &nt)) ||
		    (err = ph_reorganize(model, &nt, &inner_opts, &r)))
			return err;
		if (r.type == &nt || r.type->size >= m->size)
			continue;
		if (!ms) {
			ms = ph_arena_memdup(&model->arena, t->members,
					     t->nr_members * sizeof(*ms));
			if (!ms)
				return &ph_error_nomem;
		}
		ms[i].size = r.type->size;
		ms[i].bit_size = 8 * r.type->size;
		ms[i].type_padding = (uint32_t)ph_tail_padding(
			r.type->members, r.type->nr_members, 0, r.type->size,
			r.type->kind == PH_KIND_UNION);
		ms[i].members = r.type->members;
		ph_reorg_shift_nested(&ms[i], (int64_t)m->bit_offset, model, &nomem);
		if (nomem)
			return &ph_error_nomem;
	}
	if (opts && opts->demote_bitfields) {
		for (size_t i = 0; i < t->nr_members; i++) {
			const struct ph_member *m = &t->members[i];
			const char *type;
			uint64_t size;

			if (!m->bitfield || !demoted(m, &type, &size))
				continue;
			if (!ms) {
				ms = ph_arena_memdup(&model->arena, t->members,
						     t->nr_members *
						     sizeof(*ms));
				if (!ms)
					return &ph_error_nomem;
			}
			ms[i].type = type;
			ms[i].size = size;
			/* i386 aligns long long to 4 inside structs: never
			   more than the type it replaces.  */
			if (ms[i].align > size)
				ms[i].align = (uint32_t)size;
		}
	}
	if (!ms)
		return NULL;
	struct ph_type *nt = ph_arena_memdup(&model->arena, t, sizeof(*nt));
	if (!nt)
		return &ph_error_nomem;
	nt->members = ms;
	*ret = nt;
	return NULL;
}

/* A union: only what is inside its members can move.  */
static struct ph_error *reorganize_union(struct ph_model *model,
					 const struct ph_type *t,
					 const struct ph_type *inner,
					 struct ph_reorg_result *ret)
{
	uint64_t size = 0;

	ret->type = t;
	if (inner == t) {
		ret->refused = "nothing in the union can move";
		return NULL;
	}
	for (size_t i = 0; i < inner->nr_members; i++) {
		const struct ph_member *m = &inner->members[i];
		uint64_t end = m->bitfield ? (m->bit_size + 7) / 8 : m->size;

		if (end > size)
			size = end;
	}
	size = ph_align_up(size, t->align ? t->align : 1);
	if (size >= t->size)
		return NULL;
	struct ph_type *nt = ph_arena_memdup(&model->arena, inner, sizeof(*nt));
	if (!nt)
		return &ph_error_nomem;
	nt->size = size;
	ret->type = nt;
	ret->lower_bound = size;
	return NULL;
}

struct ph_error *ph_reorganize(struct ph_model *model, const struct ph_type *t,
			       const struct ph_reorg_options *opts,
			       struct ph_reorg_result *ret)
{
	const struct ph_type *inner;
	struct ph_error *err;

	memset(ret, 0, sizeof(*ret));
	ret->type = t;
	ret->original_size = t->size;
	ret->lower_bound = t->size;
	if ((err = reorganize_nested(model, t, opts, &inner)))
		return err;
	if (t->kind == PH_KIND_UNION)
		return reorganize_union(model, t, inner, ret);
	return reorganize_core(model, t, inner, opts, ret);
}

