/* The "sites" record of docs/layout-jsonl.md: the order-dependent sites
   of one type in one unit (reorg/sites.h), and the edits that keep
   their meaning in the order the record names.  */
#ifndef PH_REPORT_SITES_H
#define PH_REPORT_SITES_H

#include "../reorg/sites.h"
#include "buf.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Appends S as one line, newline included.  */
void ph_render_sites(struct ph_buf *out, const struct ph_type_sites *s);

#ifdef __cplusplus
}
#endif

#endif
