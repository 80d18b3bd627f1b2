/* The functions of a unit, from its DWARF through libdw: every
   DW_TAG_subprogram, its abstract origin and specification followed to
   the DIE that declares it (whose name, file and line are the function's
   key, so that a function is one function however many units and
   instances describe it), and every DW_TAG_inlined_subroutine counted
   towards its abstract origin and towards the body it sits in.  */
#include "funcs-walk.h"
#include "fntype.h"
#include "../input/dwarf/dw.h"
#include "../input/dwarf/lines.h"
#include "../input/dwarf/offmap.h"
#include "../report/buf.h"

#include <dwarf.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_DEPTH = 512, MAX_CHAIN = 16 };

/* What the walk of a module's units carries: one a thread, as each
   thread reads through a libdw handle of its own.  */
struct ph_fn_walk {
	struct ph_fn_table *t;	/* the table of the unit being read */
	const struct ph_fn_opts *opts;
	Dwarf *dw;		/* the module's */
	Dwfl_Module *mod;	/* its module, for the symbols; or NULL */
	Dwarf_Addr bias;
	/* C++ units: the scope parent of each DIE in a namespace or a
	   class (key: the DIE's, value: index + 1 in SCOPES), which libdw
	   does not keep, for the functions' qualified names.  */
	bool cxx;
	struct ph_dw_offmap parents;
	struct ph_dw_dies scopes;
	struct ph_buf qname;
	struct ph_dw_lines *lines;	/* its line table headers */
	bool nomem;		/* libdw ran out of memory */
	size_t unit;		/* the unit's number in T, from 1 */
	struct ph_error *err;
};

/* The DIE that declares DIE: its abstract origins and specifications
   followed (ORIGIN: the abstract origins only, where the function's
   parameters, variables and labels are).  */
static bool resolve(Dwarf_Die *die, Dwarf_Die *origin, Dwarf_Die *decl)
{
	Dwarf_Attribute a;
	Dwarf_Die cur = *die, next;
	bool in_origin = true;

	*origin = cur;
	for (int i = 0; i < MAX_CHAIN; i++) {
		if (dwarf_attr(&cur, DW_AT_abstract_origin, &a)) {
			if (!dwarf_formref_die(&a, &next))
				return false;
			cur = next;
			if (in_origin)
				*origin = cur;
		} else if (dwarf_attr(&cur, DW_AT_specification, &a)) {
			if (!dwarf_formref_die(&a, &next))
				return false;
			cur = next;
			in_origin = false;
		} else {
			*decl = cur;
			return true;
		}
	}
	return false;
}

static int first_child(Dwarf_Die *die, int depth, Dwarf_Die *c);

static bool scope_tag(int tag)
{
	return tag == DW_TAG_namespace || tag == DW_TAG_structure_type ||
	       tag == DW_TAG_class_type || tag == DW_TAG_union_type;
}

/* Records the scope parent of every DIE inside the namespaces and
   classes under PARENT (a unit, namespace or class): where a member
   function is declared.  A function's own classes are not walked: the
   plugin names their functions by the function's scope, not DWARF's
   (left bare here).  */
static void record_scopes(struct ph_fn_walk *w, Dwarf_Die *parent,
			  uint64_t idx, int depth)
{
	Dwarf_Die c;

	for (int rc = first_child(parent, depth, &c); rc == 0 && !w->err;
	     rc = dwarf_siblingof(&c, &c)) {
		int tag = dwarf_tag(&c);

		if (idx && (tag == DW_TAG_subprogram || scope_tag(tag)) &&
		    (w->err = ph_dw_offmap_put(&w->parents, ph_dw_key(&c),
					       idx)))
			return;
		if (!scope_tag(tag))
			continue;
		if (w->scopes.n == w->scopes.cap) {
			size_t cap = w->scopes.cap ? 2 * w->scopes.cap : 64;
			Dwarf_Die *v = realloc(w->scopes.v, cap * sizeof(*v));

			if (!v) {
				w->err = &ph_error_nomem;
				return;
			}
			w->scopes.v = v;
			w->scopes.cap = cap;
		}
		w->scopes.v[w->scopes.n++] = c;
		record_scopes(w, &c, w->scopes.n, depth + 1);
	}
}

/* DECL's name qualified by its namespaces and classes, as the plugin's
   records (GCC's decl_printable_name) and the layouts spell it:
   "ns::Pool::~Pool", "{anonymous}::helper", "ns::Box<int, 3>::get" (a
   class template's DW_AT_name has its arguments).  In W->qname.  */
static const char *qualified(struct ph_fn_walk *w, Dwarf_Die *decl,
			     const char *name)
{
	Dwarf_Die chain[MAX_CHAIN];
	uint64_t idx = ph_dw_offmap_get(&w->parents, ph_dw_key(decl));
	int n = 0;

	if (!w->cxx)
		return name;
	while (idx && idx <= w->scopes.n && n < MAX_CHAIN) {
		chain[n++] = w->scopes.v[idx - 1];
		idx = ph_dw_offmap_get(&w->parents, ph_dw_key(&chain[n - 1]));
	}
	/* Template arguments with their cv-qualifiers first, as the
	   layouts' names have them ("f<const char*>").  */
	w->qname.len = 0;
	while (n-- > 0) {
		const char *own = dwarf_diename(&chain[n]);

		ph_dw_move_cv(own ? own :
			      dwarf_tag(&chain[n]) == DW_TAG_namespace ?
			      "{anonymous}" : "<unnamed>", &w->qname);
		ph_buf_puts(&w->qname, "::");
	}
	ph_dw_move_cv(name, &w->qname);
	if (w->qname.failed) {
		w->nomem = true;
		return name;
	}
	return w->qname.data;
}

/* The function DIE is an instance of, or SIZE_MAX when it has no name
   (W->err set on failure).  */
static size_t function_of(struct ph_fn_walk *w, Dwarf_Die *die, Dwarf_Die *origin)
{
	Dwarf_Die decl;
	const char *name, *file;
	int line = 0;
	size_t i;
	struct ph_error *err;

	if (!resolve(die, origin, &decl))
		return SIZE_MAX;
	name = dwarf_diename(&decl);
	if (!name)
		return SIZE_MAX;
	name = qualified(w, &decl, name);
	if ((err = ph_dw_lines_decl_file(w->lines, w->dw, &decl, &file))) {
		w->err = err;
		return SIZE_MAX;
	}
	if (dwarf_decl_line(&decl, &line) != 0 || line < 0)
		line = 0;
	if ((err = ph_fn_table_get(w->t, name, file ? file : "",
				   (unsigned)line, false, &i))) {
		w->err = err;
		return SIZE_MAX;
	}
	return i;
}

/* The bytes of DIE's code and its lowest address; false when it has
   none.  */
static bool code_of(Dwarf_Die *die, uint64_t *size, uint64_t *low,
		    uint64_t *high)
{
	Dwarf_Addr base, start, end;
	ptrdiff_t off = 0;
	bool any = false;

	*size = 0;
	*low = UINT64_MAX;
	*high = 0;
	while ((off = dwarf_ranges(die, off, &base, &start, &end)) > 0) {
		if (end > start)
			*size += end - start;
		if (start < *low)
			*low = start;
		if (end > *high)
			*high = end;
		any = true;
	}
	return any;
}

/* The first child of DIE, as dwarf_child: 0 when there is one, and not
   when DEPTH is past what a real program nests.  */
static int first_child(Dwarf_Die *die, int depth, Dwarf_Die *c)
{
	return depth > MAX_DEPTH ? 1 : dwarf_child(die, c);
}

/* Parameters, labels and variables of the function whose abstract (or
   only) DIE is DIE: labels and variables at any depth of its lexical
   blocks.  */
static void count_block(Dwarf_Die *die, struct ph_fn *f, int depth, bool top)
{
	Dwarf_Die c;

	for (int rc = first_child(die, depth, &c); rc == 0;
	     rc = dwarf_siblingof(&c, &c)) {
		switch (dwarf_tag(&c)) {
		case DW_TAG_formal_parameter:
			if (top)
				f->params++;
			break;
		case DW_TAG_unspecified_parameters:
			if (top)
				f->varargs = true;
			break;
		case DW_TAG_label:
			f->labels++;
			break;
		case DW_TAG_variable:
			f->variables++;
			break;
		case DW_TAG_lexical_block:
			count_block(&c, f, depth + 1, false);
			break;
		}
	}
}

static void count(struct ph_fn_walk *w, Dwarf_Die *origin, struct ph_fn *f)
{
	int rank = dwarf_hasattr(origin, DW_AT_declaration) ? 1 : 2;
	struct ph_error *err;

	if (rank <= f->counted)
		return;
	f->counted = rank;
	f->params = f->labels = f->variables = 0;
	f->varargs = false;
	count_block(origin, f, 0, true);
	if (w->opts->prototypes) {
		char *proto;

		if ((err = ph_fn_prototype(origin, f->name, &proto))) {
			w->err = err;
			return;
		}
		free(f->proto);
		f->proto = proto;
	}
	if (w->opts->class_name)
		f->class_param = ph_fn_has_class_param(origin,
						       w->opts->class_name);
}

static void walk_body(struct ph_fn_walk *w, Dwarf_Die *die, size_t body, int depth);

static bool is_cxx(Dwarf_Die *cudie)
{
	Dwarf_Attribute a;
	Dwarf_Word lang;

	if (!dwarf_attr(cudie, DW_AT_language, &a) ||
	    dwarf_formudata(&a, &lang) != 0)
		return false;
	return lang == DW_LANG_C_plus_plus || lang == DW_LANG_C_plus_plus_03 ||
	       lang == DW_LANG_C_plus_plus_11 || lang == DW_LANG_C_plus_plus_14;
}

/* Whether the code at LOW (DIE's, an instance of another function) is
   a part GCC split off a function (ipa-split's "f.part.N"): DWARF
   describes it as it does a clone of the whole function
   ("f.constprop.N"), an instance with code, and only its symbol tells
   them apart.  The function's body is elsewhere or inlined: the part
   is not a body it kept, as the plugin's records say.  */
static bool split_part(struct ph_fn_walk *w, Dwarf_Die *die, uint64_t low)
{
	const char *sym;

	if (!w->mod || !dwarf_hasattr(die, DW_AT_abstract_origin))
		return false;
	sym = dwfl_module_addrname(w->mod, low + w->bias);
	return sym && strstr(sym, ".part.") != NULL;
}

/* A DW_TAG_subprogram.  */
static void subprogram(struct ph_fn_walk *w, Dwarf_Die *die, int depth)
{
	Dwarf_Die origin;
	Dwarf_Attribute a;
	Dwarf_Word inl;
	size_t i = function_of(w, die, &origin);
	struct ph_fn *f;
	uint64_t size, low, high;
	bool first = false;

	if (i == SIZE_MAX)
		return;
	f = &w->t->fns[i];
	count(w, &origin, f);
	if (w->err)
		return;
	if (dwarf_attr_integrate(die, DW_AT_external, &a))
		f->external = true;
	if (dwarf_attr_integrate(die, DW_AT_inline, &a) &&
	    dwarf_formudata(&a, &inl) == 0)
		f->inline_attr = (int)inl;
	if (!dwarf_hasattr(die, DW_AT_declaration)) {
		f->defined = true;
		if (f->last_unit != w->unit) {
			f->last_unit = w->unit;
			f->units++;
		}
	}
	if (code_of(die, &size, &low, &high) && !split_part(w, die, low)) {
		first = !f->has_body;
		if (first) {
			f->has_body = true;
			f->size = size;
			f->low_pc = low;
			f->high_pc = high;
		}
		f->nr_bodies++;
	}
	walk_body(w, die, first ? i : SIZE_MAX, depth + 1);
}

/* A DW_TAG_inlined_subroutine inside the first body of function BODY
   (SIZE_MAX: another body).  */
static void expansion(struct ph_fn_walk *w, Dwarf_Die *die, size_t body)
{
	Dwarf_Die origin;
	size_t i = function_of(w, die, &origin);
	uint64_t size, low, high;
	struct ph_fn *f;

	if (i == SIZE_MAX)
		return;
	if (!code_of(die, &size, &low, &high))
		size = 0, low = 0;
	f = &w->t->fns[i];
	f->inlined_count++;
	f->inlined_bytes += size;
	count(w, &origin, f);
	if (body == SIZE_MAX || w->err)
		return;
	f = &w->t->fns[body];
	f->nr_exp++;
	f->exp_bytes += size;
	if (!w->opts->expansions)
		return;
	if (f->nr_exp > f->exps_cap) {
		size_t cap = f->exps_cap ? f->exps_cap * 2 : 8;
		struct ph_fn_expansion *v = realloc(f->exps, cap * sizeof(*v));

		if (!v) {
			w->err = &ph_error_nomem;
			return;
		}
		f->exps = v;
		f->exps_cap = cap;
	}
	f->exps[f->nr_exp - 1] = (struct ph_fn_expansion){
		i, size, low };
}

/* The DIEs inside a function: inline expansions (and those inside them),
   lexical blocks, nested functions.  */
static void walk_body(struct ph_fn_walk *w, Dwarf_Die *die, size_t body, int depth)
{
	Dwarf_Die c;

	for (int rc = first_child(die, depth, &c); rc == 0;
	     rc = dwarf_siblingof(&c, &c)) {
		switch (dwarf_tag(&c)) {
		case DW_TAG_inlined_subroutine:
			expansion(w, &c, body);
			if (w->err)
				return;
			walk_body(w, &c, body, depth + 1);
			break;
		case DW_TAG_lexical_block:
			walk_body(w, &c, body, depth + 1);
			break;
		case DW_TAG_subprogram:
			subprogram(w, &c, depth + 1);
			break;
		}
		if (w->err)
			return;
	}
}

/* The DIEs of a unit, or of a namespace: functions, and namespaces.  */
static void walk_scope(struct ph_fn_walk *w, Dwarf_Die *die, int depth)
{
	Dwarf_Die c;

	for (int rc = first_child(die, depth, &c); rc == 0;
	     rc = dwarf_siblingof(&c, &c)) {
		switch (dwarf_tag(&c)) {
		case DW_TAG_subprogram:
			subprogram(w, &c, depth + 1);
			break;
		case DW_TAG_namespace:
		case DW_TAG_module:
			walk_scope(w, &c, depth + 1);
			break;
		case DW_TAG_imported_unit: {
			/* dwz's partial units (in this file or the
			   alternate one) are part of each unit that
			   imports them, as if written there.  */
			Dwarf_Attribute a;
			Dwarf_Die pu;

			if (dwarf_attr(&c, DW_AT_import, &a) &&
			    dwarf_formref_die(&a, &pu))
				walk_scope(w, &pu, depth + 1);
			break;
		}
		}
		if (w->err)
			return;
	}
}

struct ph_error *ph_fn_walk_create(const struct ph_fn_opts *opts, Dwarf *dw,
				   Dwfl_Module *mod, struct ph_fn_walk **ret)
{
	struct ph_fn_walk *w = calloc(1, sizeof(*w));
	struct ph_error *err;

	if (!w)
		return &ph_error_nomem;
	w->opts = opts;
	w->dw = dw;
	w->mod = mod;
	if (mod && dwfl_module_getdwarf(mod, &w->bias) != dw)
		w->mod = NULL;
	ph_dw_offmap_init(&w->parents);
	ph_buf_init(&w->qname);
	if ((err = ph_dw_lines_create(&w->lines))) {
		free(w);
		return err;
	}
	*ret = w;
	return NULL;
}

void ph_fn_walk_destroy(struct ph_fn_walk *w)
{
	if (!w)
		return;
	ph_dw_lines_destroy(w->lines);
	ph_dw_offmap_deinit(&w->parents);
	free(w->scopes.v);
	ph_buf_deinit(&w->qname);
	free(w);
}

struct ph_error *ph_fn_walk_unit(struct ph_fn_walk *w, struct ph_fn_table *t,
				 Dwarf_CU *cu, uint8_t unit_type,
				 Dwarf_Die *cudie)
{
	Dwarf_Die subdie;
	struct ph_error *err;

	/* Partial units are walked where they are imported.  */
	if (unit_type == DW_UT_type || unit_type == DW_UT_split_type ||
	    unit_type == DW_UT_partial)
		return NULL;
	if (unit_type == DW_UT_skeleton) {
		if (dwarf_cu_info(cu, NULL, NULL, NULL, &subdie, NULL, NULL,
				  NULL) != 0 ||
		    dwarf_tag(&subdie) == DW_TAG_invalid)
			return ph_error_create(PH_ERROR_INVALID,
					       "cannot find the split DWARF "
					       "file of a unit");
		cudie = &subdie;
	}
	w->t = t;
	w->unit = ++t->nr_units;
	w->err = NULL;
	w->nomem = false;
	ph_dw_offmap_deinit(&w->parents);
	w->scopes.n = 0;
	w->cxx = is_cxx(cudie);
	if (w->cxx)
		record_scopes(w, cudie, 0, 0);
	if (!w->err)
		walk_scope(w, cudie, 0);
	err = w->err;
	if (!err && w->nomem)
		err = &ph_error_nomem;
	w->t = NULL;
	return err;
}

struct ph_error *ph_fn_walk_module(struct ph_fn_table *t, Dwarf *dw,
				   Dwfl_Module *mod,
				   const struct ph_fn_opts *opts)
{
	Dwarf_CU *cu = NULL, *next;
	Dwarf_Half version;
	uint8_t unit_type;
	Dwarf_Die cudie;
	struct ph_fn_walk *w;
	struct ph_error *err;
	int r;

	if ((err = ph_fn_walk_create(opts, dw, mod, &w)))
		return err;
	while ((r = dwarf_get_units(dw, cu, &next, &version, &unit_type,
				    &cudie, NULL)) == 0) {
		cu = next;
		if ((err = ph_fn_walk_unit(w, t, cu, unit_type, &cudie)))
			break;
	}
	ph_fn_walk_destroy(w);
	if (!err && r < 0)
		err = ph_error_create(PH_ERROR_INVALID, "libdw: %s",
				      dwarf_errmsg(-1));
	return err;
}
