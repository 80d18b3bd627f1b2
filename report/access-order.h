/* What the access-aware order found (reorg/accessorder.h), said after
   the layout: a comment block for -R's text (the reader's -R --access,
   the plugin's reorganize=access) and an object for --json's.  */
#ifndef PH_REPORT_ACCESS_ORDER_H
#define PH_REPORT_ACCESS_ORDER_H

#include "../reorg/accessorder.h"
#include "buf.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What the accesses came from.  */
struct ph_access_source {
	const char *weights;	/* "estimate", ..., or "mixed" */
	size_t units, functions;
};

/* The comment block on R, the order of T:
   /+ access order (weights: estimate, 3 units, 12 functions): hot members fd, buf
      hot members touch cachelines 0, 2, 3 now, 0 in this order
      conn_read touches 0, 2 now, 0 in this order
      size 200 now, 192 size-optimal, 192 in this order +/
   a line "unchanged: WHY" before the size when nothing changed, and
   what the order costs beyond the size-optimal one.  Lines are listed
   one by one, runs of three or more as FIRST-LAST.  */
void ph_render_access_order_text(struct ph_buf *out, const struct ph_type *t,
				 const struct ph_access_order_result *r,
				 const struct ph_access_source *src);

/* The same facts as the members of a JSON object, "{...}" (no key):
   docs/layout-jsonl.md, "Member accesses".  */
void ph_render_access_order_json(struct ph_buf *out, const struct ph_type *t,
				 const struct ph_access_order_result *r,
				 const struct ph_access_source *src);

#ifdef __cplusplus
}
#endif

#endif
