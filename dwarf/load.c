/* Files into the model: libdwfl opens them (applying the relocations of
   .o and .ko files), every unit's DIE tree is walked for the struct,
   union and class definitions, and each distinct layout is kept once.  */
#include "reader.h"

#include <dwarf.h>
#include <elfutils/libdwfl.h>
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const Dwfl_Callbacks offline_callbacks = {
	.find_elf = NULL,
	.find_debuginfo = dwfl_standard_find_debuginfo,
	.section_address = dwfl_offline_section_address,
	.debuginfo_path = NULL,
};

struct walk {
	struct ph_dw_ctx *ctx;
	struct ph_model *out;
	struct ph_dw_dedup *dedup;
	const struct ph_dw_filter *filter;
	/* Anonymous aggregates already reported under a typedef's name.  */
	struct ph_dw_offmap typedef_named;
	struct ph_buf name;
};

static bool is_aggregate(int tag)
{
	return tag == DW_TAG_structure_type || tag == DW_TAG_class_type ||
	       tag == DW_TAG_union_type;
}

static enum ph_kind kind_of(int tag)
{
	return tag == DW_TAG_union_type ? PH_KIND_UNION :
	       tag == DW_TAG_class_type ? PH_KIND_CLASS : PH_KIND_STRUCT;
}

/* The next sibling, refusing a DW_AT_sibling that points backwards (a
   loop in corrupt input).  1 at the end.  */
static int next_sibling(Dwarf_Die *die)
{
	Dwarf_Off off = dwarf_dieoffset(die);
	int rc = dwarf_siblingof(die, die);

	if (rc == 0 && dwarf_dieoffset(die) <= off)
		return -1;
	return rc;
}

static struct ph_error *report(struct walk *w, Dwarf_Die *die,
			       const char *name, bool typedef_name)
{
	struct ph_type t;
	struct ph_error *err;
	bool built, seen;

	/* Types the compiler made for itself (__va_list_tag): the plugin
	   leaves them out too.  */
	const char *file = dwarf_decl_file(die);
	size_t len = file ? strlen(file) : 0;
	if (len >= 10 && strcmp(file + len - 10, "<built-in>") == 0)
		return NULL;
	if (w->filter && w->filter->want &&
	    !w->filter->want(w->filter->arg, name, kind_of(dwarf_tag(die))))
		return NULL;
	if ((err = ph_dw_build_type(w->ctx, die, name, typedef_name, &t,
				    &built)) || !built)
		return err;
	if ((err = ph_dw_dedup_seen(w->dedup, &t, &seen)) || seen)
		return err;
	return ph_model_add_type(w->out, &t, NULL);
}

static struct ph_error *visit_aggregate(struct walk *w, Dwarf_Die *die)
{
	struct ph_error *err;
	bool named;

	if (dwarf_hasattr_integrate(die, DW_AT_declaration))
		return NULL;
	w->name.len = 0;
	if ((err = ph_dw_qualified_name(w->ctx, die, &w->name, &named)))
		return err;
	if (!named)
		return NULL;	/* reported under a typedef, or nested */
	if ((err = ph_buf_error(&w->name)))
		return err;
	return report(w, die, w->name.data, false);
}

/* typedef struct { ... } name;  The first typedef names the type.  */
static struct ph_error *visit_typedef(struct walk *w, Dwarf_Die *die)
{
	Dwarf_Die target;
	struct ph_error *err;
	bool present, named;
	uint64_t off;

	if ((err = ph_dw_type(die, &present, &target)) || !present)
		return err;
	if (!is_aggregate(dwarf_tag(&target)) || dwarf_diename(&target) ||
	    dwarf_hasattr_integrate(&target, DW_AT_declaration))
		return NULL;
	off = dwarf_dieoffset(&target);
	if (ph_dw_offmap_get(&w->typedef_named, off))
		return NULL;
	if ((err = ph_dw_offmap_put(&w->typedef_named, off, 1)))
		return err;
	w->name.len = 0;
	if ((err = ph_dw_qualified_name(w->ctx, die, &w->name, &named)) ||
	    !named)
		return err;
	if ((err = ph_buf_error(&w->name)))
		return err;
	return report(w, &target, w->name.data, true);
}

/* Records the parents of the DIEs C++ names need, then (second pass)
   reports the types.  */
static struct ph_error *walk_tree(struct walk *w, Dwarf_Die *parent,
				  unsigned depth, bool record_parents)
{
	Dwarf_Die child;
	struct ph_error *err;
	int rc;

	if (depth > PH_DW_MAX_TREE_DEPTH)
		return ph_dw_error(parent, NULL, "DIE tree too deep");
	rc = dwarf_child(parent, &child);
	if (rc < 0)
		return ph_dw_error(parent, NULL, "cannot read the children");
	for (; rc == 0; rc = next_sibling(&child)) {
		int tag = dwarf_tag(&child);
		bool descend = false;

		switch (tag) {
		case DW_TAG_namespace:
			descend = true;
			break;
		case DW_TAG_structure_type:
		case DW_TAG_class_type:
		case DW_TAG_union_type:
			if (!record_parents &&
			    (err = visit_aggregate(w, &child)))
				return err;
			descend = true;	/* nested type definitions */
			break;
		case DW_TAG_enumeration_type:
			break;
		case DW_TAG_typedef:
			if (!record_parents && (err = visit_typedef(w, &child)))
				return err;
			break;
		case DW_TAG_subprogram:
		case DW_TAG_lexical_block:
		case DW_TAG_inlined_subroutine:
			/* Types local to functions: C only, C++ would need
			   the function in the name.  */
			descend = !w->ctx->cxx;
			break;
		default:
			break;
		}
		if (record_parents && (is_aggregate(tag) ||
				       tag == DW_TAG_namespace ||
				       tag == DW_TAG_enumeration_type ||
				       tag == DW_TAG_typedef) &&
		    (err = ph_dw_offmap_put(&w->ctx->parents,
					    dwarf_dieoffset(&child),
					    dwarf_dieoffset(parent) + 1)))
			return err;
		if (descend &&
		    (err = walk_tree(w, &child, depth + 1, record_parents)))
			return err;
	}
	if (rc < 0)
		return ph_dw_error(parent, NULL, "corrupt DIE tree");
	return NULL;
}

static struct ph_error *walk_unit(struct walk *w, Dwarf_Die *root)
{
	struct ph_dw_ctx *ctx = w->ctx;
	struct ph_error *err;
	Dwarf_Attribute attr;
	int lang = dwarf_srclang(root);

	ctx->cxx = lang == DW_LANG_C_plus_plus ||
		   lang == DW_LANG_C_plus_plus_03 ||
		   lang == DW_LANG_C_plus_plus_11 ||
		   lang == DW_LANG_C_plus_plus_14;
	ctx->c_prototypes = true;
	ctx->comp_dir = dwarf_attr(root, DW_AT_comp_dir, &attr) ?
			dwarf_formstring(&attr) : NULL;
	ctx->relative_unit = dwarf_diename(root) &&
			     dwarf_diename(root)[0] != '/';
	/* A fresh scratch model per unit: what a unit builds and does not
	   keep goes with it.  */
	ph_model_destroy(ctx->model);
	ctx->model = NULL;
	if ((err = ph_model_create(&ctx->model)))
		return err;
	if (ctx->cxx && (err = walk_tree(w, root, 0, true)))
		return err;
	return walk_tree(w, root, 0, false);
}

static struct ph_error *load_dwarf(const char *path, Dwfl_Module *mod,
				   Dwarf *dw, struct ph_model *out,
				   struct ph_dw_dedup *dedup,
				   const struct ph_dw_filter *filter)
{
	struct ph_dw_ctx ctx;
	struct walk w;
	struct ph_error *err = NULL;
	Dwarf_CU *cu = NULL, *next;
	Dwarf_Half version;
	uint8_t unit_type;
	Dwarf_Die cudie, subdie;
	GElf_Addr bias;
	GElf_Ehdr ehdr;
	Elf *elf = dwfl_module_getelf(mod, &bias);
	int rc;

	memset(&ctx, 0, sizeof(ctx));
	ctx.dw = dw;
	ctx.path = path;
	ctx.addr_size = 8;
	if (elf && gelf_getehdr(elf, &ehdr)) {
		ctx.addr_size = ehdr.e_ident[EI_CLASS] == ELFCLASS32 ? 4 : 8;
		ctx.i386 = ehdr.e_machine == EM_386;
		if (ehdr.e_ident[EI_DATA] == ELFDATA2MSB)
			return ph_error_create(PH_ERROR_INVALID,
					       "big-endian targets are not "
					       "supported yet");
	}
	ph_dw_offmap_init(&ctx.parents);
	ph_dw_offmap_init(&ctx.aligns);
	ph_dw_offmap_init(&ctx.user_aligns);
	ph_dw_offmap_init(&ctx.paddings);
	memset(&w, 0, sizeof(w));
	w.ctx = &ctx;
	w.out = out;
	w.dedup = dedup;
	w.filter = filter;
	ph_dw_offmap_init(&w.typedef_named);
	ph_buf_init(&w.name);

	while ((rc = dwarf_get_units(dw, cu, &next, &version, &unit_type,
				     &cudie, &subdie)) == 0) {
		Dwarf_Die *root = &cudie;

		cu = next;
		if (version < 2 || version > 5)
			continue;
		/* A skeleton unit's types are in its split unit.  */
		if (unit_type == DW_UT_skeleton && dwarf_tag(&subdie) != DW_TAG_invalid)
			root = &subdie;
		if ((err = walk_unit(&w, root)))
			break;
	}
	if (!err && rc < 0)
		err = ph_error_create(PH_ERROR_INVALID,
				      "cannot read the compile units: %s",
				      dwarf_errmsg(-1));
	ph_model_destroy(ctx.model);
	ph_dw_offmap_deinit(&ctx.parents);
	ph_dw_offmap_deinit(&ctx.aligns);
	ph_dw_offmap_deinit(&ctx.user_aligns);
	ph_dw_offmap_deinit(&ctx.paddings);
	ph_dw_offmap_deinit(&w.typedef_named);
	ph_buf_deinit(&w.name);
	return err;
}

struct modules {
	const char *path;
	struct ph_model *out;
	struct ph_dw_dedup *dedup;
	const struct ph_dw_filter *filter;
	struct ph_error *err;
	unsigned with_dwarf;
};

static int each_module(Dwfl_Module *mod, void **userdata, const char *name,
		       Dwarf_Addr start, void *arg)
{
	struct modules *ms = arg;
	Dwarf_Addr bias;
	Dwarf *dw;

	(void)userdata;
	(void)name;
	(void)start;
	dw = dwfl_module_getdwarf(mod, &bias);
	if (!dw)
		return DWARF_CB_OK;
	ms->with_dwarf++;
	ms->err = load_dwarf(ms->path, mod, dw, ms->out, ms->dedup,
			     ms->filter);
	return ms->err ? DWARF_CB_ABORT : DWARF_CB_OK;
}

/* Checks what libelf would only call "invalid": a file that is not ELF
   at all, or shorter than its own headers.  */
static struct ph_error *check_file(const char *path)
{
	union {
		unsigned char ident[EI_NIDENT];
		Elf32_Ehdr e32;
		Elf64_Ehdr e64;
	} h;
	unsigned char *ident = h.ident;
	struct stat st;
	struct ph_error *err = NULL;
	ssize_t n;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return ph_error_errno(errno, "cannot open");
	if (fstat(fd, &st) < 0) {
		err = ph_error_errno(errno, "cannot stat");
	} else if (S_ISDIR(st.st_mode)) {
		err = ph_error_create(PH_ERROR_INVALID, "is a directory");
	} else if ((n = read(fd, &h, sizeof(h))) < 0) {
		err = ph_error_errno(errno, "cannot read");
	} else if (n >= 8 && memcmp(ident, "!<arch>\n", 8) == 0) {
		err = NULL;	/* an archive: libdwfl reads its members */
	} else if (n < SELFMAG || memcmp(ident, ELFMAG, SELFMAG) != 0) {
		err = ph_error_create(PH_ERROR_INVALID, "not an ELF file");
	} else if (n < EI_NIDENT ||
		   (ident[EI_CLASS] == ELFCLASS64 &&
		    (uint64_t)st.st_size < sizeof(Elf64_Ehdr)) ||
		   (ident[EI_CLASS] == ELFCLASS32 &&
		    (uint64_t)st.st_size < sizeof(Elf32_Ehdr))) {
		err = ph_error_create(PH_ERROR_INVALID,
				      "truncated ELF file");
	} else {
		/* The section headers, without which nothing is found,
		   must be inside the file (headers in the file's byte
		   order; ours is little-endian, see load_dwarf).  */
		uint64_t shoff, shend;

		if (ident[EI_CLASS] == ELFCLASS64)
			shoff = h.e64.e_shoff,
			shend = shoff + (uint64_t)h.e64.e_shnum *
					h.e64.e_shentsize;
		else
			shoff = h.e32.e_shoff,
			shend = shoff + (uint64_t)h.e32.e_shnum *
					h.e32.e_shentsize;
		if (ident[EI_DATA] == ELFDATA2LSB && shoff &&
		    shend > (uint64_t)st.st_size)
			err = ph_error_create(PH_ERROR_INVALID,
					      "truncated ELF file (section "
					      "headers end at %" PRIu64
					      ", the file at %" PRIu64 ")",
					      shend, (uint64_t)st.st_size);
	}
	close(fd);
	return err;
}

struct ph_error *ph_dw_load_file(const char *path, struct ph_model *model,
				 struct ph_dw_dedup *dedup,
				 const struct ph_dw_filter *filter)
{
	struct modules ms = { path, model, dedup, filter, NULL, 0 };
	struct ph_error *err;
	Dwfl *dwfl;

	if ((err = check_file(path)))
		return err;
	dwfl = dwfl_begin(&offline_callbacks);
	if (!dwfl)
		return ph_error_create(PH_ERROR_INVALID, "libdwfl: %s",
				       dwfl_errmsg(-1));
	if (!dwfl_report_offline(dwfl, path, path, -1)) {
		int e = dwfl_errno();

		err = ph_error_create(PH_ERROR_INVALID,
				      "malformed or truncated ELF file (%s)",
				      dwfl_errmsg(e));
		goto out;
	}
	if (dwfl_report_end(dwfl, NULL, NULL) != 0) {
		err = ph_error_create(PH_ERROR_INVALID, "libdwfl: %s",
				      dwfl_errmsg(-1));
		goto out;
	}
	if (dwfl_getmodules(dwfl, each_module, &ms, 0) < 0 && !ms.err)
		ms.err = ph_error_create(PH_ERROR_INVALID, "libdwfl: %s",
					 dwfl_errmsg(-1));
	err = ms.err;
	if (!err && !ms.with_dwarf) {
		int e = dwfl_errno();

		err = ph_error_create(PH_ERROR_INVALID,
				      "no debug information (DWARF)%s%s%s",
				      e ? " (" : "", e ? dwfl_errmsg(e) : "",
				      e ? ")" : "");
	}
out:
	dwfl_end(dwfl);
	return err;
}
