#include "groups.h"
#include "array.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static bool marker(const struct ph_member *m, const char *prefix,
		   const char **name, size_t *len)
{
	size_t n = strlen(prefix);

	if (strncmp(m->name, prefix, n) != 0 || !m->name[n])
		return false;
	*name = m->name + n;
	*len = strlen(*name);
	return true;
}

bool ph_group_marker(const struct ph_member *m)
{
	static const char *const prefixes[] = {
		PH_GROUP_BEGIN, PH_GROUP_END, PH_GROUP_PAD,
	};
	const char *name;
	size_t len;

	if (m->bitfield || m->size)
		return false;
	for (size_t i = 0; i < sizeof(prefixes) / sizeof(*prefixes); i++)
		if (marker(m, prefixes[i], &name, &len))
			return true;
	return false;
}

static bool same_members(const struct ph_member *a, const struct ph_member *b,
			 size_t n, unsigned depth)
{
	if (depth > 64)
		return false;
	for (size_t i = 0; i < n; i++) {
		const struct ph_member *x = &a[i], *y = &b[i];

		if (strcmp(x->name, y->name) != 0 ||
		    x->bit_offset != y->bit_offset ||
		    x->bit_size != y->bit_size || x->size != y->size ||
		    x->bitfield != y->bitfield || x->nested != y->nested ||
		    x->nr_members != y->nr_members ||
		    (!x->nested && (strcmp(x->type, y->type) != 0 ||
				    strcmp(x->name_pre, y->name_pre) != 0 ||
				    strcmp(x->name_post, y->name_post) != 0)) ||
		    (x->nested && (x->nested_kind != y->nested_kind ||
				   !same_members(x->members, y->members,
						 x->nr_members, depth + 1))))
			return false;
	}
	return true;
}

bool ph_struct_group(const struct ph_member *m, const char **tag)
{
	const struct ph_member *anon, *named;

	if (!m->nested || m->nested_kind != PH_KIND_UNION ||
	    m->nr_members != 2)
		return false;
	anon = &m->members[0];
	named = &m->members[1];
	if (!anon->nested || anon->nested_kind != PH_KIND_STRUCT ||
	    *anon->name || !*named->name || named->bitfield ||
	    anon->bit_offset != m->bit_offset ||
	    named->bit_offset != m->bit_offset || anon->size != named->size)
		return false;
	if (named->nested) {
		if (named->nested_kind != PH_KIND_STRUCT ||
		    named->nr_members != anon->nr_members ||
		    !same_members(anon->members, named->members,
				  anon->nr_members, 0))
			return false;
		if (tag)
			*tag = NULL;
		return true;
	}
	/* A tagged struct's members are its own record's: the size is
	   what this member says of them.  */
	if (strncmp(named->type, "struct ", 7) != 0 || !named->type[7] ||
	    *named->name_pre || *named->name_post)
		return false;
	if (tag)
		*tag = named->type + 7;
	return true;
}

struct ph_error *ph_groups_of(const struct ph_type *t, unsigned cacheline,
			      struct ph_group **ret, size_t *n)
{
	struct ph_group *v = NULL;
	size_t cap = 0;

	*ret = NULL;
	*n = 0;
	for (size_t i = 0; i < t->nr_members; i++) {
		const struct ph_member *m = &t->members[i];
		const char *name;
		size_t len;

		if (marker(m, PH_GROUP_BEGIN, &name, &len)) {
			if (ph_array_reserve(&v, &cap, *n + 1, sizeof(*v))) {
				free(v);
				return &ph_error_nomem;
			}
			v[(*n)++] = (struct ph_group){
				.name = name, .name_len = len, .begin = m,
				.offset = ph_member_offset(m),
			};
		} else if (marker(m, PH_GROUP_END, &name, &len)) {
			for (size_t j = *n; j-- > 0;) {
				struct ph_group *g = &v[j];

				if (g->end || g->name_len != len ||
				    memcmp(g->name, name, len) != 0)
					continue;
				g->end = m;
				if (ph_member_offset(m) > g->offset)
					g->size = ph_member_offset(m) -
						  g->offset;
				break;
			}
		}
	}
	for (size_t j = 0; j < *n; j++) {
		struct ph_group *g = &v[j];

		if (!g->size || !cacheline)
			continue;
		g->cachelines = (g->offset + g->size - 1) / cacheline -
				g->offset / cacheline + 1;
		g->min_cachelines = (g->size + cacheline - 1) / cacheline;
	}
	*ret = v;
	return NULL;
}
