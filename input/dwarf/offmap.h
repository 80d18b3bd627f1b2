/* The reader's per-file caches keyed by DIE (offmap.c): an offset -> value
   map and a growing array of DIEs, apart from dw.h so that each
   module's header can hold its own cache.  */
#ifndef PH_INPUT_DWARF_OFFMAP_H
#define PH_INPUT_DWARF_OFFMAP_H

#include <stddef.h>
#include <stdint.h>

#include <elfutils/libdw.h>

#include "../../reorg/error.h"

/* An offset -> value map (open addressing), for per-file caches keyed by
   DIE offset.  Value 0 is reserved for "absent" by the users.  */
struct ph_dw_offmap {
	uint64_t *keys;
	uint64_t *vals;
	size_t n, cap;
};

void ph_dw_offmap_init(struct ph_dw_offmap *map);
void ph_dw_offmap_deinit(struct ph_dw_offmap *map);
/* 0 when KEY is absent.  */
uint64_t ph_dw_offmap_get(const struct ph_dw_offmap *map, uint64_t key);
struct ph_error *ph_dw_offmap_put(struct ph_dw_offmap *map, uint64_t key,
				  uint64_t val);

/* The key of a DIE in the per-file maps: the address of its data, unique
   across the sections and files one file's reading involves (.debug_info,
   .debug_types, split .dwo files, the dwz alternate file), where DIE
   offsets are not.  */
static inline uint64_t ph_dw_key(const Dwarf_Die *die)
{
	return (uint64_t)(uintptr_t)die->addr;
}

/* A growing array of DIEs (scope parents).  */
struct ph_dw_dies {
	Dwarf_Die *v;
	size_t n, cap;
};

#endif
