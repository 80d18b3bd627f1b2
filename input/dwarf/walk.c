/* The walk of one unit's DIE tree for the types to report (or the fast
   path's events, scan.c, for a C unit): each wanted type built into the
   unit's model unless its layout was built already, or set aside when it
   needs a class only declared here (deferred.c).  */
#include "walk.h"
#include "../../reorg/array.h"
#include "built.h"
#include "ctx.h"
#include "deferred.h"
#include "fprint.h"
#include "scan.h"
#include "scan-fprint.h"
#include "members.h"
#include "walk-rule.h"

#include <dwarf.h>
#include <elfutils/libdwelf.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

static struct ph_error *defer(struct ph_dw_walk *w, Dwarf_Die *die,
			      const char *name, bool typedef_name,
			      uint32_t typedef_align)
{
	struct ph_dw_ctx *ctx = w->ctx;
	struct ph_dw_deferred *d;

	if (ph_array_reserve(&w->deferred, &w->deferred_cap,
			   w->nr_deferred + 1, sizeof(*w->deferred)))
		return &ph_error_nomem;
	d = &w->deferred[w->nr_deferred];
	memset(d, 0, sizeof(*d));
	ph_dw_loc_of(ctx, die, &d->loc);
	d->loc.module = w->module_index;
	if (ph_dw_deferred_own(d, name, &ctx->unit))
		return &ph_error_nomem;
	d->typedef_name = typedef_name;
	d->typedef_align = typedef_align;
	d->elf32 = w->elf32;
	d->i386 = w->i386;
	w->nr_deferred++;
	return NULL;
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

/* Whether a type found by the walk is one to report, in *RET.  */
static struct ph_error *wanted(struct ph_dw_walk *w, Dwarf_Die *die,
			       const char *name, bool *ret)
{
	/* Types the compiler made for itself (__va_list_tag): the plugin
	   leaves them out too.  They are on line 0 of "<built-in>"; a type
	   with a line is not one, which spares reading the unit's line
	   table (libdw keeps it to the end: 200 MB for a vmlinux).  */
	Dwarf_Attribute attr;
	Dwarf_Word line;

	if (!w->pahole_types &&
	    (!dwarf_attr(die, DW_AT_decl_line, &attr) ||
	     dwarf_formudata(&attr, &line) != 0 || line == 0)) {
		const char *file;
		struct ph_error *err = ph_dw_ctx_decl_file(w->ctx, die, &file);
		size_t len = file ? strlen(file) : 0;

		*ret = false;
		if (err || (len >= 10 &&
			    strcmp(file + len - 10, "<built-in>") == 0))
			return err;
	}
	*ret = !w->filter || !w->filter->want ||
	       w->filter->want(w->filter->arg, name,
			       ph_dw_kind_of((unsigned)dwarf_tag(die)));
	return NULL;
}

/* Builds a wanted type into the unit's model unless its layout was
   produced already; FP, when not NULL, is its fingerprint.  */
static struct ph_error *build(struct ph_dw_walk *w, Dwarf_Die *die,
			      const char *name, bool typedef_name,
			      uint32_t typedef_align, const struct ph_dw_fp *fp)
{
	struct ph_type t;
	struct ph_error *err;
	const char *missed;
	bool built, seen;

	w->nr_built++;
	err = ph_dw_lay_out(w->ctx, die, name, typedef_name, &t, &built,
			    &missed);
	if (missed)	/* another unit may define the class: see defs.c */
		return defer(w, die, name, typedef_name, typedef_align);
	if (err || !built)
		return err;
	ph_dw_take_typedef_align(&t, typedef_align);
	if ((err = ph_dedup_seen(w->dedup, &t, &seen)))
		return err;
	if (fp && (err = ph_dw_built_add(w->built, fp, w->unit_index)))
		return err;
	if (seen)
		return NULL;
	return ph_model_add_type(w->out, &t, NULL);
}

static struct ph_error *report(struct ph_dw_walk *w, Dwarf_Die *die,
			       const char *name, bool typedef_name,
			       uint32_t typedef_align)
{
	struct ph_dw_fp fp;
	struct ph_error *err;
	bool have_fp = false, want;

	if ((err = wanted(w, die, name, &want)) || !want)
		return err;
	/* A type whose twin (the same DWARF but for where it sits) was
	   built already has the same layout: DEDUP has it.
	   libdw's last error, which messages name, is left as it was:
	   fingerprints are taken only while there is none.  */
	if (!w->ctx->unit.cxx && !dwarf_errmsg(0)) {
		have_fp = ph_dw_fingerprint(w->fp_memo, die, name,
					    typedef_name, typedef_align, &fp);
		(void)dwarf_errno();
		if (have_fp && ph_dw_built_before(w->built, &fp, w->unit_index))
			return NULL;
	}
	return build(w, die, name, typedef_name, typedef_align,
		     have_fp ? &fp : NULL);
}

/* What the fast path (scan.c) found in a unit, reported in its order;
   libdw reads only the types not seen before.  */
static struct ph_error *report_events(struct ph_dw_walk *w,
				      const struct ph_dw_scan_event *ev,
				      size_t n)
{
	for (size_t i = 0; i < n; i++) {
		const struct ph_dw_scan_event *e = &ev[i];
		struct ph_error *err;
		struct ph_dw_fp fp;
		bool have_fp, want;
		Dwarf_Die die;

		if (w->filter && w->filter->want &&
		    !w->filter->want(w->filter->arg, e->name, e->kind))
			continue;
		have_fp = ph_dw_scan_fingerprint(w->scan, e, &fp);
		if (have_fp && ph_dw_built_before(w->built, &fp, w->unit_index))
			continue;
		if (!dwarf_offdie(w->ctx->dw, e->off, &die))
			return ph_error_create(PH_ERROR_INVALID,
					       "cannot read the DIE at 0x%"
					       PRIx64 ": %s", e->off,
					       dwarf_errmsg(-1));
		if ((err = wanted(w, &die, e->name, &want)))
			return err;
		if (!want)
			continue;
		if ((err = build(w, &die, e->name, e->typedef_name,
				 e->typedef_align,
				 have_fp ? &fp : NULL)))
			return err;
	}
	return NULL;
}

static struct ph_error *visit_aggregate(struct ph_dw_walk *w, Dwarf_Die *die)
{
	struct ph_error *err;
	bool named;

	if (dwarf_hasattr(die, DW_AT_declaration))
		return NULL;
	w->name.len = 0;
	if ((err = ph_dw_qualified_name(w->ctx, die, &w->name, &named)))
		return err;
	if (!named)
		return NULL;	/* reported under a typedef, or nested */
	if ((err = ph_buf_error(&w->name)))
		return err;
	if (!w->name.data || !*w->name.data)
		return NULL;	/* DW_AT_name "" (corrupt input): no name */
	if (w->ctx->unit.cxx && dwarf_hasattr(die, DW_AT_byte_size) &&
	    ph_dw_defs_global_name(w->name.data)) {
		struct ph_dw_loc loc;

		ph_dw_loc_of(w->ctx, die, &loc);
		loc.module = w->module_index;
		if ((err = ph_dw_defs_add(w->defs, w->name.data, &loc)))
			return err;
	}
	return report(w, die, w->name.data, false, 0);
}

/* A lambda's closure: a class DWARF leaves unnamed whose constructors
   and destructor GCC calls "<lambda>" and "~<lambda>" (and marks
   artificial; which of them are written depends on their use).  A type
   the compiler made, which the plugin leaves out too, even where a typedef names it
   (std::remove_reference<decltype (f)>::type).  */
static bool is_closure(Dwarf_Die *agg)
{
	Dwarf_Die child;
	const char *name;

	if (dwarf_child(agg, &child) != 0)
		return false;
	do {
		if (dwarf_tag(&child) == DW_TAG_subprogram &&
		    dwarf_hasattr(&child, DW_AT_artificial) &&
		    (name = dwarf_diename(&child)) &&
		    (strcmp(name, "<lambda>") == 0 ||
		     strcmp(name, "~<lambda>") == 0))
			return true;
	} while (dwarf_siblingof(&child, &child) == 0);
	return false;
}

/* typedef struct { ... } name;  The first typedef names the type.  */
static struct ph_error *visit_typedef(struct ph_dw_walk *w, Dwarf_Die *die)
{
	Dwarf_Die target;
	struct ph_dw_offmap *named_map;
	struct ph_error *err;
	bool present, named;
	uint64_t key, align;

	if ((err = ph_dw_type(die, &present, &target)) || !present)
		return err;
	if (!ph_dw_is_aggregate((unsigned)dwarf_tag(&target)) ||
	    dwarf_diename(&target) ||
	    dwarf_hasattr(&target, DW_AT_declaration) ||
	    (w->ctx->unit.cxx && !w->pahole_types && is_closure(&target)))
		return NULL;
	key = ph_dw_key(&target);
	named_map = target.cu == w->unit_cu ? &w->typedef_named
					    : &w->typedef_named_shared;
	if (ph_dw_offmap_get(named_map, key))
		return NULL;
	if ((err = ph_dw_offmap_put(named_map, key, 1)))
		return err;
	w->name.len = 0;
	if ((err = ph_dw_qualified_name(w->ctx, die, &w->name, &named)) ||
	    !named)
		return err;
	if ((err = ph_buf_error(&w->name)))
		return err;
	if (!w->name.data || !*w->name.data)
		return NULL;	/* DW_AT_name "" (corrupt input): no name */
	if ((err = ph_dw_udata(die, DW_AT_alignment, "DW_AT_alignment",
			       &present, &align)))
		return err;
	return report(w, &target, w->name.data, true,
		      !present ? 0 : align > 1u << 30 ? 1u << 30
						     : (uint32_t)align);
}

static bool cxx_lang(int lang)
{
	return lang == DW_LANG_C_plus_plus || lang == DW_LANG_C_plus_plus_03 ||
	       lang == DW_LANG_C_plus_plus_11 ||
	       lang == DW_LANG_C_plus_plus_14;
}

static struct ph_error *walk_tree(struct ph_dw_walk *w, Dwarf_Die *parent,
				  unsigned depth);

/* DW_TAG_imported_unit (dwz): the partial unit's types are walked where
   it is first imported, in this file or in the alternate file
   (.gnu_debugaltlink, DW_FORM_GNU_ref_alt).  A partial unit without
   DW_AT_language is in the importer's language.  */
static struct ph_error *visit_import(struct ph_dw_walk *w, Dwarf_Die *die,
				     unsigned depth)
{
	struct ph_dw_ctx *ctx = w->ctx;
	Dwarf_Attribute attr;
	Dwarf_Die unit;
	struct ph_error *err;
	bool cxx = ctx->unit.cxx;
	int lang;

	if (!dwarf_attr(die, DW_AT_import, &attr))
		return NULL;
	if (!dwarf_formref_die(&attr, &unit)) {
		const char *alt = NULL;
		const void *build_id;

		if (dwarf_whatform(&attr) != DW_FORM_GNU_ref_alt &&
		    dwarf_whatform(&attr) != DW_FORM_ref_sup4 &&
		    dwarf_whatform(&attr) != DW_FORM_ref_sup8)
			return ph_dw_error(die, "DW_AT_import",
					   "bad unit reference");
		if (dwelf_dwarf_gnu_debugaltlink(ctx->dw, &alt,
						 &build_id) <= 0 || !alt)
			return ph_dw_error(die, "DW_AT_import",
					   "cannot read the dwz alternate "
					   "file");
		/* The file itself is what is wrong: no DIE to name.  */
		return ph_error_create(PH_ERROR_INVALID,
				       "cannot find the dwz alternate file "
				       "%s (.gnu_debugaltlink)", alt);
	}
	if (dwarf_tag(&unit) != DW_TAG_partial_unit &&
	    dwarf_tag(&unit) != DW_TAG_compile_unit)
		return NULL;
	if (ph_dw_offmap_get(&w->imported, ph_dw_key(&unit)))
		return NULL;
	if ((err = ph_dw_offmap_put(&w->imported, ph_dw_key(&unit), 1)))
		return err;
	lang = dwarf_srclang(&unit);
	if (lang >= 0)
		ctx->unit.cxx = cxx_lang(lang);
	err = walk_tree(w, &unit, depth + 1);
	ctx->unit.cxx = cxx;
	return err;
}

/* Reports the types of a unit's tree.  */
static struct ph_error *walk_tree(struct ph_dw_walk *w, Dwarf_Die *parent,
				  unsigned depth)
{
	struct ph_error *err;
	Dwarf_Die child;
	int rc;

	if ((err = ph_dw_first_child(parent, depth, &child, &rc)))
		return err;
	for (; rc == 0; rc = next_sibling(&child)) {
		bool descend = false;

		switch (ph_dw_step_of((unsigned)dwarf_tag(&child),
				      w->pahole_types)) {
		case PH_DW_STEP_DESCEND:
			descend = true;
			break;
		case PH_DW_STEP_AGGREGATE:
			if ((err = visit_aggregate(w, &child)))
				return err;
			descend = true;	/* nested type definitions */
			break;
		case PH_DW_STEP_TYPEDEF:
			if ((err = visit_typedef(w, &child)))
				return err;
			break;
		case PH_DW_STEP_IMPORT:
			if ((err = visit_import(w, &child, depth)))
				return err;
			break;
		case PH_DW_STEP_SKIP:
			break;
		}
		if (descend && (err = walk_tree(w, &child, depth + 1)))
			return err;
	}
	if (rc < 0)
		return ph_dw_error(parent, NULL, "corrupt DIE tree");
	return NULL;
}

static bool relative_name(Dwarf_Die *unit)
{
	const char *name = dwarf_diename(unit);

	return name && name[0] != '/';
}

static const char *comp_dir_of(Dwarf_Die *unit)
{
	Dwarf_Attribute attr;

	return dwarf_attr(unit, DW_AT_comp_dir, &attr) ?
	       dwarf_formstring(&attr) : NULL;
}

/* The compile units' directories by line table, for type units.  */
static struct ph_error *build_dirs(struct ph_dw_walk *w, Dwarf *dw)
{
	Dwarf_CU *cu = NULL, *next;
	Dwarf_Half version;
	uint8_t unit_type;
	Dwarf_Die cudie;
	Dwarf_Attribute attr;
	Dwarf_Word stmt;
	struct ph_error *err;

	w->dirs_built = true;
	while (dwarf_get_units(dw, cu, &next, &version, &unit_type, &cudie,
			       NULL) == 0) {
		cu = next;
		if ((unit_type != DW_UT_compile && unit_type != DW_UT_skeleton) ||
		    !dwarf_attr(&cudie, DW_AT_stmt_list, &attr) ||
		    dwarf_formudata(&attr, &stmt) != 0 ||
		    ph_dw_offmap_get(&w->stmt_dirs, stmt + 1))
			continue;
		if (ph_array_reserve(&w->dirs, &w->cap_dirs, w->nr_dirs + 1,
				   sizeof(*w->dirs)))
			return &ph_error_nomem;
		w->dirs[w->nr_dirs].comp_dir = comp_dir_of(&cudie);
		w->dirs[w->nr_dirs].relative = relative_name(&cudie);
		w->nr_dirs++;
		if ((err = ph_dw_offmap_put(&w->stmt_dirs, stmt + 1,
					    w->nr_dirs)))
			return err;
	}
	return NULL;
}

/* The message for a skeleton unit whose split unit was not found.  */
static struct ph_error *missing_dwo(Dwarf_Die *skeleton)
{
	Dwarf_Attribute attr;
	const char *name = NULL, *dir = comp_dir_of(skeleton);

	if (dwarf_attr(skeleton, DW_AT_dwo_name, &attr) ||
	    dwarf_attr(skeleton, DW_AT_GNU_dwo_name, &attr))
		name = dwarf_formstring(&attr);
	if (!name)
		return ph_error_create(PH_ERROR_INVALID,
				       "split DWARF unit at 0x%" PRIx64
				       " names no .dwo file",
				       (uint64_t)dwarf_dieoffset(skeleton));
	if (name[0] == '/' || !dir)
		return ph_error_create(PH_ERROR_INVALID,
				       "cannot find the split DWARF file %s",
				       name);
	return ph_error_create(PH_ERROR_INVALID,
			       "cannot find the split DWARF file %s (neither "
			       "next to the file nor in %s)", name, dir);
}

struct ph_error *ph_dw_walk_unit(struct ph_dw_walk *w, Dwarf_CU *cu,
				 uint8_t unit_type, Dwarf_Die *cudie)
{
	struct ph_dw_ctx *ctx = w->ctx;
	struct ph_error *err;
	Dwarf_Die root = *cudie, subdie;
	Dwarf_Attribute attr;
	Dwarf_Word stmt;
	struct ph_dw_unit_facts u = { 0 };

	/* Partial units are read where they are imported.  */
	if (unit_type == DW_UT_partial ||
	    dwarf_tag(cudie) == DW_TAG_partial_unit)
		return NULL;
	u.comp_dir = comp_dir_of(cudie);
	u.relative_unit = relative_name(cudie);
	if (unit_type == DW_UT_skeleton) {
		/* The types are in the split unit, in the .dwo file.  */
		if (dwarf_cu_info(cu, NULL, NULL, NULL, &subdie, NULL, NULL,
				  NULL) != 0 ||
		    dwarf_tag(&subdie) == DW_TAG_invalid) {
			if (!w->soft)
				w->soft = missing_dwo(cudie);
			return NULL;
		}
		root = subdie;
		/* DW_AT_name is the split unit's (DWARF 5) or the skeleton's;
		   DW_AT_comp_dir the skeleton's.  */
		if (!dwarf_diename(cudie))
			u.relative_unit = relative_name(&root);
	} else if (unit_type == DW_UT_type || unit_type == DW_UT_split_type) {
		if (!w->dirs_built && (err = build_dirs(w, ctx->dw)))
			return err;
		if (dwarf_attr(cudie, DW_AT_stmt_list, &attr) &&
		    dwarf_formudata(&attr, &stmt) == 0) {
			uint64_t i = ph_dw_offmap_get(&w->stmt_dirs, stmt + 1);

			if (i) {
				u.comp_dir = w->dirs[i - 1].comp_dir;
				u.relative_unit = w->dirs[i - 1].relative;
			}
		}
	}
	u.cxx = cxx_lang(dwarf_srclang(&root));
	u.gcc_major = ph_dw_gcc_major(ctx->dw, &root);
	/* What is kept by DIE is per unit: the caches are dropped (a DIE
	   of a shared unit is computed again, the same), so that memory
	   follows the unit, not the file.  */
	w->unit_cu = root.cu;
	ph_dw_offmap_deinit(&w->typedef_named);
	ph_dw_fp_memo_clear(w->fp_memo);
	if ((err = ph_dw_ctx_unit_begin(ctx, &u)))
		return err;
	if (!ctx->unit.cxx && unit_type == DW_UT_compile && w->fast) {
		const struct ph_dw_scan_event *ev;
		size_t n;

		if (ph_dw_scan_unit(w->scan, ctx->dw, &root, w->pahole_types,
				    &ev, &n)) {
			ctx->scan = w->scan;
			ctx->scan_cu = root.cu;
			w->unit_fast = true;
			ctx->stmt_list = UINT64_MAX;
			if (dwarf_attr(&root, DW_AT_stmt_list, &attr))
				dwarf_formudata(&attr, &ctx->stmt_list);
			err = report_events(w, ev, n);
			ctx->scan = NULL;
			ph_dw_scan_release(w->scan);
			return err;
		}
	}
	return walk_tree(w, &root, 0);
}
