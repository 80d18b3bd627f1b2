/* The "access" record of docs/layout-jsonl.md ("Member accesses"): what
   one unit's functions read and write of one type (reorg/access.h);
   input/reports/access-read.c reads it back.  */
#ifndef PH_REPORT_ACCESS_H
#define PH_REPORT_ACCESS_H

#include "../reorg/access.h"
#include "buf.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Appends A as one line, newline included: the keys in the contract's
   order, reads, writes and sites always, the cold_* and atomic_*
   weights only when not 0, "cold" only when true, the lists "locks",
   "atomics" and a function's "threads" and "locks" only when not
   empty.  An error (nothing appended) for a weight that is negative or
   not finite: JSON has no such number.  */
struct ph_error *ph_render_access_jsonl(struct ph_buf *out,
					const struct ph_type_access *a);

/* V (finite, not negative) as the records write a weight: an integral
   value as an integer, another with up to 6 significant digits, never
   with an exponent below 1e15.  */
void ph_json_weight(struct ph_buf *out, double v);

#ifdef __cplusplus
}
#endif

#endif
