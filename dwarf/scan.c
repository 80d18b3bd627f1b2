/* The fast path of the walk: a C compile unit read straight from the
   bytes of .debug_info.

   A vmlinux repeats every header's types in each of its 2,351 units:
   walking its 15 million DIEs and fingerprinting a million struct DIEs
   through libdw's accessors (a lock, an abbreviation lookup and an
   attribute search per call) was most of the time of --sizes.  Here a
   unit is decoded once, linearly, into an array of DIEs; the walk of
   load.c (namespaces, aggregates, typedefs, function bodies) and the
   fingerprints of fprint.c are done over that array, and libdw is asked
   for a DIE only when its layout has to be built.

   It reads only what it can read exactly: DWARF 3 to 5 compile units of
   32-bit DWARF in .debug_info, in the very bytes libdw reads (relocated,
   decompressed: checked by address), with forms it knows.  Anything else
   (type units, split and dwz units, imported units, strx names, a form
   not known, anything malformed) makes it give up on the unit, and
   load.c walks that unit through libdw as before, so errors come from
   one place.

   The fingerprints follow fprint.c's definition, seeded apart: equal
   fingerprints mean the same DWARF but for where it sits and its source
   positions.  */
#include "reader.h"
#include "fphash.h"

#include <dwarf.h>
#include <gelf.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

enum { DEEP = 0, SPELL = 1, MAX_FP_DEPTH = 256, MAX_ABBREV_CODE = 1 << 20 };
/* Bounds on what one unit may take here (48 bytes a DIE, 4 a byte of the
   unit: at most 48 + 32 MB): a vmlinux's biggest unit is 510 KB.  A
   bigger (hostile) one is walked through libdw, which keeps no array.  */
enum { MAX_UNIT_SIZE = 8 << 20, MAX_UNIT_DIES = 1 << 20 };
enum { ST_BUSY = 1, ST_DONE = 2, ST_FAIL = 3 };

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
};

struct ph_error *ph_dw_scan_create(struct ph_dw_scan **ret)
{
	*ret = calloc(1, sizeof(**ret));
	return *ret ? NULL : &ph_error_nomem;
}

void ph_dw_scan_destroy(struct ph_dw_scan *s)
{
	if (!s)
		return;
	free(s->abbrevs);
	free(s->attrs);
	free(s->dies);
	free(s->stack);
	free(s->index);
	free(s->events);
	for (size_t i = 0; i < s->nr_files; i++)
		free(s->files[i]);
	free(s->files);
	free(s);
}

static bool host_little_endian(void)
{
	const uint16_t one = 1;

	return *(const unsigned char *)&one == 1;
}

/* Whether [P, P + N) lies in a mapping of a file.  libelf maps files
   private and writable (libdwfl relocates .o and .ko files in place), but
   nothing writes to the DWARF of an executable or shared object: pages of
   it given back come again from the file, unchanged.  (Memory libelf read
   the file into would come back zeroed: hence the check.)  */
static bool in_file_mapping(const void *p, size_t n)
{
	uintptr_t a = (uintptr_t)p, b = a + n;
	FILE *f = fopen("/proc/self/maps", "r");
	char line[512];
	bool ok = false;

	if (!f)
		return false;
	while (fgets(line, sizeof(line), f)) {
		uintptr_t lo, hi;
		unsigned long long off, inode;
		char perms[5], dev[16];

		if (sscanf(line, "%" SCNxPTR "-%" SCNxPTR " %4s %llx %15s %llu",
			   &lo, &hi, perms, &off, dev, &inode) != 6)
			continue;
		if (a >= lo && b <= hi) {
			ok = inode != 0 && perms[0] == 'r';
			break;
		}
	}
	fclose(f);
	return ok;
}

/* The sections of DW's ELF file, as libdw holds them.  */
static void setup(struct ph_dw_scan *s, Dwarf *dw)
{
	Elf *elf = dwarf_getelf(dw);
	GElf_Ehdr eh;
	Elf_Scn *scn = NULL;
	size_t shstrndx;

	s->dw = dw;
	s->info_mapped = false;
	s->info = s->abbrev = s->str = s->line_str = s->line = NULL;
	s->info_size = s->abbrev_size = s->str_size = s->line_str_size = 0;
	s->line_size = 0;
	if (!elf || !gelf_getehdr(elf, &eh) ||
	    eh.e_ident[EI_DATA] != ELFDATA2LSB || !host_little_endian() ||
	    elf_getshdrstrndx(elf, &shstrndx) != 0)
		return;
	const struct {
		const char *name;
		const unsigned char **data;
		size_t *size;
	} want[] = {
		{ ".debug_info", &s->info, &s->info_size },
		{ ".debug_abbrev", &s->abbrev, &s->abbrev_size },
		{ ".debug_str", &s->str, &s->str_size },
		{ ".debug_line", &s->line, &s->line_size },
		{ ".debug_line_str", &s->line_str, &s->line_str_size },
	};

	while ((scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh;
		const char *name;
		Elf_Data *d;
		const unsigned char **pp;
		size_t *psize = NULL;

		if (!gelf_getshdr(scn, &sh) || sh.sh_type == SHT_NOBITS ||
		    (sh.sh_flags & SHF_COMPRESSED))
			continue;
		name = elf_strptr(elf, shstrndx, sh.sh_name);
		if (!name)
			continue;
		pp = NULL;
		for (size_t k = 0; k < sizeof(want) / sizeof(want[0]); k++) {
			if (strcmp(name, want[k].name) == 0) {
				pp = want[k].data;
				psize = want[k].size;
			}
		}
		if (!pp)
			continue;
		d = elf_getdata(scn, NULL);
		if (!d || !d->d_buf)
			continue;
		*pp = d->d_buf;
		*psize = d->d_size;
	}
	if (s->info && eh.e_type != ET_REL)
		s->info_mapped = in_file_mapping(s->info, s->info_size);
	s->released = s->info;
}

/* Gives back the pages of .debug_info from RELEASED to END: the kernel
   maps 64 KB around each page touched, so the unit headers libdw reads
   to count units are most of the file already.  */
static void release_to(struct ph_dw_scan *s, const unsigned char *end)
{
	uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE), lo, hi;

	if (!s->info_mapped || end <= s->released)
		return;
	lo = (uintptr_t)s->released & ~(page - 1);
	hi = ((uintptr_t)end + page - 1) & ~(page - 1);
	madvise((void *)lo, hi - lo, MADV_DONTNEED);
	s->released = end;
}

struct cur {
	const unsigned char *p, *end;
	bool bad;
};

/* A LEB128 number's bits; *WIDTH how many, *LAST its last byte.  */
static uint64_t leb(struct cur *c, unsigned *width, unsigned char *last)
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

static uint64_t uleb(struct cur *c)
{
	unsigned width;
	unsigned char last;

	return leb(c, &width, &last);
}

static int64_t sleb(struct cur *c)
{
	unsigned width;
	unsigned char last;
	uint64_t v = leb(c, &width, &last);

	if (width < 64 && (last & 0x40))
		v |= ~(uint64_t)0 << width;
	return (int64_t)v;
}

/* N little-endian bytes.  */
static uint64_t fixed(struct cur *c, unsigned n)
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

static void skip(struct cur *c, uint64_t n)
{
	if ((uint64_t)(c->end - c->p) < n) {
		c->bad = true;
		c->p = c->end;
		return;
	}
	c->p += n;
}

/* Forms whose value is one ULEB128 number.  */
static bool uleb_form(unsigned form)
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
static bool skip_form(const struct ph_dw_scan *s, struct cur *c,
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

/* The size of a value of FORM when it does not depend on the value, or
   -1.  */
static int fixed_size(const struct ph_dw_scan *s, unsigned form)
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
		if (!skip_form(s, &c, form))
			return -1;
		return (int)(c.p - probe);
	}
}

static uint8_t attr_how(unsigned name, unsigned form)
{
	switch (name) {
	case DW_AT_decl_file:
	case DW_AT_decl_line:
	case DW_AT_decl_column:
	case DW_AT_sibling:
		/* Where it sits, not what it is.  */
		return HOW_SKIP;
	default:
		break;
	}
	switch (form) {
	case DW_FORM_ref1:
	case DW_FORM_ref2:
	case DW_FORM_ref4:
	case DW_FORM_ref8:
	case DW_FORM_ref_udata:
		return HOW_REF;
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

static bool read_abbrevs(struct ph_dw_scan *s, uint64_t off)
{
	struct cur c;

	if (off >= s->abbrev_size)
		return false;
	c.p = s->abbrev + off;
	c.end = s->abbrev + s->abbrev_size;
	c.bad = false;
	for (size_t i = 0; i < s->nr_abbrevs; i++)
		s->abbrevs[i].valid = false;
	s->nr_attrs = 0;
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
		if (code >= s->nr_abbrevs) {
			if (!ph_dw_reserve(&s->abbrevs, &s->cap_abbrevs, code + 1,
				     sizeof(*s->abbrevs)))
				return false;
			for (size_t i = s->nr_abbrevs; i <= code; i++)
				s->abbrevs[i].valid = false;
			s->nr_abbrevs = code + 1;
		}
		a = &s->abbrevs[code];
		if (a->valid)
			return false;	/* a code twice */
		a->tag = (uint32_t)uleb(&c);
		a->children = fixed(&c, 1) != 0;
		a->first = (uint32_t)s->nr_attrs;
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
			if (!ph_dw_reserve(&s->attrs, &s->cap_attrs, s->nr_attrs + 1,
				     sizeof(*s->attrs)))
				return false;
			s->attrs[s->nr_attrs].name = (uint32_t)name;
			s->attrs[s->nr_attrs].form = (uint32_t)form;
			s->attrs[s->nr_attrs].implicit = implicit;
			{
				int n = fixed_size(s, (unsigned)form);
				uint8_t how = attr_how((unsigned)name,
						       (unsigned)form);

				a->fixed = n < 0 || a->fixed < 0 ? -1 :
					   a->fixed + n;
				s->attrs[s->nr_attrs].size = (int8_t)n;
				s->attrs[s->nr_attrs].how = how;
				if (how != HOW_SKIP) {
					mix(&shape, name << 32 | form);
					if (form == DW_FORM_implicit_const)
						mix(&shape, (uint64_t)implicit);
				}
			}
			s->nr_attrs++;
			a->n++;
		}
		a->valid = true;
		a->shape = shape.a ^ shape.b;
	}
}

/* The unit of CUDIE: header, abbreviations, every DIE.  */
static bool read_unit(struct ph_dw_scan *s, Dwarf_Die *cudie)
{
	uint64_t d = dwarf_dieoffset(cudie), h, len, abbrev_off;
	struct cur c;
	size_t sp = 0;

	if (!s->info || !s->abbrev || d > s->info_size ||
	    (const unsigned char *)cudie->addr != s->info + d)
		return false;
	/* Version 5: length, version, unit type, address size, abbrev
	   offset (12 bytes); 3 and 4: length, version, abbrev offset,
	   address size (11).  */
	if (d >= 12 && s->info[d - 8] == 5 && s->info[d - 7] == 0 &&
	    s->info[d - 6] == DW_UT_compile) {
		h = d - 12;
		s->version = 5;
		s->addr_size = s->info[h + 7];
		abbrev_off = 0;
		memcpy(&abbrev_off, s->info + h + 8, 4);
	} else if (d >= 11 && (s->info[d - 7] == 3 || s->info[d - 7] == 4) &&
		   s->info[d - 6] == 0) {
		h = d - 11;
		s->version = s->info[d - 7];
		abbrev_off = 0;
		memcpy(&abbrev_off, s->info + h + 6, 4);
		s->addr_size = s->info[h + 10];
	} else {
		return false;
	}
	len = 0;
	memcpy(&len, s->info + h, 4);
	if (len >= 0xfffffff0u || h + 4 + len > s->info_size ||
	    h + 4 + len <= d || len > MAX_UNIT_SIZE ||
	    (s->addr_size != 4 && s->addr_size != 8))
		return false;
	s->unit = s->info + h;
	s->unit_size = 4 + len;
	if (!read_abbrevs(s, abbrev_off))
		return false;
	if (s->unit_size > s->cap_index) {
		free(s->index);
		s->index = calloc(s->unit_size, sizeof(*s->index));
		s->cap_index = s->index ? s->unit_size : 0;
		if (!s->index)
			return false;
	}

	s->nr_dies = 0;
	c.p = s->info + d;
	c.end = s->unit + s->unit_size;
	c.bad = false;
	while (c.p < c.end) {
		uint32_t off = (uint32_t)(c.p - s->unit);
		uint64_t code = uleb(&c);
		const struct abbrev *a;
		struct die *die;

		if (c.bad)
			return false;
		if (code == 0) {
			if (sp == 0)
				continue;	/* padding after the unit DIE */
			s->dies[s->stack[--sp]].end = (uint32_t)s->nr_dies;
			continue;
		}
		if (code >= s->nr_abbrevs || !s->abbrevs[code].valid)
			return false;
		if (s->nr_dies && sp == 0)
			return false;	/* a second top-level DIE */
		a = &s->abbrevs[code];
		if (s->nr_dies >= MAX_UNIT_DIES ||
		    !ph_dw_reserve(&s->dies, &s->cap_dies, s->nr_dies + 1,
			     sizeof(*s->dies)))
			return false;
		die = &s->dies[s->nr_dies];
		s->index[off] = (uint32_t)s->nr_dies;
		die->off = off;
		die->code = (uint32_t)code;
		die->end = (uint32_t)s->nr_dies + 1;
		die->state[0] = die->state[1] = 0;
		die->typedef_taken = false;
		if (a->fixed >= 0)
			skip(&c, (uint64_t)a->fixed);
		else
			for (uint32_t k = 0; k < a->n; k++)
				if (!skip_form(s, &c,
					       s->attrs[a->first + k].form))
					return false;
		if (c.bad)
			return false;
		if (a->children) {
			if (!ph_dw_reserve(&s->stack, &s->cap_stack, sp + 1,
				     sizeof(*s->stack)))
				return false;
			s->stack[sp++] = (uint32_t)s->nr_dies;
		}
		s->nr_dies++;
	}
	return sp == 0 && s->nr_dies > 0;
}

static const struct abbrev *abbrev_of(const struct ph_dw_scan *s, size_t i)
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
static struct cur attrs_of(const struct ph_dw_scan *s, size_t i)
{
	struct cur c = { s->unit + s->dies[i].off, s->unit + s->unit_size,
			 false };

	uleb(&c);
	return c;
}

static bool die_attr(const struct ph_dw_scan *s, size_t i, unsigned at,
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
static size_t die_at(const struct ph_dw_scan *s, uint64_t off)
{
	uint32_t i;

	if (off >= s->unit_size)
		return SIZE_MAX;
	i = s->index[off];
	return i < s->nr_dies && s->dies[i].off == off ? i : SIZE_MAX;
}

/* A reference to a DIE of this unit: its index, or SIZE_MAX for any
   other form (another unit, a type unit, the dwz file).  */
static size_t val_ref(const struct ph_dw_scan *s, const struct val *v)
{
	struct cur c = { v->p, s->unit + s->unit_size, false };
	uint64_t off;

	switch (v->form) {
	case DW_FORM_ref1:
		off = fixed(&c, 1);
		break;
	case DW_FORM_ref2:
		off = fixed(&c, 2);
		break;
	case DW_FORM_ref4:
		off = fixed(&c, 4);
		break;
	case DW_FORM_ref8:
		off = fixed(&c, 8);
		break;
	case DW_FORM_ref_udata:
		off = uleb(&c);
		break;
	default:
		return SIZE_MAX;
	}
	return c.bad ? SIZE_MAX : die_at(s, off);
}

static const char *in_strings(const unsigned char *sec, size_t size,
			      uint64_t off)
{
	if (!sec || off >= size || !memchr(sec + off, 0, size - off))
		return NULL;
	return (const char *)sec + off;
}

/* DW_AT_alignment's value into *RET (at most 2^30, as load.c takes it);
   false for a form not read here.  */
static bool val_align(const struct ph_dw_scan *s, const struct val *v,
		      uint32_t *ret)
{
	struct cur c = { v->p, s->unit + s->unit_size, false };
	uint64_t a;

	switch (v->form) {
	case DW_FORM_data1:
		a = fixed(&c, 1);
		break;
	case DW_FORM_data2:
		a = fixed(&c, 2);
		break;
	case DW_FORM_data4:
		a = fixed(&c, 4);
		break;
	case DW_FORM_data8:
		a = fixed(&c, 8);
		break;
	case DW_FORM_udata:
		a = uleb(&c);
		break;
	case DW_FORM_implicit_const:
		a = (uint64_t)v->implicit;
		break;
	default:
		return false;
	}
	*ret = a > 1u << 30 ? 1u << 30 : (uint32_t)a;
	return !c.bad;
}

/* A string value, or NULL for a form not read here.  */
static const char *val_str(const struct ph_dw_scan *s, const struct val *v)
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

static bool is_pointer(unsigned tag)
{
	return tag == DW_TAG_pointer_type || tag == DW_TAG_reference_type ||
	       tag == DW_TAG_rvalue_reference_type ||
	       tag == DW_TAG_ptr_to_member_type;
}

static bool hash_die(struct ph_dw_scan *s, size_t i, int mode, unsigned depth,
		     struct ph_dw_fp *ret);

/* LEN <= 8 bytes as a number, without the store-to-load stall of a
   variable-length memcpy into a word.  */
static inline uint64_t load_le(const unsigned char *v, size_t len)
{
	uint16_t u16;
	uint32_t u32;
	uint64_t u64 = 0;

	switch (len) {
	case 1:
		return v[0];
	case 2:
		memcpy(&u16, v, 2);
		return u16;
	case 4:
		memcpy(&u32, v, 4);
		return u32;
	case 8:
		memcpy(&u64, v, 8);
		return u64;
	default:
		for (size_t k = len; k-- > 0;)
			u64 = u64 << 8 | v[k];
		return u64;
	}
}

/* Mixes the attributes of DIE I into H; false when one cannot be.  The
   abbreviation's shape stands for the names and forms, so each value
   is one mix: its bytes, or the fingerprint of the DIE it refers to.  */
static bool hash_attrs(struct ph_dw_scan *s, size_t i, int mode,
		       unsigned depth, struct ph_dw_fp *h)
{
	const struct abbrev *a = abbrev_of(s, i);
	struct cur c = attrs_of(s, i);
	mix(h, a->shape);
	for (uint32_t k = 0; k < a->n; k++) {
		const struct abbrev_attr *aa = &s->attrs[a->first + k];
		const unsigned char *v = c.p;
		struct ph_dw_fp sub;
		size_t len, t;
		uint64_t w;

		if (aa->size >= 0)
			skip(&c, (uint64_t)aa->size);
		else
			skip_form(s, &c, aa->form);
		if (c.bad)
			return false;
		switch (aa->how) {
		case HOW_SKIP:
			continue;
		case HOW_REF: {
			struct val val = { v, aa->form, 0 };

			t = val_ref(s, &val);
			if (t == SIZE_MAX ||
			    !hash_die(s, t, mode, depth + 1, &sub))
				return false;
			mix_fp(h, &sub);
			continue;
		}
		case HOW_RAW:
			len = (size_t)(c.p - v);
			if (len <= 8) {
				w = load_le(v, len);
				mix(h, w | (uint64_t)len << 56 * (len < 8));
			} else {
				mix_bytes(h, v, len);
			}
			continue;
		default:
			return false;
		}
	}
	return true;
}

static bool hash_die(struct ph_dw_scan *s, size_t i, int mode, unsigned depth,
		     struct ph_dw_fp *ret)
{
	struct die *die = &s->dies[i];
	unsigned tag = abbrev_of(s, i)->tag;
	struct ph_dw_fp h;
	struct val v;
	int sub_mode;

	if (depth > MAX_FP_DEPTH)
		return false;
	if (die->state[mode] == ST_DONE) {
		*ret = die->fp[mode];
		return true;
	}
	if (die->state[mode])
		return false;	/* a cycle, or failed before */
	die->state[mode] = ST_BUSY;
	fp_init(&h, (uint64_t)tag << 1 | (uint64_t)mode | 0x5ca0000ULL);
	if (mode == SPELL &&
	    (tag == DW_TAG_structure_type || tag == DW_TAG_union_type ||
	     tag == DW_TAG_class_type || tag == DW_TAG_enumeration_type) &&
	    die_attr(s, i, DW_AT_name, &v)) {
		const char *name = val_str(s, &v);

		if (!name)
			goto fail;
		mix_bytes(&h, name, strlen(name));
		goto done;
	}
	sub_mode = is_pointer(tag) ? SPELL : mode;
	if (!hash_attrs(s, i, sub_mode, depth, &h))
		goto fail;
	for (size_t k = i + 1; k < die->end; k = s->dies[k].end) {
		struct ph_dw_fp sub;

		if (!hash_die(s, k, sub_mode, depth + 1, &sub))
			goto fail;
		mix_fp(&h, &sub);
	}
	mix(&h, 0xfeedULL);
done:
	die = &s->dies[i];
	die->state[mode] = ST_DONE;
	die->fp[mode] = h;
	*ret = h;
	return true;
fail:
	s->dies[i].state[mode] = ST_FAIL;
	return false;
}

static bool is_aggregate(unsigned tag)
{
	return tag == DW_TAG_structure_type || tag == DW_TAG_class_type ||
	       tag == DW_TAG_union_type;
}

/* DW_AT_name as dwarf_diename gives it; *OK false when it cannot be told
   here (a name through another DIE, a form not read).  */
static const char *die_name(const struct ph_dw_scan *s, size_t i, bool *ok)
{
	struct val v;
	const char *name;

	*ok = true;
	if (die_attr(s, i, DW_AT_name, &v)) {
		name = val_str(s, &v);
		*ok = name != NULL;
		return name;
	}
	if (die_attr(s, i, DW_AT_abstract_origin, &v) ||
	    die_attr(s, i, DW_AT_specification, &v))
		*ok = false;
	return NULL;
}

static bool add_event(struct ph_dw_scan *s, size_t agg, const char *name,
		      bool typedef_name, uint32_t typedef_align)
{
	struct ph_dw_scan_event *e;

	if (!ph_dw_reserve(&s->events, &s->cap_events, s->nr_events + 1,
		     sizeof(*s->events)))
		return false;
	e = &s->events[s->nr_events++];
	e->off = (uint64_t)(s->unit - s->info) + s->dies[agg].off;
	e->name = name;
	e->kind = abbrev_of(s, agg)->tag == DW_TAG_union_type ? PH_KIND_UNION :
		  abbrev_of(s, agg)->tag == DW_TAG_class_type ? PH_KIND_CLASS :
							      PH_KIND_STRUCT;
	e->typedef_name = typedef_name;
	e->typedef_align = typedef_align;
	e->die = agg;
	return true;
}

bool ph_dw_scan_fingerprint(struct ph_dw_scan *s,
			    const struct ph_dw_scan_event *e,
			    struct ph_dw_fp *ret)
{
	struct ph_dw_fp sub, h;

	if (!hash_die(s, e->die, DEEP, 0, &sub))
		return false;
	fp_init(&h, 0xfa57);
	mix_bytes(&h, e->name, strlen(e->name));
	mix(&h, e->typedef_name);
	mix(&h, e->typedef_align);
	mix_fp(&h, &sub);
	*ret = h;
	return true;
}

/* load.c's walk_tree, visit_aggregate and visit_typedef over the
   array; false to give up on the unit.  */
static bool walk(struct ph_dw_scan *s, size_t parent, unsigned depth,
		 bool no_locals)
{
	if (depth > PH_DW_MAX_TREE_DEPTH)
		return false;
	for (size_t i = parent + 1; i < s->dies[parent].end;
	     i = s->dies[i].end) {
		unsigned tag = abbrev_of(s, i)->tag;
		const char *name;
		struct val v;
		size_t t;
		uint32_t talign;
		bool ok, descend = false;

		switch (tag) {
		case DW_TAG_namespace:
			descend = true;
			break;
		case DW_TAG_subprogram:
		case DW_TAG_lexical_block:
		case DW_TAG_inlined_subroutine:
			descend = !no_locals;
			break;
		case DW_TAG_structure_type:
		case DW_TAG_class_type:
		case DW_TAG_union_type:
			descend = true;
			if (die_attr(s, i, DW_AT_declaration, &v))
				break;
			name = die_name(s, i, &ok);
			if (!ok)
				return false;
			if (name && !add_event(s, i, name, false, 0))
				return false;
			break;
		case DW_TAG_typedef:
			if (!die_attr(s, i, DW_AT_type, &v))
				break;
			t = val_ref(s, &v);
			if (t == SIZE_MAX)
				return false;
			if (!is_aggregate(abbrev_of(s, t)->tag))
				break;
			name = die_name(s, t, &ok);
			if (!ok)
				return false;
			/* A declaration of a type unit's type: load.c
			   follows DW_AT_signature.  */
			if (die_attr(s, t, DW_AT_signature, &v))
				return false;
			if (name || die_attr(s, t, DW_AT_declaration, &v) ||
			    s->dies[t].typedef_taken)
				break;
			s->dies[t].typedef_taken = true;
			name = die_name(s, i, &ok);
			if (!ok)
				return false;
			talign = 0;
			if (die_attr(s, i, DW_AT_alignment, &v) &&
			    !val_align(s, &v, &talign))
				return false;
			if (name && !add_event(s, t, name, true, talign))
				return false;
			break;
		case DW_TAG_imported_unit:
			return false;
		default:
			break;
		}
		if (descend && !walk(s, i, depth + 1, no_locals))
			return false;
	}
	return true;
}

void ph_dw_scan_release(struct ph_dw_scan *s)
{
	if (s->unit)
		release_to(s, s->unit + s->unit_size);
	s->unit = NULL;
}

bool ph_dw_scan_unit(struct ph_dw_scan *s, Dwarf *dw, Dwarf_Die *cudie,
		     bool no_locals, const struct ph_dw_scan_event **events,
		     size_t *nr)
{
	if (s->dw != dw) {
		setup(s, dw);
		/* What counting the units mapped in.  */
		if (s->info) {
			release_to(s, s->info + s->info_size);
			s->released = s->info;
		}
	}
	s->nr_events = 0;
	s->unit = NULL;
	for (size_t i = 0; i < s->nr_files; i++)
		free(s->files[i]);
	s->nr_files = 0;
	s->files_state = 0;
	if (!read_unit(s, cudie) || !walk(s, 0, 0, no_locals))
		return false;
	*events = s->events;
	*nr = s->nr_events;
	return true;
}

/* The file names of a line table header, joined to their directories as
   libdw's dwarf_filesrc joins them (checked against it by the selftest,
   which runs every object both ways): a relative name after its
   directory, directory 0 being the unit's DW_AT_comp_dir before DWARF 5;
   file 0 before DWARF 5 is a placeholder.  Read here because libdw reads
   the whole line program for them and keeps it to the end, 85 KB a unit
   of a vmlinux.  */
static bool add_file(struct ph_dw_scan *s, const char *dir, const char *name)
{
	size_t nd = dir ? strlen(dir) : 0, nn = strlen(name);
	char *f;

	if (!ph_dw_reserve(&s->files, &s->cap_files, s->nr_files + 1,
		     sizeof(*s->files)))
		return false;
	f = malloc(nd + nn + 2);
	if (!f)
		return false;
	if (name[0] == '/' || !dir) {
		memcpy(f, name, nn + 1);
	} else {
		memcpy(f, dir, nd);
		f[nd] = '/';
		memcpy(f + nd + 1, name, nn + 1);
	}
	s->files[s->nr_files++] = f;
	return true;
}

/* A string of a line table entry.  */
static const char *line_string(const struct ph_dw_scan *s, struct cur *c,
			       unsigned form)
{
	const char *str;

	switch (form) {
	case DW_FORM_string:
		str = (const char *)c->p;
		if (!memchr(c->p, 0, c->end - c->p))
			return NULL;
		c->p += strlen(str) + 1;
		return str;
	case DW_FORM_line_strp:
		return in_strings(s->line_str, s->line_str_size, fixed(c, 4));
	case DW_FORM_strp:
		return in_strings(s->str, s->str_size, fixed(c, 4));
	default:
		return NULL;
	}
}

/* A number of a line table entry.  */
static bool line_number(const struct ph_dw_scan *s, struct cur *c,
			unsigned form, uint64_t *ret)
{
	switch (form) {
	case DW_FORM_data1:
		*ret = fixed(c, 1);
		return true;
	case DW_FORM_data2:
		*ret = fixed(c, 2);
		return true;
	case DW_FORM_data4:
		*ret = fixed(c, 4);
		return true;
	case DW_FORM_data8:
		*ret = fixed(c, 8);
		return true;
	case DW_FORM_udata:
		*ret = uleb(c);
		return true;
	default:
		*ret = 0;
		return skip_form(s, c, form);
	}
}

/* DWARF 5 directory entries (into *DIRS) or file entries (into S's
   files).  */
static bool read_entries(struct ph_dw_scan *s, struct cur *c, bool files,
			 const char ***dirs, size_t *nr_dirs)
{
	unsigned nfmt = (unsigned)fixed(c, 1);
	uint32_t fmt[2 * 32];
	uint64_t count;

	if (nfmt > 32)
		return false;
	for (unsigned k = 0; k < nfmt; k++) {
		fmt[2 * k] = (uint32_t)uleb(c);
		fmt[2 * k + 1] = (uint32_t)uleb(c);
	}
	count = uleb(c);
	if (c->bad || count > (uint64_t)(c->end - c->p))
		return false;
	if (!files) {
		*dirs = calloc(count ? count : 1, sizeof(**dirs));
		if (!*dirs)
			return false;
		*nr_dirs = count;
	}
	for (uint64_t i = 0; i < count; i++) {
		const char *path = NULL;
		uint64_t dir = 0;

		for (unsigned k = 0; k < nfmt; k++) {
			if (fmt[2 * k] == DW_LNCT_path) {
				if (!(path = line_string(s, c, fmt[2 * k + 1])))
					return false;
			} else if (fmt[2 * k] == DW_LNCT_directory_index) {
				if (!line_number(s, c, fmt[2 * k + 1], &dir))
					return false;
			} else if (!skip_form(s, c, fmt[2 * k + 1])) {
				return false;
			}
			if (c->bad)
				return false;
		}
		if (!path)
			return false;
		if (!files) {
			(*dirs)[i] = path;
		} else if (dir >= *nr_dirs ||
			   !add_file(s, (*dirs)[dir], path)) {
			return false;
		}
	}
	return true;
}

static bool read_files(struct ph_dw_scan *s, uint64_t off,
		       const char *comp_dir)
{
	struct cur c;
	uint64_t len, version;
	const char **dirs = NULL;
	size_t nr_dirs = 0;
	bool ok = false;

	if (!s->line || off >= s->line_size)
		return false;
	c.p = s->line + off;
	c.end = s->line + s->line_size;
	c.bad = false;
	len = fixed(&c, 4);
	if (c.bad || len >= 0xfffffff0u || len > (uint64_t)(c.end - c.p))
		return false;
	c.end = c.p + len;
	version = fixed(&c, 2);
	if (version < 2 || version > 5)
		return false;
	if (version == 5)
		skip(&c, 2);	/* address and segment selector sizes */
	skip(&c, 4);		/* header_length */
	skip(&c, version >= 4 ? 2 : 1);	/* instruction lengths */
	skip(&c, 3);		/* default_is_stmt, line_base, line_range */
	skip(&c, fixed(&c, 1) - 1);	/* opcode_base, standard lengths */
	if (c.bad)
		return false;
	if (version == 5) {
		ok = read_entries(s, &c, false, &dirs, &nr_dirs) &&
		     read_entries(s, &c, true, &dirs, &nr_dirs);
		free(dirs);
		return ok && !c.bad;
	}
	/* Directory 0 is the compilation directory; file 0 is none.  */
	nr_dirs = 1;
	dirs = malloc(sizeof(*dirs));
	if (!dirs)
		return false;
	dirs[0] = comp_dir;
	for (;;) {
		const char *dir = line_string(s, &c, DW_FORM_string), **v;

		if (!dir)
			goto out;
		if (!*dir)
			break;
		v = realloc(dirs, (nr_dirs + 1) * sizeof(*dirs));
		if (!v)
			goto out;
		dirs = v;
		dirs[nr_dirs++] = dir;
	}
	if (!add_file(s, NULL, "???"))
		goto out;
	for (;;) {
		const char *name = line_string(s, &c, DW_FORM_string);
		uint64_t dir;

		if (!name)
			goto out;
		if (!*name)
			break;
		dir = uleb(&c);
		uleb(&c);	/* mtime */
		uleb(&c);	/* length */
		if (c.bad || dir >= nr_dirs || !add_file(s, dirs[dir], name))
			goto out;
	}
	ok = true;
out:
	free(dirs);
	return ok;
}

const char *ph_dw_scan_file(struct ph_dw_scan *s, uint64_t stmt_list,
			    const char *comp_dir, uint64_t idx, bool *known)
{
	*known = false;
	if (s->files_state == 0)
		s->files_state = read_files(s, stmt_list, comp_dir) ? 1 : -1;
	if (s->files_state < 0)
		return NULL;
	*known = true;
	return idx < s->nr_files ? s->files[idx] : NULL;
}
