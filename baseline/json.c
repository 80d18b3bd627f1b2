#include "json.h"

#include <string.h>

/* The column (from 1) of the first bracket of S[0..N) past
   PH_JSON_MAX_DEPTH levels, or 0.  */
static size_t too_deep(const char *s, size_t n)
{
	unsigned depth = 0;
	bool in_string = false;

	for (size_t i = 0; i < n; i++) {
		if (in_string) {
			if (s[i] == '\\')
				i++;
			else if (s[i] == '"')
				in_string = false;
		} else if (s[i] == '"') {
			in_string = true;
		} else if (s[i] == '[' || s[i] == '{') {
			if (++depth > PH_JSON_MAX_DEPTH)
				return i + 1;
		} else if ((s[i] == ']' || s[i] == '}') && depth) {
			depth--;
		}
	}
	return 0;
}

/* The allocator in place before ph_json_loadb put its watch on it; the
   readers parse one line at a time, on one thread.  */
static json_malloc_t watched;
static bool alloc_failed;

static void *watched_malloc(size_t size)
{
	void *p = watched(size);

	if (!p)
		alloc_failed = true;
	return p;
}

struct ph_error *ph_json_loadb(const char *s, size_t n, size_t flags,
			       json_t **ret, json_error_t *je)
{
	json_malloc_t old_malloc;
	json_free_t old_free;

	json_get_alloc_funcs(&old_malloc, &old_free);
	watched = old_malloc;
	alloc_failed = false;
	json_set_alloc_funcs(watched_malloc, old_free);
	*ret = json_loadb(s, n, flags, je);
	json_set_alloc_funcs(old_malloc, old_free);
	if (!*ret && (alloc_failed ||
		      json_error_code(je) == json_error_out_of_memory))
		return &ph_error_nomem;
	return NULL;
}

struct ph_error *ph_json_parse_line(const char *origin, size_t lineno,
				    const char *line, size_t n, json_t **ret)
{
	json_error_t je;
	size_t deep = too_deep(line, n);
	struct ph_error *err;

	if (deep)
		return ph_error_create(PH_ERROR_INVALID,
				       "%s:%zu:%zu: nesting deeper than %d",
				       origin, lineno, deep, PH_JSON_MAX_DEPTH);
	if ((err = ph_json_loadb(line, n, JSON_DECODE_ANY | JSON_ALLOW_NUL,
				 ret, &je)))
		return err;
	if (!*ret)
		return ph_error_create(PH_ERROR_INVALID, "%s:%zu:%d: %s",
				       origin, lineno, je.column, je.text);
	return NULL;
}

enum ph_json_field ph_json_name(const json_t *v, const char *key,
				const char **ret)
{
	const json_t *s = json_object_get(v, key);

	if (!json_is_string(s))
		return PH_JSON_BAD;
	if (strlen(json_string_value(s)) != json_string_length(s))
		return PH_JSON_NUL;
	*ret = json_string_value(s);
	return PH_JSON_OK;
}

bool ph_json_uint(const json_t *v, const char *key, uint64_t max,
		  uint64_t *ret)
{
	const json_t *n = json_object_get(v, key);

	if (!json_is_integer(n) || json_integer_value(n) < 0 ||
	    (uint64_t)json_integer_value(n) > max)
		return false;
	*ret = (uint64_t)json_integer_value(n);
	return true;
}

bool ph_json_opt_uint(const json_t *v, const char *key, uint64_t max,
		      uint64_t *ret)
{
	*ret = 0;
	return !json_object_get(v, key) || ph_json_uint(v, key, max, ret);
}

bool ph_json_flag(const json_t *v, const char *key, bool *ret)
{
	const json_t *b = json_object_get(v, key);

	*ret = false;
	if (!b)
		return true;
	if (!json_is_boolean(b))
		return false;
	*ret = json_is_true(b);
	return true;
}
