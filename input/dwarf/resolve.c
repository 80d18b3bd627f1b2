/* Types as a layout sees them.  A class whose key function (its first
   non-inline virtual function) is defined in another unit, or an extern
   template, is only declared where it is used: while a type is laid out,
   the declaration stands for the definition found by qualified name
   among the units' definitions (defs.c), as debuggers do.  Here, apart
   from util.c's attribute helpers, so that what may look elsewhere says
   so in its name and takes the context that knows where.  */
#include "resolve.h"

#include "ctx.h"
#include "defs.h"
#include "names.h"
#include "util.h"

#include <dwarf.h>
#include <stdlib.h>
#include <string.h>

static struct ph_error *resolve_decl(struct ph_dw_ctx *ctx, Dwarf_Die *die)
{
	int tag = dwarf_tag(die);
	struct ph_error *err;
	struct ph_dw_loc loc;
	Dwarf_Die def;
	bool named;

	if (!ctx->decls.layout || ctx->decls.spelling || !ctx->unit.cxx ||
	    (tag != DW_TAG_structure_type && tag != DW_TAG_class_type &&
	     tag != DW_TAG_union_type) ||
	    !dwarf_hasattr(die, DW_AT_declaration) ||
	    dwarf_hasattr(die, DW_AT_signature))
		return NULL;
	ctx->decls.decl_name.len = 0;
	if ((err = ph_dw_qualified_name(ctx, die, &ctx->decls.decl_name,
					&named)) ||
	    (err = ph_buf_error(&ctx->decls.decl_name)))
		return err;
	if (named && ph_dw_defs_global_name(ctx->decls.decl_name.data) &&
	    ph_dw_defs_find(ctx->decls.defs, ctx->decls.decl_name.data, &loc) &&
	    loc.module < ctx->decls.nr_dws && !ctx->decls.dws[loc.module] &&
	    ctx->decls.open &&
	    (err = ctx->decls.open(ctx->decls.open_arg, loc.module)))
		return err;
	if (named && ph_dw_defs_global_name(ctx->decls.decl_name.data) &&
	    ph_dw_defs_find(ctx->decls.defs, ctx->decls.decl_name.data, &loc) &&
	    loc.module < ctx->decls.nr_dws && ctx->decls.dws[loc.module] &&
	    ph_dw_loc_die(ctx->decls.dws[loc.module], &loc, &def) &&
	    (dwarf_tag(&def) == DW_TAG_union_type) ==
	    (tag == DW_TAG_union_type) &&
	    !dwarf_hasattr(&def, DW_AT_declaration)) {
		*die = def;
		return NULL;
	}
	if (!ctx->decls.missed) {
		ctx->decls.missed = true;
		ctx->decls.missed_name.len = 0;
		ph_buf_puts(&ctx->decls.missed_name,
			    named ? ctx->decls.decl_name.data : "<unnamed>");
		if ((err = ph_buf_error(&ctx->decls.missed_name)))
			return err;
	}
	return NULL;
}

struct ph_error *ph_dw_resolved(struct ph_dw_ctx *ctx, Dwarf_Die *die)
{
	if (dwarf_hasattr(die, DW_AT_signature))
		return ph_dw_follow_signature(die);
	return resolve_decl(ctx, die);
}

struct ph_error *ph_dw_resolved_type(struct ph_dw_ctx *ctx, Dwarf_Die *die,
				     bool *present, Dwarf_Die *ret)
{
	struct ph_error *err = ph_dw_type_ref(die, present, ret);

	return err || !*present ? err : ph_dw_resolved(ctx, ret);
}

static struct ph_error *size_at(struct ph_dw_ctx *ctx, Dwarf_Die *type,
				unsigned depth, uint64_t *ret, bool *known)
{
	Dwarf_Die cur = *type, elem, sub;
	Dwarf_Word w;
	struct ph_error *err;
	uint64_t size, count = 1;
	bool present;
	int rc;

	*known = false;
	*ret = 0;
	if (depth > PH_INPUT_MAX_DEPTH)
		return ph_dw_error(type, "DW_AT_type", "type chain too long");
	/* libdw counts C++'s zero-length array (upper bound 0xffffffff on a
	   32-bit target) as 2^32 elements: our rule for those.  */
	if ((dwarf_tag(&cur) != DW_TAG_array_type ||
	     dwarf_hasattr_integrate(&cur, DW_AT_byte_size)) &&
	    dwarf_aggregate_size(&cur, &w) == 0) {
		*known = true;
		*ret = w;
		return NULL;
	}
	/* libdw does not follow DW_AT_signature: a declaration standing for
	   a type unit's definition, or a chain through one.  */
	switch (dwarf_tag(&cur)) {
	case DW_TAG_structure_type:
	case DW_TAG_class_type:
	case DW_TAG_union_type:
	case DW_TAG_enumeration_type:
		if (!dwarf_hasattr(&cur, DW_AT_signature) &&
		    !dwarf_hasattr(&cur, DW_AT_declaration))
			return NULL;
		if ((err = ph_dw_resolved(ctx, &cur)))
			return err;
		if (dwarf_hasattr(&cur, DW_AT_declaration))
			return NULL;
		return size_at(ctx, &cur, depth + 1, ret, known);
	case DW_TAG_typedef:
	case DW_TAG_const_type:
	case DW_TAG_volatile_type:
	case DW_TAG_restrict_type:
	case DW_TAG_atomic_type:
		if ((err = ph_dw_resolved_type(ctx, &cur, &present,
					       &cur)) || !present)
			return err;
		return size_at(ctx, &cur, depth + 1, ret, known);
	case DW_TAG_unspecified_type: {
		Dwarf_Die cu;
		uint8_t addr_size = 0;

		if (!ph_dw_is_nullptr_t(&cur) ||
		    !dwarf_diecu(&cur, &cu, &addr_size, NULL) || !addr_size)
			return NULL;
		*known = true;
		*ret = addr_size;
		return NULL;
	}
	case DW_TAG_ptr_to_member_type: {
		/* GCC gives them no DW_AT_byte_size.  The Itanium C++ ABI's:
		   a data member pointer is a ptrdiff_t, a member function
		   pointer two words (the function or vtable offset, the
		   adjustment of this).  */
		Dwarf_Die cu;
		uint8_t addr_size = 0;

		if (!dwarf_diecu(&cur, &cu, &addr_size, NULL) || !addr_size)
			return NULL;
		if ((err = ph_dw_resolved_type(ctx, &cur, &present, &elem)))
			return err;
		for (unsigned i = 0; present && i <= PH_INPUT_MAX_DEPTH &&
				     (dwarf_tag(&elem) == DW_TAG_typedef ||
				      dwarf_tag(&elem) == DW_TAG_const_type ||
				      dwarf_tag(&elem) == DW_TAG_volatile_type);
		     i++)
			if ((err = ph_dw_resolved_type(ctx, &elem, &present,
						       &elem)))
				return err;
		*known = true;
		*ret = present && dwarf_tag(&elem) == DW_TAG_subroutine_type ?
		       2 * (uint64_t)addr_size : addr_size;
		return NULL;
	}
	case DW_TAG_array_type:
		if ((err = ph_dw_resolved_type(ctx, &cur, &present,
					       &elem)) || !present)
			return err;
		if ((err = size_at(ctx, &elem, depth + 1, &size, known)) ||
		    !*known)
			return err;
		*known = false;
		for (rc = dwarf_child(&cur, &sub); rc == 0;
		     rc = dwarf_siblingof(&sub, &sub)) {
			uint64_t w;

			if (dwarf_tag(&sub) != DW_TAG_subrange_type)
				continue;
			if (!ph_dw_subrange_count(&sub, &w))
				return NULL;
			if (w && count > UINT64_MAX / w)
				return NULL;
			count *= w;
		}
		if (rc < 0 || (size && count > UINT64_MAX / size))
			return NULL;
		*known = true;
		*ret = size * count;
		return NULL;
	default:
		return NULL;
	}
}

struct ph_error *ph_dw_resolved_size(struct ph_dw_ctx *ctx, Dwarf_Die *type,
				     uint64_t *ret, bool *known)
{
	return size_at(ctx, type, 0, ret, known);
}

