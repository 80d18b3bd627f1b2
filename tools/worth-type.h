/* What one type's saving is worth where it is allocated (worth-type.c):
   the build's allocation sites weighed by the allocators O names, for
   --worth's ranking, -P's and -R's allocator columns and --html's.  */
#ifndef PH_TOOLS_WORTH_TYPE_H
#define PH_TOOLS_WORTH_TYPE_H

#include "pokehole-options.h"
#include "../reorg/worth.h"
#include "../report/buf.h"

/* The allocator models O asks for (--allocator; kmalloc for this
   machine's CPUs).  */
void ph_pokehole_alloc_models(const struct ph_pokehole_options *o,
			      struct ph_alloc_model *user,
			      struct ph_alloc_model *kmalloc);

/* T packed to PACKED, weighed with the build's allocation sites into
   *RET; *KNOWN false (and *RET empty) when no report names T.  */
struct ph_error *ph_pokehole_worth_type(const struct ph_pokehole_options *o,
					const struct ph_type *t,
					uint64_t packed, struct ph_worth *ret,
					struct ph_type_allocs *merged,
					bool *known);

/* -R's comment on what T's packing is worth: each class that changes
   and the bytes saved where T is allocated.  */
void ph_pokehole_render_worth(struct ph_buf *out, const struct ph_worth *w);

#endif
