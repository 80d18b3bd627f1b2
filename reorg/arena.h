/* One bump allocator per model: everything a model holds (types, members,
   copied names) lives here and goes away in one call.

   Our own rather than obstack: the model is linked both into the reader,
   where <obstack.h> is glibc's, and into a plugin inside cc1, which exports
   libiberty's obstack with a different struct layout.  */
#ifndef PH_ARENA_H
#define PH_ARENA_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

struct ph_arena_chunk;

struct ph_arena {
	struct ph_arena_chunk *chunk;
	size_t used, avail;
};

void ph_arena_init(struct ph_arena *arena);
void ph_arena_deinit(struct ph_arena *arena);
/* Zeroed, aligned for any object; NULL only when memory is exhausted.  */
void *ph_arena_alloc(struct ph_arena *arena, size_t size);
char *ph_arena_strdup(struct ph_arena *arena, const char *s);
char *ph_arena_strndup(struct ph_arena *arena, const char *s, size_t n);
void *ph_arena_memdup(struct ph_arena *arena, const void *p, size_t size);

#ifdef __cplusplus
}
#endif

#endif
