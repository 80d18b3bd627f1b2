/* "allocs" records into a build's allocation sites (allocs-read.h).  A
   record is checked whole before it is added: kinds the contract names,
   numbers in range, lists of bounded length.  */
#include "allocs-read.h"
#include "record-keys.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* No object is as big: a larger number is not the plugin's.  */
#define MAX_BYTES (UINT64_MAX >> 4)

static struct ph_error *bad(const char *origin, size_t lineno,
			    const char *what)
{
	return ph_error_create(PH_ERROR_INVALID, "%s:%zu: an allocs record %s",
			       origin, lineno, what);
}

struct ph_error *ph_allocs_load_record(const char *origin, size_t lineno,
				       const json_t *v, struct ph_allocdb *db)
{
	struct ph_type_allocs a;
	bool ok = true;
	const json_t *heap, *statics;
	struct ph_error *err = NULL;

	memset(&a, 0, sizeof(a));
	struct ph_record_type h;
	const char *why = ph_record_type_read(v, &h);

	if (why)
		return bad(origin, lineno, why);
	PH_RECORD_TYPE_SET(&a, &h);
	heap = ph_record_list(v, "heap", &ok);
	statics = ph_record_list(v, "static", &ok);
	if (!ok)
		return bad(origin, lineno, "with a key of the wrong type");
	a.nr_heap = heap ? json_array_size(heap) : 0;
	a.nr_statics = statics ? json_array_size(statics) : 0;
	a.heap = calloc(a.nr_heap + 1, sizeof(*a.heap));
	a.statics = calloc(a.nr_statics + 1, sizeof(*a.statics));
	if (!a.heap || !a.statics) {
		err = &ph_error_nomem;
		goto out;
	}
	for (size_t i = 0; i < a.nr_heap; i++) {
		const json_t *e = json_array_get(heap, i);
		struct ph_heap_site *h = &a.heap[i];

		if (!json_is_object(e) ||
		    !ph_alloc_how_parse(ph_record_str(e, "how", &ok), &h->how)) {
			err = bad(origin, lineno, "with a site of an unknown "
				  "\"how\"");
			goto out;
		}
		h->call = ph_record_str(e, "call", &ok);
		ph_record_place(e, &h->file, &h->line, &h->column, &ok);
		h->count = ph_record_num(e, "count", MAX_BYTES, &ok);
		h->array = ph_record_flag(e, "array", &ok);
		h->tail = ph_record_flag(e, "tail", &ok);
		h->bytes = ph_record_num(e, "bytes", MAX_BYTES, &ok);
		h->object = ph_record_str(e, "object", &ok);
		h->object_size = ph_record_num(e, "object_size", MAX_BYTES, &ok);
		h->cache = ph_record_str(e, "cache", &ok);
		h->cache_var = ph_record_str(e, "cache_var", &ok);
		h->cache_align = ph_record_num(e, "cache_align", 1u << 30, &ok);
		h->cache_hwalign = ph_record_flag(e, "cache_hwalign", &ok);
	}
	for (size_t i = 0; i < a.nr_statics; i++) {
		const json_t *e = json_array_get(statics, i);
		struct ph_static_inst *s = &a.statics[i];

		if (!json_is_object(e)) {
			err = bad(origin, lineno, "with a static instance that "
				  "is not an object");
			goto out;
		}
		s->var = ph_record_str(e, "var", &ok);
		s->symbol = ph_record_str(e, "symbol", &ok);
		ph_record_place(e, &s->file, &s->line, &s->column, &ok);
		s->in = ph_record_str(e, "in", &ok);
		s->count = ph_record_num(e, "count", MAX_BYTES, &ok);
		s->bytes = ph_record_num(e, "bytes", MAX_BYTES, &ok);
	}
	if (!ok) {
		err = bad(origin, lineno, "with a site or an instance whose "
			  "key is of the wrong type");
		goto out;
	}
	err = ph_allocdb_add(db, &a);
out:
	free(a.heap);
	free(a.statics);
	return err;
}
