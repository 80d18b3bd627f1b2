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

struct ph_error *ph_dedup_seen(struct ph_dedup *d,
				  const struct ph_type *t, bool *ret)
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
