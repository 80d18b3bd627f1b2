/* Distinct layouts (dedup.h).  The key is everything the renderers print
   except where the type was defined: the JSON Lines writer's own text of
   the layout (ph_jsonl_layout), so that a field it gains is compared
   too.  */
#include "dedup.h"

#include "../reorg/arena.h"
#include "buf.h"
#include "jsonl.h"

#include <stdlib.h>
#include <string.h>

struct ph_dedup {
	struct ph_arena arena;	/* the keys */
	char **slots;
	uint64_t *hashes;
	size_t n, cap;
	/* The key being looked up: kept from call to call, so that its
	   memory is allocated once, not grown for every type.  */
	struct ph_buf key;
	/* Every name seen, with the one type of it whose key is not made
	   yet (ph_dedup_seen_stable), or NULL.  */
	struct name {
		const char *name;
		uint64_t hash;
		const struct ph_type *lazy;
	} *names;
	size_t nr_names, cap_names;
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
	ph_buf_init(&d->key);
	*ret = d;
	return NULL;
}

void ph_dedup_destroy(struct ph_dedup *d)
{
	if (!d)
		return;
	ph_arena_deinit(&d->arena);
	ph_buf_deinit(&d->key);
	free(d->names);
	free(d->slots);
	free(d->hashes);
	free(d);
}

/* FNV-1a over 8-byte words (then the bytes left), with a final mix:
   the key is a whole JSON text per type, hashed for every type read.  */
static uint64_t hash(const char *s, size_t n)
{
	uint64_t h = 0xcbf29ce484222325ULL, w;
	size_t i = 0;

	for (; i + 8 <= n; i += 8) {
		memcpy(&w, s + i, 8);
		h ^= w;
		h *= 0x100000001b3ULL;
		h ^= h >> 29;
	}
	for (; i < n; i++) {
		h ^= (unsigned char)s[i];
		h *= 0x100000001b3ULL;
	}
	h ^= h >> 32;
	h *= 0xd6e8feb86659fd93ULL;
	return h ^ (h >> 32);
}

static struct ph_error *grow(struct ph_dedup *d)
{
	size_t cap = d->cap ? 2 * d->cap : 1024;
	char **slots = calloc(cap, sizeof(*slots));
	uint64_t *hashes = calloc(cap, sizeof(*hashes));

	if (!slots || !hashes) {
		free(slots);
		free(hashes);
		return &ph_error_nomem;
	}
	for (size_t i = 0; i < d->cap; i++) {
		if (!d->slots[i])
			continue;
		size_t j = d->hashes[i] & (cap - 1);
		while (slots[j])
			j = (j + 1) & (cap - 1);
		slots[j] = d->slots[i];
		hashes[j] = d->hashes[i];
	}
	free(d->slots);
	free(d->hashes);
	d->slots = slots;
	d->hashes = hashes;
	d->cap = cap;
	return NULL;
}

static struct ph_error *grow_names(struct ph_dedup *d)
{
	size_t cap = d->cap_names ? 2 * d->cap_names : 1024;
	struct name *v = calloc(cap, sizeof(*v));

	if (!v)
		return &ph_error_nomem;
	for (size_t i = 0; i < d->cap_names; i++) {
		size_t j;

		if (!d->names[i].name)
			continue;
		for (j = d->names[i].hash & (cap - 1); v[j].name;
		     j = (j + 1) & (cap - 1))
			;
		v[j] = d->names[i];
	}
	free(d->names);
	d->names = v;
	d->cap_names = cap;
	return NULL;
}

/* NAME's entry, made (with NAME copied when COPY) if there is none;
   *FOUND whether there was.  */
static struct ph_error *name_entry(struct ph_dedup *d, const char *name,
				   bool copy, struct name **ret, bool *found)
{
	uint64_t h = hash(name, strlen(name));
	struct ph_error *err;
	size_t i;

	if (2 * (d->nr_names + 1) > d->cap_names && (err = grow_names(d)))
		return err;
	for (i = h & (d->cap_names - 1); d->names[i].name;
	     i = (i + 1) & (d->cap_names - 1)) {
		if (d->names[i].hash == h && strcmp(d->names[i].name, name) == 0) {
			*ret = &d->names[i];
			*found = true;
			return NULL;
		}
	}
	if (copy && !(name = ph_arena_strdup(&d->arena, name)))
		return &ph_error_nomem;
	d->names[i] = (struct name){ name, h, NULL };
	d->nr_names++;
	*ret = &d->names[i];
	*found = false;
	return NULL;
}

static struct ph_error *seen(struct ph_dedup *d, const struct ph_type *t,
			     bool *ret)
{
	struct ph_buf *b = &d->key;
	struct ph_error *err = NULL;
	uint64_t h;
	size_t len;

	b->len = 0;
	ph_jsonl_layout(b, t);
	if ((err = ph_buf_error(b))) {
		/* a failed buffer stays failed: start afresh next time */
		ph_buf_deinit(b);
		ph_buf_init(b);
		return err;
	}
	len = b->len;
	h = hash(b->data, len);
	if (2 * (d->n + 1) > d->cap && (err = grow(d)))
		return err;
	for (size_t i = h & (d->cap - 1);; i = (i + 1) & (d->cap - 1)) {
		char *k = d->slots[i];
		size_t klen;

		if (!k)
			break;
		memcpy(&klen, k, sizeof(klen));
		if (d->hashes[i] == h && klen == len &&
		    memcmp(k + sizeof(klen), b->data, len) == 0) {
			*ret = true;
			return NULL;
		}
	}
	char *k = ph_arena_alloc(&d->arena, sizeof(len) + len);
	if (!k)
		return &ph_error_nomem;
	memcpy(k, &len, sizeof(len));
	memcpy(k + sizeof(len), b->data, len);
	size_t i = h & (d->cap - 1);
	while (d->slots[i])
		i = (i + 1) & (d->cap - 1);
	d->slots[i] = k;
	d->hashes[i] = h;
	d->n++;
	*ret = false;
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
	if (!d->nr_names) {
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
