/* The access model's names and paths (access.h).  */
#include "access.h"

#include <string.h>

static const char *const weights_names[] = {
	[PH_WEIGHTS_NONE] = "none",
	[PH_WEIGHTS_ESTIMATE] = "estimate",
	[PH_WEIGHTS_PROFILE] = "profile",
};

const char *ph_access_weights_name(enum ph_access_weights w)
{
	if ((size_t)w < sizeof(weights_names) / sizeof(weights_names[0]))
		return weights_names[w];
	return "none";
}

bool ph_access_weights_parse(const char *s, enum ph_access_weights *ret)
{
	for (size_t i = 0; s && i < sizeof(weights_names) /
				    sizeof(weights_names[0]); i++)
		if (strcmp(s, weights_names[i]) == 0) {
			*ret = (enum ph_access_weights)i;
			return true;
		}
	return false;
}

/* The length of the path's first component from S: up to the first '.'
   or '[' outside brackets and parentheses (a base's name may be a
   template's, "box<long int>", whose arguments are not the path's).  */
static size_t first_len(const char *s, bool base)
{
	int depth = 0;
	size_t n = 0;

	for (; s[n]; n++) {
		char c = s[n];

		if (base && (c == '<' || c == '('))
			depth++;
		else if (base && (c == '>' || c == ')') && depth)
			depth--;
		else if (!depth && (c == '.' || c == '['))
			break;
	}
	return n;
}

static bool is_name(const char *s, const char *name, size_t n)
{
	return strlen(s) == n && strncmp(s, name, n) == 0;
}

/* A base's type as the path names it: the model may spell the class
   with its key word where the plugin does not.  */
static bool is_base_type(const char *type, const char *name, size_t n)
{
	static const char *const keys[] = { "struct ", "class ", "union " };

	if (is_name(type, name, n))
		return true;
	for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
		size_t k = strlen(keys[i]);

		if (strncmp(type, keys[i], k) == 0 && is_name(type + k, name, n))
			return true;
	}
	return false;
}

/* NAME (N bytes) among MS[0..nr) or inside their anonymous aggregates,
   at any depth: C reaches those members by their own names.  */
static bool holds(const struct ph_member *ms, size_t nr, const char *name,
		  size_t n, unsigned depth)
{
	for (size_t i = 0; i < nr; i++) {
		const struct ph_member *m = &ms[i];

		if (!m->base && is_name(m->name, name, n))
			return true;
		if (!*m->name && m->nested && depth < 64 &&
		    holds(m->members, m->nr_members, name, n, depth + 1))
			return true;
	}
	return false;
}

size_t ph_access_top_member(const struct ph_type *t, const char *path)
{
	static const char base_word[] = "base ";
	bool base = strncmp(path, base_word, sizeof(base_word) - 1) == 0;
	const char *name = base ? path + sizeof(base_word) - 1 : path;
	size_t n = first_len(name, base);

	if (!n)
		return SIZE_MAX;
	for (size_t i = 0; i < t->nr_members; i++) {
		const struct ph_member *m = &t->members[i];

		if (base ? m->base && is_base_type(m->type, name, n)
			 : !m->base && is_name(m->name, name, n))
			return i;
	}
	if (base)
		return SIZE_MAX;
	for (size_t i = 0; i < t->nr_members; i++) {
		const struct ph_member *m = &t->members[i];

		if (!*m->name && m->nested && !m->base &&
		    holds(m->members, m->nr_members, name, n, 0))
			return i;
	}
	return SIZE_MAX;
}
