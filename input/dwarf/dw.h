/* The DWARF reader's own declarations: what the files of the walk
   (walk.c, workers.c, deferred.c, scan*.c, lines.c, fprint.c) share.

   The reader turns the struct, union and class DIEs of already-built
   objects into the layout model (reorg/layout.h), one distinct layout
   once, in the order they first appear.  The modules that lay a type
   out (members.c, align.c, cxx*.c, names.c, resolve.c, defs.c) have
   their own headers; this one includes only those that lead to no call
   back into the walk (the context, util.h, offmap.h, defs.h, names.h),
   so that members.c, which calls lines.c, may include it: not align.h,
   cxx.h nor members.h, which walk.c and deferred.c include themselves.  */
#ifndef PH_INPUT_DWARF_DW_H
#define PH_INPUT_DWARF_DW_H

#include <stdbool.h>
#include <stdint.h>

#include <dwarf.h>
#include <elfutils/libdw.h>

#include "../input.h"
#include "../../report/buf.h"
#include "ctx.h"
#include "defs.h"
#include "names.h"
#include "offmap.h"
#include "util.h"

/* lines.c: DIE's declaration file, from the fast path's file table when
   it read DIE's unit (CTX->scan), else from libdw's.  */
const char *ph_dw_ctx_decl_file(struct ph_dw_ctx *ctx, Dwarf_Die *die);

/* fprint.c: cheap fingerprints of aggregate DIEs (C units).  */

struct ph_dw_fp {
	uint64_t a, b;
};

/* Fingerprints of the DIEs of one unit, by DIE.  */
struct ph_dw_fp_memo;
struct ph_error *ph_dw_fp_memo_create(struct ph_dw_fp_memo **ret);
void ph_dw_fp_memo_clear(struct ph_dw_fp_memo *m);
void ph_dw_fp_memo_destroy(struct ph_dw_fp_memo *m);
/* The fingerprint of the aggregate DIE reported as NAME: equal ones
   build equal layouts.  False when it has none (build it).  */
bool ph_dw_fingerprint(struct ph_dw_fp_memo *memo, Dwarf_Die *die,
		       const char *name, bool typedef_name,
		       uint32_t typedef_align, struct ph_dw_fp *ret);

/* Fingerprints -> numbers.  */
struct ph_dw_fp_map;
struct ph_error *ph_dw_fp_map_create(struct ph_dw_fp_map **ret);
void ph_dw_fp_map_destroy(struct ph_dw_fp_map *m);
bool ph_dw_fp_map_get(const struct ph_dw_fp_map *m, const struct ph_dw_fp *fp,
		      uint64_t *ret);
/* Sets FP's value to VAL, or keeps the smaller one.  */
struct ph_error *ph_dw_fp_map_put_min(struct ph_dw_fp_map *m,
				      const struct ph_dw_fp *fp, uint64_t val);

/* scan.c: the fast path of the walk, for C compile units (its DIE index:
   scan.h).  */

/* A type the walk reports: the aggregate DIE at OFF in .debug_info, under
   NAME (its own or, TYPEDEF_NAME, its first typedef's).  */
struct ph_dw_scan_event {
	uint64_t off;
	const char *name;	/* in the section data */
	enum ph_kind kind;
	bool typedef_name;
	uint32_t typedef_align;	/* the typedef's DW_AT_alignment, or 0 */
	size_t die;		/* scan.c's */
};

struct ph_dw_scan;
struct ph_error *ph_dw_scan_create(struct ph_dw_scan **ret);
void ph_dw_scan_destroy(struct ph_dw_scan *s);
/* The types of the C compile unit of CUDIE in walk order (NO_LOCALS: not
   those in functions); false when the
   fast path cannot read this unit (walk it through libdw).  The events
   last until the next call.  */
bool ph_dw_scan_unit(struct ph_dw_scan *s, Dwarf *dw, Dwarf_Die *cudie,
		     bool no_locals, const struct ph_dw_scan_event **events,
		     size_t *nr);
/* lines.c: the name of file IDX of the unit scanned (DW_AT_decl_file),
   from its line table at STMT_LIST; *KNOWN false when the table cannot
   be read here.  */
const char *ph_dw_scan_file(struct ph_dw_scan *s, uint64_t stmt_list,
			    const char *comp_dir, uint64_t idx, bool *known);
/* lines.c: DIE's declaration file (DW_AT_decl_file, integrated) as
   dwarf_decl_file names it, for a walk through libdw of DW (pokefunct):
   from the line table headers of DW's units, read here, which libdw
   would keep whole to the end (200 MB on a vmlinux); from libdw for the
   others (split DWARF, dwz).  The name lasts until a DIE of another unit
   is asked about.  NULL when it has none (*NOMEM set when libdw ran out
   of memory).  */
const char *ph_dw_lines_decl_file(struct ph_dw_scan *s, Dwarf *dw,
				  Dwarf_Die *die, bool *nomem);
/* scan-fprint.c: the fingerprint of event E's type (as fprint.c's,
   seeded apart); false when it has none.  Taken when asked: a type
   filtered out costs nothing.  */
bool ph_dw_scan_fingerprint(struct ph_dw_scan *s,
			    const struct ph_dw_scan_event *e,
			    struct ph_dw_fp *ret);
/* Done with the unit scanned: its pages of a mapped file are given back,
   so that memory follows the units in flight, not the file.  */
void ph_dw_scan_release(struct ph_dw_scan *s);

#endif
