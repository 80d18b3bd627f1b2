/* The "allocs" record of docs/layout-jsonl.md: where one unit allocates
   objects of one type and which static variables hold them
   (reorg/allocs.h).  */
#ifndef PH_REPORT_ALLOCS_H
#define PH_REPORT_ALLOCS_H

#include "../reorg/allocs.h"
#include "buf.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Appends A as one line, newline included.  */
void ph_render_allocs(struct ph_buf *out, const struct ph_type_allocs *a);

#ifdef __cplusplus
}
#endif

#endif
