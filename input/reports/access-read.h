/* The "access" records of the plugin's reports (docs/layout-jsonl.md,
   "Member accesses"), read into a program's accesses
   (reorg/accessdb.h).  */
#ifndef PH_INPUT_REPORTS_ACCESS_READ_H
#define PH_INPUT_REPORTS_ACCESS_READ_H

#include <jansson.h>
#include <stddef.h>

#include "../../reorg/accessdb.h"

/* Adds the record V, line LINENO of ORIGIN, to DB; an error names
   ORIGIN:LINENO and what is wrong.  */
struct ph_error *ph_access_load_record(const char *origin, size_t lineno,
				       const json_t *v, struct ph_accessdb *db);

#endif
