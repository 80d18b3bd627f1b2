/* The access-aware order (accessorder.h): tiers and ranks from the
   accesses, the engine's layouts of them, the one that serves the cache
   within the size it may take.  */
#include "accessorder.h"
#include "accessdb.h"
#include "sites.h"

#include <stdlib.h>
#include <string.h>

/* What the orders are weighed by.  */
struct weigh {
	struct ph_model *model;
	const struct ph_type *t;
	unsigned cacheline;
	const size_t *hot;		/* T's hot members */
	size_t nr_hot;
	/* The hottest functions' members (T's indexes), NR_FN_MEMBERS[i]
	   of them at FN_MEMBERS[i].  */
	size_t *fn_members[PH_ACCESS_TOP_FUNCTIONS];
	size_t nr_fn_members[PH_ACCESS_TOP_FUNCTIONS];
	size_t nr_fns;
};

/* An order tried, and what its hot members cost in cachelines.  */
struct candidate {
	struct ph_reorg_result r;
	uint64_t lines;		/* the hot members' */
	uint64_t fn_lines;	/* the hottest functions', summed */
};

/* T's member I in NT, a new order of T's members (NULL: not there).  */
static const struct ph_member *counterpart(const struct ph_type *nt,
					   const struct ph_type *t, size_t i)
{
	const struct ph_member *m = &t->members[i];
	char a[256], b[256];

	if (nt == t)
		return m;
	for (size_t k = 0; k < nt->nr_members; k++) {
		const struct ph_member *n = &nt->members[k];

		if (n->base != m->base)
			continue;
		if (m->base ? strcmp(n->type, m->type) == 0
		    : *m->name ? strcmp(n->name, m->name) == 0
		    : m->nested && n->nested &&
		      strcmp(ph_member_key(n, a, sizeof(a)),
			     ph_member_key(m, b, sizeof(b))) == 0)
			return n;
	}
	return NULL;
}

/* The lines M's bytes are on: false for a member of no bytes.  */
static bool member_span(const struct ph_member *m, unsigned cacheline,
			uint64_t span[2])
{
	uint64_t bits = m->bitfield ? m->bit_size
			: m->occupies_less ? 8 * m->occupied : 8 * m->size;

	if (!bits)
		return false;
	span[0] = m->bit_offset / 8 / cacheline;
	span[1] = ((m->bit_offset + bits + 7) / 8 - 1) / cacheline;
	return true;
}

static int by_first(const void *x, const void *y)
{
	const uint64_t *a = x, *b = y;

	return (a[0] > b[0]) - (a[0] < b[0]);
}

/* The lines the members IDX[0..n) of T touch in NT: their count in
   *COUNT, and when RET is not NULL the runs, in W's model.  */
static struct ph_error *lines_of(const struct weigh *w,
				 const struct ph_type *nt, const size_t *idx,
				 size_t n, uint64_t *count,
				 struct ph_access_lines *ret)
{
	uint64_t (*spans)[2] = malloc((n + 1) * sizeof(*spans));
	size_t k = 0;

	*count = 0;
	if (!spans)
		return &ph_error_nomem;
	for (size_t i = 0; i < n; i++) {
		const struct ph_member *m = counterpart(nt, w->t, idx[i]);

		if (m && member_span(m, w->cacheline, spans[k]))
			k++;
	}
	qsort(spans, k, sizeof(*spans), by_first);
	/* Overlapping and adjacent spans into runs.  */
	size_t runs = 0;
	for (size_t i = 0; i < k; i++) {
		if (runs && spans[i][0] <= spans[runs - 1][1] + 1) {
			if (spans[i][1] > spans[runs - 1][1])
				spans[runs - 1][1] = spans[i][1];
			continue;
		}
		spans[runs][0] = spans[i][0];
		spans[runs][1] = spans[i][1];
		runs++;
	}
	for (size_t i = 0; i < runs; i++)
		*count += spans[i][1] - spans[i][0] + 1;
	if (ret) {
		uint64_t *from = ph_arena_alloc(&w->model->arena,
						(2 * runs + 1) * sizeof(*from));

		if (!from) {
			free(spans);
			return &ph_error_nomem;
		}
		for (size_t i = 0; i < runs; i++) {
			from[i] = spans[i][0];
			from[runs + i] = spans[i][1];
		}
		*ret = (struct ph_access_lines){ from, from + runs, runs,
						 *count };
	}
	free(spans);
	return NULL;
}

/* NT's cost: the hot members' lines, then the hottest functions'.  */
static struct ph_error *weigh_type(const struct weigh *w,
				   const struct ph_type *nt,
				   uint64_t *lines, uint64_t *fn_lines)
{
	struct ph_error *err = lines_of(w, nt, w->hot, w->nr_hot, lines, NULL);

	*fn_lines = 0;
	for (size_t f = 0; !err && f < w->nr_fns; f++) {
		uint64_t c;

		err = lines_of(w, nt, w->fn_members[f], w->nr_fn_members[f], &c,
			       NULL);
		*fn_lines += c;
	}
	return err;
}

static struct ph_error *try_order(const struct weigh *w,
				  const struct ph_reorg_options *base,
				  const unsigned *ranks, struct candidate *c)
{
	struct ph_reorg_options o = *base;
	struct ph_error *err;

	o.ranks = ranks;
	o.nr_ranks = ranks ? w->t->nr_members : 0;
	if ((err = ph_reorganize(w->model, w->t, &o, &c->r)))
		return err;
	return weigh_type(w, c->r.type, &c->lines, &c->fn_lines);
}

/* Sorts IDX[0..n) by A (descending), then B (descending), then index.  */
static void sort_by_weight(size_t *idx, size_t n, const double *a,
			   const double *b)
{
	for (size_t i = 1; i < n; i++) {
		size_t v = idx[i], j = i;

		while (j > 0) {
			size_t u = idx[j - 1];
			bool before = a[v] > a[u] ||
				      (a[v] == a[u] && b && b[v] > b[u]) ||
				      (a[v] == a[u] && (!b || b[v] == b[u]) &&
				       v < u);

			if (!before)
				break;
			idx[j] = u;
			j--;
		}
		idx[j] = v;
	}
}

/* Per member of T, the weight F puts on it on hot paths, into FW.  */
static void function_weights(const struct ph_type *t,
			     const struct ph_function_access *f, double *fw)
{
	memset(fw, 0, t->nr_members * sizeof(*fw));
	for (size_t j = 0; !f->cold && j < f->nr_members; j++) {
		size_t k = ph_access_top_member(t, f->members[j].path);

		if (k != SIZE_MAX)
			fw[k] += f->members[j].reads + f->members[j].writes;
	}
}

/* The work of one call: what is allocated, freed at the end.  */
struct work {
	struct ph_member_sums *sums;
	double *fnw, *fw;
	size_t *fns;
	unsigned *ranks[3];
	bool *placed;
};

static void work_free(struct work *k, struct weigh *w)
{
	free(k->sums);
	free(k->fnw);
	free(k->fw);
	free(k->fns);
	for (size_t i = 0; i < 3; i++)
		free(k->ranks[i]);
	free(k->placed);
	for (size_t f = 0; f < PH_ACCESS_TOP_FUNCTIONS; f++)
		free(w->fn_members[f]);
}

/* The tiers, the hot members in the order the functions' walk places
   them, and the ranks of the three orders; the hottest functions and
   their members.  */
static struct ph_error *plan(const struct ph_type *t,
			     const struct ph_type_access *a, struct work *k,
			     struct weigh *w, struct ph_access_order_result *ret,
			     enum ph_access_tier *tiers, size_t *hot,
			     double hottest)
{
	size_t nr = t->nr_members, nhot = 0;
	unsigned group = 0;

	for (size_t i = 0; i < nr; i++)
		tiers[i] = k->sums[i].hot >= hottest / 16 && k->sums[i].hot > 0
				   ? PH_TIER_HOT
			   : k->sums[i].hot > 0 ? PH_TIER_WARM : PH_TIER_COLD;
	for (size_t f = 0; f < a->nr_functions; f++) {
		k->fns[f] = f;
		k->fnw[f] = ph_access_function_hot(&a->functions[f]);
	}
	sort_by_weight(k->fns, a->nr_functions, k->fnw, NULL);
	for (size_t fi = 0; fi < a->nr_functions; fi++) {
		const struct ph_function_access *f = &a->functions[k->fns[fi]];
		size_t first = nhot;

		if (k->fnw[k->fns[fi]] <= 0)
			break;
		function_weights(t, f, k->fw);
		if (w->nr_fns < PH_ACCESS_TOP_FUNCTIONS) {
			size_t *v = malloc((nr + 1) * sizeof(*v)), n = 0;

			if (!v)
				return &ph_error_nomem;
			for (size_t i = 0; i < nr; i++)
				if (k->fw[i] > 0)
					v[n++] = i;
			ret->fns[w->nr_fns].fn = f->fn;
			ret->fns[w->nr_fns].weight = k->fnw[k->fns[fi]];
			w->fn_members[w->nr_fns] = v;
			w->nr_fn_members[w->nr_fns++] = n;
		}
		for (size_t i = 0; i < nr; i++)
			if (tiers[i] == PH_TIER_HOT && !k->placed[i] &&
			    k->fw[i] > 0) {
				hot[nhot++] = i;
				k->placed[i] = true;
			}
		if (nhot == first)
			continue;
		/* This function's new members, heaviest first.  */
		double *total = k->fw + nr;
		for (size_t i = 0; i < nr; i++)
			total[i] = k->sums[i].hot;
		sort_by_weight(hot + first, nhot - first, k->fw, total);
		for (size_t i = first; i < nhot; i++)
			k->ranks[0][hot[i]] = k->ranks[1][hot[i]] = group;
		group++;
	}
	/* (A hot member is some function's: none is left.  Should the
	   weights say otherwise, it goes last among them.)  */
	for (size_t i = 0; i < nr; i++)
		if (tiers[i] == PH_TIER_HOT && !k->placed[i]) {
			hot[nhot++] = i;
			k->ranks[0][i] = k->ranks[1][i] = group;
		}
	for (size_t i = 0; i < nr; i++) {
		if (tiers[i] != PH_TIER_HOT) {
			k->ranks[0][i] = group + 1 + (tiers[i] == PH_TIER_COLD);
			k->ranks[1][i] = group + 1;
		}
		k->ranks[2][i] = tiers[i] != PH_TIER_HOT;
	}
	w->hot = hot;
	w->nr_hot = nhot;
	ret->nr_fns = w->nr_fns;
	return NULL;
}

/* The name an order gives T's member I, in MODEL.  */
static const char *member_name(struct ph_model *model, const struct ph_type *t,
			       size_t i)
{
	const struct ph_member *m = &t->members[i];
	char buf[512];
	const char *r;

	if (m->base)
		snprintf(buf, sizeof(buf), "base %s", m->type);
	else
		ph_member_key(m, buf, sizeof(buf));
	if (ph_model_strdup(model, buf, &r))
		return NULL;
	return r;
}

/* Which candidate: the first no larger than the size-optimal order;
   else the one with the fewest hot lines (then the smaller, then the
   fewest lines of the hottest functions).  */
static size_t choose(const struct candidate *c, uint64_t size_optimal)
{
	size_t best = PH_ACCESS_SIZE_OPTIMAL;

	for (size_t i = 0; i < PH_ACCESS_SIZE_OPTIMAL; i++)
		if (c[i].r.type->size <= size_optimal)
			return i;
	for (size_t i = 0; i < PH_ACCESS_SIZE_OPTIMAL; i++) {
		const struct candidate *x = &c[i], *b = &c[best];

		if (x->lines < b->lines ||
		    (x->lines == b->lines &&
		     (x->r.type->size < b->r.type->size ||
		      (x->r.type->size == b->r.type->size &&
		       x->fn_lines < b->fn_lines))))
			best = i;
	}
	return best;
}

static struct ph_error *order(struct ph_model *model, const struct ph_type *t,
			      const struct ph_type_access *a,
			      const struct ph_reorg_options *base,
			      struct work *k, struct weigh *w,
			      struct ph_access_order_result *ret)
{
	size_t nr = t->nr_members;
	enum ph_access_tier *tiers = ph_arena_alloc(&model->arena,
						    (nr + 1) * sizeof(*tiers));
	double *hw = ph_arena_alloc(&model->arena, (2 * nr + 1) * sizeof(*hw));
	size_t *hot = ph_arena_alloc(&model->arena, (nr + 1) * sizeof(*hot));
	const char **names = ph_arena_alloc(&model->arena,
					    (nr + 1) * sizeof(*names));
	struct candidate c[PH_ACCESS_SIZE_OPTIMAL + 1];
	struct ph_error *err;
	double hottest = 0;

	if (!tiers || !hw || !hot || !names)
		return &ph_error_nomem;
	if ((err = ph_access_member_sums(t, a, k->sums, NULL)))
		return err;
	for (size_t i = 0; i < nr; i++) {
		hw[i] = k->sums[i].hot;
		hw[nr + i] = k->sums[i].cold;
		if (hw[i] > hottest)
			hottest = hw[i];
	}
	ret->tiers = tiers;
	ret->hot_weights = hw;
	ret->cold_weights = hw + nr;
	if ((err = plan(t, a, k, w, ret, tiers, hot, hottest)))
		return err;
	ret->hot = hot;
	ret->nr_hot = w->nr_hot;
	for (size_t i = 0; i < w->nr_hot; i++)
		if (!(names[i] = member_name(model, t, hot[i])))
			return &ph_error_nomem;
	ret->hot_names = names;

	/* The size-optimal order first: what the others are held to.  */
	if ((err = try_order(w, base, NULL, &c[PH_ACCESS_SIZE_OPTIMAL])))
		return err;
	ret->size_optimal = c[PH_ACCESS_SIZE_OPTIMAL].r.type->size;
	/* Nothing to rank (no hot member, a union): the size-optimal
	   order is the one, as -R prints it.  */
	bool ranked = hottest && t->kind != PH_KIND_UNION;
	for (size_t i = 0; i < PH_ACCESS_SIZE_OPTIMAL; i++)
		if (!ranked)
			c[i] = c[PH_ACCESS_SIZE_OPTIMAL];
		else if ((err = try_order(w, base, k->ranks[i], &c[i])))
			return err;
	size_t pick = ranked ? choose(c, ret->size_optimal)
			     : PH_ACCESS_SIZE_OPTIMAL;
	uint64_t lines, fn_lines;

	if ((err = weigh_type(w, t, &lines, &fn_lines)))
		return err;
	if (c[PH_ACCESS_TIERS].r.refused)
		ret->unchanged = c[PH_ACCESS_TIERS].r.refused;
	else if (!ranked && c[pick].r.type == t)
		ret->unchanged = !hottest ? "no member is read or written on a "
					    "hot path, and no order is smaller"
					  : "a union's members share their "
					    "bytes";
	else if (ranked && c[pick].r.type == t &&
		 pick != PH_ACCESS_SIZE_OPTIMAL)
		ret->unchanged = "the members are in the access-aware order "
				 "already";
	/* No churn for nothing: an order no smaller that puts the hot
	   members on no fewer lines is not worth the edit.  */
	else if (ranked && c[pick].r.type->size >= t->size &&
		 (c[pick].lines > lines ||
		  (c[pick].lines == lines && c[pick].fn_lines >= fn_lines)))
		ret->unchanged = "no order tried is smaller or puts the hot "
				 "members or the hottest functions' on fewer "
				 "cachelines";
	ret->choice = (enum ph_access_choice)pick;
	ret->reorg = c[pick].r;
	if (ret->unchanged) {
		memset(&ret->reorg, 0, sizeof(ret->reorg));
		ret->reorg.type = t;
		ret->reorg.original_size = t->size;
		ret->reorg.lower_bound = c[pick].r.lower_bound;
		ret->reorg.refused = c[pick].r.refused;
	}
	ret->type = ret->reorg.type;
	if (!ret->unchanged && ret->type->size > ret->size_optimal)
		ret->extra = ret->type->size - ret->size_optimal;
	if ((err = lines_of(w, t, hot, w->nr_hot, &lines, &ret->hot_now)) ||
	    (err = lines_of(w, ret->type, hot, w->nr_hot, &lines,
			    &ret->hot_then)))
		return err;
	for (size_t f = 0; f < w->nr_fns && !err; f++)
		if (!(err = lines_of(w, t, w->fn_members[f],
				     w->nr_fn_members[f], &lines,
				     &ret->fns[f].now)))
			err = lines_of(w, ret->type, w->fn_members[f],
				       w->nr_fn_members[f], &lines,
				       &ret->fns[f].then);
	return err;
}

struct ph_error *ph_access_order(struct ph_model *model,
				 const struct ph_type *t,
				 const struct ph_type_access *merged,
				 const struct ph_reorg_options *opts,
				 struct ph_access_order_result *ret)
{
	struct ph_reorg_options base;
	struct weigh w = { .model = model, .t = t };
	struct work k = { 0 };
	size_t nr = t->nr_members, nf = merged->nr_functions;
	struct ph_error *err;

	memset(ret, 0, sizeof(*ret));
	ret->type = t;
	ret->reorg.type = t;
	ret->reorg.original_size = t->size;
	ret->size_optimal = t->size;
	if (opts)
		base = *opts;
	else
		memset(&base, 0, sizeof(base));
	base.ranks = NULL;
	base.nr_ranks = 0;
	w.cacheline = base.cacheline ? base.cacheline : 64;
	k.sums = malloc((nr + 1) * sizeof(*k.sums));
	k.fnw = malloc((nf + 1) * sizeof(*k.fnw));
	k.fw = malloc((2 * nr + 1) * sizeof(*k.fw));
	k.fns = malloc((nf + 1) * sizeof(*k.fns));
	k.placed = calloc(nr + 1, sizeof(*k.placed));
	for (size_t i = 0; i < 3; i++)
		k.ranks[i] = calloc(nr + 1, sizeof(*k.ranks[i]));
	if (!k.sums || !k.fnw || !k.fw || !k.fns || !k.placed ||
	    !k.ranks[0] || !k.ranks[1] || !k.ranks[2])
		err = &ph_error_nomem;
	else
		err = order(model, t, merged, &base, &k, &w, ret);
	work_free(&k, &w);
	return err;
}
