/* Small helpers: libdw errors as ph_errors, attributes, names.  */
#include "util.h"

#include <dwarf.h>
#include <errno.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct ph_error *ph_dw_error(Dwarf_Die *die, const char *attr,
			     const char *what)
{
	int e = dwarf_errno();

	return ph_error_create(PH_ERROR_INVALID, "DIE 0x%" PRIx64 "%s%s: %s%s%s",
			       (uint64_t)dwarf_dieoffset(die),
			       attr ? " " : "", attr ? attr : "", what,
			       e ? ": " : "", e ? dwarf_errmsg(e) : "");
}

struct ph_error *ph_dw_first_child(Dwarf_Die *parent, unsigned depth,
				   Dwarf_Die *child, int *rc)
{
	if (depth > PH_DW_MAX_TREE_DEPTH)
		return ph_dw_error(parent, NULL, "DIE tree too deep");
	*rc = dwarf_child(parent, child);
	if (*rc < 0)
		return ph_dw_error(parent, NULL, "cannot read the children");
	return NULL;
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

struct ph_error *ph_dw_type_ref(Dwarf_Die *die, bool *present,
				Dwarf_Die *ret)
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

struct ph_error *ph_dw_type(Dwarf_Die *die, bool *present, Dwarf_Die *ret)
{
	struct ph_error *err = ph_dw_type_ref(die, present, ret);

	return err || !*present ? err : ph_dw_follow_signature(ret);
}

struct ph_error *ph_dw_follow_signature(Dwarf_Die *die)
{
	Dwarf_Attribute attr;
	Dwarf_Die def;

	if (!dwarf_attr(die, DW_AT_signature, &attr))
		return NULL;
	if (!dwarf_formref_die(&attr, &def))
		return ph_dw_error(die, "DW_AT_signature",
				   "no type unit with this signature");
	*die = def;
	return NULL;
}

bool ph_dw_is_nullptr_t(Dwarf_Die *die)
{
	const char *name;

	return dwarf_tag(die) == DW_TAG_unspecified_type &&
	       !dwarf_hasattr(die, DW_AT_byte_size) &&
	       (name = dwarf_diename(die)) &&
	       strcmp(name, "decltype(nullptr)") == 0;
}

bool ph_dw_subrange_count(Dwarf_Die *sub, uint64_t *ret)
{
	Dwarf_Attribute attr;
	Dwarf_Word w, lower = 0;
	Dwarf_Die cu;
	uint8_t addr_size = 8;

	if (dwarf_attr_integrate(sub, DW_AT_count, &attr))
		return dwarf_whatform(&attr) != DW_FORM_exprloc &&
		       dwarf_formudata(&attr, &w) == 0 && (*ret = w, true);
	if (!dwarf_attr_integrate(sub, DW_AT_upper_bound, &attr) ||
	    dwarf_whatform(&attr) == DW_FORM_exprloc ||
	    dwarf_whatform(&attr) == DW_FORM_ref4 ||
	    dwarf_formudata(&attr, &w) != 0)
		return false;
	if (dwarf_attr_integrate(sub, DW_AT_lower_bound, &attr) &&
	    dwarf_formudata(&attr, &lower) != 0)
		return false;
	dwarf_diecu(sub, &cu, &addr_size, NULL);
	if (lower == 0 && (w == (Dwarf_Word)-1 ||
			   (addr_size == 4 && w == 0xffffffff))) {
		*ret = 0;
		return true;
	}
	if (w < lower)
		return false;
	*ret = w - lower + 1;
	return true;
}

static unsigned producer_major(Dwarf_Die *unit, bool *present)
{
	Dwarf_Attribute attr;
	const char *p;
	unsigned v = 0;

	*present = false;
	if (!dwarf_attr(unit, DW_AT_producer, &attr) ||
	    !(p = dwarf_formstring(&attr)))
		return 0;
	*present = true;
	if (strncmp(p, "GNU ", 4) != 0)
		return 0;
	/* "GNU", the language ("C++17", "C17", "GIMPLE"), the version.  */
	for (p += 4; *p; ) {
		while (*p == ' ')
			p++;
		if (*p >= '0' && *p <= '9') {
			while (*p >= '0' && *p <= '9' && v < 1000)
				v = 10 * v + (unsigned)(*p++ - '0');
			return *p == '.' ? v : 0;
		}
		while (*p && *p != ' ')
			p++;
	}
	return 0;
}

unsigned ph_dw_gcc_major(Dwarf *dw, Dwarf_Die *unit)
{
	Dwarf_CU *cu = NULL;
	Dwarf_Die cudie, subdie;
	uint8_t unit_type;
	bool present;
	unsigned v = producer_major(unit, &present);

	if (present || !dw)
		return v;
	for (unsigned i = 0; i < 64 &&
	     dwarf_get_units(dw, cu, &cu, NULL, &unit_type, &cudie,
			     &subdie) == 0; i++) {
		if (unit_type == DW_UT_type || unit_type == DW_UT_split_type ||
		    unit_type == DW_UT_partial)
			continue;
		v = producer_major(&cudie, &present);
		if (present)
			return v;
		if (unit_type == DW_UT_skeleton &&
		    dwarf_tag(&subdie) != DW_TAG_invalid) {
			v = producer_major(&subdie, &present);
			if (present)
				return v;
		}
	}
	return 0;
}

struct ph_error *ph_dw_decl_file(Dwarf_Die *die, const char **ret)
{
	Dwarf_Attribute attr;
	Dwarf_Word idx;
	Dwarf_Die unit;
	Dwarf_Files *files;
	size_t n;

	*ret = NULL;
	/* libdw's dwarf_decl_file asserts on split units (0.188): the
	   same from the unit's file table.  */
	if (!dwarf_attr_integrate(die, DW_AT_decl_file, &attr) ||
	    dwarf_formudata(&attr, &idx) != 0)
		return NULL;
	/* libdw tells out of memory only in words: malloc's errno.  */
	errno = 0;
	if (!dwarf_diecu(die, &unit, NULL, NULL) ||
	    dwarf_getsrcfiles(&unit, &files, &n) != 0)
		return errno == ENOMEM ? &ph_error_nomem : NULL;
	if (idx < n)
		*ret = dwarf_filesrc(files, idx, NULL, NULL);
	return NULL;
}

struct ph_error *ph_dw_member_location(Dwarf_Die *die, uint64_t *ret,
				       bool *dynamic)
{
	Dwarf_Attribute attr;
	Dwarf_Word w;
	Dwarf_Op *ops;
	size_t nops;

	*ret = 0;
	*dynamic = false;
	if (!dwarf_attr_integrate(die, DW_AT_data_member_location, &attr))
		return NULL;
	switch (dwarf_whatform(&attr)) {
	case DW_FORM_block:
	case DW_FORM_block1:
	case DW_FORM_block2:
	case DW_FORM_block4:
	case DW_FORM_exprloc:
		if (dwarf_getlocation(&attr, &ops, &nops) != 0)
			return ph_dw_error(die, "DW_AT_data_member_location",
					   "cannot read the expression");
		if (nops == 1 && (ops[0].atom == DW_OP_plus_uconst ||
				  ops[0].atom == DW_OP_constu)) {
			*ret = ops[0].number;
			return NULL;
		}
		*dynamic = true;
		return NULL;
	default:
		if (dwarf_formudata(&attr, &w) != 0)
			return ph_dw_error(die, "DW_AT_data_member_location",
					   "cannot read the offset");
		*ret = w;
		return NULL;
	}
}

static struct ph_error *sdata(Dwarf_Die *die, unsigned at,
				    const char *name, int64_t *ret)
{
	Dwarf_Attribute attr;
	Dwarf_Sword s;
	Dwarf_Word w;

	if (!dwarf_attr_integrate(die, at, &attr))
		return ph_dw_error(die, name, "missing");
	if (dwarf_whatform(&attr) == DW_FORM_sdata ||
	    dwarf_whatform(&attr) == DW_FORM_implicit_const) {
		if (dwarf_formsdata(&attr, &s) != 0)
			return ph_dw_error(die, name, "cannot read the value");
		*ret = s;
		return NULL;
	}
	if (dwarf_formudata(&attr, &w) != 0)
		return ph_dw_error(die, name, "cannot read the value");
	/* data1..data8 holding a negative number (GCC's DW_AT_bit_offset
	   for a field crossing its unit).  */
	switch (dwarf_whatform(&attr)) {
	case DW_FORM_data1:
		*ret = (int8_t)w;
		break;
	case DW_FORM_data2:
		*ret = (int16_t)w;
		break;
	case DW_FORM_data4:
		*ret = (int32_t)w;
		break;
	default:
		*ret = (int64_t)w;
	}
	return NULL;
}

struct ph_error *ph_dw_bit_start(Dwarf_Die *die, uint64_t loc,
				 uint64_t unit, uint64_t bits, uint64_t *ret)
{
	struct ph_error *err;
	int64_t bo = 0, pos;
	uint64_t ubytes = unit, v;
	bool present;

	if (dwarf_hasattr_integrate(die, DW_AT_data_bit_offset))
		return ph_dw_udata(die, DW_AT_data_bit_offset,
				   "DW_AT_data_bit_offset", &present, ret);
	if (!dwarf_hasattr_integrate(die, DW_AT_bit_offset)) {
		*ret = 8 * loc;
		return NULL;
	}
	/* DWARF 2-3: bits from the most significant bit of a storage unit
	   of DW_AT_byte_size bytes at DW_AT_data_member_location.  On a
	   little-endian target the LSB-first position is the unit's end
	   minus that minus the width.  */
	if ((err = sdata(die, DW_AT_bit_offset, "DW_AT_bit_offset", &bo)))
		return err;
	if ((err = ph_dw_udata(die, DW_AT_byte_size, "DW_AT_byte_size",
			       &present, &v)))
		return err;
	if (present)
		ubytes = v;
	if (ubytes > 1024 || loc > (UINT64_MAX >> 4) || bo > 8 * 1024 ||
	    bo < -8 * 1024)
		return ph_dw_error(die, "DW_AT_bit_offset",
				   "impossible bit offset");
	pos = (int64_t)(8 * (loc + ubytes)) - bo - (int64_t)bits;
	if (pos < 0)
		return ph_dw_error(die, "DW_AT_bit_offset",
				   "bitfield before its type");
	*ret = (uint64_t)pos;
	return NULL;
}

/* DWARF spells template arguments as GCC's DWARF output does: cv after
   fundamental types ("t<char const*>").  GCC's %T, which the plugin and
   the contract use, puts them in front ("t<const char*>").  Moves a
   " const" or " volatile" that follows a word inside <...> to before
   that word's run of words.  */
void ph_dw_move_cv(const char *in, struct ph_buf *out)
{
	size_t len = strlen(in), i = 0;
	int angle = 0;
	size_t word_start = (size_t)-1;	/* start of a run of words in out */

	while (i < len) {
		char c = in[i];

		if (angle > 0 && c == ' ' &&
		    (strncmp(in + i + 1, "const", 5) == 0 ||
		     strncmp(in + i + 1, "volatile", 8) == 0) &&
		    word_start != (size_t)-1) {
			size_t qlen = in[i + 1] == 'c' ? 5 : 8;
			char end = in[i + 1 + qlen];

			if (end == '*' || end == '&' || end == '>' ||
			    end == ',' || end == ' ' || end == '\0') {
				/* Insert "QUAL " at word_start.  */
				char q[10];
				size_t tail = out->len - word_start;

				memcpy(q, in + i + 1, qlen);
				q[qlen] = ' ';
				ph_buf_pad(out, ' ', qlen + 1);
				if (out->failed)
					return;
				memmove(out->data + word_start + qlen + 1,
					out->data + word_start, tail);
				memcpy(out->data + word_start, q, qlen + 1);
				i += 1 + qlen;
				continue;
			}
		}
		if (c == '<' || c == ',') {
			if (c == '<')
				angle++;
			ph_buf_putc(out, c);
			i++;
			while (in[i] == ' ')
				ph_buf_putc(out, in[i++]);
			word_start = out->len;
			continue;
		}
		if (c == '>')
			angle--;
		if (c == '*' || c == '&' || c == '>' || c == '(' || c == ')')
			word_start = (size_t)-1;
		ph_buf_putc(out, c);
		i++;
	}
}
