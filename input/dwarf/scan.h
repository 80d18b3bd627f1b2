/* The fast path of the walk (scan.c): the types a C compile unit
   reports, found over its raw DIE index (scan-abbrev.h) rather than
   through libdw, and the file names of its line table (lines.h).  Its
   fingerprints: scan-fprint.h.  */
#ifndef PH_INPUT_DWARF_SCAN_H
#define PH_INPUT_DWARF_SCAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <elfutils/libdw.h>

#include "../../reorg/error.h"
#include "../../reorg/layout.h"
#include "lines.h"
#include "scan-abbrev.h"
#include "scan-sections.h"

/* A type the walk reports: the aggregate DIE at OFF in .debug_info, under
   NAME (its own or, TYPEDEF_NAME, its first typedef's).  */
struct ph_dw_scan_event {
	uint64_t off;
	const char *name;	/* in the section data */
	enum ph_kind kind;
	bool typedef_name;
	uint32_t typedef_align;	/* the typedef's DW_AT_alignment, or 0 */
	size_t die;		/* in the index */
};

struct ph_dw_scan {
	struct ph_dw_sections sec;	/* of the file read */
	struct ph_dw_index idx;		/* of the unit read */
	struct ph_dw_file_table files;	/* of the unit read */
	struct ph_dw_scan_event *events;
	size_t nr_events, cap_events;
};

struct ph_error *ph_dw_scan_create(struct ph_dw_scan **ret);
void ph_dw_scan_destroy(struct ph_dw_scan *s);
/* The types of the C compile unit of CUDIE in walk order (NO_LOCALS: not
   those in functions); false when the fast path cannot read this unit
   (walk it through libdw).  The events last until the next call.  */
bool ph_dw_scan_unit(struct ph_dw_scan *s, Dwarf *dw, Dwarf_Die *cudie,
		     bool no_locals, const struct ph_dw_scan_event **events,
		     size_t *nr);
/* Done with the unit scanned: its pages of a mapped file are given back,
   so that memory follows the units in flight, not the file.  */
void ph_dw_scan_release(struct ph_dw_scan *s);

/* DW_AT_decl_file of DIE as a name in *RET, NULL when there is none:
   from the fast path's reading of the unit (CTX->scan, its line table)
   when it read DIE's unit, from libdw otherwise (out of memory when
   libdw ran out of it).  */
struct ph_dw_ctx;
struct ph_error *ph_dw_ctx_decl_file(struct ph_dw_ctx *ctx, Dwarf_Die *die,
				     const char **ret);

#endif /* PH_INPUT_DWARF_SCAN_H */
