#include "arena.h"

#include <stdalign.h>
#include <stdlib.h>
#include <string.h>

struct ph_arena_chunk {
	struct ph_arena_chunk *prev;
	alignas(max_align_t) unsigned char data[];
};

enum { PH_ARENA_CHUNK = 64 * 1024 - 64 };

void ph_arena_init(struct ph_arena *arena)
{
	arena->chunk = NULL;
	arena->used = arena->avail = 0;
}

void ph_arena_deinit(struct ph_arena *arena)
{
	struct ph_arena_chunk *c = arena->chunk;

	while (c) {
		struct ph_arena_chunk *prev = c->prev;
		free(c);
		c = prev;
	}
	ph_arena_init(arena);
}

void *ph_arena_alloc(struct ph_arena *arena, size_t size)
{
	const size_t a = alignof(max_align_t);
	size_t need = (size + a - 1) & ~(a - 1);

	if (need < size)
		return NULL;
	if (!arena->chunk || arena->avail - arena->used < need) {
		size_t cap = need > PH_ARENA_CHUNK ? need : PH_ARENA_CHUNK;
		struct ph_arena_chunk *c = malloc(sizeof(*c) + cap);

		if (!c)
			return NULL;
		/* A huge request gets a chunk of its own, kept below the
		   current one so that the current one's free space stays usable. */
		if (arena->chunk && cap > PH_ARENA_CHUNK) {
			c->prev = arena->chunk->prev;
			arena->chunk->prev = c;
			memset(c->data, 0, need);
			return c->data;
		}
		c->prev = arena->chunk;
		arena->chunk = c;
		arena->used = 0;
		arena->avail = cap;
	}
	void *p = arena->chunk->data + arena->used;
	arena->used += need;
	memset(p, 0, need);
	return p;
}

char *ph_arena_strndup(struct ph_arena *arena, const char *s, size_t n)
{
	char *p = ph_arena_alloc(arena, n + 1);

	if (p) {
		memcpy(p, s, n);
		p[n] = '\0';
	}
	return p;
}

char *ph_arena_strdup(struct ph_arena *arena, const char *s)
{
	return ph_arena_strndup(arena, s, strlen(s));
}

void *ph_arena_memdup(struct ph_arena *arena, const void *p, size_t size)
{
	void *q = ph_arena_alloc(arena, size);

	if (q && size)
		memcpy(q, p, size);
	return q;
}
