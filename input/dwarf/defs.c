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
#include "../../reorg/hash.h"
#include "../../reorg/hashtab.h"

#include <dwarf.h>
#include <stdlib.h>
#include <string.h>

struct def {
	char *name;
	struct ph_dw_loc loc;
};

/* The table indexes the definitions, kept in an array of their own in
   the order they came (the merges follow it): a key is a name with the
   array it is looked up in.  */
struct def_key {
	const struct def *v;
	const char *name;
	uint64_t hash;
};

struct def_slot {
	size_t i;		/* into the array */
	uint64_t hash;		/* of its name */
};

static uint64_t def_key_hash(struct def_key k)
{
	return k.hash;
}

static bool def_key_eq(struct def_key k, const struct def_slot *e)
{
	return e->hash == k.hash && strcmp(k.v[e->i].name, k.name) == 0;
}

static uint64_t def_slot_hash(const struct def_slot *e)
{
	return e->hash;
}

PH_HASH_TABLE(def_index, struct def_slot, struct def_key, def_key_hash,
	      def_key_eq, def_slot_hash)

struct ph_dw_defs {
	struct def *v;
	size_t n, cap;
	struct def_index index;
};

struct ph_error *ph_dw_defs_create(struct ph_dw_defs **ret)
{
	*ret = calloc(1, sizeof(**ret));
	if (!*ret)
		return &ph_error_nomem;
	def_index_init(&(*ret)->index);
	return NULL;
}

void ph_dw_defs_destroy(struct ph_dw_defs *d)
{
	if (!d)
		return;
	for (size_t i = 0; i < d->n; i++)
		free(d->v[i].name);
	free(d->v);
	def_index_deinit(&d->index);
	free(d);
}

bool ph_dw_defs_find(const struct ph_dw_defs *d, const char *name,
		     struct ph_dw_loc *ret)
{
	const struct def_slot *e;

	if (!d || !d->n)
		return false;
	e = def_index_find(&d->index, (struct def_key){
		d->v, name, ph_hash_string(name) });
	if (!e)
		return false;
	*ret = d->v[e->i].loc;
	return true;
}

struct ph_error *ph_dw_defs_add(struct ph_dw_defs *d, const char *name,
				const struct ph_dw_loc *loc)
{
	struct def_key k = { d->v, name, ph_hash_string(name) };
	struct ph_error *err;
	struct def_slot *e;
	bool found;

	if ((err = def_index_insert(&d->index, k, &e, &found)))
		return err;
	if (found)
		return NULL;	/* the first definition stays */
	if ((err = ph_array_reserve(&d->v, &d->cap, d->n + 1,
				    sizeof(*d->v)))) {
		def_index_remove(&d->index, e);
		return err;
	}
	if (!(d->v[d->n].name = strdup(name))) {
		def_index_remove(&d->index, e);
		return &ph_error_nomem;
	}
	d->v[d->n].loc = *loc;
	*e = (struct def_slot){ d->n++, k.hash };
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
