/* Reading the keys of a record (record-keys.h).  */
#include "record-keys.h"

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
