/* The function records (-fplugin-arg-pokehole-functions) and the
   uninlined warning (warn=uninlined): what the compiler decided about
   each function defined in the unit, taken from the call graph where
   each fact is final.

   - The records are made at the start of IPA (PLUGIN_ALL_IPA_PASSES_START)
     for every function the call graph has a body for, and, before that,
     for every function the call graph drops unused (a removal hook): the
     front end's facts (name, place, inline, attributes, parameters) are
     taken then, while the front end's printer still works.  Goto labels
     are counted from the scopes of each body as it is parsed
     (PLUGIN_FINISH_PARSE_FUNCTION).
   - The early inliner expands the calls it inlines at once, and their
     edges are removed as it does: from the start of IPA to the start of
     the IPA inliner ("inline"), an edge removed inlined is a call
     inlined (an edge removal hook).
   - When the IPA inliner starts, each function's size estimate.
   - At the end of IPA (PLUGIN_ALL_IPA_PASSES_END), every edge left is a
     call inlined (its inline_failed is CIF_OK) or not, and each function
     has an out-of-line body or not: its node is still there, not an
     inline clone.  The warnings are issued then, and the records
     rendered.
   - ipa-cp's and IPA-SRA's clones (f.constprop.N, f.isra.N) are f with
     parameters specialised: the calls redirected to them are calls to
     f, inlined or not, and their bodies are bodies of f.  They have
     decls of their own; their nodes' clone_of leads to f's.

   Nothing here changes the compiler's data: only hooks that look.  */
#include "plugin.h"

struct fn_rec {
	char *name;		/* printable, C++ qualified (the warning's) */
	/* The records' name: in C++, the one GCC's DWARF gives it with its
	   scopes' (the layouts' names: "std::vector<int,
	   std::allocator<int> >::push_back", template arguments in full),
	   which pokefunct builds from an object's DWARF alike.  */
	char *record_name;
	char *symbol;		/* the assembler name */
	char *file;
	int line;
	location_t where;
	bool declared_inline, always_inline, noinline;
	bool final;		/* the end of PH_IPA was seen */
	bool body_kept;
	bool clone_kept;	/* a clone of it keeps a body */
	bool address_taken, recursive, external, used;
	bool has_size;
	int size;
	unsigned params, labels;
	unsigned early_inlined;	/* by the early inliner */
	unsigned inlined, not_inlined;	/* edges at the end of PH_IPA */
	/* Distinct cgraph_inline_failed_string()s of the edges not
	   inlined (static strings).  */
	const char *failed[8];
	unsigned nr_failed;
};

static struct ph_funcs_options fopts;
/* The functions recorded, in the order they were: a GC root.  */
static vec<tree, va_gc> *fn_decls;
static vec<fn_rec> recs;
static hash_map<tree, unsigned> *rec_index;
static hash_map<tree, unsigned> *label_counts;

static enum { PH_PARSING, PH_EARLY, PH_IPA, PH_DONE } phase;

static const struct ggc_root_tab fn_roots[] = {
	{ &fn_decls, 1, sizeof(fn_decls), &gt_ggc_mx_vec_tree_va_gc_,
	  &gt_pch_nx_vec_tree_va_gc_ },
	LAST_GGC_ROOT_TAB
};

static fn_rec *find(tree decl)
{
	unsigned *i = rec_index ? rec_index->get(decl) : NULL;

	return i ? &recs[*i] : NULL;
}

/* The record of the function NODE is a body of: its own, or that of
   what it is a clone of (an inline clone shares the decl; a clone of
   ipa-cp or IPA-SRA has one of its own).  */
static fn_rec *find_node(cgraph_node *node)
{
	for (; node; node = node->clone_of) {
		fn_rec *r = find(node->decl);

		if (r)
			return r;
	}
	return NULL;
}

/* The function a node is a body of: a function defined here, not an
   alias nor a thunk.  */
static bool defined_function(cgraph_node *node)
{
	tree decl = node->decl;

	return decl && TREE_CODE(decl) == FUNCTION_DECL && node->definition &&
	       !node->alias && !ph_node_thunk(node) &&
	       !ph_node_inlined(node);
}

/* A function the records are for: named, not compiler-made (unless
   artificial), not in a system header (unless system-headers).  */
static bool wanted(tree decl)
{
	return DECL_NAME(decl) && (!DECL_ARTIFICIAL(decl) || fopts.artificial) &&
	       (fopts.system_headers ||
		!in_system_header_at(DECL_SOURCE_LOCATION(decl)));
}

static void add_record(cgraph_node *node)
{
	tree decl = node->decl;

	if (find(decl) || !defined_function(node) || !wanted(decl))
		return;
	location_t loc = DECL_SOURCE_LOCATION(decl);
	expanded_location x = expand_location(loc);
	const char *name = lang_hooks.decl_printable_name(decl, 1);
	if (!name)
		return;

	fn_rec r;
	memset(&r, 0, sizeof(r));
	r.name = xstrdup(name);
	r.record_name = r.name;
	if (ph_lang_cxx) {
		struct ph_buf dn;

		ph_buf_init(&dn);
		if (ph_dwarf_name(decl, &dn) && !dn.failed && dn.data)
			r.record_name = xstrdup(dn.data);
		ph_buf_deinit(&dn);
	}
	const char *sym = IDENTIFIER_POINTER(DECL_ASSEMBLER_NAME(decl));
	r.symbol = xstrdup(sym[0] == '*' ? sym + 1 : sym);
	r.file = xstrdup(x.file ? x.file : "");
	r.line = x.line;
	r.where = loc;
	r.declared_inline = DECL_DECLARED_INLINE_P(decl);
	for (tree a = DECL_ARGUMENTS(decl); a; a = DECL_CHAIN(a))
		r.params++;
	unsigned *labels = label_counts->get(decl);
	r.labels = labels ? *labels : 0;
	vec_safe_push(fn_decls, decl);
	rec_index->put(decl, recs.length());
	recs.safe_push(r);
}

/* User goto labels: named, not made by the compiler.  Both front ends
   put a function's labels in the BLOCK_VARS of the scope that declares
   them (the outermost one, or a block's for a __label__) so that the
   debug info has them: counting there reads a few decls a function
   where a walk of the body reads every node (most of the records' cost
   at -O0).  */
static unsigned count_labels(tree block)
{
	unsigned n = 0;

	for (; block && TREE_CODE(block) == BLOCK;
	     block = BLOCK_CHAIN(block)) {
		for (tree v = BLOCK_VARS(block); v; v = DECL_CHAIN(v))
			if (TREE_CODE(v) == LABEL_DECL && DECL_NAME(v) &&
			    !DECL_ARTIFICIAL(v))
				n++;
		n += count_labels(BLOCK_SUBBLOCKS(block));
	}
	return n;
}

static void finish_parse_function(void *gcc_data, void *)
{
	tree decl = (tree)gcc_data;

	/* Only a function that gets a record needs its labels counted.  */
	if (seen_error() || !decl || TREE_CODE(decl) != FUNCTION_DECL ||
	    !DECL_SAVED_TREE(decl) || !wanted(decl))
		return;
	unsigned n = count_labels(DECL_INITIAL(decl));
	label_counts->put(decl, n);
}

/* Functions the call graph drops before PH_IPA (unused static ones) are
   recorded as they go; after that, a function recorded at the start of
   PH_IPA keeps its record.  */
static void node_removed(cgraph_node *node, void *)
{
	if (phase == PH_PARSING && !seen_error())
		add_record(node);
}

/* The early inliner removes the edges it has inlined when it expands
   them: one call inlined each.  */
static void edge_removed(cgraph_edge *e, void *)
{
	if (phase != PH_EARLY || !e->callee || !ph_edge_inlined(e))
		return;
	fn_rec *r = find_node(e->callee);
	if (r)
		r->early_inlined++;
}

static void start_ipa(void *, void *)
{
	cgraph_node *node;

	if (seen_error() || phase != PH_PARSING)
		return;
	FOR_EACH_FUNCTION(node)
		add_record(node);
	phase = PH_EARLY;
}

static void pass_execution(void *gcc_data, void *plugin_name)
{
	opt_pass *pass = (opt_pass *)gcc_data;
	cgraph_node *node;

	if (phase != PH_EARLY || !pass || pass->type != IPA_PASS || !pass->name ||
	    strcmp(pass->name, "inline"))
		return;
	phase = PH_IPA;
	/* Nothing more to see in the passes after this one: GCC's list
	   unlinks the entry and keeps it, so its walk goes on safely.  */
	unregister_callback((const char *)plugin_name, PLUGIN_PASS_EXECUTION);
	FOR_EACH_FUNCTION(node) {
		fn_rec *r;
		int size;

		if (defined_function(node) && (r = find(node->decl)) &&
		    ph_node_size(node, &size)) {
			r->has_size = true;
			r->size = size;
		}
	}
}

static void add_failed(fn_rec *r, const char *why)
{
	if (!why)
		return;
	for (unsigned i = 0; i < r->nr_failed; i++)
		if (strcmp(r->failed[i], why) == 0)
			return;
	if (r->nr_failed < ARRAY_SIZE(r->failed))
		r->failed[r->nr_failed++] = why;
}

/* The body a call is in: its caller, or what that was inlined into.  */
static cgraph_node *root_caller(cgraph_edge *e)
{
	cgraph_node *caller = e->caller;

	return ph_node_inlined(caller) ? caller->inlined_to : caller;
}

/* Why a declared-inline function keeps its body, in words; EMPTY when
   none of GCC's reasons applies.  */
static void reasons(const fn_rec *r, struct ph_buf *out, const char *sep)
{
	size_t start = out->len;
	const char *own[6];
	unsigned n = 0;

	if (!optimize)
		own[n++] = "-O0";
	if (r->noinline)
		own[n++] = "noinline";
	if (r->recursive)
		own[n++] = "recursive";
	if (r->address_taken)
		own[n++] = "address taken";
	if (r->external)
		own[n++] = "external";
	if (r->used)
		own[n++] = "used";
	for (unsigned i = 0; i < n; i++)
		ph_buf_printf(out, "%s%s", out->len > start ? sep : "", own[i]);
}

static void end_ipa(void *, void *)
{
	cgraph_node *node;

	if (phase == PH_DONE || phase == PH_PARSING || seen_error())
		return;
	phase = PH_DONE;
	/* The compile step of -flto decides nothing: lto1 does.  */
	if (flag_generate_lto && !flag_fat_lto_objects)
		return;
	FOR_EACH_FUNCTION(node) {
		fn_rec *c;

		if (node->clone_of && !find(node->decl) &&
		    (c = find_node(node)) && node->definition &&
		    !ph_node_inlined(node) && !ph_node_thunk(node))
			c->clone_kept = true;
		for (cgraph_edge *e = node->callees; e; e = e->next_callee) {
			fn_rec *r;

			if (!e->callee || !(r = find_node(e->callee)))
				continue;
			cgraph_node *root = root_caller(e);
			if (!root || DECL_EXTERNAL(root->decl))
				continue;
			if (ph_edge_inlined(e)) {
				r->inlined++;
			} else {
				r->not_inlined++;
				add_failed(r, cgraph_inline_failed_string(
						      e->inline_failed));
				if (find_node(root) == r)
					r->recursive = true;
			}
		}
	}
	unsigned i;
	tree decl;
	FOR_EACH_VEC_SAFE_ELT(fn_decls, i, decl) {
		fn_rec *r = &recs[i];
		cgraph_node *n = cgraph_node::get(decl);

		r->final = true;
		r->always_inline =
			lookup_attribute("always_inline", DECL_ATTRIBUTES(decl));
		r->noinline = lookup_attribute("noinline", DECL_ATTRIBUTES(decl));
		r->declared_inline = DECL_DECLARED_INLINE_P(decl);
		/* Identical code folding may have made it an alias of a
		   twin's body: its symbol is still there.  */
		bool own = n && n->definition && !ph_node_thunk(n) &&
			   !ph_node_inlined(n) && !DECL_EXTERNAL(decl);
		r->body_kept = own || r->clone_kept;
		/* A clone's body alone is kept for its calls: GCC's
		   reasons, not_inlined_because, say why.  */
		if (!own)
			continue;
		r->address_taken = n->address_taken;
		r->external = TREE_PUBLIC(decl) && !DECL_COMDAT(decl);
		r->used = DECL_PRESERVE_P(decl);
	}
	if (!fopts.warn || !optimize)
		return;
	FOR_EACH_VEC_SAFE_ELT(fn_decls, i, decl) {
		fn_rec *r = &recs[i];
		struct ph_buf why;

		if (!r->declared_inline || !r->body_kept)
			continue;
		ph_buf_init(&why);
		reasons(r, &why, ", ");
		for (unsigned k = 0; k < r->nr_failed && !why.len; k++)
			ph_buf_printf(&why, "%s%s", k ? "; " : "",
				      r->failed[k]);
		if (!why.len)
			ph_buf_puts(&why, "referenced");
		ph_warn_uninlined(r->where, r->name, why.data ? why.data : "",
				  r->early_inlined + r->inlined,
				  r->early_inlined + r->inlined +
					  r->not_inlined,
				  fopts.warn_opts);
		ph_buf_deinit(&why);
	}
}

/* A function of another file (a header's static inline) that this unit
   neither calls nor keeps nor takes the address of: nothing happened to
   it here, and every unit that includes the header would repeat its
   record (two thirds of a Linux build's records, repeated hundreds of
   times); DWARF has no trace of it either.  */
static bool idle_elsewhere(const fn_rec *r)
{
	return r->final && !r->body_kept && !r->clone_kept &&
	       !r->address_taken &&
	       r->early_inlined + r->inlined + r->not_inlined == 0 &&
	       main_input_filename && strcmp(r->file, main_input_filename) != 0;
}

/* Source order: locations grow as the unit is read.  */
static int by_location(const void *a, const void *b)
{
	location_t la = (*(const fn_rec *const *)a)->where;
	location_t lb = (*(const fn_rec *const *)b)->where;

	return la < lb ? -1 : la > lb;
}

/* TEXT (what comes before a value: a key) and S as a JSON string.  */
static void put_string(struct ph_buf *out, const char *text, const char *s)
{
	ph_buf_puts(out, text);
	ph_json_string(out, s);
}

void ph_funcs_render(struct ph_buf *out)
{
	unsigned nr = recs.length();
	const fn_rec **order = XNEWVEC(const fn_rec *, nr + 1);

	for (unsigned i = 0; i < nr; i++)
		order[i] = &recs[i];
	qsort(order, nr, sizeof(*order), by_location);
	for (unsigned i = 0; i < nr; i++) {
		const fn_rec *r = order[i];

		if (idle_elsewhere(r))
			continue;
		put_string(out, "{\"name\":", r->record_name);
		put_string(out, ",\"kind\":\"function\",\"symbol\":", r->symbol);
		put_string(out, ",\"file\":", r->file);
		ph_buf_printf(out, ",\"line\":%d", r->line);
		ph_buf_printf(out, ",\"declared_inline\":%s",
			      r->declared_inline ? "true" : "false");
		ph_buf_printf(out, ",\"always_inline\":%s,\"noinline\":%s",
			      r->always_inline ? "true" : "false",
			      r->noinline ? "true" : "false");
		ph_buf_printf(out, ",\"params\":%u,\"labels\":%u", r->params,
			      r->labels);
		if (r->final) {
			ph_buf_printf(out, ",\"calls_inlined\":%u,"
				      "\"calls_not_inlined\":%u,"
				      "\"body_kept\":%s",
				      r->early_inlined + r->inlined,
				      r->not_inlined,
				      r->body_kept ? "true" : "false");
			if (r->body_kept && r->declared_inline) {
				struct ph_buf why;

				ph_buf_init(&why);
				reasons(r, &why, "\",\"");
				ph_buf_puts(out, ",\"why_kept\":[");
				if (why.len)
					ph_buf_printf(out, "\"%s\"", why.data);
				ph_buf_puts(out, "]");
				ph_buf_deinit(&why);
			}
			if (r->nr_failed) {
				ph_buf_puts(out, ",\"not_inlined_because\":");
				ph_json_strings(out, r->failed, r->nr_failed);
			}
		}
		if (r->has_size)
			ph_buf_printf(out, ",\"size\":%d", r->size);
		ph_buf_puts(out, "}\n");
	}
	XDELETEVEC(order);
}

bool ph_funcs_final(void)
{
	return phase == PH_DONE;
}

void ph_funcs_register(const char *plugin_name,
		       const struct ph_funcs_options *o)
{
	fopts = *o;
	rec_index = new hash_map<tree, unsigned>;
	label_counts = new hash_map<tree, unsigned>;
	register_callback(plugin_name, PLUGIN_REGISTER_GGC_ROOTS, NULL,
			  const_cast<ggc_root_tab *>(fn_roots));
	register_callback(plugin_name, PLUGIN_FINISH_PARSE_FUNCTION,
			  finish_parse_function, NULL);
	register_callback(plugin_name, PLUGIN_ALL_IPA_PASSES_START, start_ipa,
			  NULL);
	register_callback(plugin_name, PLUGIN_PASS_EXECUTION, pass_execution,
			  const_cast<char *>(plugin_name));
	register_callback(plugin_name, PLUGIN_ALL_IPA_PASSES_END, end_ipa,
			  NULL);
}

/* The symbol table exists once the unit starts.  */
void ph_funcs_start_unit(void)
{
	static bool hooked;

	if (hooked || !symtab)
		return;
	hooked = true;
	symtab->add_cgraph_removal_hook(node_removed, NULL);
	symtab->add_edge_removal_hook(edge_removed, NULL);
}
