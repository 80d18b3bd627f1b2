/* The fast path's decoding of a unit: its abbreviations (with what of
   each attribute enters a fingerprint) and its DIEs, into the index of
   scan-abbrev.h.  */
#include "scan-abbrev.h"
#include "../../reorg/array.h"
#include "dw.h"
#include "fphash.h"

#include <stdlib.h>

/* The size of a value of FORM when it does not depend on the value, or
   -1.  */
static int fixed_size(unsigned addr_size, unsigned form)
{
	static const unsigned char probe[16];
	struct cur c = { probe, probe + sizeof(probe), false };

	if (uleb_form(form))
		return -1;
	switch (form) {
	case DW_FORM_sdata:
	case DW_FORM_string:
	case DW_FORM_block1:
	case DW_FORM_block2:
	case DW_FORM_block4:
	case DW_FORM_block:
	case DW_FORM_exprloc:
		return -1;
	default:
		if (!skip_form(&c, form, addr_size))
			return -1;
		return (int)(c.p - probe);
	}
}

static uint8_t attr_how(unsigned name, unsigned form)
{
	if (fp_skips(name))
		return HOW_SKIP;
	if (is_unit_ref(form))
		return HOW_REF;
	switch (form) {
	case DW_FORM_string:
	case DW_FORM_strp:
	case DW_FORM_line_strp:
	case DW_FORM_flag:
	case DW_FORM_flag_present:
	case DW_FORM_block1:
	case DW_FORM_block2:
	case DW_FORM_block4:
	case DW_FORM_block:
	case DW_FORM_exprloc:
	case DW_FORM_data1:
	case DW_FORM_data2:
	case DW_FORM_data4:
	case DW_FORM_data8:
	case DW_FORM_udata:
	case DW_FORM_sdata:
	case DW_FORM_implicit_const:
		/* The value's bytes: the same bytes in the same form are the
		   same value (strp: the same string, within one file).  */
		return HOW_RAW;
	default:
		/* Indexes into per-unit tables (strx, addrx), references out
		   of the unit, forms not read here.  */
		return HOW_FAIL;
	}
}

static bool read_abbrevs(struct ph_dw_index *x, uint64_t off)
{
	struct cur c;

	if (off >= x->sec->abbrev_size)
		return false;
	c.p = x->sec->abbrev + off;
	c.end = x->sec->abbrev + x->sec->abbrev_size;
	c.bad = false;
	for (size_t i = 0; i < x->nr_abbrevs; i++)
		x->abbrevs[i].valid = false;
	x->nr_attrs = 0;
	for (;;) {
		uint64_t code = uleb(&c);
		struct abbrev *a;
		struct ph_dw_fp shape;

		if (c.bad)
			return false;
		if (code == 0)
			return true;
		if (code >= MAX_ABBREV_CODE)
			return false;
		if (code >= x->nr_abbrevs) {
			if (ph_array_reserve(&x->abbrevs, &x->cap_abbrevs, code + 1,
				     sizeof(*x->abbrevs)))
				return false;
			for (size_t i = x->nr_abbrevs; i <= code; i++)
				x->abbrevs[i].valid = false;
			x->nr_abbrevs = code + 1;
		}
		a = &x->abbrevs[code];
		if (a->valid)
			return false;	/* a code twice */
		a->tag = (uint32_t)uleb(&c);
		a->children = fixed(&c, 1) != 0;
		a->first = (uint32_t)x->nr_attrs;
		a->n = 0;
		a->fixed = 0;
		fp_init(&shape, a->tag);
		for (;;) {
			uint64_t name = uleb(&c), form = uleb(&c);
			int64_t implicit = 0;

			if (c.bad)
				return false;
			if (name == 0 && form == 0)
				break;
			if (form == DW_FORM_implicit_const)
				implicit = sleb(&c);
			if (form == DW_FORM_indirect || name > UINT32_MAX ||
			    form > UINT32_MAX)
				return false;
			if (ph_array_reserve(&x->attrs, &x->cap_attrs, x->nr_attrs + 1,
				     sizeof(*x->attrs)))
				return false;
			x->attrs[x->nr_attrs].name = (uint32_t)name;
			x->attrs[x->nr_attrs].form = (uint32_t)form;
			x->attrs[x->nr_attrs].implicit = implicit;
			{
				int n = fixed_size(x->addr_size, (unsigned)form);
				uint8_t how = attr_how((unsigned)name,
						       (unsigned)form);

				a->fixed = n < 0 || a->fixed < 0 ? -1 :
					   a->fixed + n;
				x->attrs[x->nr_attrs].size = (int8_t)n;
				x->attrs[x->nr_attrs].how = how;
				if (how != HOW_SKIP) {
					mix(&shape, name << 32 | form);
					if (form == DW_FORM_implicit_const)
						mix(&shape, (uint64_t)implicit);
				}
			}
			x->nr_attrs++;
			a->n++;
		}
		a->valid = true;
		a->shape = shape.a ^ shape.b;
	}
}

void ph_dw_index_deinit(struct ph_dw_index *x)
{
	free(x->abbrevs);
	free(x->attrs);
	free(x->dies);
	free(x->stack);
	free(x->index);
}

bool ph_dw_index_read(struct ph_dw_index *x, const struct ph_dw_sections *sec,
		      Dwarf_Die *cudie)
{
	uint64_t d = dwarf_dieoffset(cudie), h, len, abbrev_off;
	struct cur c;
	size_t sp = 0;

	x->sec = sec;
	if (!sec->info || !sec->abbrev || d > sec->info_size ||
	    (const unsigned char *)cudie->addr != sec->info + d)
		return false;
	/* Version 5: length, version, unit type, address size, abbrev
	   offset (12 bytes); 3 and 4: length, version, abbrev offset,
	   address size (11).  */
	if (d >= 12 && sec->info[d - 8] == 5 && sec->info[d - 7] == 0 &&
	    sec->info[d - 6] == DW_UT_compile) {
		h = d - 12;
		x->version = 5;
		x->addr_size = sec->info[h + 7];
		abbrev_off = 0;
		memcpy(&abbrev_off, sec->info + h + 8, 4);
	} else if (d >= 11 && (sec->info[d - 7] == 3 || sec->info[d - 7] == 4) &&
		   sec->info[d - 6] == 0) {
		h = d - 11;
		x->version = sec->info[d - 7];
		abbrev_off = 0;
		memcpy(&abbrev_off, sec->info + h + 6, 4);
		x->addr_size = sec->info[h + 10];
	} else {
		return false;
	}
	len = 0;
	memcpy(&len, sec->info + h, 4);
	if (len >= 0xfffffff0u || h + 4 + len > sec->info_size ||
	    h + 4 + len <= d || len > MAX_UNIT_SIZE ||
	    (x->addr_size != 4 && x->addr_size != 8))
		return false;
	x->unit = sec->info + h;
	x->unit_size = 4 + len;
	if (!read_abbrevs(x, abbrev_off))
		return false;
	if (x->unit_size > x->cap_index) {
		free(x->index);
		x->index = calloc(x->unit_size, sizeof(*x->index));
		x->cap_index = x->index ? x->unit_size : 0;
		if (!x->index)
			return false;
	}

	x->nr_dies = 0;
	c.p = sec->info + d;
	c.end = x->unit + x->unit_size;
	c.bad = false;
	while (c.p < c.end) {
		uint32_t off = (uint32_t)(c.p - x->unit);
		uint64_t code = uleb(&c);
		const struct abbrev *a;
		struct die *die;

		if (c.bad)
			return false;
		if (code == 0) {
			if (sp == 0)
				continue;	/* padding after the unit DIE */
			x->dies[x->stack[--sp]].end = (uint32_t)x->nr_dies;
			continue;
		}
		if (code >= x->nr_abbrevs || !x->abbrevs[code].valid)
			return false;
		if (x->nr_dies && sp == 0)
			return false;	/* a second top-level DIE */
		a = &x->abbrevs[code];
		if (x->nr_dies >= MAX_UNIT_DIES ||
		    ph_array_reserve(&x->dies, &x->cap_dies, x->nr_dies + 1,
			     sizeof(*x->dies)))
			return false;
		die = &x->dies[x->nr_dies];
		x->index[off] = (uint32_t)x->nr_dies;
		die->off = off;
		die->code = (uint32_t)code;
		die->end = (uint32_t)x->nr_dies + 1;
		die->state[0] = die->state[1] = 0;
		die->typedef_taken = false;
		if (a->fixed >= 0)
			skip(&c, (uint64_t)a->fixed);
		else
			for (uint32_t k = 0; k < a->n; k++)
				if (!skip_form(&c, x->attrs[a->first + k].form,
					       x->addr_size))
					return false;
		if (c.bad)
			return false;
		if (a->children) {
			if (ph_array_reserve(&x->stack, &x->cap_stack, sp + 1,
				     sizeof(*x->stack)))
				return false;
			x->stack[sp++] = (uint32_t)x->nr_dies;
		}
		x->nr_dies++;
	}
	return sp == 0 && x->nr_dies > 0;
}
