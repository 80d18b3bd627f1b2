/* A fingerprint: what fprint.c (through libdw) and scan-fprint.c (over
   the fast path's DIE index) make of a DIE and its dependencies, and
   what built.c keeps by layout built.  Its own header so that those and
   the index that stores one per DIE share the type without sharing
   anything else.  */
#ifndef PH_INPUT_DWARF_FP_H
#define PH_INPUT_DWARF_FP_H

#include <stdint.h>

struct ph_dw_fp {
	uint64_t a, b;
};

#endif
