/* Small helpers: an offset map, libdw errors as ph_errors, attributes.  */
#include "dw.h"

#include <dwarf.h>
#include <errno.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

void ph_dw_offmap_init(struct ph_dw_offmap *map)
{
	map->keys = map->vals = NULL;
	map->n = map->cap = 0;
}

void ph_dw_offmap_deinit(struct ph_dw_offmap *map)
{
	free(map->keys);
	free(map->vals);
	ph_dw_offmap_init(map);
}

static size_t slot(uint64_t key, size_t cap)
{
	/* Fibonacci hashing; cap is a power of two.  */
	return (size_t)((key * 0x9e3779b97f4a7c15ULL) >> 17) & (cap - 1);
}

/* Keys are stored + 1 so that 0 marks an empty slot.  */
uint64_t ph_dw_offmap_get(const struct ph_dw_offmap *map, uint64_t key)
{
	if (!map->cap)
		return 0;
	for (size_t i = slot(key, map->cap);; i = (i + 1) & (map->cap - 1)) {
		if (map->keys[i] == 0)
			return 0;
		if (map->keys[i] == key + 1)
			return map->vals[i];
	}
}

static struct ph_error *grow(struct ph_dw_offmap *map)
{
	size_t cap = map->cap ? 2 * map->cap : 256;
	uint64_t *keys = calloc(cap, sizeof(*keys));
	uint64_t *vals = calloc(cap, sizeof(*vals));

	if (!keys || !vals) {
		free(keys);
		free(vals);
		return &ph_error_nomem;
	}
	for (size_t i = 0; i < map->cap; i++) {
		if (!map->keys[i])
			continue;
		size_t j = slot(map->keys[i] - 1, cap);
		while (keys[j])
			j = (j + 1) & (cap - 1);
		keys[j] = map->keys[i];
		vals[j] = map->vals[i];
	}
	free(map->keys);
	free(map->vals);
	map->keys = keys;
	map->vals = vals;
	map->cap = cap;
	return NULL;
}

struct ph_error *ph_dw_offmap_put(struct ph_dw_offmap *map, uint64_t key,
				  uint64_t val)
{
	struct ph_error *err;

	if (2 * (map->n + 1) > map->cap && (err = grow(map)))
		return err;
	for (size_t i = slot(key, map->cap);; i = (i + 1) & (map->cap - 1)) {
		if (map->keys[i] == key + 1) {
			map->vals[i] = val;
			return NULL;
		}
		if (map->keys[i] == 0) {
			map->keys[i] = key + 1;
			map->vals[i] = val;
			map->n++;
			return NULL;
		}
	}
}

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

struct ph_error *ph_dw_type(Dwarf_Die *die, bool *present, Dwarf_Die *ret)
{
	Dwarf_Attribute attr;

	*present = false;
	if (!dwarf_attr_integrate(die, DW_AT_type, &attr))
		return NULL;
	if (!dwarf_formref_die(&attr, ret))
		return ph_dw_error(die, "DW_AT_type", "bad type reference");
	*present = true;
	return ph_dw_follow_signature(ret);
}

_Thread_local struct ph_dw_ctx *ph_dw_current;

struct ph_error *ph_dw_follow_signature(Dwarf_Die *die)
{
	Dwarf_Attribute attr;
	Dwarf_Die def;

	if (!dwarf_attr(die, DW_AT_signature, &attr)) {
		struct ph_dw_ctx *ctx = ph_dw_current;

		return ctx ? ctx->resolve_decl(ctx, die) : NULL;
	}
	if (!dwarf_formref_die(&attr, &def))
		return ph_dw_error(die, "DW_AT_signature",
				   "no type unit with this signature");
	*die = def;
	return NULL;
}

static struct ph_error *size_at(Dwarf_Die *type, unsigned depth,
				uint64_t *ret, bool *known)
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
		if ((err = ph_dw_follow_signature(&cur)))
			return err;
		if (dwarf_hasattr(&cur, DW_AT_declaration))
			return NULL;
		return size_at(&cur, depth + 1, ret, known);
	case DW_TAG_typedef:
	case DW_TAG_const_type:
	case DW_TAG_volatile_type:
	case DW_TAG_restrict_type:
	case DW_TAG_atomic_type:
		if ((err = ph_dw_type(&cur, &present, &cur)) || !present)
			return err;
		return size_at(&cur, depth + 1, ret, known);
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
		if ((err = ph_dw_type(&cur, &present, &elem)))
			return err;
		for (unsigned i = 0; present && i <= PH_INPUT_MAX_DEPTH &&
				     (dwarf_tag(&elem) == DW_TAG_typedef ||
				      dwarf_tag(&elem) == DW_TAG_const_type ||
				      dwarf_tag(&elem) == DW_TAG_volatile_type);
		     i++)
			if ((err = ph_dw_type(&elem, &present, &elem)))
				return err;
		*known = true;
		*ret = present && dwarf_tag(&elem) == DW_TAG_subroutine_type ?
		       2 * (uint64_t)addr_size : addr_size;
		return NULL;
	}
	case DW_TAG_array_type:
		if ((err = ph_dw_type(&cur, &present, &elem)) || !present)
			return err;
		if ((err = size_at(&elem, depth + 1, &size, known)) ||
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

struct ph_error *ph_dw_size(Dwarf_Die *type, uint64_t *ret, bool *known)
{
	return size_at(type, 0, ret, known);
}

const char *ph_dw_decl_file(Dwarf_Die *die, bool *nomem)
{
	Dwarf_Attribute attr;
	Dwarf_Word idx;
	Dwarf_Die unit;
	Dwarf_Files *files;
	size_t n;

	/* libdw's dwarf_decl_file asserts on split units (0.188): the
	   same from the unit's file table.  */
	if (!dwarf_attr_integrate(die, DW_AT_decl_file, &attr) ||
	    dwarf_formudata(&attr, &idx) != 0)
		return NULL;
	/* libdw tells out of memory only in words: malloc's errno.  */
	errno = 0;
	if (!dwarf_diecu(die, &unit, NULL, NULL) ||
	    dwarf_getsrcfiles(&unit, &files, &n) != 0) {
		if (errno == ENOMEM)
			*nomem = true;
		return NULL;
	}
	if (idx >= n)
		return NULL;
	return dwarf_filesrc(files, idx, NULL, NULL);
}

bool ph_dw_reserve(void *v, size_t *cap, size_t n, size_t elem)
{
	void **pv = v;
	size_t c = *cap ? *cap : 8;
	void *p;

	if (n <= *cap)
		return true;
	while (c < n) {
		if (c > SIZE_MAX / 2 / elem)
			return false;
		c *= 2;
	}
	p = realloc(*pv, c * elem);
	if (!p)
		return false;
	*pv = p;
	*cap = c;
	return true;
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
