/* Fingerprints of aggregate DIEs through libdw, for C units (fprint.c),
   and the map from fingerprints to numbers built.c keeps.  */
#ifndef PH_INPUT_DWARF_FPRINT_H
#define PH_INPUT_DWARF_FPRINT_H

#include <stdbool.h>
#include <stdint.h>

#include <elfutils/libdw.h>

#include "../../reorg/error.h"
#include "fp.h"

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

#endif
