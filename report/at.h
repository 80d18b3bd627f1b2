/* pokehole --at's lines (reorg/at.h's hits): one a member that holds
   the byte, or one for the hole or padding it falls in.  */
#ifndef PH_REPORT_AT_H
#define PH_REPORT_AT_H

#include "../reorg/at.h"
#include "buf.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The hits AT of byte OFFSET of T.  */
struct ph_error *ph_render_at_text(struct ph_buf *out, const struct ph_type *t,
				   uint64_t offset, const struct ph_at *at);

#ifdef __cplusplus
}
#endif

#endif
