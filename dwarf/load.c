/* Files into the model: libdwfl opens them (applying the relocations of
   .o and .ko files, finding separate debug files, split .dwo files and the
   dwz alternate file), every unit's DIE tree is walked for the struct,
   union and class definitions, and each distinct layout is kept once.

   Threads: libdw is not thread-safe, so each worker opens the file with
   its own libdwfl session and reads the units it claims, in increasing
   order, into a model of their own.  The results are merged in unit order
   through the shared de-duplication, so the output is the one a single
   thread gives.  A worker drops a type it already produced for an earlier
   unit: that unit is merged first, so the type would be dropped there
   anyway.  */
#include "reader.h"
#include "walk-rule.h"

#include <dwarf.h>
#include <elfutils/libdwelf.h>
#include <elfutils/libdwfl.h>
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* One libdwfl session on a file.  */
struct session {
	Dwfl_Callbacks callbacks;
	char *debuginfo_path;
	Dwfl *dwfl;
};

static struct ph_error *session_open(struct session *s, const char *path,
				     const char *debuginfo_path)
{
	memset(s, 0, sizeof(*s));
	s->callbacks.find_debuginfo = dwfl_standard_find_debuginfo;
	s->callbacks.section_address = dwfl_offline_section_address;
	if (debuginfo_path) {
		s->debuginfo_path = strdup(debuginfo_path);
		if (!s->debuginfo_path)
			return &ph_error_nomem;
		s->callbacks.debuginfo_path = &s->debuginfo_path;
	}
	s->dwfl = dwfl_begin(&s->callbacks);
	if (!s->dwfl)
		return ph_error_create(PH_ERROR_INVALID, "libdwfl: %s",
				       dwfl_errmsg(-1));
	if (!dwfl_report_offline(s->dwfl, path, path, -1))
		return ph_error_create(PH_ERROR_INVALID,
				       "malformed or truncated ELF file (%s)",
				       dwfl_errmsg(-1));
	if (dwfl_report_end(s->dwfl, NULL, NULL) != 0)
		return ph_error_create(PH_ERROR_INVALID, "libdwfl: %s",
				       dwfl_errmsg(-1));
	return NULL;
}

static void session_close(struct session *s)
{
	if (s->dwfl)
		dwfl_end(s->dwfl);
	free(s->debuginfo_path);
	memset(s, 0, sizeof(*s));
}

struct nth {
	unsigned n;
	Dwfl_Module *mod;
};

static int find_nth(Dwfl_Module *mod, void **userdata, const char *name,
		    Dwarf_Addr start, void *arg)
{
	struct nth *nth = arg;

	(void)userdata;
	(void)name;
	(void)start;
	if (nth->n-- == 0) {
		nth->mod = mod;
		return DWARF_CB_ABORT;
	}
	return DWARF_CB_OK;
}

/* Where a unit's file names are relative to: a type unit has no
   DW_AT_comp_dir nor DW_AT_name, but shares its line table
   (DW_AT_stmt_list) with the compile unit that made it.  */
struct unit_dir {
	const char *comp_dir;
	bool relative;
};

/* The fingerprints of the layouts built, shared by the workers of a file:
   fingerprint -> the first unit whose model has the layout.  A unit
   skips a type built for a unit before it (merged first, so dropping it
   changes nothing) but not one built for a later unit, so the output does
   not depend on which worker got there first.  Sharded to keep the
   workers apart.  */
enum { BUILT_SHARDS = 16 };

struct built {
	struct {
		pthread_mutex_t lock;
		struct ph_dw_fp_map *map;
	} shard[BUILT_SHARDS];
};

static struct ph_error *built_init(struct built *b)
{
	for (unsigned i = 0; i < BUILT_SHARDS; i++) {
		pthread_mutex_init(&b->shard[i].lock, NULL);
		b->shard[i].map = NULL;
	}
	for (unsigned i = 0; i < BUILT_SHARDS; i++) {
		struct ph_error *err = ph_dw_fp_map_create(&b->shard[i].map);

		if (err)
			return err;
	}
	return NULL;
}

static void built_deinit(struct built *b)
{
	for (unsigned i = 0; i < BUILT_SHARDS; i++) {
		ph_dw_fp_map_destroy(b->shard[i].map);
		pthread_mutex_destroy(&b->shard[i].lock);
	}
}

/* Whether FP was built for UNIT or a unit before it.  */
static bool built_before(struct built *b, const struct ph_dw_fp *fp,
			 size_t unit)
{
	unsigned i = (unsigned)(fp->b >> 60) % BUILT_SHARDS;
	uint64_t first;
	bool has;

	pthread_mutex_lock(&b->shard[i].lock);
	has = ph_dw_fp_map_get(b->shard[i].map, fp, &first) && first <= unit;
	pthread_mutex_unlock(&b->shard[i].lock);
	return has;
}

static struct ph_error *built_add(struct built *b, const struct ph_dw_fp *fp,
				  size_t unit)
{
	unsigned i = (unsigned)(fp->b >> 60) % BUILT_SHARDS;
	struct ph_error *err;

	pthread_mutex_lock(&b->shard[i].lock);
	err = ph_dw_fp_map_put_min(b->shard[i].map, fp, unit);
	pthread_mutex_unlock(&b->shard[i].lock);
	return err;
}

struct walk {
	struct ph_dw_ctx *ctx;
	struct ph_model *out;		/* the current unit's types */
	struct ph_dedup *dedup;	/* what this worker produced */
	const struct ph_dw_filter *filter;
	/* Anonymous aggregates already reported under a typedef's name:
	   those of the current unit (cleared per unit) and those of units
	   shared between units (type and partial units).  */
	struct ph_dw_offmap typedef_named;
	struct ph_dw_offmap typedef_named_shared;
	Dwarf_CU *unit_cu;	/* the unit walked */
	/* Fingerprints (fprint.c) of the DIEs of the unit, and those of the
	   types whose layouts were built and are in DEDUP.  */
	struct ph_dw_fp_memo *fp_memo;
	struct built *built;
	size_t unit_index;	/* of the unit walked */
	struct ph_dw_scan *scan;	/* the fast path */
	bool fast;		/* to be taken where it can */
	bool pahole_types;	/* ph_dw_load_opts' */
	bool unit_fast;		/* it was, for the current unit */
	unsigned nr_built;	/* layouts built for the current unit */
	/* Partial units walked (dwz), by unit DIE key.  */
	struct ph_dw_offmap imported;
	/* DW_AT_stmt_list -> index + 1 in DIRS; built at the first type
	   unit.  */
	struct ph_dw_offmap stmt_dirs;
	struct unit_dir *dirs;
	size_t nr_dirs;
	bool dirs_built;
	struct ph_buf name;
	/* A unit whose split DWARF file is missing: the message, kept for
	   the end of the file.  */
	struct ph_error *soft;
	/* The current unit's class definitions by name, and its types set
	   aside until every unit is read (defs.c).  */
	struct ph_dw_defs *defs;
	struct deferred *deferred;
	size_t nr_deferred, deferred_cap;
	unsigned module_index;
	bool elf32, i386;
};

/* A type needing a class only declared where it is used: built again
   once the file's definitions are all known, in a context like the one
   it was found in.  */
struct deferred {
	struct ph_dw_loc loc;
	char *name;
	char *comp_dir;
	uint32_t typedef_align;
	unsigned gcc_major;
	bool typedef_name, cxx, relative_unit, elf32, i386;
};

static void deferred_free(struct deferred *v, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(v[i].name);
		free(v[i].comp_dir);
	}
	free(v);
}

/* The caches of what was computed while a declaration stood for a
   class: wrong for whoever uses them next.  */
static void drop_layout_caches(struct ph_dw_ctx *ctx)
{
	ph_dw_offmap_deinit(&ctx->aligns);
	ph_dw_offmap_deinit(&ctx->user_aligns);
	ph_dw_offmap_deinit(&ctx->paddings);
	ph_dw_cxx_free(ctx);
}

/* The compiler's version decides C++ layout rules (cxx.c): class facts
   kept from units of another version are dropped.  */
static void set_gcc_major(struct ph_dw_ctx *ctx, unsigned v)
{
	if (ctx->gcc_major != v)
		ph_dw_cxx_free(ctx);
	ctx->gcc_major = v;
}

static struct ph_error *defer(struct walk *w, Dwarf_Die *die,
			      const char *name, bool typedef_name,
			      uint32_t typedef_align)
{
	struct ph_dw_ctx *ctx = w->ctx;
	struct deferred *d;

	if (!ph_dw_reserve(&w->deferred, &w->deferred_cap,
			   w->nr_deferred + 1, sizeof(*w->deferred)))
		return &ph_error_nomem;
	d = &w->deferred[w->nr_deferred];
	memset(d, 0, sizeof(*d));
	ph_dw_loc_of(ctx, die, &d->loc);
	d->loc.module = w->module_index;
	d->name = strdup(name);
	d->comp_dir = ctx->comp_dir ? strdup(ctx->comp_dir) : NULL;
	if (!d->name || (ctx->comp_dir && !d->comp_dir)) {
		free(d->name);
		free(d->comp_dir);
		return &ph_error_nomem;
	}
	d->typedef_name = typedef_name;
	d->typedef_align = typedef_align;
	d->cxx = ctx->cxx;
	d->gcc_major = ctx->gcc_major;
	d->relative_unit = ctx->relative_unit;
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

/* Whether a type found by the walk is one to report.  */
static bool wanted(struct walk *w, Dwarf_Die *die, const char *name)
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
		const char *file = ph_dw_ctx_decl_file(w->ctx, die);
		size_t len = file ? strlen(file) : 0;

		if (len >= 10 && strcmp(file + len - 10, "<built-in>") == 0)
			return false;
	}
	return !w->filter || !w->filter->want ||
	       w->filter->want(w->filter->arg, name,
			       ph_dw_kind_of((unsigned)dwarf_tag(die)));
}

/* A type named by a typedef that has an alignment of its own
   (`typedef struct { ... } T __attribute__((aligned))`, glibc's
   __pthread_unwind_buf_t) is aligned as the typedef says: that is what
   _Alignof (T) gives and what the plugin reports.  */
static void take_typedef_align(struct ph_type *t, uint32_t typedef_align)
{
	if (typedef_align) {
		t->align = typedef_align;
		t->explicit_align = typedef_align;
	}
}

/* Builds a wanted type into the unit's model unless its layout was
   produced already; FP, when not NULL, is its fingerprint.  */
static struct ph_error *build(struct walk *w, Dwarf_Die *die,
			      const char *name, bool typedef_name,
			      uint32_t typedef_align, const struct ph_dw_fp *fp)
{
	struct ph_type t;
	struct ph_error *err;
	bool built, seen;

	w->nr_built++;
	w->ctx->layout = true;
	w->ctx->missed = false;
	err = ph_dw_build_type(w->ctx, die, name, typedef_name, &t, &built);
	w->ctx->layout = false;
	if (w->ctx->missed && err != &ph_error_nomem) {
		/* Another unit may define the class: see defs.c.  */
		if (err)
			ph_error_destroy(err);
		drop_layout_caches(w->ctx);
		return defer(w, die, name, typedef_name, typedef_align);
	}
	if (err || !built)
		return err;
	take_typedef_align(&t, typedef_align);
	if ((err = ph_dedup_seen(w->dedup, &t, &seen)))
		return err;
	if (fp && (err = built_add(w->built, fp, w->unit_index)))
		return err;
	if (seen)
		return NULL;
	return ph_model_add_type(w->out, &t, NULL);
}

static struct ph_error *report(struct walk *w, Dwarf_Die *die,
			       const char *name, bool typedef_name,
			       uint32_t typedef_align)
{
	struct ph_dw_fp fp;
	bool have_fp = false;

	if (!wanted(w, die, name))
		return NULL;
	/* A type whose twin (the same DWARF but for where it sits) was
	   built already has the same layout: DEDUP has it.
	   libdw's last error, which messages name, is left as it was:
	   fingerprints are taken only while there is none.  */
	if (!w->ctx->cxx && !dwarf_errmsg(0)) {
		have_fp = ph_dw_fingerprint(w->fp_memo, die, name,
					    typedef_name, typedef_align, &fp);
		(void)dwarf_errno();
		if (have_fp && built_before(w->built, &fp, w->unit_index))
			return NULL;
	}
	return build(w, die, name, typedef_name, typedef_align,
		     have_fp ? &fp : NULL);
}

/* What the fast path (scan.c) found in a unit, reported in its order;
   libdw reads only the types not seen before.  */
static struct ph_error *report_events(struct walk *w,
				      const struct ph_dw_scan_event *ev,
				      size_t n)
{
	for (size_t i = 0; i < n; i++) {
		const struct ph_dw_scan_event *e = &ev[i];
		struct ph_error *err;
		struct ph_dw_fp fp;
		bool have_fp;
		Dwarf_Die die;

		if (w->filter && w->filter->want &&
		    !w->filter->want(w->filter->arg, e->name, e->kind))
			continue;
		have_fp = ph_dw_scan_fingerprint(w->scan, e, &fp);
		if (have_fp && built_before(w->built, &fp, w->unit_index))
			continue;
		if (!dwarf_offdie(w->ctx->dw, e->off, &die))
			return ph_error_create(PH_ERROR_INVALID,
					       "cannot read the DIE at 0x%"
					       PRIx64 ": %s", e->off,
					       dwarf_errmsg(-1));
		if (!wanted(w, &die, e->name))
			continue;
		if ((err = build(w, &die, e->name, e->typedef_name,
				 e->typedef_align,
				 have_fp ? &fp : NULL)))
			return err;
	}
	return NULL;
}

static struct ph_error *visit_aggregate(struct walk *w, Dwarf_Die *die)
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
	if (w->ctx->cxx && dwarf_hasattr(die, DW_AT_byte_size) &&
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
static struct ph_error *visit_typedef(struct walk *w, Dwarf_Die *die)
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
	    (w->ctx->cxx && !w->pahole_types && is_closure(&target)))
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

static struct ph_error *walk_tree(struct walk *w, Dwarf_Die *parent,
				  unsigned depth);

/* DW_TAG_imported_unit (dwz): the partial unit's types are walked where
   it is first imported, in this file or in the alternate file
   (.gnu_debugaltlink, DW_FORM_GNU_ref_alt).  A partial unit without
   DW_AT_language is in the importer's language.  */
static struct ph_error *visit_import(struct walk *w, Dwarf_Die *die,
				     unsigned depth)
{
	struct ph_dw_ctx *ctx = w->ctx;
	Dwarf_Attribute attr;
	Dwarf_Die unit;
	struct ph_error *err;
	bool cxx = ctx->cxx;
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
		ctx->cxx = cxx_lang(lang);
	err = walk_tree(w, &unit, depth + 1);
	ctx->cxx = cxx;
	return err;
}

/* Reports the types of a unit's tree.  */
static struct ph_error *walk_tree(struct walk *w, Dwarf_Die *parent,
				  unsigned depth)
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
static struct ph_error *build_dirs(struct walk *w, Dwarf *dw)
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
		struct unit_dir *dirs = realloc(w->dirs, (w->nr_dirs + 1) *
							 sizeof(*dirs));
		if (!dirs)
			return &ph_error_nomem;
		w->dirs = dirs;
		dirs[w->nr_dirs].comp_dir = comp_dir_of(&cudie);
		dirs[w->nr_dirs].relative = relative_name(&cudie);
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

static struct ph_error *walk_unit(struct walk *w, Dwarf_CU *cu,
				  uint8_t unit_type, Dwarf_Die *cudie)
{
	struct ph_dw_ctx *ctx = w->ctx;
	struct ph_error *err;
	Dwarf_Die root = *cudie, subdie;
	Dwarf_Attribute attr;
	Dwarf_Word stmt;
	int lang;

	/* Partial units are read where they are imported.  */
	if (unit_type == DW_UT_partial ||
	    dwarf_tag(cudie) == DW_TAG_partial_unit)
		return NULL;
	ctx->comp_dir = comp_dir_of(cudie);
	ctx->relative_unit = relative_name(cudie);
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
			ctx->relative_unit = relative_name(&root);
	} else if (unit_type == DW_UT_type || unit_type == DW_UT_split_type) {
		if (!w->dirs_built && (err = build_dirs(w, ctx->dw)))
			return err;
		if (dwarf_attr(cudie, DW_AT_stmt_list, &attr) &&
		    dwarf_formudata(&attr, &stmt) == 0) {
			uint64_t i = ph_dw_offmap_get(&w->stmt_dirs, stmt + 1);

			if (i) {
				ctx->comp_dir = w->dirs[i - 1].comp_dir;
				ctx->relative_unit = w->dirs[i - 1].relative;
			}
		}
	}
	lang = dwarf_srclang(&root);
	ctx->cxx = cxx_lang(lang);
	ctx->c_prototypes = true;
	set_gcc_major(ctx, ph_dw_gcc_major(ctx->dw, &root));
	/* What is kept by DIE is per unit: the caches are dropped (a DIE
	   of a shared unit is computed again, the same), so that memory
	   follows the unit, not the file.  */
	w->unit_cu = root.cu;
	ph_dw_offmap_deinit(&w->typedef_named);
	ph_dw_fp_memo_clear(w->fp_memo);
	ph_dw_offmap_deinit(&ctx->aligns);
	ph_dw_offmap_deinit(&ctx->user_aligns);
	ph_dw_offmap_deinit(&ctx->paddings);
	ph_dw_offmap_deinit(&ctx->parents);
	ph_dw_offmap_deinit(&ctx->parented_units);
	ctx->parent_dies.n = 0;
	/* A fresh scratch model per unit: what a unit builds and does not
	   keep goes with it.  */
	ph_model_destroy(ctx->model);
	ctx->model = NULL;
	if ((err = ph_model_create(&ctx->model)))
		return err;
	ctx->scan = NULL;
	if (!ctx->cxx && unit_type == DW_UT_compile && w->fast) {
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

/* What reading one unit gave.  */
struct unit_result {
	struct ph_model *model;
	struct ph_error *err;	/* stops the file */
	struct ph_error *soft;	/* a missing .dwo: reported at the end */
	bool ready;
	bool fast;		/* read by the fast path */
	unsigned built;		/* layouts built */
	struct ph_dw_defs *defs;
	struct deferred *deferred;
	size_t nr_deferred;
};

/* One module (one ELF file, or one member of an archive) read by one or
   more workers.  */
struct job {
	const char *path;
	const char *debuginfo_path;
	unsigned module_index;
	size_t nr_units;
	bool i386, elf32;

	pthread_mutex_t lock;
	pthread_cond_t cond;
	size_t next_claim, next_commit, window;
	struct unit_result *results;
	bool stop;
	struct ph_error *err;
	struct ph_error *soft;
	unsigned nr_soft;
	/* For POKEHOLE_STATS: units read, by the fast path, layouts built.  */
	size_t nr_read, nr_fast, nr_built;

	struct ph_model *out;
	struct ph_dedup *dedup;
	const struct ph_dw_filter *filter;
	const struct ph_names *stop_names;
	bool pahole_types;
	bool found_all;
	struct built built;
	/* Units done of total on a terminal's stderr, for long scans.  */
	bool progress;
	/* The definitions of every unit merged (the first of a name kept,
	   in unit order), the types set aside (defs.c), and each module's
	   DWARF, in which they are found again.  */
	struct ph_dw_defs *defs;
	struct deferred *deferred;
	size_t nr_deferred, deferred_cap;
	Dwarf **dws;
	size_t nr_dws, dws_cap;
};

struct worker {
	struct job *job;
	Dwarf *dw;		/* NULL: open our own session */
	struct session session;
	pthread_t thread;
	bool started;
};

static void free_result(struct unit_result *r)
{
	ph_dw_defs_destroy(r->defs);
	deferred_free(r->deferred, r->nr_deferred);
	ph_model_destroy(r->model);
	if (r->err)
		ph_error_destroy(r->err);
	if (r->soft)
		ph_error_destroy(r->soft);
	memset(r, 0, sizeof(*r));
}

/* The next unit to read, or SIZE_MAX when there is none left.  Waits
   while too many units are read and not yet merged.  */
static size_t claim(struct job *job)
{
	size_t c = SIZE_MAX;

	pthread_mutex_lock(&job->lock);
	while (!job->stop && job->next_claim < job->nr_units &&
	       job->next_claim >= job->next_commit + job->window)
		pthread_cond_wait(&job->cond, &job->lock);
	if (!job->stop && job->next_claim < job->nr_units)
		c = job->next_claim++;
	pthread_mutex_unlock(&job->lock);
	return c;
}

static struct ph_error *merge(struct job *job, struct ph_model *m)
{
	struct ph_error *err;
	bool seen;

	if (!m)
		return NULL;
	for (size_t i = 0; i < m->nr_types; i++) {
		if ((err = ph_dedup_seen(job->dedup, m->types[i], &seen)))
			return err;
		if (!seen && (err = ph_model_add_type(job->out, m->types[i],
						      NULL)))
			return err;
	}
	return NULL;
}

/* Every name of -C is in the output already.  */
static bool all_found(const struct job *job)
{
	const struct ph_names *names = job->stop_names;

	for (size_t n = 0; n < names->n; n++) {
		bool found = false;

		for (size_t i = 0; i < job->out->nr_types && !found; i++)
			found = ph_name_matches(names->names[n],
						job->out->types[i]->name);
		if (!found)
			return false;
	}
	return true;
}

/* Stores unit C's result and merges every result ready in unit order.  */
static void commit(struct job *job, size_t c, struct unit_result *r)
{
	pthread_mutex_lock(&job->lock);
	job->results[c % job->window] = *r;
	job->results[c % job->window].ready = true;
	while (!job->err && !job->found_all &&
	       job->next_commit < job->nr_units &&
	       job->results[job->next_commit % job->window].ready) {
		struct unit_result *u =
			&job->results[job->next_commit % job->window];
		struct ph_error *err = merge(job, u->model);

		if (!err)
			err = ph_dw_defs_merge(job->defs, u->defs);
		if (!err && u->nr_deferred &&
		    !ph_dw_reserve(&job->deferred, &job->deferred_cap,
				   job->nr_deferred + u->nr_deferred,
				   sizeof(*job->deferred)))
			err = &ph_error_nomem;
		if (!err && u->nr_deferred) {
			memcpy(job->deferred + job->nr_deferred, u->deferred,
			       u->nr_deferred * sizeof(*u->deferred));
			job->nr_deferred += u->nr_deferred;
			free(u->deferred);
			u->deferred = NULL;
			u->nr_deferred = 0;
		}
		if (!err && u->err) {
			err = u->err;
			u->err = NULL;
		}
		if (u->soft) {
			if (!job->soft) {
				job->soft = u->soft;
				u->soft = NULL;
			}
			job->nr_soft++;
		}
		if (err) {
			job->err = err;
			job->stop = true;
		}
		job->nr_read++;
		job->nr_fast += u->fast;
		job->nr_built += u->built;
		free_result(u);
		job->next_commit++;
		if (job->progress && (job->next_commit % 32 == 0 ||
				      job->next_commit == job->nr_units))
			fprintf(stderr, "\rpokehole: %s: %zu of %zu units",
				job->path, job->next_commit, job->nr_units);
		if (job->stop_names && all_found(job)) {
			job->found_all = true;
			job->stop = true;
		}
	}
	pthread_cond_broadcast(&job->cond);
	pthread_mutex_unlock(&job->lock);
}

/* The units are those before N.  */
static void units_end(struct job *job, size_t n)
{
	pthread_mutex_lock(&job->lock);
	if (n < job->nr_units)
		job->nr_units = n;
	pthread_cond_broadcast(&job->cond);
	pthread_mutex_unlock(&job->lock);
}

static void fail(struct job *job, struct ph_error *err)
{
	pthread_mutex_lock(&job->lock);
	if (!job->err)
		job->err = err;
	else if (err != &ph_error_nomem)
		ph_error_destroy(err);
	job->stop = true;
	pthread_cond_broadcast(&job->cond);
	pthread_mutex_unlock(&job->lock);
}

static void ctx_init(struct ph_dw_ctx *ctx, Dwarf *dw, const char *path,
		     bool elf32, bool i386)
{
	memset(ctx, 0, sizeof(*ctx));
	ctx->dw = dw;
	ctx->path = path;
	ctx->addr_size = elf32 ? 4 : 8;
	ctx->i386 = i386;
	ctx->build_type = ph_dw_build_type;
	ctx->resolve_decl = ph_dw_resolve_decl;
	ph_dw_offmap_init(&ctx->parents);
	ph_dw_offmap_init(&ctx->parented_units);
	ph_dw_offmap_init(&ctx->aligns);
	ph_dw_offmap_init(&ctx->user_aligns);
	ph_dw_offmap_init(&ctx->paddings);
	ph_buf_init(&ctx->missed_name);
	ph_buf_init(&ctx->decl_name);
	ph_dw_current = ctx;
}

static void ctx_deinit(struct ph_dw_ctx *ctx)
{
	ph_dw_current = NULL;
	ph_model_destroy(ctx->model);
	ph_dw_offmap_deinit(&ctx->parents);
	free(ctx->parent_dies.v);
	ph_dw_offmap_deinit(&ctx->parented_units);
	ph_dw_offmap_deinit(&ctx->aligns);
	ph_dw_offmap_deinit(&ctx->user_aligns);
	ph_dw_offmap_deinit(&ctx->paddings);
	ph_dw_cxx_free(ctx);
	ph_buf_deinit(&ctx->missed_name);
	ph_buf_deinit(&ctx->decl_name);
}

static void read_units(struct job *job, Dwarf *dw)
{
	struct ph_dw_ctx ctx;
	struct walk w;
	struct ph_error *err;
	Dwarf_CU *cu = NULL, *next;
	Dwarf_Half version;
	uint8_t unit_type = 0;
	Dwarf_Die cudie;
	size_t idx = 0, c;
	int rc = 0;

	ctx_init(&ctx, dw, job->path, job->elf32, job->i386);
	memset(&w, 0, sizeof(w));
	w.module_index = job->module_index;
	w.elf32 = job->elf32;
	w.i386 = job->i386;
	w.ctx = &ctx;
	w.filter = job->filter;
	w.built = &job->built;
	w.pahole_types = job->pahole_types;
	/* POKEHOLE_NO_FAST_PATH: every unit through libdw, for the
	   selftest's comparison of the two.  */
	w.fast = !getenv("POKEHOLE_NO_FAST_PATH");
	ph_dw_offmap_init(&w.typedef_named);
	ph_dw_offmap_init(&w.typedef_named_shared);
	ph_dw_offmap_init(&w.imported);
	ph_dw_offmap_init(&w.stmt_dirs);
	ph_buf_init(&w.name);
	if ((err = ph_dedup_create(&w.dedup)) ||
	    (err = ph_dw_fp_memo_create(&w.fp_memo)) ||
	    (err = ph_dw_scan_create(&w.scan))) {
		fail(job, err);
		goto out;
	}

	while ((c = claim(job)) != SIZE_MAX) {
		struct unit_result r;

		memset(&r, 0, sizeof(r));
		/* Units come in the same order in every session.  */
		while (idx <= c) {
			rc = dwarf_get_units(dw, cu, &next, &version,
					     &unit_type, &cudie, NULL);
			if (rc != 0)
				break;
			cu = next;
			idx++;
		}
		if (rc > 0) {
			/* Past the last unit: now we know how many.  */
			units_end(job, c);
			continue;
		}
		if (rc < 0) {
			r.err = ph_error_create(PH_ERROR_INVALID,
						"cannot read the compile "
						"units: %s", dwarf_errmsg(-1));
			units_end(job, c + 1);
		} else if (version >= 2 && version <= 5) {
			if ((r.err = ph_model_create(&r.model)) == NULL &&
			    (r.err = ph_dw_defs_create(&r.defs)) == NULL) {
				w.out = r.model;
				w.soft = NULL;
				w.unit_index = c;
				ctx.unit_index = c;
				w.unit_fast = false;
				w.nr_built = 0;
				w.defs = r.defs;
				w.deferred = NULL;
				w.nr_deferred = w.deferred_cap = 0;
				r.err = walk_unit(&w, cu, unit_type, &cudie);
				r.fast = w.unit_fast;
				r.built = w.nr_built;
				r.soft = w.soft;
				r.deferred = w.deferred;
				r.nr_deferred = w.nr_deferred;
				w.deferred = NULL;
			}
		}
		commit(job, c, &r);
	}
out:
	ctx_deinit(&ctx);
	ph_dw_offmap_deinit(&w.typedef_named);
	ph_dw_offmap_deinit(&w.typedef_named_shared);
	ph_dw_offmap_deinit(&w.imported);
	ph_dw_fp_memo_destroy(w.fp_memo);
	ph_dw_scan_destroy(w.scan);
	ph_dw_offmap_deinit(&w.stmt_dirs);
	free(w.dirs);
	ph_buf_deinit(&w.name);
	ph_dedup_destroy(w.dedup);
}

enum { STOP_NAMES_ALONE = 16 };

static void *worker_main(void *arg)
{
	struct worker *wk = arg;
	struct job *job = wk->job;
	Dwarf *dw = wk->dw;

	if (!dw) {
		struct nth nth = { job->module_index, NULL };
		Dwarf_Addr bias;
		bool stop;

		/* -C: the first units often have every type asked for
		   (pahole reads no further than the first that does); a
		   session of its own costs more than reading them, so it is
		   opened only once they did not.  */
		pthread_mutex_lock(&job->lock);
		while (job->stop_names && !job->stop &&
		       job->next_commit < STOP_NAMES_ALONE &&
		       job->next_commit < job->nr_units)
			pthread_cond_wait(&job->cond, &job->lock);
		/* Every unit read: a name never found ends it too.  */
		stop = job->stop || job->next_commit >= job->nr_units;
		pthread_mutex_unlock(&job->lock);
		if (stop)
			return NULL;

		/* A worker that cannot open its own session leaves the
		   units to the others.  */
		struct ph_error *err = session_open(&wk->session, job->path,
						    job->debuginfo_path);
		if (err) {
			if (err != &ph_error_nomem)
				ph_error_destroy(err);
			return NULL;
		}
		dwfl_getmodules(wk->session.dwfl, find_nth, &nth, 0);
		if (!nth.mod || !(dw = dwfl_module_getdwarf(nth.mod, &bias)))
			return NULL;
	}
	read_units(job, dw);
	return NULL;
}

static struct ph_error *load_module(struct job *job, Dwfl_Module *mod,
				   Dwarf *dw, unsigned jobs)
{
	struct worker *workers = NULL;
	struct ph_error *err = NULL;
	Dwarf_CU *cu = NULL, *next;
	GElf_Addr bias;
	GElf_Ehdr ehdr;
	Elf *elf = dwfl_module_getelf(mod, &bias);
	unsigned n;
	int rc = 0;

	if (elf && gelf_getehdr(elf, &ehdr)) {
		job->elf32 = ehdr.e_ident[EI_CLASS] == ELFCLASS32;
		job->i386 = ehdr.e_machine == EM_386;
		if (ehdr.e_ident[EI_DATA] == ELFDATA2MSB)
			return ph_error_create(PH_ERROR_INVALID,
					       "big-endian targets are not "
					       "supported yet");
	}
	/* The units are counted as they are read (a worker past the last
	   one says so): counting them first touches every unit header, and
	   the kernel maps 64 KB of the file around each.  Only progress on a
	   terminal needs the total first.  A few are counted, for the
	   number of workers.  */
	job->nr_units = 0;
	while (job->nr_units < jobs &&
	       (rc = dwarf_get_units(dw, cu, &next, NULL, NULL, NULL,
				     NULL)) == 0) {
		cu = next;
		job->nr_units++;
	}
	n = jobs < job->nr_units ? jobs : (unsigned)job->nr_units;
	if (n < 1)
		n = 1;
	job->progress = false;
	if (job->nr_units < jobs) {
		/* All of them; the one after a corrupt header reports it.  */
		if (rc < 0)
			job->nr_units++;
	} else if (isatty(STDERR_FILENO) && !job->stop_names) {
		while ((rc = dwarf_get_units(dw, cu, &next, NULL, NULL, NULL,
					     NULL)) == 0) {
			cu = next;
			job->nr_units++;
		}
		if (rc < 0)
			job->nr_units++;
		job->progress = job->nr_units >= 256;
	} else {
		job->nr_units = SIZE_MAX;
	}
	job->window = 64 * (size_t)n;
	job->next_claim = job->next_commit = 0;
	job->stop = job->found_all;
	job->results = calloc(job->window, sizeof(*job->results));
	workers = calloc(n, sizeof(*workers));
	if (!job->results || !workers) {
		free(job->results);
		free(workers);
		return &ph_error_nomem;
	}
	if ((err = built_init(&job->built))) {
		built_deinit(&job->built);
		free(job->results);
		free(workers);
		return err;
	}
	pthread_mutex_init(&job->lock, NULL);
	pthread_cond_init(&job->cond, NULL);
	for (unsigned i = 1; i < n; i++) {
		workers[i].job = job;
		workers[i].started = pthread_create(&workers[i].thread, NULL,
						    worker_main,
						    &workers[i]) == 0;
	}
	workers[0].job = job;
	workers[0].dw = dw;
	worker_main(&workers[0]);
	for (unsigned i = 1; i < n; i++)
		if (workers[i].started)
			pthread_join(workers[i].thread, NULL);
	for (unsigned i = 0; i < n; i++)
		session_close(&workers[i].session);
	if (job->progress)
		fputs("\r\033[K", stderr);	/* the line goes away */
	for (size_t i = 0; i < job->window; i++)
		free_result(&job->results[i]);
	free(job->results);
	job->results = NULL;
	free(workers);
	pthread_cond_destroy(&job->cond);
	pthread_mutex_destroy(&job->lock);
	built_deinit(&job->built);
	err = job->err;
	job->err = NULL;
	return err;
}

/* The types set aside (defs.c), now that every unit's definitions are
   known, in the order they were found.  One that still needs a class
   only declared is left out, with a line saying so, unless the reading
   stopped early (-C): then another unit may define the class.  */
static struct ph_error *build_deferred(struct job *job)
{
	struct ph_dw_ctx ctx;
	struct ph_error *err = NULL;
	struct ph_dw_defs *told;	/* the names said already */

	if ((err = ph_dw_defs_create(&told)))
		return err;
	ctx_init(&ctx, NULL, job->path, false, false);
	ctx.defs = job->defs;
	ctx.dws = job->dws;
	ctx.nr_dws = job->nr_dws;
	for (size_t i = 0; i < job->nr_deferred && !err; i++) {
		const struct deferred *d = &job->deferred[i];
		struct ph_type t;
		struct ph_dw_loc loc;
		Dwarf_Die die;
		bool built, seen;

		/* A scratch model at a time, as for the units.  */
		if (i % 256 == 0) {
			ph_model_destroy(ctx.model);
			ctx.model = NULL;
			if ((err = ph_model_create(&ctx.model)))
				break;
		}
		if (d->loc.module >= job->nr_dws || !job->dws[d->loc.module] ||
		    !ph_dw_loc_die(job->dws[d->loc.module], &d->loc, &die)) {
			err = ph_error_create(PH_ERROR_INVALID,
					      "cannot read the DIE at 0x%"
					      PRIx64 " again", d->loc.off);
			break;
		}
		ctx.dw = job->dws[d->loc.module];
		ctx.addr_size = d->elf32 ? 4 : 8;
		ctx.i386 = d->i386;
		ctx.cxx = d->cxx;
		set_gcc_major(&ctx, d->gcc_major);
		ctx.c_prototypes = true;
		ctx.comp_dir = d->comp_dir;
		ctx.relative_unit = d->relative_unit;
		ctx.unit_index = d->loc.unit;
		ctx.layout = true;
		ctx.missed = false;
		err = ph_dw_build_type(&ctx, &die, d->name, d->typedef_name,
				       &t, &built);
		ctx.layout = false;
		if (ctx.missed && err != &ph_error_nomem) {
			if (err)
				ph_error_destroy(err);
			err = NULL;
			drop_layout_caches(&ctx);
			if (job->found_all ||
			    ph_dw_defs_find(told, d->name, &loc))
				continue;
			fprintf(stderr, "pokehole: %s: cannot lay out '%s': "
				"'%s' is only declared (no unit of the file "
				"defines it)\n", job->path, d->name,
				ctx.missed_name.data);
			err = ph_dw_defs_add(told, d->name, &d->loc);
			continue;
		}
		if (err || !built)
			break;
		take_typedef_align(&t, d->typedef_align);
		if (!(err = ph_dedup_seen(job->dedup, &t, &seen)) && !seen)
			err = ph_model_add_type(job->out, &t, NULL);
	}
	ctx_deinit(&ctx);
	ph_dw_defs_destroy(told);
	return err;
}

struct modules {
	struct job *job;
	unsigned jobs;
	unsigned index;
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
	ms->job->module_index = ms->index++;
	dw = dwfl_module_getdwarf(mod, &bias);
	if (!dw)
		return DWARF_CB_OK;
	if (!ph_dw_reserve(&ms->job->dws, &ms->job->dws_cap,
			   ms->job->module_index + 1, sizeof(*ms->job->dws))) {
		ms->err = &ph_error_nomem;
		return DWARF_CB_ABORT;
	}
	while (ms->job->nr_dws <= ms->job->module_index)
		ms->job->dws[ms->job->nr_dws++] = NULL;
	ms->job->dws[ms->job->module_index] = dw;
	ms->with_dwarf++;
	ms->err = load_module(ms->job, mod, dw, ms->jobs);
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

/* A relocatable object compiled with -fdebug-types-section keeps each
   type unit in a section group of its own, several sections named
   .debug_info (DWARF 5) or .debug_types (DWARF 4), of which libdw reads
   one: the linker merges them.  *NOMEM is set when the ELF could not be
   read or relocated for want of memory: libdwfl keeps the module as it
   got it, and its debug information would read otherwise (unrelocated),
   another output and not an error.  */
static bool grouped_type_units(Dwfl_Module *mod, bool *nomem)
{
	GElf_Addr bias;
	Elf *elf;
	GElf_Ehdr ehdr;
	Elf_Scn *scn = NULL;
	size_t shstrndx;

	/* libdwfl says out of memory only in words, or not at all: the
	   relocation of an ET_REL file that fails is dropped, and the
	   ELF comes back unrelocated.  malloc's errno tells.  */
	errno = 0;
	elf = dwfl_module_getelf(mod, &bias);
	if (errno == ENOMEM) {
		*nomem = true;
		return false;
	}
	if (!elf) {
		int e = dwfl_errno();

		if (e && strcasestr(dwfl_errmsg(e), "out of memory"))
			*nomem = true;
		return false;
	}
	if (!gelf_getehdr(elf, &ehdr) || ehdr.e_type != ET_REL ||
	    elf_getshdrstrndx(elf, &shstrndx) != 0)
		return false;
	while ((scn = elf_nextscn(elf, scn))) {
		GElf_Shdr shdr;
		const char *name;

		if (!gelf_getshdr(scn, &shdr) || !(shdr.sh_flags & SHF_GROUP))
			continue;
		name = elf_strptr(elf, shstrndx, shdr.sh_name);
		if (name && (strcmp(name, ".debug_info") == 0 ||
			     strcmp(name, ".debug_types") == 0))
			return true;
	}
	return false;
}

struct grouped {
	bool found;
	bool nomem;
};

static int find_grouped(Dwfl_Module *mod, void **userdata, const char *name,
			Dwarf_Addr start, void *arg)
{
	struct grouped *g = arg;

	(void)userdata;
	(void)name;
	(void)start;
	if (grouped_type_units(mod, &g->nomem))
		g->found = true;
	return g->found || g->nomem ? DWARF_CB_ABORT : DWARF_CB_OK;
}

struct ph_error *ph_dw_load_file(const char *path, struct ph_model *model,
				 struct ph_dedup *dedup,
				 const struct ph_dw_load_opts *opts)
{
	struct job job;
	struct modules ms;
	struct session s;
	struct ph_error *err;
	struct grouped grouped = { false, false };

	if ((err = check_file(path)))
		return err;
	if ((err = session_open(&s, path, opts->debuginfo_path)))
		goto out;
	dwfl_getmodules(s.dwfl, find_grouped, &grouped, 0);
	if (grouped.nomem) {
		err = &ph_error_nomem;
		goto out;
	}
	if (grouped.found) {
		err = ph_error_create(PH_ERROR_INVALID,
				      "type units in section groups "
				      "(-fdebug-types-section) are read from "
				      "linked files only: link the object "
				      "first");
		goto out;
	}
	memset(&job, 0, sizeof(job));
	job.path = path;
	job.debuginfo_path = opts->debuginfo_path;
	job.out = model;
	job.dedup = dedup;
	job.filter = opts->filter;
	job.stop_names = opts->stop_names;
	job.pahole_types = opts->pahole_types;
	memset(&ms, 0, sizeof(ms));
	ms.job = &job;
	ms.jobs = opts->jobs ? opts->jobs : 1;
	if ((err = ph_dw_defs_create(&job.defs)))
		goto out;
	if (dwfl_getmodules(s.dwfl, each_module, &ms, 0) < 0 && !ms.err)
		ms.err = ph_error_create(PH_ERROR_INVALID, "libdwfl: %s",
					 dwfl_errmsg(-1));
	err = ms.err;
	if (!err && job.nr_deferred)
		err = build_deferred(&job);
	deferred_free(job.deferred, job.nr_deferred);
	ph_dw_defs_destroy(job.defs);
	free(job.dws);
	if (!err && !ms.with_dwarf) {
		int e = dwfl_errno();

		err = ph_error_create(PH_ERROR_INVALID,
				      "no debug information (DWARF)%s%s%s",
				      e ? " (" : "", e ? dwfl_errmsg(e) : "",
				      e ? ")" : "");
	}
	if (!err && job.soft) {
		if (job.nr_soft > 1)
			err = ph_error_create(PH_ERROR_INVALID,
					      "%s (and %u more)",
					      job.soft->message,
					      job.nr_soft - 1);
		else
			err = ph_error_create(PH_ERROR_INVALID, "%s",
					      job.soft->message);
	}
	if (job.soft)
		ph_error_destroy(job.soft);
	if (getenv("POKEHOLE_STATS"))
		fprintf(stderr, "pokehole: %s: %zu units read, %zu by the fast "
			"path; %zu layouts built\n", path, job.nr_read,
			job.nr_fast, job.nr_built);
out:
	session_close(&s);
	return err;
}
