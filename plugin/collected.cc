/* The types the plugin collects: each struct and union the front end
   completes, once, in completion order, kept to the end of the unit.
   Their own file, below everything that asks whether a type is one of
   them (the sites' table, the C++ sites) and the report that reads them
   back (pokehole.cc).  */
#include "plugin.h"

/* Types completed so far, in completion order: a GC root, so that a type
   local to a function outlives that function's collection.  */
static vec<tree, va_gc> *pending;
/* Where each pending type was defined when it was completed.  */
static vec<location_t> pending_where;
static hash_set<tree> *seen;

static const struct ggc_root_tab pending_roots[] = {
	{ &pending, 1, sizeof(pending), &gt_ggc_mx_vec_tree_va_gc_,
	  &gt_pch_nx_vec_tree_va_gc_ },
	LAST_GGC_ROOT_TAB
};

bool ph_type_collected(tree type)
{
	return seen && seen->contains(type);
}

unsigned ph_collected_count(void)
{
	return vec_safe_length(pending);
}

tree ph_collected_type(unsigned i, location_t *where)
{
	*where = pending_where[i];
	return (*pending)[i];
}

static void collect(tree type)
{
	if (!type || seen_error())
		return;
	if (TREE_CODE(type) != RECORD_TYPE && TREE_CODE(type) != UNION_TYPE)
		return;
	type = TYPE_MAIN_VARIANT(type);
	/* A forward declaration: the definition will come back here.  */
	if (!COMPLETE_TYPE_P(type))
		return;
	if (seen->add(type))
		return;
	vec_safe_push(pending, type);
	pending_where.safe_push(ph_record_location(type));
}

static void finish_type(void *gcc_data, void *)
{
	collect((tree)gcc_data);
}

/* PLUGIN_FINISH_TYPE never sees C++ template instantiations, lambdas or
   local classes, but every type declaration reaches the debug hooks'
   type_decl, -g or not; so we sit in front of whichever hooks are in
   use.  */
static const struct gcc_debug_hooks *orig_debug_hooks;
static struct gcc_debug_hooks wrapped_debug_hooks;

static void wrapped_type_decl(tree decl, int local)
{
	orig_debug_hooks->type_decl(decl, local);
	if (decl && TREE_CODE(decl) == TYPE_DECL)
		collect(TREE_TYPE(decl));
}

void ph_collected_init(const char *plugin_name)
{
	seen = new hash_set<tree>;
	register_callback(plugin_name, PLUGIN_REGISTER_GGC_ROOTS, NULL,
			  const_cast<ggc_root_tab *>(pending_roots));
	register_callback(plugin_name, PLUGIN_FINISH_TYPE, finish_type, NULL);
}

void ph_collected_start_unit(void)
{
	if (debug_hooks == &wrapped_debug_hooks)
		return;
	orig_debug_hooks = debug_hooks;
	wrapped_debug_hooks = *debug_hooks;
	wrapped_debug_hooks.type_decl = wrapped_type_decl;
	debug_hooks = &wrapped_debug_hooks;
}

void ph_collected_deinit(void)
{
	if (debug_hooks == &wrapped_debug_hooks)
		debug_hooks = orig_debug_hooks;
	delete seen;
	seen = NULL;
	pending_where.release();
}
