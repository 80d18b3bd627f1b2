/* The raw DIE index of the fast path (scan-abbrev.c): a C compile
   unit's abbreviations and DIEs decoded into arrays, and the accessors
   that read an attribute's value out of the section bytes.  Read by the
   walk over it (scan.c) and its fingerprints (scan-fprint.c).  The
   accessors are inline: those call them for each of a vmlinux's 15
   million DIEs.  */
#ifndef PH_INPUT_DWARF_SCAN_ABBREV_H
#define PH_INPUT_DWARF_SCAN_ABBREV_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include <dwarf.h>
#include <elfutils/libdw.h>

#include "cursor.h"
#include "fp.h"
#include "scan-sections.h"

enum { MAX_ABBREV_CODE = 1 << 20 };
/* Bounds on what one unit may take here (48 bytes a DIE, 4 a byte of the
   unit: at most 48 + 32 MB): a vmlinux's biggest unit is 510 KB.  A
   bigger (hostile) one is walked through libdw, which keeps no array.  */
enum { MAX_UNIT_SIZE = 8 << 20, MAX_UNIT_DIES = 1 << 20 };

/* How an attribute enters a fingerprint.  */
enum { HOW_RAW, HOW_SKIP, HOW_REF, HOW_FAIL };

struct abbrev_attr {
	uint32_t name, form;
	int64_t implicit;
	int8_t size;		/* of the value when fixed, or -1 */
	uint8_t how;
};

struct abbrev {
	uint32_t tag;
	uint32_t first, n;	/* in ATTRS */
	int32_t fixed;		/* size of the attributes when fixed, or -1 */
	/* The tag, and the names and forms of the attributes that enter a
	   fingerprint (with implicit constants): one mix for all.  */
	uint64_t shape;
	bool children, valid;
};

/* A DIE, and room for what its readers keep of it while the unit is
   read: its fingerprints by mode and their states (scan-fprint.c's
   memo), whether a typedef named it already (scan.c's walk).  */
struct die {
	uint32_t off;		/* from the unit header */
	uint32_t end;		/* index past the subtree */
	uint32_t code;
	uint8_t state[2];
	bool typedef_taken;
	struct ph_dw_fp fp[2];
};

/* The DIEs of one unit, decoded.  */
struct ph_dw_index {
	const struct ph_dw_sections *sec;	/* the unit's file's */
	const unsigned char *unit;	/* header; NULL: none read */
	size_t unit_size;
	unsigned addr_size;
	unsigned version;

	struct abbrev *abbrevs;		/* by code */
	size_t nr_abbrevs, cap_abbrevs;
	struct abbrev_attr *attrs;
	size_t nr_attrs, cap_attrs;
	struct die *dies;
	size_t nr_dies, cap_dies;
	uint32_t *stack;
	size_t cap_stack;
	/* Unit offset -> DIE index, valid where dies[index].off is that
	   offset: stale entries of earlier units fail the check, so the map
	   is never cleared.  */
	uint32_t *index;
	size_t cap_index;
};

/* Reads the C compile unit of CUDIE, a unit of SEC's file, into X:
   header, abbreviations, every DIE; false when the fast path cannot read
   it (X->unit is then NULL or the unit's).  */
bool ph_dw_index_read(struct ph_dw_index *x, const struct ph_dw_sections *sec,
		      Dwarf_Die *cudie);
void ph_dw_index_deinit(struct ph_dw_index *x);

static inline const struct abbrev *abbrev_of(const struct ph_dw_index *x, size_t i)
{
	return &x->abbrevs[x->dies[i].code];
}

/* An attribute's value: where it starts and its form.  */
struct val {
	const unsigned char *p;
	uint32_t form;
	int64_t implicit;
};

/* A cursor on the attributes of DIE I, past its abbreviation code.  */
static inline struct cur attrs_of(const struct ph_dw_index *x, size_t i)
{
	struct cur c = { x->unit + x->dies[i].off, x->unit + x->unit_size,
			 false };

	uleb(&c);
	return c;
}

static inline bool die_attr(const struct ph_dw_index *x, size_t i, unsigned at,
		     struct val *v)
{
	const struct abbrev *a = abbrev_of(x, i);
	struct cur c = attrs_of(x, i);
	for (uint32_t k = 0; k < a->n; k++) {
		const struct abbrev_attr *aa = &x->attrs[a->first + k];

		if (aa->name == at) {
			v->p = c.p;
			v->form = aa->form;
			v->implicit = aa->implicit;
			return true;
		}
		skip_form(&c, aa->form, x->addr_size);
	}
	return false;
}

/* The index of the DIE at unit offset OFF, or SIZE_MAX.  */
static inline size_t die_at(const struct ph_dw_index *x, uint64_t off)
{
	uint32_t i;

	if (off >= x->unit_size)
		return SIZE_MAX;
	i = x->index[off];
	return i < x->nr_dies && x->dies[i].off == off ? i : SIZE_MAX;
}

/* The value of a constant (DW_FORM_data*, udata, implicit_const) or of a
   reference within the unit (DW_FORM_ref*) into *RET; false for another
   form.  */
static inline bool val_unsigned(const struct ph_dw_index *x,
				const struct val *v, uint64_t *ret)
{
	struct cur c = { v->p, x->unit + x->unit_size, false };

	switch (v->form) {
	case DW_FORM_data1:
	case DW_FORM_ref1:
		*ret = fixed(&c, 1);
		break;
	case DW_FORM_data2:
	case DW_FORM_ref2:
		*ret = fixed(&c, 2);
		break;
	case DW_FORM_data4:
	case DW_FORM_ref4:
		*ret = fixed(&c, 4);
		break;
	case DW_FORM_data8:
	case DW_FORM_ref8:
		*ret = fixed(&c, 8);
		break;
	case DW_FORM_udata:
	case DW_FORM_ref_udata:
		*ret = uleb(&c);
		break;
	case DW_FORM_implicit_const:
		*ret = (uint64_t)v->implicit;
		break;
	default:
		return false;
	}
	return !c.bad;
}

static inline bool is_unit_ref(unsigned form)
{
	return form == DW_FORM_ref1 || form == DW_FORM_ref2 ||
	       form == DW_FORM_ref4 || form == DW_FORM_ref8 ||
	       form == DW_FORM_ref_udata;
}

/* A reference to a DIE of this unit: its index, or SIZE_MAX for any
   other form (another unit, a type unit, the dwz file).  */
static inline size_t val_ref(const struct ph_dw_index *x, const struct val *v)
{
	uint64_t off;

	if (!is_unit_ref(v->form) || !val_unsigned(x, v, &off))
		return SIZE_MAX;
	return die_at(x, off);
}

/* DW_AT_alignment's value into *RET (at most 2^30, as walk.c takes it);
   false for a form not read here.  */
static inline bool val_align(const struct ph_dw_index *x, const struct val *v,
			     uint32_t *ret)
{
	uint64_t a;

	if (is_unit_ref(v->form) || !val_unsigned(x, v, &a))
		return false;
	*ret = a > 1u << 30 ? 1u << 30 : (uint32_t)a;
	return true;
}

/* A string value, or NULL for a form not read here.  */
static inline const char *val_str(const struct ph_dw_index *x, const struct val *v)
{
	struct cur c = { v->p, x->unit + x->unit_size, false };

	switch (v->form) {
	case DW_FORM_string:
		return (const char *)v->p;	/* NUL-checked by the scan */
	case DW_FORM_strp:
		return in_strings(x->sec->str, x->sec->str_size, fixed(&c, 4));
	case DW_FORM_line_strp:
		return in_strings(x->sec->line_str, x->sec->line_str_size,
				  fixed(&c, 4));
	default:
		return NULL;
	}
}

#endif /* PH_INPUT_DWARF_SCAN_ABBREV_H */
