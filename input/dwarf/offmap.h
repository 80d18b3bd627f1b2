/* The reader's per-file caches keyed by DIE (offmap.c): an offset -> value
   map and a growing array of DIEs, apart from dw.h so that each
   module's header can hold its own cache.  */
#ifndef PH_INPUT_DWARF_OFFMAP_H
#define PH_INPUT_DWARF_OFFMAP_H

#include <stddef.h>
#include <stdint.h>

#include <elfutils/libdw.h>

#include "../../reorg/error.h"
#include "../../reorg/hashtab.h"

/* An offset -> value map, for per-file caches keyed by DIE (ph_dw_key)
   or by offset: reorg/hashtab.h's table, so struct ph_dw_offmap with
   ph_dw_offmap_init and _deinit is that table's, and the get and put
   below are what the readers call.  Value 0 is reserved for "absent" by
   the users.  */
struct ph_dw_offmap_entry {
	uint64_t key, val;
};

PH_HASH_TABLE_U64(ph_dw_offmap, struct ph_dw_offmap_entry)

/* 0 when KEY is absent.  */
uint64_t ph_dw_offmap_get(const struct ph_dw_offmap *map, uint64_t key);
/* KEY's value becomes VAL.  */
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
