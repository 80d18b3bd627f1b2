/* pokehole --diff's output (reorg/diff.h's result): text, one block a
   changed type and a summary, or JSON Lines, one record a changed type
   (docs/layout-jsonl.md, "Layout diffs").  */
#ifndef PH_REPORT_DIFF_H
#define PH_REPORT_DIFF_H

#include "../reorg/diff.h"
#include "buf.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The names of the PH_DIFF_FAIL_* bits, as --fail-on spells them, in
   bit order: "growth", "holes", "padding", "cachelines", "any".  */
extern const char *const ph_diff_fail_names[5];

/* FAIL_ON picks the regressions a type's line names.  */
struct ph_error *ph_render_diff_text(struct ph_buf *out,
				     const struct ph_diff *diff,
				     unsigned fail_on);
struct ph_error *ph_render_diff_jsonl(struct ph_buf *out,
				      const struct ph_diff *diff,
				      unsigned fail_on);

#ifdef __cplusplus
}
#endif

#endif
