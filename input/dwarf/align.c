/* Alignments, which DWARF does not record: the target ABI gives the
   natural alignment of each type, DW_AT_alignment (DWARF 5, or GNU DWARF
   4) the forced ones, and the offsets tell where packing took them away.

   The rules:
   - scalars (base types, enums, pointers) are aligned to their size, the
     largest power of two dividing it, at most 16; complex types to half
     their size; on i386 at most 4 (long long, double and long double are
     4-aligned inside structs); vectors to their size;
   - arrays as their elements; typedefs as their target unless they carry
     DW_AT_alignment;
   - aggregates as their most aligned member (bitfields count with their
     declared type), raised to DW_AT_alignment, lowered by packing;
     packing is inferred from the offsets (packing.c) when members.c
     lays the aggregate out, which puts its alignment in the cache read
     here (align.h).  */
#include "align.h"

#include "ctx.h"
#include "resolve.h"
#include "util.h"
#include "../../reorg/packing.h"

#include <dwarf.h>
#include <stdlib.h>
#include <string.h>

static uint32_t scalar_align(struct ph_dw_ctx *ctx, uint64_t size)
{
	return ph_scalar_align(size, ctx->i386);
}

struct ph_error *ph_dw_natural_align(struct ph_dw_ctx *ctx, Dwarf_Die *type,
				     unsigned depth, uint32_t *ret,
				     Dwarf_Die *agg, bool *pending)
{
	Dwarf_Die cur = *type;
	struct ph_error *err;
	uint64_t v;
	bool present;
	int tag;

	*pending = false;
	for (unsigned i = 0;; i++) {
		if (i > PH_INPUT_MAX_DEPTH || depth > PH_INPUT_MAX_DEPTH)
			return ph_dw_error(&cur, "DW_AT_type",
					   "type chain too long");
		if ((err = ph_dw_udata(&cur, DW_AT_alignment, "DW_AT_alignment",
				       &present, &v)))
			return err;
		tag = dwarf_tag(&cur);
		if (present && v && tag == DW_TAG_typedef) {
			*ret = v > UINT32_MAX ? UINT32_MAX : (uint32_t)v;
			return NULL;
		}
		/* An array as its elements; a vector (below) as itself.  */
		if (ph_dw_is_alias(tag) ||
		    (tag == DW_TAG_array_type &&
		     !dwarf_hasattr_integrate(&cur, DW_AT_GNU_vector))) {
			if ((err = ph_dw_resolved_type(ctx, &cur, &present,
						       &cur)))
				return err;
			if (!present) {
				*ret = 1;
				return NULL;
			}
			continue;
		}
		switch (tag) {
		case DW_TAG_array_type: {
			Dwarf_Word size;

			if (dwarf_aggregate_size(&cur, &size) != 0)
				size = 1;
			*ret = ph_pow2_divisor(size, 64);
			return NULL;
		}
		case DW_TAG_structure_type:
		case DW_TAG_class_type:
		case DW_TAG_union_type: {
			uint64_t cached = ph_dw_offmap_get(&ctx->align.aligns,
							   ph_dw_key(&cur));

			if (cached) {
				*ret = (uint32_t)(cached - 1);
				return NULL;
			}
			*agg = cur;
			*pending = true;
			return NULL;
		}
		case DW_TAG_pointer_type:
		case DW_TAG_reference_type:
		case DW_TAG_rvalue_reference_type:
		case DW_TAG_ptr_to_member_type:
			if ((err = ph_dw_udata(&cur, DW_AT_byte_size,
					       "DW_AT_byte_size", &present,
					       &v)))
				return err;
			*ret = scalar_align(ctx, present ? v : ctx->addr_size);
			return NULL;
		case DW_TAG_base_type: {
			uint64_t enc = 0;
			bool has_enc;

			if ((err = ph_dw_udata(&cur, DW_AT_byte_size,
					       "DW_AT_byte_size", &present,
					       &v)))
				return err;
			if (!present)
				v = 1;
			if ((err = ph_dw_udata(&cur, DW_AT_encoding,
					       "DW_AT_encoding", &has_enc,
					       &enc)))
				return err;
			if (has_enc && (enc == DW_ATE_complex_float ||
					enc == DW_ATE_lo_user + 0x80 /* GNU
								complex int */))
				v /= 2;
			*ret = scalar_align(ctx, v);
			return NULL;
		}
		default:
			if (ph_dw_is_nullptr_t(&cur)) {
				*ret = scalar_align(ctx, ctx->addr_size);
				return NULL;
			}
			if ((err = ph_dw_udata(&cur, DW_AT_byte_size,
					       "DW_AT_byte_size", &present,
					       &v)))
				return err;
			*ret = scalar_align(ctx, present ? v : 1);
			return NULL;
		}
	}
}

struct ph_error *ph_dw_user_aligned(struct ph_dw_ctx *ctx, Dwarf_Die *type,
				    unsigned depth, bool *ret)
{
	Dwarf_Die cur = *type;
	struct ph_error *err;
	bool present;

	*ret = false;
	for (unsigned i = 0;; i++) {
		if (i > PH_INPUT_MAX_DEPTH || depth > PH_INPUT_MAX_DEPTH)
			return NULL;
		if (dwarf_hasattr_integrate(&cur, DW_AT_alignment)) {
			*ret = true;
			return NULL;
		}
		if (ph_dw_is_alias(dwarf_tag(&cur)) ||
		    dwarf_tag(&cur) == DW_TAG_array_type) {
			if ((err = ph_dw_resolved_type(ctx, &cur, &present,
						       &cur)))
				return err;
			if (!present)
				return NULL;
			continue;
		}
		switch (dwarf_tag(&cur)) {
		case DW_TAG_structure_type:
		case DW_TAG_class_type:
		case DW_TAG_union_type: {
			uint64_t off = ph_dw_key(&cur);
			uint64_t cached = ph_dw_offmap_get(&ctx->align.user_aligns,
							   off);
			Dwarf_Die child;
			int rc;

			if (cached) {
				*ret = cached == 2;
				return NULL;
			}
			if ((err = ph_dw_offmap_put(&ctx->align.user_aligns, off, 1)))
				return err;
			rc = dwarf_child(&cur, &child);
			for (; rc == 0 && !*ret;
			     rc = dwarf_siblingof(&child, &child)) {
				Dwarf_Die mt;

				if (dwarf_tag(&child) != DW_TAG_member ||
				    dwarf_hasattr(&child, DW_AT_declaration))
					continue;
				if (dwarf_hasattr_integrate(&child,
							    DW_AT_alignment)) {
					*ret = true;
					break;
				}
				if ((err = ph_dw_resolved_type(ctx, &child,
							       &present, &mt)))
					return err;
				if (present &&
				    (err = ph_dw_user_aligned(ctx, &mt,
							      depth + 1, ret)))
					return err;
			}
			if (rc < 0)
				return ph_dw_error(&cur, NULL,
						   "cannot read the members");
			return ph_dw_offmap_put(&ctx->align.user_aligns, off,
						*ret ? 2 : 1);
		}
		default:
			return NULL;
		}
	}
}

