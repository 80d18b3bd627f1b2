#include "groups.h"

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
			if (*n == cap) {
				size_t c = cap ? 2 * cap : 4;
				struct ph_group *p = reallocarray(v, c,
								  sizeof(*v));

				if (!p) {
					free(v);
					return &ph_error_nomem;
				}
				v = p;
				cap = c;
			}
			v[(*n)++] = (struct ph_group){
				name, len, ph_member_offset(m), 0, 0, 0, false
			};
		} else if (marker(m, PH_GROUP_END, &name, &len)) {
			for (size_t j = *n; j-- > 0;) {
				struct ph_group *g = &v[j];

				if (g->ended || g->name_len != len ||
				    memcmp(g->name, name, len) != 0)
					continue;
				g->ended = true;
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
