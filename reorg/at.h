/* What sits at a byte of a type (pokehole --at): the members that hold
   it, by their full path through nested aggregates, array elements and
   member types the model has; or the hole or padding it falls in.  For
   a kernel oops's "task_struct+0x5a8".  */
#ifndef PH_AT_H
#define PH_AT_H

#include "layout.h"

#ifdef __cplusplus
extern "C" {
#endif

struct ph_at_hit {
	/* A member: its path ("se.avg.util_avg", "ring[3].head"), its
	   offset and size from the start of the outermost type, its
	   member (for the type and bitfield facts).  */
	const char *path;
	const struct ph_member *m;
	uint64_t offset, size;	/* bytes; a bitfield's storage bytes */
	uint64_t bit_offset;	/* from the start of the outermost type */
	bool element;		/* an element of the array member M */
	/* Not a member: a hole or the tail padding of the aggregate at
	   PATH ("" the type itself), from OFFSET, SIZE bytes, between the
	   members BEFORE and AFTER (paths; "" when none).  */
	bool hole, padding;
	const char *before, *after;
};

struct ph_at {
	struct ph_arena arena;
	size_t nr_hits;
	struct ph_at_hit *hits;
};

/* The hits at byte OFFSET of T (OFFSET < T->size), member types looked
   up in MODEL by name and size.  Several for a union or bitfields
   sharing the byte; a hole or padding only when no member holds it.  */
struct ph_error *ph_at(const struct ph_model *model, const struct ph_type *t,
		       uint64_t offset, struct ph_at *ret);
void ph_at_deinit(struct ph_at *at);

#ifdef __cplusplus
}
#endif

#endif
