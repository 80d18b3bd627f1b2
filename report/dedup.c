/* Distinct layouts (dedup.h).  The key is everything the renderers print
   except where the type was defined: the JSON Lines writer's own text of
   the layout (ph_jsonl_layout), so that a field it gains is compared
   too.  */
#include "dedup.h"

#include "../reorg/arena.h"
#include "../reorg/hashtab.h"
#include "buf.h"
#include "jsonl.h"

#include <stdlib.h>
#include <string.h>

/* A key: the text of a layout, with its length and hash.  In the table
   the text is a copy in the arena, its length before it.  */
struct key {
	const char *data;
	size_t len;
	uint64_t hash;
};

struct key_entry {
	const char *key;	/* size_t length, then the text */
	uint64_t hash;
};

static uint64_t key_hash(struct key k)
{
	return k.hash;
}

static bool key_eq(struct key k, const struct key_entry *e)
{
	size_t len;

	if (e->hash != k.hash)
		return false;
	memcpy(&len, e->key, sizeof(len));
	return len == k.len && memcmp(e->key + sizeof(len), k.data, len) == 0;
}

static uint64_t key_entry_hash(const struct key_entry *e)
{
	return e->hash;
}

PH_HASH_TABLE(key_table, struct key_entry, struct key, key_hash, key_eq,
	      key_entry_hash)

/* A name, with its hash.  */
struct name_key {
	const char *name;
	uint64_t hash;
};

/* A name seen, with the one type of it whose key is not made yet
   (ph_dedup_seen_stable), or NULL.  */
struct name {
	const char *name;
	uint64_t hash;
	const struct ph_type *lazy;
};

static uint64_t name_hash(struct name_key k)
{
	return k.hash;
}

static bool name_eq(struct name_key k, const struct name *e)
{
	return e->hash == k.hash && strcmp(e->name, k.name) == 0;
}

static uint64_t name_entry_hash(const struct name *e)
{
	return e->hash;
}

PH_HASH_TABLE(name_table, struct name, struct name_key, name_hash, name_eq,
	      name_entry_hash)

struct ph_dedup {
	struct ph_arena arena;	/* the keys */
	struct key_table keys;
	/* The key being looked up: kept from call to call, so that its
	   memory is allocated once, not grown for every type.  */
	struct ph_buf key;
	/* Every name seen.  */
	struct name_table names;
	/* A key was made for a type whose name is not in NAMES (no stable
	   type had come yet): a stable type's name alone no longer tells
	   that it is new.  */
	bool unnamed_keys;
};

struct ph_error *ph_dedup_create(struct ph_dedup **ret)
{
	struct ph_dedup *d = calloc(1, sizeof(*d));

	if (!d)
		return &ph_error_nomem;
	ph_arena_init(&d->arena);
	key_table_init(&d->keys);
	ph_buf_init(&d->key);
	name_table_init(&d->names);
	*ret = d;
	return NULL;
}

void ph_dedup_destroy(struct ph_dedup *d)
{
	if (!d)
		return;
	ph_arena_deinit(&d->arena);
	ph_buf_deinit(&d->key);
	name_table_deinit(&d->names);
	key_table_deinit(&d->keys);
	free(d);
}

/* NAME's entry, made (with NAME copied when COPY) if there is none;
   *FOUND whether there was.  */
static struct ph_error *name_entry(struct ph_dedup *d, const char *name,
				   bool copy, struct name **ret, bool *found)
{
	struct name_key k = { name, ph_hash_string(name) };
	struct ph_error *err;
	struct name *e;

	if ((err = name_table_insert(&d->names, k, &e, found)))
		return err;
	if (!*found) {
		if (copy && !(name = ph_arena_strdup(&d->arena, name))) {
			name_table_remove(&d->names, e);
			return &ph_error_nomem;
		}
		*e = (struct name){ name, k.hash, NULL };
	}
	*ret = e;
	return NULL;
}

static struct ph_error *seen(struct ph_dedup *d, const struct ph_type *t,
			     bool *ret)
{
	struct ph_buf *b = &d->key;
	struct ph_error *err = NULL;
	struct key_entry *e;
	struct key k;
	char *copy;

	b->len = 0;
	ph_jsonl_layout(b, t);
	if ((err = ph_buf_error(b))) {
		/* a failed buffer stays failed: start afresh next time */
		ph_buf_deinit(b);
		ph_buf_init(b);
		return err;
	}
	k = (struct key){ b->data, b->len, ph_hash_bytes(b->data, b->len) };
	if ((err = key_table_insert(&d->keys, k, &e, ret)))
		return err;
	if (*ret)
		return NULL;
	copy = ph_arena_alloc(&d->arena, sizeof(k.len) + k.len);
	if (!copy) {
		key_table_remove(&d->keys, e);
		return &ph_error_nomem;
	}
	memcpy(copy, &k.len, sizeof(k.len));
	memcpy(copy + sizeof(k.len), k.data, k.len);
	*e = (struct key_entry){ copy, k.hash };
	return NULL;
}

/* The name's type whose key was put off gets it now: another type of
   the name has come.  */
static struct ph_error *make_key(struct ph_dedup *d, struct name *e)
{
	const struct ph_type *lazy = e->lazy;
	bool dup;

	e->lazy = NULL;
	return lazy ? seen(d, lazy, &dup) : NULL;
}

struct ph_error *ph_dedup_seen(struct ph_dedup *d,
				  const struct ph_type *t, bool *ret)
{
	struct name *e;
	bool found;
	struct ph_error *err;

	/* Only a reader of stable types needs the names: the others (the
	   plugin, inside the compiler) pay for the keys alone.  */
	if (!name_table_size(&d->names)) {
		d->unnamed_keys = true;
		return seen(d, t, ret);
	}
	if ((err = name_entry(d, t->name, true, &e, &found)))
		return err;
	if (found && (err = make_key(d, e)))
		return err;
	return seen(d, t, ret);
}

struct ph_error *ph_dedup_seen_stable(struct ph_dedup *d,
				      const struct ph_type *t, bool *ret)
{
	struct name *e;
	bool found;
	struct ph_error *err;

	if (d->unnamed_keys)
		return seen(d, t, ret);
	if ((err = name_entry(d, t->name, false, &e, &found)))
		return err;
	if (!found) {
		e->lazy = t;
		*ret = false;
		return NULL;
	}
	if ((err = make_key(d, e)))
		return err;
	return seen(d, t, ret);
}
