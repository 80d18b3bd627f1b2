/* Loading a baseline and looking types up in it (baseline.h).  Each
   line is read with jansson.  */
#include "baseline.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "lines.h"
#include "../reorg/array.h"
#include "../reorg/hashtab.h"

/* While loading, a type's index in the types by name and kind.  */
struct type_key {
	const struct ph_baseline_type *types;
	const char *name;
	enum ph_kind kind;
	uint64_t hash;
};

struct type_slot {
	size_t i;
	uint64_t hash;		/* of the name */
};

static uint64_t type_key_hash(struct type_key k)
{
	return k.hash;
}

static bool type_key_eq(struct type_key k, const struct type_slot *e)
{
	const struct ph_baseline_type *t = &k.types[e->i];

	return e->hash == k.hash && t->kind == k.kind &&
	       strcmp(t->name, k.name) == 0;
}

static uint64_t type_slot_hash(const struct type_slot *e)
{
	return e->hash;
}

PH_HASH_TABLE(type_index, struct type_slot, struct type_key, type_key_hash,
	      type_key_eq, type_slot_hash)

struct ph_baseline {
	struct ph_arena arena;
	size_t n, cap;
	struct ph_baseline_type *types;	/* sorted by name once loaded */
	/* Only while loading: the sort moves the types.  */
	struct type_index index;
};

static struct ph_baseline_type *find_or_add(struct ph_baseline *b,
					    const char *name,
					    enum ph_kind kind)
{
	struct type_key k = { b->types, name, kind, ph_hash_string(name) };
	struct type_slot *e;
	bool found;

	if (type_index_insert(&b->index, k, &e, &found))
		return NULL;
	if (found)
		return &b->types[e->i];
	if (ph_array_reserve(&b->types, &b->cap, b->n + 1,
			     sizeof(*b->types))) {
		type_index_remove(&b->index, e);
		return NULL;
	}
	*e = (struct type_slot){ b->n, k.hash };
	struct ph_baseline_type *t = &b->types[b->n];
	memset(t, 0, sizeof(*t));
	t->name = ph_arena_strdup(&b->arena, name);
	t->kind = kind;
	if (!t->name) {
		type_index_remove(&b->index, e);
		return NULL;
	}
	b->n++;
	return t;
}

static struct ph_error *bad_field(enum ph_json_field st, const char *key,
				  const char *path, size_t line,
				  const char *what)
{
	if (st == PH_JSON_NUL)
		return ph_error_create(PH_ERROR_INVALID,
				       "%s:%zu: \"%s\" holds a NUL (\\u0000)",
				       path, line, key);
	return ph_error_create(PH_ERROR_INVALID, "%s:%zu: %s", path, line,
			       what);
}

static struct ph_error *add_hole(struct ph_baseline *b,
				 struct ph_baseline_type *t, const json_t *h,
				 const char *path, size_t line)
{
	const char *after;
	uint64_t hs;
	enum ph_json_field st = ph_json_name(h, "after", &after);

	if (st != PH_JSON_OK || !ph_json_uint(h, "size", UINT64_MAX, &hs))
		return bad_field(st, "after", path, line,
				 "a hole without \"after\" and \"size\"");
	for (size_t k = 0; k < t->nr_holes; k++) {
		if (strcmp(t->holes[k].after, after) == 0) {
			if (hs > t->holes[k].size)
				t->holes[k].size = hs;
			return NULL;
		}
	}
	struct ph_baseline_hole *nh = ph_arena_alloc(
		&b->arena, (t->nr_holes + 1) * sizeof(*nh));
	if (!nh)
		return &ph_error_nomem;
	if (t->nr_holes)
		memcpy(nh, t->holes, t->nr_holes * sizeof(*nh));
	nh[t->nr_holes].after = ph_arena_strdup(&b->arena, after);
	nh[t->nr_holes].size = hs;
	if (!nh[t->nr_holes].after)
		return &ph_error_nomem;
	t->holes = nh;
	t->nr_holes++;
	return NULL;
}

static struct ph_error *add_record(struct ph_baseline *b, const json_t *v,
				   const char *path, size_t line)
{
	const char *name, *kind_s;
	uint64_t size, padding = 0;
	enum ph_kind kind;
	const char *key = "kind";
	enum ph_json_field st = ph_json_name(v, key, &kind_s);
	struct ph_error *err;

	/* Records of other kinds (the plugin's "function", "sites" and
	   its unit markers, which have no name) are not layouts, and the
	   format may grow more: skipped.  */
	if (st == PH_JSON_OK && !ph_kind_parse(kind_s, &kind))
		return NULL;
	if (st == PH_JSON_OK)
		st = ph_json_name(v, key = "name", &name);
	if (st != PH_JSON_OK || !ph_json_uint(v, "size", UINT64_MAX, &size))
		return bad_field(st, key, path, line, "not a layout record");
	ph_json_uint(v, "padding", UINT64_MAX, &padding);
	struct ph_baseline_type *t = find_or_add(b, name, kind);
	if (!t)
		return &ph_error_nomem;
	if (size > t->size)
		t->size = size;
	if (padding > t->padding)
		t->padding = padding;
	const json_t *holes = json_object_get(v, "holes");
	for (size_t i = 0; i < json_array_size(holes); i++)
		if ((err = add_hole(b, t, json_array_get(holes, i), path,
				    line)))
			return err;
	return NULL;
}

static int cmp_type(const void *a, const void *b)
{
	const struct ph_baseline_type *x = a, *y = b;
	int c = strcmp(x->name, y->name);

	return c ? c : (int)x->kind - (int)y->kind;
}

struct load_ctx {
	struct ph_baseline *b;
	const char *path;
};

static struct ph_error *load_line(void *arg, const char *line, size_t n,
				  size_t lineno)
{
	struct load_ctx *ctx = arg;
	json_t *v;
	struct ph_error *err;

	if ((err = ph_json_parse_line(ctx->path, lineno, line, n, &v)))
		return err;
	err = add_record(ctx->b, v, ctx->path, lineno);
	json_decref(v);
	return err;
}

struct ph_error *ph_baseline_load_text(const char *origin, char *text,
					size_t len, struct ph_baseline **ret)
{
	struct ph_baseline *b = calloc(1, sizeof(*b));
	struct ph_error *err;

	if (!b)
		return &ph_error_nomem;
	ph_arena_init(&b->arena);
	type_index_init(&b->index);
	struct load_ctx ctx = { b, origin };
	if ((err = ph_lines_each(text, len, load_line, &ctx))) {
		ph_baseline_destroy(b);
		return err;
	}
	type_index_deinit(&b->index);
	if (b->n)
		qsort(b->types, b->n, sizeof(*b->types), cmp_type);
	*ret = b;
	return NULL;
}

static struct ph_error *load_text(void *ret, const char *path, char *text,
				  size_t len)
{
	return ph_baseline_load_text(path, text, len, ret);
}

struct ph_error *ph_baseline_load(const char *path, struct ph_baseline **ret)
{
	return ph_lines_with_file(path, load_text, ret);
}

void ph_baseline_destroy(struct ph_baseline *b)
{
	if (!b)
		return;
	ph_arena_deinit(&b->arena);
	type_index_deinit(&b->index);
	free(b->types);
	free(b);
}

const struct ph_baseline_type *ph_baseline_find(const struct ph_baseline *b,
						const char *name,
						enum ph_kind kind)
{
	struct ph_baseline_type key = { .name = name, .kind = kind };

	if (!b || !b->n)
		return NULL;
	return bsearch(&key, b->types, b->n, sizeof(*b->types), cmp_type);
}

bool ph_baseline_has_hole(const struct ph_baseline_type *t, const char *after,
			  uint64_t size)
{
	for (size_t i = 0; i < t->nr_holes; i++)
		if (strcmp(t->holes[i].after, after) == 0 &&
		    t->holes[i].size >= size)
			return true;
	return false;
}
