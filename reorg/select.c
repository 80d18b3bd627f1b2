#include "select.h"

#include <stdlib.h>
#include <string.h>

static bool is_space(char c)
{
	return c == ' ' || c == '\t';
}

/* Compares A[0..alen) with B[0..blen), skipping the spaces GCC puts in
   "> >" and that people leave out, but not the one in "unsigned int".  */
static bool same_spelling(const char *a, size_t alen, const char *b,
			  size_t blen)
{
	size_t i = 0, j = 0;

	for (;;) {
		/* A space is insignificant next to a bracket or a comma.  */
		while (i < alen && is_space(a[i]) &&
		       (i == 0 || i + 1 == alen || strchr("<>,()[]*&", a[i - 1]) ||
			strchr("<>,()[]*&", a[i + 1])))
			i++;
		while (j < blen && is_space(b[j]) &&
		       (j == 0 || j + 1 == blen || strchr("<>,()[]*&", b[j - 1]) ||
			strchr("<>,()[]*&", b[j + 1])))
			j++;
		if (i == alen || j == blen)
			return i == alen && j == blen;
		if (a[i] != b[j])
			return false;
		i++;
		j++;
	}
}

bool ph_name_matches(const char *pattern, const char *name)
{
	size_t plen = strlen(pattern), len = strlen(name);
	int depth = 0;

	if (same_spelling(pattern, plen, name, len))
		return true;
	/* Each top-level "::" of NAME starts a shorter name to try.  */
	for (size_t i = 0; i + 1 < len; i++) {
		char c = name[i];

		if (c == '<' || c == '(' || c == '[')
			depth++;
		else if ((c == '>' || c == ')' || c == ']') && depth > 0)
			depth--;
		else if (depth == 0 && c == ':' && name[i + 1] == ':' &&
			 same_spelling(pattern, plen, name + i + 2,
				       len - i - 2))
			return true;
	}
	return false;
}

void ph_names_destroy(struct ph_names *names)
{
	if (!names)
		return;
	for (size_t i = 0; i < names->n; i++)
		free(names->names[i]);
	free(names->names);
	free(names->found);
	free(names);
}

static struct ph_error *push(struct ph_names *names, const char *p, size_t n)
{
	char **v;
	bool *f;

	while (n && is_space(*p)) {
		p++;
		n--;
	}
	while (n && is_space(p[n - 1]))
		n--;
	if (!n)
		return ph_error_create(PH_ERROR_INVALID,
				       "empty type name in the list");
	v = realloc(names->names, (names->n + 1) * sizeof(*v));
	if (!v)
		return &ph_error_nomem;
	names->names = v;
	f = realloc(names->found, (names->n + 1) * sizeof(*f));
	if (!f)
		return &ph_error_nomem;
	names->found = f;
	if (!(v[names->n] = malloc(n + 1)))
		return &ph_error_nomem;
	memcpy(v[names->n], p, n);
	v[names->n][n] = '\0';
	f[names->n++] = false;
	return NULL;
}

struct ph_error *ph_names_create(const char *list, struct ph_names **ret)
{
	struct ph_names *names = calloc(1, sizeof(*names));
	struct ph_error *err = NULL;
	const char *start = list;
	int depth = 0;

	if (!names)
		return &ph_error_nomem;
	for (const char *p = list;; p++) {
		if (*p == '<' || *p == '(' || *p == '[') {
			depth++;
		} else if ((*p == '>' || *p == ')' || *p == ']') && depth > 0) {
			depth--;
		} else if (*p == '\0' || (*p == ',' && depth == 0)) {
			if ((err = push(names, start, (size_t)(p - start))))
				break;
			if (!*p)
				break;
			start = p + 1;
		}
	}
	if (err) {
		ph_names_destroy(names);
		return err;
	}
	*ret = names;
	return NULL;
}

bool ph_names_select(const struct ph_names *names, const char *name)
{
	for (size_t i = 0; i < names->n; i++)
		if (ph_name_matches(names->names[i], name))
			return true;
	return false;
}

bool ph_names_match(struct ph_names *names, const char *name)
{
	bool any = false;

	for (size_t i = 0; i < names->n; i++)
		if (ph_name_matches(names->names[i], name))
			any = names->found[i] = true;
	return any;
}

bool ph_names_all_found(const struct ph_names *names)
{
	for (size_t i = 0; i < names->n; i++)
		if (!names->found[i])
			return false;
	return true;
}
