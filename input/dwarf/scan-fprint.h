/* The fast path's fingerprints (scan-fprint.c): fprint.c's definition
   over the DIE index of the unit scanned, seeded apart.  */
#ifndef PH_INPUT_DWARF_SCAN_FPRINT_H
#define PH_INPUT_DWARF_SCAN_FPRINT_H

#include <stdbool.h>

#include "fp.h"
#include "scan.h"

/* The fingerprint of event E's type; false when it has none.  Taken
   when asked: a type filtered out costs nothing.  */
bool ph_dw_scan_fingerprint(struct ph_dw_scan *s,
			    const struct ph_dw_scan_event *e,
			    struct ph_dw_fp *ret);

#endif
