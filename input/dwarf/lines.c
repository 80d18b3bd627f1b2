/* Line tables: the file names DW_AT_decl_file indexes.  For a unit the
   fast path read, or any unit of a walk through libdw (pokefunct), its
   line table header is read here (lines below); any other unit's
   through libdw (util.c's ph_dw_decl_file).  */
#include "lines.h"
#include "../../reorg/array.h"
#include "cursor.h"
#include "dw.h"

#include <stdlib.h>

void ph_dw_file_table_clear(struct ph_dw_file_table *t)
{
	for (size_t i = 0; i < t->nr_files; i++)
		free(t->files[i]);
	t->nr_files = 0;
	t->state = 0;
	t->unit = 0;
}

void ph_dw_file_table_deinit(struct ph_dw_file_table *t)
{
	ph_dw_file_table_clear(t);
	free(t->files);
	t->files = NULL;
	t->cap_files = 0;
}

/* The file names of a line table header, joined to their directories as
   libdw's dwarf_filesrc joins them (checked against it by the selftest,
   which runs every object both ways): a relative name after its
   directory, directory 0 being the unit's DW_AT_comp_dir before DWARF 5;
   file 0 before DWARF 5 is a placeholder.  Read here because libdw reads
   the whole line program for them and keeps it to the end, 85 KB a unit
   of a vmlinux.  */
static bool add_file(struct ph_dw_file_table *t, const char *dir,
		     const char *name)
{
	size_t nd = dir ? strlen(dir) : 0, nn = strlen(name);
	char *f;

	if (ph_array_reserve(&t->files, &t->cap_files, t->nr_files + 1,
		     sizeof(*t->files)))
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
	t->files[t->nr_files++] = f;
	return true;
}

/* A string of a line table entry.  */
static const char *line_string(const struct ph_dw_sections *s, struct cur *c,
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

/* A number of a line table entry (DW_FORM_addr: ADDR_SIZE bytes).  */
static bool line_number(unsigned addr_size, struct cur *c, unsigned form,
			uint64_t *ret)
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
		return skip_form(c, form, addr_size);
	}
}

/* DWARF 5 directory entries (into *DIRS) or file entries (into T), of a
   table whose addresses are ADDR_SIZE bytes.  */
static bool read_entries(struct ph_dw_file_table *t,
			 const struct ph_dw_sections *s, unsigned addr_size,
			 struct cur *c, bool files, const char ***dirs,
			 size_t *nr_dirs)
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
				if (!line_number(addr_size, c, fmt[2 * k + 1],
						 &dir))
					return false;
			} else if (!skip_form(c, fmt[2 * k + 1], addr_size)) {
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
			   !add_file(t, (*dirs)[dir], path)) {
			return false;
		}
	}
	return true;
}

static bool read_files(struct ph_dw_file_table *t,
		       const struct ph_dw_sections *s, uint64_t off,
		       const char *comp_dir)
{
	struct cur c;
	uint64_t len, version;
	const char **dirs = NULL;
	size_t nr_dirs = 0, cap_dirs = 0;
	unsigned addr_size = 0;
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
	if (version == 5) {
		addr_size = (unsigned)fixed(&c, 1);
		skip(&c, 1);	/* segment selector size */
	}
	skip(&c, 4);		/* header_length */
	skip(&c, version >= 4 ? 2 : 1);	/* instruction lengths */
	skip(&c, 3);		/* default_is_stmt, line_base, line_range */
	skip(&c, fixed(&c, 1) - 1);	/* opcode_base, standard lengths */
	if (c.bad)
		return false;
	if (version == 5) {
		ok = read_entries(t, s, addr_size, &c, false, &dirs,
				  &nr_dirs) &&
		     read_entries(t, s, addr_size, &c, true, &dirs, &nr_dirs);
		free(dirs);
		return ok && !c.bad;
	}
	/* Directory 0 is the compilation directory; file 0 is none.  */
	if (ph_array_reserve(&dirs, &cap_dirs, 1, sizeof(*dirs)))
		return false;
	dirs[nr_dirs++] = comp_dir;
	for (;;) {
		const char *dir = line_string(s, &c, DW_FORM_string);

		if (!dir)
			goto out;
		if (!*dir)
			break;
		if (ph_array_reserve(&dirs, &cap_dirs, nr_dirs + 1,
				   sizeof(*dirs)))
			goto out;
		dirs[nr_dirs++] = dir;
	}
	if (!add_file(t, NULL, "???"))
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
		if (c.bad || dir >= nr_dirs || !add_file(t, dirs[dir], name))
			goto out;
	}
	ok = true;
out:
	free(dirs);
	return ok;
}

const char *ph_dw_file_table_get(struct ph_dw_file_table *t,
				 const struct ph_dw_sections *sec,
				 uint64_t stmt_list, const char *comp_dir,
				 uint64_t idx, bool *known)
{
	*known = false;
	if (t->state == 0)
		t->state = read_files(t, sec, stmt_list, comp_dir) ? 1 : -1;
	if (t->state < 0)
		return NULL;
	*known = true;
	return idx < t->nr_files ? t->files[idx] : NULL;
}

struct ph_dw_lines {
	struct ph_dw_sections sec;
	struct ph_dw_file_table files;
};

struct ph_error *ph_dw_lines_create(struct ph_dw_lines **ret)
{
	*ret = calloc(1, sizeof(**ret));
	return *ret ? NULL : &ph_error_nomem;
}

void ph_dw_lines_destroy(struct ph_dw_lines *l)
{
	if (!l)
		return;
	ph_dw_file_table_deinit(&l->files);
	free(l);
}

struct ph_error *ph_dw_lines_decl_file(struct ph_dw_lines *l, Dwarf *dw,
				       Dwarf_Die *die, const char **ret)
{
	Dwarf_Attribute attr, a;
	Dwarf_Word idx, stmt_list;
	Dwarf_Die cudie;
	uint8_t unit_type;

	*ret = NULL;
	if (!dwarf_attr_integrate(die, DW_AT_decl_file, &attr) ||
	    dwarf_formudata(&attr, &idx) != 0)
		return NULL;
	/* The index is into the table of the unit the attribute is in,
	   which need not be DIE's.  */
	if (attr.cu && dwarf_cu_getdwarf(attr.cu) == dw &&
	    dwarf_cu_info(attr.cu, NULL, &unit_type, &cudie, NULL, NULL, NULL,
			  NULL) == 0 &&
	    (unit_type == DW_UT_compile || unit_type == DW_UT_partial) &&
	    dwarf_attr(&cudie, DW_AT_stmt_list, &a) &&
	    dwarf_formudata(&a, &stmt_list) == 0) {
		Dwarf_Off unit = dwarf_dieoffset(&cudie) + 1;
		const char *file, *comp_dir;
		bool known;

		if (l->sec.dw != dw)
			ph_dw_sections_read(&l->sec, dw);
		if (l->files.unit != unit) {
			ph_dw_file_table_clear(&l->files);
			l->files.unit = unit;
		}
		comp_dir = dwarf_attr(&cudie, DW_AT_comp_dir, &a) ?
			   dwarf_formstring(&a) : NULL;
		file = ph_dw_file_table_get(&l->files, &l->sec, stmt_list,
					    comp_dir, idx, &known);
		if (known) {
			*ret = file;
			return NULL;
		}
	}
	return ph_dw_decl_file(die, ret);
}
