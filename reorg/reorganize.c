#include "reorganize.h"

#include "analysis.h"

#include <stdlib.h>
#include <string.h>

/* How a member is placed, in bits.  Bitfields follow the SysV rule GCC
   implements (PCC_BITFIELD_TYPE_MATTERS): a bitfield may not span more
   units of its storage unit's alignment than its type has, unless the
   type is packed.  What the members cannot tell us (unnamed bitfields,
   `:0`) is inferred from the original layout as a pad before the next
   named bitfield.  */
enum pad_kind { PAD_NONE, PAD_ZERO, PAD_BITS };

struct item {
	const struct ph_member *m;
	enum pad_kind pad;
	uint64_t pad_bits;
};

/* What moves as one: a member, or a run of adjacent bitfields.  */
struct unit {
	size_t first, count;	/* items */
	uint64_t bits;		/* what it occupies at least */
	uint32_t align;		/* bytes */
	int cls;		/* units of one class are interchangeable */
	bool fixed;		/* stays where it is (bases, vptr, leader) */
};

struct engine {
	const struct ph_type *t;
	bool packed;
	/* Bits reserved after the last member (trailing unnamed bitfields):
	   they stay at the end.  */
	uint64_t tail_bits;
	size_t nr_items, nr_units;
	struct item *items;
	struct unit *units;
	unsigned long budget;
};

static uint64_t align_up(uint64_t v, uint64_t a)
{
	return a > 1 ? (v + a - 1) / a * a : v;
}

static bool excess_unit_span(uint64_t pos, uint64_t width, uint64_t align,
			     uint64_t type_bits)
{
	uint64_t off = pos % align;

	return (off + width + align - 1) / align > type_bits / align;
}

/* Where ITEM goes when everything before it ends at *CUR (bits); moves
   *CUR past it.  */
static uint64_t place(const struct engine *e, const struct item *it,
		      uint64_t *cur)
{
	const struct ph_member *m = it->m;
	uint64_t p = *cur;

	if (m->bitfield) {
		uint64_t a = (uint64_t)m->align * 8;

		if (it->pad == PAD_ZERO)
			p = align_up(p, a);
		else if (it->pad == PAD_BITS)
			p += it->pad_bits;
		if (!e->packed && !(m->align == 1 && m->size > 1) && a &&
		    excess_unit_span(p, m->bit_size, a, m->size * 8))
			p = align_up(p, a);
		*cur = p + m->bit_size;
	} else {
		p = align_up(align_up(p, 8), (uint64_t)(m->align ? m->align : 1) * 8);
		*cur = p + m->bit_size;
	}
	return p;
}

/* Places the units ORDER[0..n) from START; returns where they end.  */
static uint64_t place_units(const struct engine *e, const size_t *order,
			    size_t n, uint64_t start, uint64_t *pos)
{
	uint64_t cur = start;

	for (size_t i = 0; i < n; i++) {
		const struct unit *u = &e->units[order[i]];

		for (size_t k = 0; k < u->count; k++) {
			uint64_t p = place(e, &e->items[u->first + k], &cur);

			if (pos)
				pos[u->first + k] = p;
		}
	}
	return cur;
}

static uint64_t type_end(const struct engine *e, uint64_t end_bits)
{
	return align_up(align_up(end_bits + e->tail_bits, 8) / 8,
			e->t->align ? e->t->align : 1);
}

/* Unnamed bits a suggestion spells out as unnamed bitfields, at most
   (the kernel's __kernel_timex reserves 352): more, and the type is
   left alone, not printed with thousands of `int :32;`.  */
enum { MAX_PAD_BITS = 64 * 32 };
static const char too_many_pad_bits[] =
	"more unnamed bits than a suggestion should spell out";

/* Replays the original order, inferring the pads the members do not
   show.  False when the rules do not reproduce the compiler's layout.  */
static bool infer_pads(struct engine *e, const char **why)
{
	uint64_t cur = 0;

	for (size_t i = 0; i < e->nr_items; i++) {
		struct item *it = &e->items[i];
		const struct ph_member *m = it->m;
		uint64_t probe = cur, p;

		p = place(e, it, &probe);
		if (p != m->bit_offset && m->bitfield) {
			it->pad = PAD_ZERO;
			probe = cur;
			p = place(e, it, &probe);
			if (p != m->bit_offset && m->bit_offset > cur) {
				if (m->bit_offset - cur > MAX_PAD_BITS) {
					*why = too_many_pad_bits;
					return false;
				}
				it->pad = PAD_BITS;
				it->pad_bits = m->bit_offset - cur;
				probe = cur;
				p = place(e, it, &probe);
			}
		}
		if (p != m->bit_offset) {
			*why = m->bitfield
				? "bitfield placement rules not understood"
				: "member placement rules not understood "
				  "(packed or aligned members, pragma pack?)";
			return false;
		}
		cur = probe;
	}
	/* Reserved bits at the end (`int :32;` after the last member): the
	   size is more than the members and the alignment make.  */
	if (e->t->kind != PH_KIND_UNION && type_end(e, cur) < e->t->size &&
	    e->t->size * 8 > cur) {
		if (e->t->size * 8 - cur > MAX_PAD_BITS) {
			*why = too_many_pad_bits;
			return false;
		}
		e->tail_bits = e->t->size * 8 - cur;
	}
	return true;
}

/* Units: bitfield runs, other members one each.  */
static struct ph_error *make_units(struct engine *e, unsigned cacheline,
				   bool cross_groups)
{
	const struct ph_type *t = e->t;

	e->items = calloc(t->nr_members ? t->nr_members : 1, sizeof(*e->items));
	e->units = calloc(t->nr_members ? t->nr_members : 1, sizeof(*e->units));
	if (!e->items || !e->units)
		return &ph_error_nomem;
	e->nr_items = t->nr_members;
	for (size_t i = 0; i < t->nr_members; i++)
		e->items[i].m = &t->members[i];
	for (size_t i = 0; i < t->nr_members;) {
		struct unit *u = &e->units[e->nr_units++];
		const struct ph_member *m = &t->members[i];

		u->first = i;
		u->count = 1;
		if (m->bitfield)
			while (i + u->count < t->nr_members &&
			       t->members[i + u->count].bitfield)
				u->count++;
		for (size_t k = 0; k < u->count; k++) {
			const struct ph_member *mk = &t->members[i + k];

			u->bits += mk->bit_size;
			if (mk->align > u->align)
				u->align = mk->align;
		}
		if (!u->align)
			u->align = 1;
		u->fixed = m->base || m->artificial || m->virtual_base ||
			   m->flexible ||
			   (!cross_groups && m->explicit_align &&
			    m->explicit_align >= cacheline);
		i += u->count;
	}
	/* Plain members of one size and alignment are interchangeable.  */
	for (size_t i = 0; i < e->nr_units; i++) {
		struct unit *u = &e->units[i];
		const struct ph_member *m = &t->members[u->first];

		u->cls = (int)i;
		if (u->count != 1 || m->bitfield)
			continue;
		for (size_t j = 0; j < i; j++) {
			const struct unit *v = &e->units[j];
			const struct ph_member *n = &t->members[v->first];

			if (v->count == 1 && !n->bitfield &&
			    n->bit_size == m->bit_size && n->align == m->align) {
				u->cls = v->cls;
				break;
			}
		}
	}
	return NULL;
}

/* One group: the units a search may permute, placed from START, its end
   rounded to ROUND (the next group leader's alignment, or the type's).  */
struct group {
	size_t *units;		/* in the current order */
	size_t n;
	uint64_t start;		/* bits */
	uint64_t round;		/* bits */
	uint64_t tail;		/* bits reserved after it (the last group) */
};

static uint64_t group_cost(const struct engine *e, const struct group *g,
			   const size_t *order)
{
	return align_up(place_units(e, order, g->n, g->start, NULL) + g->tail,
			g->round);
}

/* Group sizes past which a search costs more than it can bring.  */
enum { EXHAUSTIVE_MAX = 16, DESCEND_MAX = 48, SEARCH_MAX = 64 };
/* Nodes the exhaustive search may visit in a group before it gives way
   to the heuristic one: a few milliseconds.  */
enum { EXHAUSTIVE_NODES = 1 << 14 };

struct search {
	const struct engine *e;
	const struct group *g;
	size_t *cur, *best;
	bool *used;
	uint64_t best_cost, remaining_bits;
	unsigned long nodes;
	bool aborted;
};

static void dfs(struct search *s, size_t depth, uint64_t at)
{
	const struct engine *e = s->e;
	const struct group *g = s->g;

	if (s->aborted)
		return;
	/* The budget counts work, not nodes: a node costs a pass over the
	   group.  */
	s->nodes += g->n;
	if (s->nodes > e->budget) {
		s->aborted = true;
		return;
	}
	if (align_up(align_up(at + s->remaining_bits + g->tail, 8),
		     g->round) >= s->best_cost)
		return;
	if (depth == g->n) {
		s->best_cost = align_up(align_up(at + g->tail, 8), g->round);
		memcpy(s->best, s->cur, g->n * sizeof(*s->best));
		return;
	}
	/* Larger alignments first finds good orders early; one unit per
	   class, the first unused, so equal members are never swapped.  */
	for (int pass_align = 1 << 16; pass_align >= 1; pass_align >>= 1) {
		for (size_t i = 0; i < g->n; i++) {
			size_t ui = g->units[i];
			const struct unit *u = &e->units[ui];
			bool dup = false;

			if (s->used[i] || u->align != (unsigned)pass_align)
				continue;
			for (size_t j = 0; j < i && !dup; j++)
				dup = !s->used[j] &&
				      e->units[g->units[j]].cls == u->cls;
			if (dup)
				continue;
			size_t one = ui;
			uint64_t next = place_units(e, &one, 1, at, NULL);
			s->used[i] = true;
			s->cur[depth] = ui;
			s->remaining_bits -= u->bits;
			dfs(s, depth + 1, next);
			s->remaining_bits += u->bits;
			s->used[i] = false;
			if (s->aborted)
				return;
		}
	}
}

/* The smallest cost any order of G reaches, as far as the search gets;
   BEST receives that order.  *PROVEN when the search finished.  */
static struct ph_error *search_group(const struct engine *e,
				     const struct group *g, size_t *best,
				     uint64_t *best_cost, bool *proven)
{
	struct search s = { .e = e, .g = g };
	uint64_t bits = 0;

	for (size_t i = 0; i < g->n; i++)
		bits += e->units[g->units[i]].bits;
	s.cur = calloc(g->n + 1, sizeof(*s.cur));
	s.used = calloc(g->n + 1, sizeof(*s.used));
	if (!s.cur || !s.used) {
		free(s.cur);
		free(s.used);
		return &ph_error_nomem;
	}
	s.best = best;
	s.best_cost = *best_cost;
	s.remaining_bits = bits;
	/* The lower bound reached already: nothing to search.  A node costs
	   n^2 (the class check), so big groups keep the sorted order.  */
	if (g->n <= SEARCH_MAX &&
	    align_up(align_up(g->start + bits + g->tail, 8), g->round) <
		    s.best_cost)
		dfs(&s, 0, g->start);
	else if (g->n > SEARCH_MAX)
		s.aborted = true;
	*best_cost = s.best_cost;
	*proven = !s.aborted;
	free(s.cur);
	free(s.used);
	return NULL;
}

static void move_unit(size_t *order, size_t from, size_t to)
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

struct plan {
	size_t *order;		/* all units, current order */
	size_t n;
};

struct step_rec {
	size_t unit, from_after, to_after;	/* unit indices; SIZE_MAX: none */
	size_t *order;				/* order after the step */
};

struct steps {
	struct step_rec *v;
	size_t n, cap;
	/* Keep each step's order, for the layout after it; given up past
	   STEP_MEMBERS_MAX members in all.  */
	bool orders;
};

/* Members in all the layouts after steps, at most: a struct of 3,000
   members moved 2,000 times would otherwise take gigabytes.  */
enum { STEP_MEMBERS_MAX = 1 << 19 };

static struct ph_error *record_step(struct steps *st, const struct plan *p,
				    size_t unit, size_t from_after,
				    size_t to_after)
{
	if (st->n == st->cap) {
		size_t cap = st->cap ? 2 * st->cap : 8;
		struct step_rec *v = realloc(st->v, cap * sizeof(*v));

		if (!v)
			return &ph_error_nomem;
		st->v = v;
		st->cap = cap;
	}
	struct step_rec *r = &st->v[st->n];
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
static struct ph_error *apply_move(struct plan *p, struct steps *st,
				   size_t from, size_t to)
{
	size_t unit = p->order[from];
	size_t from_after = from ? p->order[from - 1] : SIZE_MAX;

	move_unit(p->order, from, to);
	return record_step(st, p, unit, from_after,
			   to ? p->order[to - 1] : SIZE_MAX);
}

/* Turns the group at P->order[LO..LO+N) into BEST with the fewest single
   moves: the units of a longest run that is in the same relative order in
   both stay, each other unit moves once, in BEST's order, to follow the
   unit it follows in BEST.  */
static struct ph_error *walk_to(struct plan *p, size_t lo, size_t n,
				const size_t *best, struct steps *st)
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
		if (from != to && (err = apply_move(p, st, lo + from, lo + to)))
			goto out;
	}
out:
	free(rank);
	free(len);
	free(prev);
	free(keep);
	return err;
}

/* The exhaustive search over one group's orders: the best so far (its
   cost and the moves that make it, N less the longest run kept in
   relative order), and the nodes visited, bounded.  */
struct perm {
	const struct engine *e;
	const struct group *g;
	const size_t *orig;
	size_t *cur, *best;
	bool *used;
	uint64_t best_cost;
	size_t best_moves;
	size_t pos[EXHAUSTIVE_MAX];	/* original positions of CUR */
	unsigned long nodes;
	bool aborted;
};

/* The longest increasing run of POS[0..n): what stays in place.  TAILS
   has room for N.  */
static size_t longest_run(const size_t *pos, size_t n, size_t *tails)
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
	size_t tails[EXHAUSTIVE_MAX];

	return longest_run(pos, n, tails);
}

/* Orders in lexicographic order of the original positions, placed as
   they grow.  A prefix whose end plus the bits still to place already
   costs more than the best order, or as much with no fewer moves (each
   unit out of the prefix's longest kept run is moved whatever follows),
   cannot give a better one.  */
static void permute(struct perm *s, size_t depth, uint64_t at,
		    uint64_t remaining)
{
	const struct group *g = s->g;
	uint64_t lb = align_up(align_up(at + remaining + g->tail, 8),
			       g->round);

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
			memcpy(s->best, s->cur, g->n * sizeof(*s->best));
		}
		return;
	}
	if (lb == s->best_cost &&
	    depth - longest_kept(s->pos, depth) >= s->best_moves)
		return;
	for (size_t i = 0; i < g->n; i++) {
		size_t ui = s->orig[i];
		uint64_t next;

		if (s->used[i])
			continue;
		next = place_units(s->e, &ui, 1, at, NULL);
		s->used[i] = true;
		s->cur[depth] = ui;
		s->pos[depth] = i;
		permute(s, depth + 1, next,
			remaining - s->e->units[ui].bits);
		s->used[i] = false;
	}
}

/* Every order of a small group: the smallest cost and, among the orders
   that reach it, one that moves the fewest units (the first found in
   lexicographic order of the original positions, so the most natural).
   False, BEST and *BEST_COST untouched, when the search would take more
   than EXHAUSTIVE_NODES.  */
static bool exhaustive(const struct engine *e, const struct group *g,
		       size_t *best, uint64_t *best_cost)
{
	size_t cur[EXHAUSTIVE_MAX], found[EXHAUSTIVE_MAX];
	bool used[EXHAUSTIVE_MAX] = { false };
	struct perm s = { e, g, g->units, cur, found, used, UINT64_MAX,
			  SIZE_MAX, { 0 }, 0, false };
	uint64_t bits = 0;

	for (size_t i = 0; i < g->n; i++)
		bits += e->units[g->units[i]].bits;
	permute(&s, 0, g->start, bits);
	if (s.aborted || s.best_cost == UINT64_MAX)
		return false;
	memcpy(best, found, g->n * sizeof(*best));
	*best_cost = s.best_cost;
	return true;
}

/* Least change: single moves from the current order, each the one that
   lowers the group's cost most, until TARGET is reached or no move helps.
   Then, if still above TARGET, the moves that turn the current order into
   BEST.  */
static struct ph_error *descend(const struct engine *e, struct plan *p,
				size_t lo, struct group *g, uint64_t target,
				const size_t *best, struct steps *st)
{
	struct ph_error *err;
	size_t *trial = malloc((g->n + 1) * sizeof(*trial));

	if (!trial)
		return &ph_error_nomem;
	for (;;) {
		uint64_t cost = group_cost(e, g, &p->order[lo]);
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
				move_unit(trial, from, to);
				uint64_t c = group_cost(e, g, trial);
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
		if ((err = apply_move(p, st, lo + bf, lo + bt))) {
			free(trial);
			return err;
		}
	}
	free(trial);
	if (group_cost(e, g, &p->order[lo]) <= target || !best)
		return NULL;
	return walk_to(p, lo, g->n, best, st);
}

/* Least change past the exhaustive search: the orders of G that cost
   at most TARGET and move fewer than *MOVES units, built left to right.
   Each unit placed is either kept (after the last kept one in the
   current order) or moved; a unit passed over by a kept one must move,
   which bounds a prefix's moves from below.  */
struct fewest {
	const struct engine *e;
	const struct group *g;
	const size_t *orig;
	size_t *cur, *best;
	bool *used;
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
	int cls = s->e->units[s->orig[i]].cls;

	for (size_t j = from; j < i; j++)
		if (!s->used[j] && s->e->units[s->orig[j]].cls == cls)
			return true;
	return false;
}

static void fewest_dfs(struct fewest *s, size_t depth, uint64_t at,
		       uint64_t remaining, size_t next_kept, size_t moves,
		       size_t must)
{
	const struct group *g = s->g;
	uint64_t lb = align_up(align_up(at + remaining + g->tail, 8),
			       g->round);

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
		memcpy(s->best, s->cur, g->n * sizeof(*s->best));
		return;
	}
	/* Kept first, nearest first: the unchanged order is tried before
	   anything moves.  Of interchangeable units, keeping the first
	   does at least as well as keeping a later one (swap the two).  */
	size_t passed = 0;
	for (size_t i = next_kept; i < g->n && !s->aborted; i++) {
		size_t ui = s->orig[i];

		if (s->used[i])
			continue;
		if (moves + must + passed >= s->best_moves)
			break;
		if (earlier_of_class(s, next_kept, i)) {
			passed++;
			continue;
		}
		s->used[i] = true;
		s->cur[depth] = ui;
		fewest_dfs(s, depth + 1, place_units(s->e, &ui, 1, at, NULL),
			   remaining - s->e->units[ui].bits, i + 1, moves,
			   must + passed);
		s->used[i] = false;
		passed++;
	}
	/* Moved: of interchangeable units that must move (passed over),
	   the first stands for all, and for any of them not passed over.  */
	for (size_t i = 0; i < g->n && !s->aborted; i++) {
		size_t ui = s->orig[i];
		size_t left = must - (i < next_kept);

		if (s->used[i] || moves + 1 + left >= s->best_moves)
			continue;
		if (earlier_of_class(s, 0, i < next_kept ? i : next_kept))
			continue;
		s->used[i] = true;
		s->cur[depth] = ui;
		fewest_dfs(s, depth + 1, place_units(s->e, &ui, 1, at, NULL),
			   remaining - s->e->units[ui].bits, next_kept,
			   moves + 1, left);
		s->used[i] = false;
	}
}

/* Units of ORDER[0..n) moved from ORIG[0..n): n less the longest run
   kept in relative order.  */
static size_t moved_units(const size_t *orig, const size_t *order, size_t n)
{
	size_t *pos = malloc((2 * n + 1) * sizeof(*pos)), len;

	if (!pos)
		return SIZE_MAX;
	for (size_t i = 0; i < n; i++) {
		pos[i] = 0;
		while (orig[pos[i]] != order[i])
			pos[i]++;
	}
	len = longest_run(pos, n, pos + n);
	free(pos);
	return n - len;
}

/* An order of G from ORIG reaching TARGET with fewer than *MOVES units
   moved, into BEST (*MOVES updated, true); *PROVEN when the search
   finished, so that no order reaching TARGET moves fewer.  */
static struct ph_error *fewest_moves(const struct engine *e,
				     const struct group *g,
				     const size_t *orig, uint64_t target,
				     size_t *moves, size_t *best,
				     bool *found, bool *proven)
{
	struct fewest s = { .e = e, .g = g, .orig = orig, .best = best,
			    .target = target, .best_moves = *moves };
	uint64_t bits = 0;

	s.cur = malloc((g->n + 1) * sizeof(*s.cur));
	s.used = calloc(g->n + 1, sizeof(*s.used));
	if (!s.cur || !s.used) {
		free(s.cur);
		free(s.used);
		return &ph_error_nomem;
	}
	for (size_t i = 0; i < g->n; i++)
		bits += e->units[orig[i]].bits;
	fewest_dfs(&s, 0, g->start, bits, 0, 0, 0);
	*moves = s.best_moves;
	*found = s.found;
	*proven = !s.aborted;
	free(s.cur);
	free(s.used);
	return NULL;
}

static const char *unit_name(const struct engine *e, size_t unit)
{
	if (unit == SIZE_MAX)
		return "";
	return e->t->members[e->units[unit].first].name;
}

static void shift_nested(struct ph_member *m, int64_t delta,
			 struct ph_model *model, bool *nomem)
{
	if (!m->nested || !m->nr_members)
		return;
	struct ph_member *copy = ph_arena_memdup(&model->arena, m->members,
					m->nr_members * sizeof(*copy));
	if (!copy) {
		*nomem = true;
		return;
	}
	for (size_t i = 0; i < m->nr_members; i++) {
		copy[i].bit_offset = (uint64_t)((int64_t)copy[i].bit_offset + delta);
		shift_nested(&copy[i], delta, model, nomem);
	}
	m->members = copy;
}

/* Unnamed bitfields filling [FROM, FROM + BITS): each as wide as its
   position allows (int, short, char), so none moves to a next unit and
   the printed definition compiles to the layout the engine predicts.
   Unnamed bitfields make no alignment.  Into MS from *K when MS.  */
static size_t pad_members(uint64_t from, uint64_t bits,
			  struct ph_member *ms, size_t *k)
{
	static const struct {
		const char *type;
		unsigned width;
	} kinds[] = { { "int", 32 }, { "short int", 16 }, { "char", 8 } };
	size_t n = 0;

	while (bits) {
		/* The widest piece starting here that fills bits wholly;
		   else a char piece up to the next byte.  */
		size_t kind = 2;
		uint64_t w = 8 - from % 8;

		for (size_t i = 0; i < 3; i++) {
			if (from % kinds[i].width == 0 && bits >= kinds[i].width) {
				kind = i;
				w = kinds[i].width;
				break;
			}
		}
		if (w > bits)
			w = bits;
		if (ms) {
			struct ph_member *m = &ms[(*k)++];

			memset(m, 0, sizeof(*m));
			m->name = m->name_pre = m->name_post = "";
			m->type = kinds[kind].type;
			m->bitfield = true;
			m->bit_offset = from;
			m->bit_size = w;
			m->size = kinds[kind].width / 8;
			m->align = 1;
		}
		from += w;
		bits -= w;
		n++;
	}
	return n;
}

/* The type laid out in ORDER, as a new type in MODEL.  */
static struct ph_error *build_type(const struct engine *e,
				   struct ph_model *model, const size_t *order,
				   const struct ph_type **ret)
{
	const struct ph_type *t = e->t;
	uint64_t *pos = calloc(e->nr_items + 1, sizeof(*pos));
	uint64_t *before = calloc(e->nr_items + 1, sizeof(*before));
	struct ph_member *ms = NULL;
	struct ph_type nt = *t;
	bool nomem = false;
	size_t k = 0, n = 0;
	uint64_t cur = 0;

	if (!pos || !before) {
		free(pos);
		free(before);
		return &ph_error_nomem;
	}
	/* Where each item goes, and where the one before it ended: a pad
	   inferred before it (an unnamed bitfield of the original) is
	   spelled out there.  */
	for (size_t i = 0; i < e->nr_units; i++) {
		const struct unit *u = &e->units[order[i]];

		for (size_t j = 0; j < u->count; j++) {
			const struct item *it = &e->items[u->first + j];

			before[u->first + j] = cur;
			pos[u->first + j] = place(e, it, &cur);
			n += 1 + (it->pad == PAD_ZERO) +
			     (it->pad == PAD_BITS ?
			      pad_members(before[u->first + j], it->pad_bits,
					  NULL, NULL) : 0);
		}
	}
	uint64_t end = cur;
	n += pad_members(end, e->tail_bits, NULL, NULL);
	if (n) {
		ms = ph_arena_alloc(&model->arena, n * sizeof(*ms));
		if (!ms) {
			free(pos);
			free(before);
			return &ph_error_nomem;
		}
	}
	for (size_t i = 0; i < e->nr_units; i++) {
		const struct unit *u = &e->units[order[i]];

		for (size_t j = 0; j < u->count; j++) {
			size_t it = u->first + j;
			const struct item *item = &e->items[it];

			if (item->pad == PAD_ZERO) {
				/* `T :0`, T the next bitfield's type: it
				   aligns to T as the engine does.  */
				struct ph_member *z = &ms[k++];

				*z = t->members[it];
				z->name = z->name_pre = z->name_post = "";
				z->bit_size = 0;
				z->bit_offset = pos[it];
				z->nested = false;
				z->members = NULL;
				z->nr_members = 0;
			} else if (item->pad == PAD_BITS) {
				pad_members(before[it], item->pad_bits, ms,
					    &k);
			}
			ms[k] = t->members[it];
			ms[k].bit_offset = pos[it];
			shift_nested(&ms[k], (int64_t)pos[it] -
				     (int64_t)t->members[it].bit_offset, model,
				     &nomem);
			k++;
		}
	}
	pad_members(end, e->tail_bits, ms, &k);
	free(pos);
	free(before);
	if (nomem)
		return &ph_error_nomem;
	nt.members = ms;
	nt.nr_members = k;
	nt.size = type_end(e, end);
	if (nt.size < t->size && t->kind != PH_KIND_UNION && !e->nr_items)
		nt.size = t->size;
	/* In the arena, not in the model's list of types: a suggestion is
	   not a type the compiler made.  */
	*ret = ph_arena_memdup(&model->arena, &nt, sizeof(nt));
	return *ret ? NULL : &ph_error_nomem;
}

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

static struct ph_error *reorganize_core(struct ph_model *model,
				       const struct ph_type *t,
				       const struct ph_type *inner,
				       const struct ph_reorg_options *opts,
				       struct ph_reorg_result *ret)
{
	unsigned cacheline = opts && opts->cacheline ? opts->cacheline : 64;
	struct engine e = { .t = t, .packed = t->packed };
	struct plan p = { 0 };
	struct steps st = { .orders = opts && opts->steps };
	struct ph_error *err = NULL;
	size_t *best = NULL, *gunits = NULL;
	const char *why = NULL;

	memset(ret, 0, sizeof(*ret));
	ret->type = t;
	ret->original_size = t->size;
	ret->lower_bound = t->size;
	e.budget = opts && opts->search_budget ? opts->search_budget : 4000000;
	size_t exhaustive_max = opts && opts->exhaustive_max &&
				opts->exhaustive_max < EXHAUSTIVE_MAX
		? opts->exhaustive_max : EXHAUSTIVE_MAX;

	if ((err = make_units(&e, cacheline, opts && opts->cross_groups)))
		goto out;
	if (!infer_pads(&e, &why)) {
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
			struct unit *u = &e.units[i];

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
	    type_end(&e, place_units(&e, p.order, p.n, 0, NULL)) != t->size) {
		ret->refused = "the size does not follow from the members "
			       "(tail padding from unnamed or aligned parts?)";
		goto out;
	}

	/* Hot members go first, after what is fixed at the front.  */
	bool any_hot = false;
	for (size_t i = 0; i < t->nr_members; i++)
		any_hot = any_hot || is_hot(opts, &t->members[i]);
	if (any_hot) {
		size_t front = 0;

		while (front < p.n && e.units[p.order[front]].fixed &&
		       !t->members[e.units[p.order[front]].first].explicit_align)
			front++;
		for (size_t i = front; i < p.n; i++) {
			const struct unit *u = &e.units[p.order[i]];

			if (!u->fixed && is_hot(opts, &t->members[u->first])) {
				if (i != front &&
				    (err = apply_move(&p, &st, i, front)))
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
		const struct unit *u = &e.units[p.order[i]];

		if (u->fixed) {
			size_t one = p.order[i];

			at = place_units(&e, &one, 1, at, NULL);
			lb_end = place_units(&e, &one, 1, lb_end, NULL);
			i++;
			continue;
		}
		size_t lo = i, hi = i;
		bool hot_part = any_hot && is_hot(opts, &t->members[u->first]);
		while (hi < p.n && !e.units[p.order[hi]].fixed &&
		       (!any_hot ||
			is_hot(opts, &t->members[e.units[p.order[hi]].first]) ==
				hot_part))
			hi++;
		struct group g = { .units = gunits, .n = hi - lo, .start = at,
				   .tail = hi == p.n ? e.tail_bits : 0 };
		memcpy(gunits, &p.order[lo], g.n * sizeof(*gunits));
		/* Rounded to what comes next: a fixed unit's alignment, or
		   the type's at the end.  */
		g.round = 8 * (uint64_t)(hi < p.n ? e.units[p.order[hi]].align
					 : (t->align ? t->align : 1));
		if (hot_part)
			g.round = 8;
		uint64_t cost = group_cost(&e, &g, gunits), target = cost;
		bool proven = false;
		uint64_t bits = 0;

		for (size_t k = lo; k < hi; k++)
			bits += e.units[p.order[k]].bits;
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
			uint64_t c = group_cost(&e, &g, sorted);
			if (c < target) {
				target = c;
				memcpy(best, sorted, g.n * sizeof(*best));
			}
			free(sorted);
		}
		if (g.n <= exhaustive_max &&
		    exhaustive(&e, &g, best, &target)) {
			proven = true;
			if (target < cost &&
			    (err = walk_to(&p, lo, g.n, best, &st)))
				goto out;
		} else {
			size_t steps_before = st.n;

			if ((err = search_group(&e, &g, best, &target,
						&proven)))
				goto out;
			if (align_up(align_up(at + bits + g.tail, 8), g.round) >=
			    target)
				proven = true;
			/* Single moves cost a pass per move tried: n^3 a
			   step.  Past DESCEND_MAX units, straight to BEST.  */
			if (target < cost && g.n > DESCEND_MAX &&
			    (err = walk_to(&p, lo, g.n, best, &st)))
				goto out;
			if (target < cost && g.n <= DESCEND_MAX &&
			    (err = descend(&e, &p, lo, &g, target, best, &st)))
				goto out;
			/* Then fewer units moved, if any order gets there
			   with fewer.  */
			uint64_t reached = group_cost(&e, &g, &p.order[lo]);
			size_t moves = moved_units(gunits, &p.order[lo], g.n);
			bool found = false, fewest = true;

			if (moves == SIZE_MAX) {
				err = &ph_error_nomem;
				goto out;
			}
			if (reached < cost && moves > 1 &&
			    (err = fewest_moves(&e, &g, gunits, reached, &moves,
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
				if ((err = walk_to(&p, lo, g.n, best, &st)))
					goto out;
			}
			all_fewest = all_fewest && fewest;
		}
		all_proven = all_proven && proven;
		at = place_units(&e, &p.order[lo], g.n, at, NULL);
		lb_end = align_up(lb_end + bits, 8);
		i = hi;
	}
	ret->lower_bound = type_end(&e, lb_end);
	if (ret->lower_bound > t->size)
		ret->lower_bound = t->size;

	const struct ph_type *nt;
	if ((err = build_type(&e, model, p.order, &nt)))
		goto out;
	if (nt->size >= t->size) {
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

			rs->moved = unit_name(&e, st.v[s].unit);
			rs->from_after = unit_name(&e, st.v[s].from_after);
			rs->to_after = unit_name(&e, st.v[s].to_after);
			rs->layout = NULL;
			if (st.orders &&
			    (err = build_type(&e, model, st.v[s].order,
					      &rs->layout)))
				goto out;
		}
		ret->nr_steps = st.n;
		ret->step_layouts_omitted = opts && opts->steps && !st.orders;
	}
out:
	for (size_t s = 0; s < st.n; s++)
		free(st.v[s].order);
	free(st.v);
	free(p.order);
	free(best);
	free(gunits);
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
	shift_nested(&tmp, -(int64_t)m->bit_offset, model, &nomem);
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
	/* Hot members are the outer type's.  */
	inner_opts.nr_hot = 0;
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
		shift_nested(&ms[i], (int64_t)m->bit_offset, model, &nomem);
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
	size = align_up(size, t->align ? t->align : 1);
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
