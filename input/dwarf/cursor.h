/* Reading DWARF values straight out of section bytes: a cursor that
   stops (BAD) rather than read past its end, LEB128 and fixed-size
   numbers, and steps over a value by its form.  Header only, inline:
   the fast path (scan-abbrev.c, scan.c, scan-fprint.c) reads each of a
   vmlinux's 15 million DIEs through it, and lines.c its line tables.  */
#ifndef PH_INPUT_DWARF_CURSOR_H
#define PH_INPUT_DWARF_CURSOR_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include <dwarf.h>

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

/* Steps over a value of FORM (DW_FORM_addr: ADDR_SIZE bytes); false for
   a form not read here.  */
static inline bool skip_form(struct cur *c, unsigned form,
			     unsigned addr_size)
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
		skip(c, addr_size);
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

#endif /* PH_INPUT_DWARF_CURSOR_H */
