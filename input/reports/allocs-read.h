/* The "allocs" records of the plugin's reports (docs/layout-jsonl.md),
   read into a build's allocation sites (reorg/allocdb.h).  */
#ifndef PH_INPUT_REPORTS_ALLOCS_READ_H
#define PH_INPUT_REPORTS_ALLOCS_READ_H

#include <jansson.h>
#include <stddef.h>

#include "../../reorg/allocdb.h"

/* Adds the record V, line LINENO of ORIGIN, to DB; an error names
   ORIGIN:LINENO and what is wrong.  */
struct ph_error *ph_allocs_load_record(const char *origin, size_t lineno,
				       const json_t *v, struct ph_allocdb *db);

#endif
