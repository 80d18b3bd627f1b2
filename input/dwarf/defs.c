/* Classes only declared where they are used, defined in another unit of
   the file: a class whose key function (its first non-inline virtual
   function) is defined elsewhere, or an extern template, gets its
   definition in the unit of that function only.  As debuggers do, the
   definition is found by qualified name among the units' definitions.

   Which units were read first must not change the output (threads), so
   a type needing a declaration's definition is not built where it is
   found but set aside (load.c), and built once every unit is read and
   every definition known.  */
#include "defs.h"

#include "ctx.h"
#include "util.h"
#include "../../reorg/array.h"

#include <dwarf.h>
#include <stdlib.h>
#include <string.h>

struct def {
	char *name;
	struct ph_dw_loc loc;
};

struct ph_dw_defs {
	struct def *v;
	size_t n, cap;
	size_t *slots;		/* index + 1 into V, 0 for an empty slot */
	size_t nslots;		/* a power of two, or 0 */
};

struct ph_error *ph_dw_defs_create(struct ph_dw_defs **ret)
{
	*ret = calloc(1, sizeof(**ret));
	return *ret ? NULL : &ph_error_nomem;
}

void ph_dw_defs_destroy(struct ph_dw_defs *d)
{
	if (!d)
		return;
	for (size_t i = 0; i < d->n; i++)
		free(d->v[i].name);
	free(d->v);
	free(d->slots);
	free(d);
}

static uint64_t hash(const char *s)
{
	uint64_t h = 0xcbf29ce484222325ULL;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 0x100000001b3ULL;
	return h;
}

/* The slot of NAME: where it is, or the empty one it would go in.  */
static size_t *slot_of(const struct ph_dw_defs *d, const char *name)
{
	size_t i = (size_t)hash(name) & (d->nslots - 1);

	while (d->slots[i] && strcmp(d->v[d->slots[i] - 1].name, name) != 0)
		i = (i + 1) & (d->nslots - 1);
	return &d->slots[i];
}

static struct ph_error *rehash(struct ph_dw_defs *d)
{
	size_t n = d->nslots ? 2 * d->nslots : 256;
	size_t *slots = calloc(n, sizeof(*slots));

	if (!slots)
		return &ph_error_nomem;
	free(d->slots);
	d->slots = slots;
	d->nslots = n;
	for (size_t k = 0; k < d->n; k++)
		*slot_of(d, d->v[k].name) = k + 1;
	return NULL;
}

bool ph_dw_defs_find(const struct ph_dw_defs *d, const char *name,
		     struct ph_dw_loc *ret)
{
	size_t *s;

	if (!d || !d->nslots)
		return false;
	s = slot_of(d, name);
	if (!*s)
		return false;
	*ret = d->v[*s - 1].loc;
	return true;
}

struct ph_error *ph_dw_defs_add(struct ph_dw_defs *d, const char *name,
				const struct ph_dw_loc *loc)
{
	struct ph_error *err;
	size_t *s;

	if (2 * (d->n + 1) > d->nslots && (err = rehash(d)))
		return err;
	s = slot_of(d, name);
	if (*s)
		return NULL;	/* the first definition stays */
	if ((err = ph_array_reserve(&d->v, &d->cap, d->n + 1, sizeof(*d->v))))
		return err;
	d->v[d->n].name = strdup(name);
	if (!d->v[d->n].name)
		return &ph_error_nomem;
	d->v[d->n].loc = *loc;
	*s = ++d->n;
	return NULL;
}

struct ph_error *ph_dw_defs_merge_shifted(struct ph_dw_defs *dst,
					  const struct ph_dw_defs *src,
					  unsigned module_base)
{
	struct ph_error *err;

	for (size_t i = 0; src && i < src->n; i++) {
		struct ph_dw_loc loc = src->v[i].loc;

		loc.module += module_base;
		if ((err = ph_dw_defs_add(dst, src->v[i].name, &loc)))
			return err;
	}
	return NULL;
}

struct ph_error *ph_dw_defs_merge(struct ph_dw_defs *dst,
				  const struct ph_dw_defs *src)
{
	return ph_dw_defs_merge_shifted(dst, src, 0);
}

/* Names that are the same entity in every unit: not those of an
   anonymous namespace nor of a function's local classes, which each
   unit has its own of.  */
bool ph_dw_defs_global_name(const char *name)
{
	return !strstr(name, "{anonymous}") && !strstr(name, ")::");
}

void ph_dw_loc_of(struct ph_dw_ctx *ctx, Dwarf_Die *die,
		  struct ph_dw_loc *ret)
{
	Dwarf *d = dwarf_cu_getdwarf(die->cu);
	Dwarf_Half version = 0;
	uint8_t unit_type = 0;

	memset(ret, 0, sizeof(*ret));
	ret->off = dwarf_dieoffset(die);
	ret->unit = ctx->decls.unit_index;
	if (d == ctx->dw)
		ret->where = PH_DW_LOC_MAIN;
	else if (d && d == dwarf_getalt(ctx->dw))
		ret->where = PH_DW_LOC_ALT;
	else
		ret->where = PH_DW_LOC_SPLIT;
	/* DWARF 4's type units are in .debug_types, whose offsets are its
	   own.  */
	ret->types = dwarf_cu_info(die->cu, &version, &unit_type, NULL, NULL,
				   NULL, NULL, NULL) == 0 && version < 5 &&
		     (unit_type == DW_UT_type || unit_type == DW_UT_split_type);
}

bool ph_dw_loc_die(Dwarf *dw, const struct ph_dw_loc *loc, Dwarf_Die *ret)
{
	Dwarf *d = dw;

	if (loc->where == PH_DW_LOC_ALT) {
		d = dwarf_getalt(dw);
	} else if (loc->where == PH_DW_LOC_SPLIT) {
		Dwarf_CU *cu = NULL, *next;
		Dwarf_Die sub;

		/* Unit LOC->UNIT in the order load.c numbers them.  */
		for (uint64_t i = 0;; i++) {
			if (dwarf_get_units(dw, cu, &next, NULL, NULL, NULL,
					    NULL) != 0)
				return false;
			cu = next;
			if (i == loc->unit)
				break;
		}
		if (dwarf_cu_info(cu, NULL, NULL, NULL, &sub, NULL, NULL,
				  NULL) != 0 ||
		    dwarf_tag(&sub) == DW_TAG_invalid)
			return false;
		d = dwarf_cu_getdwarf(sub.cu);
	}
	if (!d)
		return false;
	return loc->types ? dwarf_offdie_types(d, loc->off, ret) != NULL
			  : dwarf_offdie(d, loc->off, ret) != NULL;
}
