/* pokehole --worth (worth-cmd.c): the types ranked by what packing
   saves where their memory is spent, and the allocator columns -P and
   -R print beside a saving.  */
#ifndef PH_TOOLS_WORTH_CMD_H
#define PH_TOOLS_WORTH_CMD_H

#include "pokehole-options.h"
#include "../reorg/worth.h"
#include "../report/buf.h"

/* The allocator models O asks for (--allocator; kmalloc for this
   machine's CPUs).  */
void ph_pokehole_alloc_models(const struct ph_pokehole_options *o,
			      struct ph_alloc_model *user,
			      struct ph_alloc_model *kmalloc);

/* --worth over MODEL: a line per type the build's reports allocate or
   hold statically (--json: a record), ranked, and the total.  */
struct ph_error *ph_pokehole_worth(struct ph_model *model,
				   const struct ph_pokehole_options *o);

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
