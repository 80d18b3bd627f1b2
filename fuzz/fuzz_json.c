/* fuzz_json.c - libFuzzer harness: the JSON parser (report/json.h).
   Copyright (C) 2026 The pokehole authors.
   SPDX-License-Identifier: GPL-3.0-or-later

   Parses the input (not NUL-terminated: the parser must respect LEN),
   walks the tree through the accessors, and checks the error message is
   a terminated string within its buffer.  */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../report/json.h"

static size_t walk(const struct ph_json_value *v, unsigned depth)
{
	size_t n = 1;

	if (depth > PH_JSON_MAX_DEPTH + 1)
		abort();	/* deeper than the parser promises */
	switch (v->kind) {
	case PH_JSON_STRING:
		if (v->u.string.s[v->u.string.len] != '\0')
			abort();
		break;
	case PH_JSON_ARRAY:
		for (size_t i = 0; i < v->u.array.count; i++)
			n += walk(v->u.array.items[i], depth + 1);
		break;
	case PH_JSON_OBJECT:
		for (size_t i = 0; i < v->u.object.count; i++) {
			const struct ph_json_member *m = &v->u.object.members[i];
			const char *s;
			uint64_t u;
			int b;

			if (m->key[m->key_len] != '\0')
				abort();
			/* a key it has, not found (a key holding a NUL
			   cannot be asked for as a C string) */
			if (!memchr(m->key, '\0', m->key_len) &&
			    ph_json_get(v, m->key) == NULL)
				abort();
			ph_json_get_string(v, m->key, &s);
			ph_json_get_uint(v, m->key, &u);
			ph_json_get_bool(v, m->key, &b);
			n += walk(m->value, depth + 1);
		}
		break;
	case PH_JSON_NUMBER:
	case PH_JSON_BOOL:
	case PH_JSON_NULL:
		break;
	default:
		abort();
	}
	(void)ph_json_kind_name(v->kind);
	return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* A copy of exactly SIZE bytes, so that ASan sees any read past
	   the end.  */
	char *text = malloc(size ? size : 1);
	char err[96], small[8];
	struct ph_json_value *v;

	if (!text)
		return 0;
	if (size)
		memcpy(text, data, size);
	memset(err, 'x', sizeof err);
	v = ph_json_parse(text, size, err, sizeof err);
	if (v) {
		walk(v, 0);
		ph_json_free(v);
	} else if (!memchr(err, '\0', sizeof err)) {
		abort();	/* message not terminated */
	}
	/* A tiny and a zero-sized error buffer.  */
	v = ph_json_parse(text, size, small, sizeof small);
	if (!v && !memchr(small, '\0', sizeof small))
		abort();
	ph_json_free(v);
	v = ph_json_parse(text, size, NULL, 0);
	ph_json_free(v);
	free(text);
	return 0;
}
