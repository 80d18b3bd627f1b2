/* reorg-test - the reorganize engine's searches against every order.

   Copyright (C) 2026 The pokehole authors.
   SPDX-License-Identifier: GPL-3.0-or-later

   Random structs of up to 8 plain members (sizes and alignments as C's
   scalars, arrays and aligned members have them), each tried in every
   order of its members: the smallest size any order reaches and, among
   the orders of each size, the fewest members moved (the members less
   the longest run kept in relative order).  The engine must reach that
   size and move that few, twice: with its exhaustive search, and with
   the bounded searches it uses for groups too large to try every order
   (exhaustive_max 1), whose claims (optimal, least_change) must then be
   true.  Placement of plain members is C's: each at the next multiple
   of its alignment, the size rounded to the largest; reorg.exp compiles
   the engine's suggestions to hold it to the compiler.

   Prints one "PASS: name" or "FAIL: name: why" line per check (DejaGnu
   style) and exits nonzero when anything failed.  */

#include "unit-check.h"
#include "../../reorg/layout.h"
#include "../../reorg/reorganize.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_MEMBERS = 8 };

struct shape {
	unsigned size, align;
	const char *type;
};

static const struct shape pool[] = {
	{ 1, 1, "char" },	{ 2, 2, "short" },	{ 4, 4, "int" },
	{ 8, 8, "long" },	{ 3, 1, "char[3]" },	{ 6, 2, "short[3]" },
	{ 12, 4, "int[3]" },	{ 16, 16, "__int128" }, { 24, 8, "long[3]" },
	{ 8, 4, "int[2]" },	{ 5, 1, "char[5]" },	{ 16, 8, "long[2]" },
	{ 4, 8, "int aligned(8)" },	{ 2, 4, "short aligned(4)" },
};

static unsigned long long rng = 88172645463325252ULL;

static unsigned rnd(unsigned n)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (unsigned)(rng % n);
}

static unsigned long long align_up(unsigned long long v, unsigned a)
{
	return (v + a - 1) / a * a;
}

/* sizeof a struct of the members M in ORDER.  */
static unsigned long long size_of(const struct shape *const *m,
				  const unsigned *order, unsigned n)
{
	unsigned long long at = 0;
	unsigned align = 1;

	for (unsigned i = 0; i < n; i++) {
		const struct shape *s = m[order[i]];

		at = align_up(at, s->align) + s->size;
		if (s->align > align)
			align = s->align;
	}
	return align_up(at, align);
}

static unsigned moved(const unsigned *order, unsigned n)
{
	unsigned tails[MAX_MEMBERS], len = 0;

	for (unsigned i = 0; i < n; i++) {
		unsigned k = 0;

		while (k < len && tails[k] < order[i])
			k++;
		tails[k] = order[i];
		if (k == len)
			len++;
	}
	return n - len;
}

/* Over every order: LEAST[s] the fewest moves of an order of size <= s
   (s in bytes, up to MAXSIZE), *MIN the smallest size.  */
static void every_order(const struct shape *const *m, unsigned n,
			unsigned *least, unsigned maxsize,
			unsigned long long *min)
{
	unsigned order[MAX_MEMBERS], c[MAX_MEMBERS] = { 0 };

	for (unsigned i = 0; i <= maxsize; i++)
		least[i] = 99;
	for (unsigned i = 0; i < n; i++)
		order[i] = i;
	*min = ~0ULL;
	/* Heap's algorithm.  */
	for (unsigned i = 0;;) {
		unsigned long long s = size_of(m, order, n);
		unsigned mv = moved(order, n);

		if (s < *min)
			*min = s;
		if (s <= maxsize && mv < least[s])
			least[s] = mv;
		while (i < n && c[i] >= i) {
			c[i] = 0;
			i++;
		}
		if (i >= n)
			break;
		unsigned j = i % 2 ? c[i] : 0, t = order[j];
		order[j] = order[i];
		order[i] = t;
		c[i]++;
		i = 1;
	}
	for (unsigned s = 1; s <= maxsize; s++)
		if (least[s - 1] < least[s])
			least[s] = least[s - 1];
}

static void check(int ok, const char *name, const char *why)
{
	unit_check(ok, "reorg ", name, why);
}

int main(int argc, char **argv)
{
	unsigned count = argc > 1 ? (unsigned)atoi(argv[1]) : 3000;
	struct ph_model *model;
	char why[2][256] = { "", "" }, name[32];
	unsigned checked = 0, hard = 0, bounded_optimal = 0, bounded_least = 0;
	unsigned bad[2] = { 0, 0 }, bad_claim = 0;

	if (ph_model_create(&model)) {
		fprintf(stderr, "reorg-test: out of memory\n");
		return 2;
	}
	for (unsigned k = 0; k < count; k++) {
		const struct shape *m[MAX_MEMBERS];
		struct ph_member members[MAX_MEMBERS];
		unsigned n = 2 + rnd(MAX_MEMBERS - 1), identity[MAX_MEMBERS];
		unsigned long long at = 0, min;
		unsigned align = 1;
		static unsigned least[1024];

		memset(members, 0, sizeof(members));
		for (unsigned i = 0; i < n; i++) {
			m[i] = &pool[rnd(sizeof(pool) / sizeof(pool[0]))];
			identity[i] = i;
		}
		for (unsigned i = 0; i < n; i++) {
			static const char *names[] = { "a", "b", "c", "d",
						       "e", "f", "g", "h" };
			struct ph_member *p = &members[i];

			at = align_up(at, m[i]->align);
			p->name = names[i];
			p->type = m[i]->type;
			p->name_pre = p->name_post = "";
			p->bit_offset = at * 8;
			p->size = m[i]->size;
			p->bit_size = 8ULL * m[i]->size;
			p->align = m[i]->align;
			if (m[i]->align > m[i]->size)
				p->explicit_align = m[i]->align;
			at += m[i]->size;
			if (m[i]->align > align)
				align = m[i]->align;
		}
		snprintf(name, sizeof(name), "t%u", k);
		struct ph_type t = {
			.kind = PH_KIND_STRUCT, .name = name,
			.size = align_up(at, align), .align = align,
			.nr_members = n, .members = members,
		};
		const struct ph_type *tt;
		if (ph_model_add_type(model, &t, &tt)) {
			fprintf(stderr, "reorg-test: out of memory\n");
			return 2;
		}
		if (size_of(m, identity, n) != t.size || t.size > 1023)
			abort();
		every_order(m, n, least, (unsigned)t.size, &min);

		for (int bounded = 0; bounded <= 1; bounded++) {
			struct ph_reorg_options o = {
				.exhaustive_max = bounded ? 1 : 0,
			};
			struct ph_reorg_result r;
			struct ph_error *err = ph_reorganize(model, tt, &o, &r);

			if (err) {
				fprintf(stderr, "reorg-test: %s\n",
					err->message);
				return 2;
			}
			unsigned long long size = r.type->size;
			unsigned steps = (unsigned)r.nr_steps;
			int ok = size >= min && size <= t.size &&
				 steps >= least[size] &&
				 (size < t.size || steps == 0);
			if (!bounded || r.optimal)
				ok = ok && size == min;
			if (!bounded || r.least_change)
				ok = ok && steps == least[size];
			if (bounded) {
				bounded_optimal += r.optimal;
				bounded_least += r.least_change;
				if ((r.optimal && size != min) ||
				    (r.least_change && steps != least[size]))
					bad_claim++;
			}
			if (!ok && !bad[bounded]++)
				snprintf(why[bounded], sizeof(why[bounded]),
					 "%u members, size %llu: every order "
					 "gives %llu, moving %u; the engine "
					 "%llu, moving %u (optimal %d, least "
					 "change %d)", n,
					 (unsigned long long)t.size, min,
					 least[min], size, steps, r.optimal,
					 r.least_change);
		}
		checked++;
		hard += min < t.size && least[min] >= 2;
	}

	char what[256];
	snprintf(what, sizeof(what),
		 "exhaustive search: smallest size and fewest moves on %u "
		 "random structs (every order tried; %u need 2 moves or more)",
		 checked, hard);
	check(!bad[0] && hard > count / 20, what, why[0]);
	snprintf(what, sizeof(what),
		 "bounded searches: what they claim holds on %u random "
		 "structs (optimal %u, fewest moves %u)", checked,
		 bounded_optimal, bounded_least);
	check(!bad[1] && !bad_claim, what, why[1]);
	/* On structs this small the bounded searches finish: they prove
	   what they find.  */
	snprintf(what, sizeof(what),
		 "bounded searches: prove smallest size and fewest moves on "
		 "these structs (%u and %u of %u)", bounded_optimal,
		 bounded_least, checked);
	check(bounded_optimal == checked && bounded_least == checked, what,
	      "some not proven");
	ph_model_destroy(model);
	return unit_failures != 0;
}
