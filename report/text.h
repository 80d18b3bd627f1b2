/* pahole's text format, so that what people and scripts know from pahole
   reads the same (its columns and marks: docs/pokehole.1, OUTPUT).  */
#ifndef PH_TEXT_H
#define PH_TEXT_H

#include "../reorg/layout.h"
#include "buf.h"

#ifdef __cplusplus
extern "C" {
#endif

struct ph_text_options {
	unsigned cacheline;	/* bytes; 0 means 64 */
	/* For a reorganized layout: the original's size, for pahole's
	   "saved N bytes!" on the closing line; 0 otherwise.  */
	uint64_t original_size;
	/* pahole -E: when set, a member whose type LOOKUP finds ("struct
	   foo", a typedef's name) is shown with that type's members inside,
	   at their offsets in this type.  */
	const struct ph_type *(*lookup)(void *arg, const char *type);
	void *lookup_arg;
};

/* Appends the layout of T to OUT.  */
struct ph_error *ph_render_text(struct ph_buf *out, const struct ph_type *t,
				const struct ph_text_options *opts);

#ifdef __cplusplus
}
#endif

#endif
