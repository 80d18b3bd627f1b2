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
};

struct ph_error *ph_dedup_create(struct ph_dedup **ret)
{
	struct ph_dedup *d = calloc(1, sizeof(*d));

	if (!d)
		return &ph_error_nomem;
	ph_arena_init(&d->arena);
	*ret = d;
	return NULL;
}

void ph_dedup_destroy(struct ph_dedup *d)
{
	if (!d)
		return;
	ph_arena_deinit(&d->arena);
	free(d->slots);
	free(d->hashes);
	free(d);
}

static uint64_t fnv1a(const char *s, size_t n)
{
	uint64_t h = 0xcbf29ce484222325ULL;

	for (size_t i = 0; i < n; i++) {
		h ^= (unsigned char)s[i];
		h *= 0x100000001b3ULL;
	}
	return h;
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
	struct ph_buf b;
	struct ph_error *err = NULL;
	uint64_t h;
	size_t len;

	ph_buf_init(&b);
	ph_jsonl_layout(&b, t);
	if ((err = ph_buf_error(&b)))
		goto out;
	len = b.len;
	h = fnv1a(b.data, len);
	if (2 * (d->n + 1) > d->cap && (err = grow(d)))
		goto out;
	for (size_t i = h & (d->cap - 1);; i = (i + 1) & (d->cap - 1)) {
		char *k = d->slots[i];
		size_t klen;

		if (!k)
			break;
		memcpy(&klen, k, sizeof(klen));
		if (d->hashes[i] == h && klen == len &&
		    memcmp(k + sizeof(klen), b.data, len) == 0) {
			*ret = true;
			goto out;
		}
	}
	char *k = ph_arena_alloc(&d->arena, sizeof(len) + len);
	if (!k) {
		err = &ph_error_nomem;
		goto out;
	}
	memcpy(k, &len, sizeof(len));
	memcpy(k + sizeof(len), b.data, len);
	size_t i = h & (d->cap - 1);
	while (d->slots[i])
		i = (i + 1) & (d->cap - 1);
	d->slots[i] = k;
	d->hashes[i] = h;
	d->n++;
	*ret = false;
out:
	ph_buf_deinit(&b);
	return err;
}
