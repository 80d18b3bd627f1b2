/* Reading the keys of a record (record-keys.h).  */
#include "record-keys.h"

#include <math.h>
#include <stdlib.h>

const char *ph_record_str(const json_t *v, const char *key, bool *ok)
{
	const json_t *s = json_object_get(v, key);

	if (!s)
		return "";
	if (!json_is_string(s)) {
		*ok = false;
		return "";
	}
	return json_string_value(s);
}

uint64_t ph_record_num(const json_t *v, const char *key, uint64_t max,
		       bool *ok)
{
	const json_t *n = json_object_get(v, key);

	if (!n)
		return 0;
	if (!json_is_integer(n) || json_integer_value(n) < 0 ||
	    (uint64_t)json_integer_value(n) > max) {
		*ok = false;
		return 0;
	}
	return (uint64_t)json_integer_value(n);
}

bool ph_record_flag(const json_t *v, const char *key, bool *ok)
{
	const json_t *b = json_object_get(v, key);

	if (b && !json_is_boolean(b))
		*ok = false;
	return json_is_true(b);
}

const json_t *ph_record_list(const json_t *v, const char *key, bool *ok)
{
	const json_t *a = json_object_get(v, key);

	if (!a)
		return NULL;
	if (!json_is_array(a) || json_array_size(a) > PH_RECORD_MAX_LIST) {
		*ok = false;
		return NULL;
	}
	return a;
}

void ph_record_place(const json_t *v, const char **file, uint32_t *line,
		     uint32_t *column, bool *ok)
{
	*file = ph_record_str(v, "file", ok);
	*line = (uint32_t)ph_record_num(v, "line", UINT32_MAX, ok);
	*column = (uint32_t)ph_record_num(v, "column", UINT32_MAX, ok);
}

double ph_record_weight(const json_t *v, const char *key, bool *ok)
{
	const json_t *n = json_object_get(v, key);
	double d;

	if (!n)
		return 0;
	d = json_is_number(n) ? json_number_value(n) : -1;
	if (!isfinite(d) || d < 0) {
		*ok = false;
		return 0;
	}
	return d;
}

struct ph_error *ph_record_strings(const json_t *v, const char *key,
				   const char ***ret, size_t *n, bool *ok)
{
	const json_t *a = ph_record_list(v, key, ok);
	size_t k = a ? json_array_size(a) : 0;

	*ret = NULL;
	*n = 0;
	if (!k)
		return NULL;
	if (!(*ret = calloc(k, sizeof(**ret))))
		return &ph_error_nomem;
	for (size_t i = 0; i < k; i++) {
		const json_t *s = json_array_get(a, i);

		if (!json_is_string(s)) {
			free(*ret);
			*ret = NULL;
			*n = 0;
			*ok = false;
			return NULL;
		}
		(*ret)[(*n)++] = json_string_value(s);
	}
	return NULL;
}

/* No object is as big: a larger number is not the plugin's.  */
#define MAX_BYTES (UINT64_MAX >> 4)

const char *ph_record_type_read(const json_t *v, struct ph_record_type *ret)
{
	bool ok = true;

	ret->name = ph_record_str(v, "name", &ok);
	if (!ok || !*ret->name)
		return "without a \"name\"";
	if (!ph_kind_parse(ph_record_str(v, "type_kind", &ok), &ret->kind))
		return "with an unknown \"type_kind\"";
	ret->typedef_name = ph_record_flag(v, "typedef", &ok);
	ret->file = ph_record_str(v, "file", &ok);
	ret->line = (uint32_t)ph_record_num(v, "line", UINT32_MAX, &ok);
	ret->dir = ph_record_str(v, "dir", &ok);
	ret->unit = ph_record_str(v, "unit", &ok);
	ret->size = ph_record_num(v, "size", MAX_BYTES, &ok);
	ret->align = (uint32_t)ph_record_num(v, "align", 1u << 30, &ok);
	return ok ? NULL : "with a key of the wrong type";
}
