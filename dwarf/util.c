/* Small helpers: an offset map, libdw errors as ph_errors, attributes.  */
#include "reader.h"

#include <dwarf.h>
#include <inttypes.h>
#include <stdlib.h>

void ph_dw_offmap_init(struct ph_dw_offmap *map)
{
	map->keys = map->vals = NULL;
	map->n = map->cap = 0;
}

void ph_dw_offmap_deinit(struct ph_dw_offmap *map)
{
	free(map->keys);
	free(map->vals);
	ph_dw_offmap_init(map);
}

static size_t slot(uint64_t key, size_t cap)
{
	/* Fibonacci hashing; cap is a power of two.  */
	return (size_t)((key * 0x9e3779b97f4a7c15ULL) >> 17) & (cap - 1);
}

/* Keys are stored + 1 so that 0 marks an empty slot.  */
uint64_t ph_dw_offmap_get(const struct ph_dw_offmap *map, uint64_t key)
{
	if (!map->cap)
		return 0;
	for (size_t i = slot(key, map->cap);; i = (i + 1) & (map->cap - 1)) {
		if (map->keys[i] == 0)
			return 0;
		if (map->keys[i] == key + 1)
			return map->vals[i];
	}
}

static struct ph_error *grow(struct ph_dw_offmap *map)
{
	size_t cap = map->cap ? 2 * map->cap : 256;
	uint64_t *keys = calloc(cap, sizeof(*keys));
	uint64_t *vals = calloc(cap, sizeof(*vals));

	if (!keys || !vals) {
		free(keys);
		free(vals);
		return &ph_error_nomem;
	}
	for (size_t i = 0; i < map->cap; i++) {
		if (!map->keys[i])
			continue;
		size_t j = slot(map->keys[i] - 1, cap);
		while (keys[j])
			j = (j + 1) & (cap - 1);
		keys[j] = map->keys[i];
		vals[j] = map->vals[i];
	}
	free(map->keys);
	free(map->vals);
	map->keys = keys;
	map->vals = vals;
	map->cap = cap;
	return NULL;
}

struct ph_error *ph_dw_offmap_put(struct ph_dw_offmap *map, uint64_t key,
				  uint64_t val)
{
	struct ph_error *err;

	if (2 * (map->n + 1) > map->cap && (err = grow(map)))
		return err;
	for (size_t i = slot(key, map->cap);; i = (i + 1) & (map->cap - 1)) {
		if (map->keys[i] == key + 1) {
			map->vals[i] = val;
			return NULL;
		}
		if (map->keys[i] == 0) {
			map->keys[i] = key + 1;
			map->vals[i] = val;
			map->n++;
			return NULL;
		}
	}
}

struct ph_error *ph_dw_error(Dwarf_Die *die, const char *attr,
			     const char *what)
{
	int e = dwarf_errno();

	return ph_error_create(PH_ERROR_INVALID, "DIE 0x%" PRIx64 "%s%s: %s%s%s",
			       (uint64_t)dwarf_dieoffset(die),
			       attr ? " " : "", attr ? attr : "", what,
			       e ? ": " : "", e ? dwarf_errmsg(e) : "");
}

struct ph_error *ph_dw_udata(Dwarf_Die *die, unsigned at, const char *name,
			     bool *present, uint64_t *ret)
{
	Dwarf_Attribute attr;
	Dwarf_Word w;

	*present = false;
	if (!dwarf_attr_integrate(die, at, &attr))
		return NULL;
	if (dwarf_formudata(&attr, &w) != 0)
		return ph_dw_error(die, name, "cannot read the value");
	*present = true;
	*ret = w;
	return NULL;
}

struct ph_error *ph_dw_type(Dwarf_Die *die, bool *present, Dwarf_Die *ret)
{
	Dwarf_Attribute attr;

	*present = false;
	if (!dwarf_attr_integrate(die, DW_AT_type, &attr))
		return NULL;
	if (!dwarf_formref_die(&attr, ret))
		return ph_dw_error(die, "DW_AT_type", "bad type reference");
	*present = true;
	return NULL;
}
