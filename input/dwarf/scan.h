/* The raw DIE index of the fast path (scan.c): a C compile unit's
   sections, its abbreviations and its DIEs decoded into an array, and
   the cursor that reads values out of the section bytes.  Shared by the
   files of the fast path: sections (scan-sections.c), abbreviations and
   DIEs (scan-abbrev.c), fingerprints (scan-fprint.c), the walk
   (scan.c), line tables (lines.c).  The accessors are inline: the walk
   and the fingerprints call them for each of a vmlinux's 15 million
   DIEs.  */
#ifndef PH_INPUT_DWARF_SCAN_H
#define PH_INPUT_DWARF_SCAN_H

#include "dw.h"

#include <dwarf.h>
#include <stdint.h>
#include <string.h>

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

struct die {
	uint32_t off;		/* from the unit header */
	uint32_t end;		/* index past the subtree */
	uint32_t code;
	uint8_t state[2];
	bool typedef_taken;	/* named by a typedef already */
	struct ph_dw_fp fp[2];
};

struct ph_dw_scan {
	Dwarf *dw;		/* the sections below are its */
	const unsigned char *info, *abbrev, *str, *line_str, *line;
	size_t info_size, abbrev_size, str_size, line_str_size, line_size;
	/* .debug_info is the file's own bytes, mapped and never written:
	   the pages of the units read can be given back
	   (ph_dw_scan_release), up to RELEASED.  */
	bool info_mapped;
	const unsigned char *released;

	const unsigned char *unit;	/* header */
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
	struct ph_dw_scan_event *events;
	size_t nr_events, cap_events;

	/* The file names of the unit's line table, read the first time one
	   is asked for: 0 not yet, 1 read, -1 cannot be.  */
	int files_state;
	char **files;
	size_t nr_files, cap_files;
	/* Whose they are, for ph_dw_lines_decl_file: the unit's offset + 1.  */
	Dwarf_Off files_unit;
};

struct cur {
	const unsigned char *p, *end;
	bool bad;
};

/* A LEB128 number's bits; *WIDTH how many, *LAST its last byte.  */
static inline uint64_t leb(struct cur *c, unsigned *width, unsigned char *last)
{
	uint64_t v = 0;
	unsigned shift = 0;

	while (c->p < c->end) {
		unsigned char b = *c->p++;

		if (shift < 64)
			v |= (uint64_t)(b & 0x7f) << shift;
		shift += 7;
		if (!(b & 0x80)) {
			*width = shift;
			*last = b;
			return v;
		}
	}
	c->bad = true;
	*width = 0;
	*last = 0;
	return 0;
}

static inline uint64_t uleb(struct cur *c)
{
	unsigned width;
	unsigned char last;

	return leb(c, &width, &last);
}

static inline int64_t sleb(struct cur *c)
{
	unsigned width;
	unsigned char last;
	uint64_t v = leb(c, &width, &last);

	if (width < 64 && (last & 0x40))
		v |= ~(uint64_t)0 << width;
	return (int64_t)v;
}

/* N little-endian bytes.  */
static inline uint64_t fixed(struct cur *c, unsigned n)
{
	uint64_t v = 0;

	if ((size_t)(c->end - c->p) < n) {
		c->bad = true;
		c->p = c->end;
		return 0;
	}
	memcpy(&v, c->p, n);
	c->p += n;
	return v;
}

static inline void skip(struct cur *c, uint64_t n)
{
	if ((uint64_t)(c->end - c->p) < n) {
		c->bad = true;
		c->p = c->end;
		return;
	}
	c->p += n;
}

/* Forms whose value is one ULEB128 number.  */
static inline bool uleb_form(unsigned form)
{
	switch (form) {
	case DW_FORM_udata:
	case DW_FORM_ref_udata:
	case DW_FORM_strx:
	case DW_FORM_addrx:
	case DW_FORM_loclistx:
	case DW_FORM_rnglistx:
	case DW_FORM_GNU_addr_index:
	case DW_FORM_GNU_str_index:
		return true;
	default:
		return false;
	}
}

/* Steps over a value of FORM; false for a form not read here.  */
static inline bool skip_form(const struct ph_dw_scan *s, struct cur *c,
		      unsigned form)
{
	if (uleb_form(form)) {
		uleb(c);
		return true;
	}
	switch (form) {
	case DW_FORM_flag_present:
	case DW_FORM_implicit_const:
		return true;
	case DW_FORM_data1:
	case DW_FORM_ref1:
	case DW_FORM_flag:
	case DW_FORM_strx1:
	case DW_FORM_addrx1:
		skip(c, 1);
		return true;
	case DW_FORM_data2:
	case DW_FORM_ref2:
	case DW_FORM_strx2:
	case DW_FORM_addrx2:
		skip(c, 2);
		return true;
	case DW_FORM_strx3:
	case DW_FORM_addrx3:
		skip(c, 3);
		return true;
	case DW_FORM_data4:
	case DW_FORM_ref4:
	case DW_FORM_strx4:
	case DW_FORM_addrx4:
	case DW_FORM_ref_sup4:
	case DW_FORM_strp:
	case DW_FORM_line_strp:
	case DW_FORM_sec_offset:
	case DW_FORM_ref_addr:
	case DW_FORM_strp_sup:
	case DW_FORM_GNU_ref_alt:
	case DW_FORM_GNU_strp_alt:
		/* 32-bit DWARF, version 3 and later.  */
		skip(c, 4);
		return true;
	case DW_FORM_data8:
	case DW_FORM_ref8:
	case DW_FORM_ref_sig8:
	case DW_FORM_ref_sup8:
		skip(c, 8);
		return true;
	case DW_FORM_data16:
		skip(c, 16);
		return true;
	case DW_FORM_addr:
		skip(c, s->addr_size);
		return true;
	case DW_FORM_sdata:
		sleb(c);
		return true;
	case DW_FORM_string: {
		const unsigned char *z = memchr(c->p, 0, c->end - c->p);

		if (!z) {
			c->bad = true;
			c->p = c->end;
		} else {
			c->p = z + 1;
		}
		return true;
	}
	case DW_FORM_block1:
		skip(c, fixed(c, 1));
		return true;
	case DW_FORM_block2:
		skip(c, fixed(c, 2));
		return true;
	case DW_FORM_block4:
		skip(c, fixed(c, 4));
		return true;
	case DW_FORM_block:
	case DW_FORM_exprloc:
		skip(c, uleb(c));
		return true;
	default:
		return false;
	}
}

static inline const struct abbrev *abbrev_of(const struct ph_dw_scan *s, size_t i)
{
	return &s->abbrevs[s->dies[i].code];
}

/* An attribute's value: where it starts and its form.  */
struct val {
	const unsigned char *p;
	uint32_t form;
	int64_t implicit;
};

/* A cursor on the attributes of DIE I, past its abbreviation code.  */
static inline struct cur attrs_of(const struct ph_dw_scan *s, size_t i)
{
	struct cur c = { s->unit + s->dies[i].off, s->unit + s->unit_size,
			 false };

	uleb(&c);
	return c;
}

static inline bool die_attr(const struct ph_dw_scan *s, size_t i, unsigned at,
		     struct val *v)
{
	const struct abbrev *a = abbrev_of(s, i);
	struct cur c = attrs_of(s, i);
	for (uint32_t k = 0; k < a->n; k++) {
		const struct abbrev_attr *aa = &s->attrs[a->first + k];

		if (aa->name == at) {
			v->p = c.p;
			v->form = aa->form;
			v->implicit = aa->implicit;
			return true;
		}
		skip_form(s, &c, aa->form);
	}
	return false;
}

/* The index of the DIE at unit offset OFF, or SIZE_MAX.  */
static inline size_t die_at(const struct ph_dw_scan *s, uint64_t off)
{
	uint32_t i;

	if (off >= s->unit_size)
		return SIZE_MAX;
	i = s->index[off];
	return i < s->nr_dies && s->dies[i].off == off ? i : SIZE_MAX;
}

/* The value of a constant (DW_FORM_data*, udata, implicit_const) or of a
   reference within the unit (DW_FORM_ref*) into *RET; false for another
   form.  */
static inline bool val_unsigned(const struct ph_dw_scan *s,
				const struct val *v, uint64_t *ret)
{
	struct cur c = { v->p, s->unit + s->unit_size, false };

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
static inline size_t val_ref(const struct ph_dw_scan *s, const struct val *v)
{
	uint64_t off;

	if (!is_unit_ref(v->form) || !val_unsigned(s, v, &off))
		return SIZE_MAX;
	return die_at(s, off);
}

static inline const char *in_strings(const unsigned char *sec, size_t size,
			      uint64_t off)
{
	if (!sec || off >= size || !memchr(sec + off, 0, size - off))
		return NULL;
	return (const char *)sec + off;
}

/* DW_AT_alignment's value into *RET (at most 2^30, as walk.c takes it);
   false for a form not read here.  */
static inline bool val_align(const struct ph_dw_scan *s, const struct val *v,
			     uint32_t *ret)
{
	uint64_t a;

	if (is_unit_ref(v->form) || !val_unsigned(s, v, &a))
		return false;
	*ret = a > 1u << 30 ? 1u << 30 : (uint32_t)a;
	return true;
}

/* A string value, or NULL for a form not read here.  */
static inline const char *val_str(const struct ph_dw_scan *s, const struct val *v)
{
	struct cur c = { v->p, s->unit + s->unit_size, false };

	switch (v->form) {
	case DW_FORM_string:
		return (const char *)v->p;	/* NUL-checked by the scan */
	case DW_FORM_strp:
		return in_strings(s->str, s->str_size, fixed(&c, 4));
	case DW_FORM_line_strp:
		return in_strings(s->line_str, s->line_str_size,
				  fixed(&c, 4));
	default:
		return NULL;
	}
}

/* scan-sections.c */
/* The sections of DW's ELF file, as libdw holds them, into S.  */
void ph_dw_scan_sections(struct ph_dw_scan *s, Dwarf *dw);
/* Gives back the pages of .debug_info from what was given back so far
   to END.  */
void ph_dw_scan_give_back(struct ph_dw_scan *s, const unsigned char *end);

/* scan-abbrev.c */
/* The unit of CUDIE: header, abbreviations, every DIE.  */
bool ph_dw_scan_read_unit(struct ph_dw_scan *s, Dwarf_Die *cudie);

/* lines.c */
/* Forgets the file names read for the unit before.  */
void ph_dw_scan_files_clear(struct ph_dw_scan *s);

#endif /* PH_INPUT_DWARF_SCAN_H */
