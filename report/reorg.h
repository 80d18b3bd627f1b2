/* What the reorganize engine found, in pahole's words: --reorganize,
   --show_reorg_steps and --packable.  */
#ifndef PH_REPORT_REORG_H
#define PH_REPORT_REORG_H

#include "../reorg/reorganize.h"
#include "buf.h"
#include "text.h"

#ifdef __cplusplus
extern "C" {
#endif

/* With STEPS, each move as "Moving 'x' from after 'y' to after 'z'" and
   the layout after it, then "Final reorganized struct:"; then the
   suggested layout, closed with "saved N bytes!" when it is smaller.  */
struct ph_error *ph_render_reorg_text(struct ph_buf *out,
				      const struct ph_type *original,
				      const struct ph_reorg_result *r,
				      const struct ph_text_options *opts,
				      bool steps);

/* pahole --packable's line: name, size, packed size, bytes saved.  */
void ph_render_packable(struct ph_buf *out, const struct ph_type *original,
			const struct ph_reorg_result *r);

#ifdef __cplusplus
}
#endif

#endif
