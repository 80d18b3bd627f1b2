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
/* The unit's own record, first of its sites: {"kind":"sites","unit":
   UNIT,"dir":DIR}, which says its sites were collected (a unit of a
   build without one was compiled without the plugin).  */
void ph_render_sites_unit(struct ph_buf *out, const char *dir,
			  const char *unit);

#ifdef __cplusplus
}
#endif

#endif
