/* The scope parents of DIEs (namespaces, classes, functions), which
   libdw does not keep: recorded a whole unit at a time, the first time a
   qualified name in it is needed (names.c), and forgotten per unit
   (struct ph_dw_names_cache, names.h).  */
#include "scopes.h"

#include "ctx.h"
#include "util.h"

#include <dwarf.h>
#include <stdlib.h>

static struct ph_error *record_parent(struct ph_dw_ctx *ctx, Dwarf_Die *child,
				      Dwarf_Die *parent)
{
	struct ph_dw_dies *d = &ctx->names.parent_dies;
	/* PARENT itself is stored once, children refer to its index: the
	   index is kept under the key with the top bit set (a user-space
	   address never has it), apart from PARENT's own parent.  */
	uint64_t pkey = ph_dw_key(parent) | (1ULL << 63);
	uint64_t idx = ph_dw_offmap_get(&ctx->names.parents, pkey);
	struct ph_error *err;

	if (!idx) {
		if (d->n == d->cap) {
			size_t cap = d->cap ? 2 * d->cap : 64;
			Dwarf_Die *v = realloc(d->v, cap * sizeof(*v));

			if (!v)
				return &ph_error_nomem;
			d->v = v;
			d->cap = cap;
		}
		d->v[d->n++] = *parent;
		idx = d->n;
		if ((err = ph_dw_offmap_put(&ctx->names.parents, pkey, idx)))
			return err;
	}
	return ph_dw_offmap_put(&ctx->names.parents, ph_dw_key(child), idx);
}

static bool scope_tag(int tag)
{
	switch (tag) {
	case DW_TAG_namespace:
	case DW_TAG_structure_type:
	case DW_TAG_class_type:
	case DW_TAG_union_type:
	case DW_TAG_enumeration_type:
	case DW_TAG_typedef:
	case DW_TAG_subprogram:
	case DW_TAG_lexical_block:
		return true;
	default:
		return false;
	}
}

static struct ph_error *record_tree(struct ph_dw_ctx *ctx, Dwarf_Die *parent,
				    unsigned depth)
{
	Dwarf_Die child;
	struct ph_error *err;
	int rc;

	if ((err = ph_dw_first_child(parent, depth, &child, &rc)))
		return err;
	while (rc == 0) {
		int tag = dwarf_tag(&child);
		Dwarf_Off off = dwarf_dieoffset(&child);

		if (scope_tag(tag) &&
		    (err = record_parent(ctx, &child, parent)))
			return err;
		switch (tag) {
		case DW_TAG_namespace:
		case DW_TAG_structure_type:
		case DW_TAG_class_type:
		case DW_TAG_union_type:
		case DW_TAG_subprogram:
		case DW_TAG_lexical_block:
			if ((err = record_tree(ctx, &child, depth + 1)))
				return err;
			break;
		default:
			break;
		}
		rc = dwarf_siblingof(&child, &child);
		/* A sibling pointing backwards: a loop in corrupt input.  */
		if (rc == 0 && dwarf_dieoffset(&child) <= off)
			rc = -1;
	}
	if (rc < 0)
		return ph_dw_error(parent, NULL, "corrupt DIE tree");
	return NULL;
}

struct ph_error *ph_dw_record_parents(struct ph_dw_ctx *ctx, Dwarf_Die *unit)
{
	struct ph_error *err;

	if (ph_dw_offmap_get(&ctx->names.parented_units, ph_dw_key(unit)))
		return NULL;
	if ((err = ph_dw_offmap_put(&ctx->names.parented_units, ph_dw_key(unit),
				    1)))
		return err;
	return record_tree(ctx, unit, 0);
}

/* The DIE's scope parent: the parent of its declaration when it is an
   out-of-line definition (DW_AT_specification).  False at the unit.  */
struct ph_error *ph_dw_scope_parent(struct ph_dw_ctx *ctx, Dwarf_Die *die,
				    Dwarf_Die *ret, bool *found)
{
	Dwarf_Die unit, spec;
	Dwarf_Attribute attr;
	struct ph_error *err;
	uint64_t idx;

	*found = false;
	if (dwarf_attr(die, DW_AT_specification, &attr) &&
	    dwarf_formref_die(&attr, &spec))
		die = &spec;
	if (!dwarf_diecu(die, &unit, NULL, NULL))
		return NULL;
	if ((err = ph_dw_record_parents(ctx, &unit)))
		return err;
	idx = ph_dw_offmap_get(&ctx->names.parents, ph_dw_key(die));
	if (!idx || idx > ctx->names.parent_dies.n)
		return NULL;
	*ret = ctx->names.parent_dies.v[idx - 1];
	*found = true;
	return NULL;
}

