/* Whether a new member order keeps what each order-dependent site means
   (sites.h).  */
#include "sites.h"

#include <stdio.h>
#include <string.h>

static const char *const kind_names[PH_SITE_NR_KINDS] = {
	[PH_SITE_DEFINITION] = "definition",
	[PH_SITE_POSITIONAL] = "positional",
	[PH_SITE_DESIGNATED] = "designated",
	[PH_SITE_MEM_INIT] = "mem-init",
	[PH_SITE_READS] = "reads",
	[PH_SITE_BINDING] = "binding",
	[PH_SITE_FIRST_MEMBER] = "first-member",
	[PH_SITE_PACKED] = "packed",
	[PH_SITE_IO] = "io",
	[PH_SITE_ABI] = "abi",
	[PH_SITE_ASSERT] = "assert",
	[PH_SITE_FORWARDED] = "forwarded",
	[PH_SITE_INITIALIZER] = "initializer",
	[PH_SITE_LIFETIME] = "lifetime",
};

const char *ph_site_kind_name(enum ph_site_kind kind)
{
	return (unsigned)kind < PH_SITE_NR_KINDS ? kind_names[kind] : "?";
}

bool ph_site_kind_parse(const char *s, enum ph_site_kind *ret)
{
	for (unsigned k = 0; k < PH_SITE_NR_KINDS; k++) {
		if (strcmp(s, kind_names[k]) == 0) {
			*ret = (enum ph_site_kind)k;
			return true;
		}
	}
	return false;
}

bool ph_site_kind_fixed(enum ph_site_kind kind)
{
	return kind == PH_SITE_PACKED || kind == PH_SITE_IO ||
	       kind == PH_SITE_ABI;
}

/* The reserved bits the engine spells out as unnamed bitfields are no
   member of the source.  */
static bool source_member(const struct ph_member *m)
{
	return *m->name || !m->bitfield;
}

/* The least name inside an anonymous aggregate: what it goes by
   whatever order its members take.  */
static const char *least_name(const struct ph_member *m, unsigned depth)
{
	const char *least = "";

	if (*m->name)
		return m->name;
	for (size_t i = 0; m->nested && depth < 64 && i < m->nr_members; i++) {
		const char *n = least_name(&m->members[i], depth + 1);

		if (*n && (!*least || strcmp(n, least) < 0))
			least = n;
	}
	return least;
}

const char *ph_member_key(const struct ph_member *m, char *buf, size_t size)
{
	if (*m->name || !m->nested) {
		snprintf(buf, size, "%s", m->name);
		return buf;
	}
	snprintf(buf, size, "{%s}", least_name(m, 0));
	return buf;
}

/* Whether M's key is NAME.  */
static bool key_is(const struct ph_member *m, const char *name)
{
	char buf[256];

	return strcmp(ph_member_key(m, buf, sizeof(buf)), name) == 0;
}

long ph_member_index(const struct ph_type *t, const char *name)
{
	long k = 0;

	for (size_t i = 0; i < t->nr_members; i++) {
		const struct ph_member *m = &t->members[i];

		if (!source_member(m))
			continue;
		if (key_is(m, name))
			return k;
		k++;
	}
	return -1;
}

bool ph_order_is(const struct ph_type *suggested, const char *const *order,
		 size_t nr)
{
	size_t k = 0;

	for (size_t i = 0; i < suggested->nr_members; i++) {
		const struct ph_member *m = &suggested->members[i];

		if (!source_member(m))
			continue;
		if (k == nr || !key_is(m, order[k]))
			return false;
		k++;
	}
	return k == nr && nr > 0;
}

/* The members keep their order: each the same number of members from
   the start, the members of an aggregate defined in place too (a new
   order may move them inside it).  */
static bool same_members(const struct ph_member *a, size_t na,
			 const struct ph_member *b, size_t nb, unsigned depth)
{
	size_t i = 0, j = 0;

	for (;;) {
		while (i < na && !source_member(&a[i]))
			i++;
		while (j < nb && !source_member(&b[j]))
			j++;
		if (i == na || j == nb)
			return i == na && j == nb;
		char ka[256], kb[256];
		if (strcmp(ph_member_key(&a[i], ka, sizeof(ka)),
			   ph_member_key(&b[j], kb, sizeof(kb))) != 0)
			return false;
		if ((a[i].nested || b[j].nested) &&
		    (depth > 64 || !same_members(a[i].members, a[i].nr_members,
						 b[j].members, b[j].nr_members,
						 depth + 1)))
			return false;
		i++;
		j++;
	}
}

static bool same_sequence(const struct ph_type *a, const struct ph_type *b)
{
	return same_members(a->members, a->nr_members, b->members,
			    b->nr_members, 0);
}

bool ph_same_order(const struct ph_type *a, const struct ph_type *b)
{
	return same_sequence(a, b);
}

bool ph_same_inner_order(const struct ph_member *a, const struct ph_member *b)
{
	return same_members(a->members, a->nr_members, b->members,
			    b->nr_members, 0);
}

static const struct ph_member *find(const struct ph_type *t, const char *name)
{
	for (size_t i = 0; i < t->nr_members; i++)
		if (strcmp(t->members[i].name, name) == 0)
			return &t->members[i];
	return NULL;
}

/* The member at offset 0 that a pointer to the type also points to:
   the first in the list that takes a byte.  */
static const struct ph_member *first_member(const struct ph_type *t)
{
	for (size_t i = 0; i < t->nr_members; i++)
		if (t->members[i].size || t->members[i].bitfield)
			return &t->members[i];
	return NULL;
}

bool ph_site_allows(const struct ph_site *site, const struct ph_type *original,
		    const struct ph_type *suggested, const char *const *order,
		    size_t nr, const char **why)
{
	bool moved = !same_sequence(original, suggested);
	bool for_this = nr && ph_order_is(suggested, order, nr);

	*why = NULL;
	switch (site->kind) {
	case PH_SITE_DEFINITION:
	case PH_SITE_POSITIONAL:
	case PH_SITE_DESIGNATED:
	case PH_SITE_MEM_INIT:
		if (!moved)
			return true;
		if (!site->rewrite)
			*why = *site->why ? site->why
					  : "its unit has no edit that keeps "
					    "its meaning";
		else if (!for_this)
			*why = "its unit's edits are for another order";
		return *why == NULL;
	case PH_SITE_FORWARDED:
	case PH_SITE_INITIALIZER:
	case PH_SITE_BINDING:
		if (!moved)
			return true;
		*why = site->kind == PH_SITE_BINDING
			       ? "a structured binding binds in declaration "
				 "order"
			       : site->kind == PH_SITE_FORWARDED
					 ? "the call's arguments are the members "
					   "in declaration order"
					 : "the initializer cannot be read from "
					   "the source";
		return false;
	case PH_SITE_FIRST_MEMBER: {
		const struct ph_member *m = first_member(suggested);

		if (m && key_is(m, site->member))
			return true;
		*why = "the member the cast relies on leaves offset 0";
		return false;
	}
	case PH_SITE_PACKED:
	case PH_SITE_IO:
	case PH_SITE_ABI:
		*why = site->kind == PH_SITE_PACKED
			       ? "a packed type's bytes are a format"
			       : site->kind == PH_SITE_IO
					 ? "its bytes leave the program"
					 : "it is part of a public ABI";
		return false;
	case PH_SITE_ASSERT: {
		const struct ph_member *a, *b;

		if (!*site->member) {
			if (suggested->size == original->size)
				return true;
			*why = "an assertion on its size fails";
			return false;
		}
		a = find(original, site->member);
		b = find(suggested, site->member);
		if (a && b && a->bit_offset == b->bit_offset)
			return true;
		*why = "an assertion on the member's offset fails";
		return false;
	}
	case PH_SITE_READS:
	case PH_SITE_LIFETIME: {
		long a0 = ph_member_index(original, site->member);
		long b0 = ph_member_index(original, site->other);
		long a1 = ph_member_index(suggested, site->member);
		long b1 = ph_member_index(suggested, site->other);

		if (a0 < 0 || b0 < 0 || a1 < 0 || b1 < 0 ||
		    (a0 < b0) == (a1 < b1))
			return true;
		*why = site->kind == PH_SITE_READS
			       ? "a member would be read before it is "
				 "initialized"
			       : "two members would be constructed and "
				 "destroyed in the other order";
		return false;
	}
	case PH_SITE_NR_KINDS:
		break;
	}
	*why = "an unknown site";
	return false;
}
