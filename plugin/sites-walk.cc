/* Order-dependent sites (sites.h): where they are found.  The front end
   hands over each declaration (PLUGIN_FINISH_DECL) and each function
   body before it is lowered (PLUGIN_PRE_GENERICIZE); their trees are
   walked for what depends on member order:
   - initializers of aggregates (initsites.cc reads their text);
   - casts between a pointer to a type and a pointer to its first
     member's type, directly or through void *;
   - the type's bytes passed whole to fwrite, write, send, memcpy into a
     buffer and their like;
   - a function of the public ABI of a -fPIC unit taking or returning
     the type.
   Sites go into the unit's table (sites.cc), read back at the end by
   the report and the warnings (sites-out.cc).  */
#include "sites.h"

#include "plugin.h"
#include "sites-tree.h"
#include "allocs.h"

static bool enabled;

bool ph_sites_enabled(void)
{
	return enabled;
}

/* A record or union type behind pointers, references and arrays.  */
static tree aggregate_behind(tree type)
{
	for (unsigned depth = 0; type && depth < 32; depth++) {
		if (RECORD_OR_UNION_TYPE_P(type))
			return TYPE_MAIN_VARIANT(type);
		if (TREE_CODE(type) != POINTER_TYPE &&
		    TREE_CODE(type) != REFERENCE_TYPE &&
		    TREE_CODE(type) != ARRAY_TYPE)
			return NULL_TREE;
		type = TREE_TYPE(type);
	}
	return NULL_TREE;
}

static bool char_type(tree type)
{
	return TREE_CODE(type) == INTEGER_TYPE &&
	       TYPE_PRECISION(type) == TYPE_PRECISION(char_type_node);
}

/* The first member of RECORD at offset 0, a base class aside.  */
static tree first_field(tree record)
{
	for (tree f = TYPE_FIELDS(record); f; f = DECL_CHAIN(f)) {
		if (TREE_CODE(f) != FIELD_DECL)
			continue;
		if (ph_lang_cxx && PH_DECL_FIELD_IS_BASE(f))
			return NULL_TREE;
		if (DECL_ARTIFICIAL(f) && !DECL_NAME(f) &&
		    !RECORD_OR_UNION_TYPE_P(TREE_TYPE(f)))
			return NULL_TREE;
		if (!integer_zerop(bit_position(f)))
			return NULL_TREE;
		return f;
	}
	return NULL_TREE;
}

/* Whether TARGET is the type of RECORD's first member, or of that
   member's own first member, and so on; *FIELD is RECORD's.  */
static bool first_member_type(tree record, tree target, tree *field)
{
	tree t = record;

	*field = NULL_TREE;
	for (unsigned depth = 0; depth < 16; depth++) {
		tree f = first_field(t);

		if (!f)
			return false;
		if (!*field)
			*field = f;
		tree ft = TREE_TYPE(f);
		while (TREE_CODE(ft) == ARRAY_TYPE)
			ft = TREE_TYPE(ft);
		ft = TYPE_MAIN_VARIANT(ft);
		if (ft == target)
			return true;
		if (!RECORD_OR_UNION_TYPE_P(ft))
			return false;
		t = ft;
	}
	return false;
}

static std::string field_label(tree f)
{
	return DECL_NAME(f) ? IDENTIFIER_POINTER(DECL_NAME(f)) : "";
}

/* A conversion of a pointer to one aggregate into a pointer to another,
   where one is the first member of the other: through void * too.  */
static void check_cast(tree expr, location_t where)
{
	tree to = TREE_TYPE(expr);
	tree op = TREE_OPERAND(expr, 0);

	if (!to || TREE_CODE(to) != POINTER_TYPE)
		return;
	/* (U *)(void *)p: look through the conversions to void *.  */
	while ((CONVERT_EXPR_P(op) || TREE_CODE(op) == VIEW_CONVERT_EXPR ||
		TREE_CODE(op) == NON_LVALUE_EXPR) &&
	       TREE_TYPE(op) && TREE_CODE(TREE_TYPE(op)) == POINTER_TYPE &&
	       VOID_TYPE_P(TREE_TYPE(TREE_TYPE(op))))
		op = TREE_OPERAND(op, 0);
	tree from = TREE_TYPE(op);
	if (!from || TREE_CODE(from) != POINTER_TYPE)
		return;
	tree tt = TYPE_MAIN_VARIANT(TREE_TYPE(to));
	tree ft = TYPE_MAIN_VARIANT(TREE_TYPE(from));
	if (tt == ft || VOID_TYPE_P(tt) || VOID_TYPE_P(ft) || char_type(tt) ||
	    char_type(ft))
		return;
	tree field;
	tree record = NULL_TREE;
	if (TREE_CODE(ft) == RECORD_TYPE && first_member_type(ft, tt, &field))
		record = ft;
	else if (TREE_CODE(tt) == RECORD_TYPE &&
		 first_member_type(tt, ft, &field))
		record = tt;
	if (!record)
		return;
	ph_unit_site s;
	s.kind = PH_SITE_FIRST_MEMBER;
	ph_site_place(&s, EXPR_HAS_LOCATION(expr) ? EXPR_LOCATION(expr)
						   : where);
	s.member = field_label(field);
	ph_sites_add(record, std::move(s));
}

/* Calls that move a type's bytes in or out whole: the pointer argument
   converted to a byte buffer (void *, char *).  memcpy and memmove only
   when the other side is not the same type (a buffer).  */
static const char *const io_functions[] = {
	"fwrite", "fread", "fwrite_unlocked", "fread_unlocked", "write",
	"read", "pwrite", "pread", "pwrite64", "pread64", "send", "recv",
	"sendto", "recvfrom", "__fread_chk", "__fread_alias",
	"__fread_unlocked_chk", "__read_chk", "__pread_chk", "__pread64_chk",
	"__recv_chk", "__recvfrom_chk", "mq_send", "mq_receive", "msgsnd",
	"msgrcv",
};
static const char *const copy_functions[] = {
	"memcpy", "memmove", "__builtin_memcpy", "__builtin_memmove",
	"__builtin___memcpy_chk", "__builtin___memmove_chk", "mempcpy",
	"__builtin_mempcpy", "__builtin___mempcpy_chk", "__memcpy_chk",
	"__memmove_chk",
};

/* The aggregate an argument of type void * or char * points to before
   its conversion, else NULL.  */
static tree buffer_arg(tree arg)
{
	tree type = TREE_TYPE(arg);

	if (!type || TREE_CODE(type) != POINTER_TYPE)
		return NULL_TREE;
	tree to = TREE_TYPE(type);
	if (!VOID_TYPE_P(to) && !char_type(to))
		return NULL_TREE;
	while (CONVERT_EXPR_P(arg) || TREE_CODE(arg) == NON_LVALUE_EXPR ||
	       TREE_CODE(arg) == VIEW_CONVERT_EXPR) {
		tree inner = TREE_OPERAND(arg, 0);
		tree it = TREE_TYPE(inner);

		if (!it || TREE_CODE(it) != POINTER_TYPE)
			return NULL_TREE;
		tree pt = TREE_TYPE(it);
		if (ph_lang_cxx && TREE_CODE(pt) == ARRAY_TYPE)
			pt = TREE_TYPE(pt);
		if (RECORD_OR_UNION_TYPE_P(pt))
			return TYPE_MAIN_VARIANT(pt);
		if (TREE_CODE(pt) == ARRAY_TYPE)
			pt = TREE_TYPE(pt);
		if (RECORD_OR_UNION_TYPE_P(pt))
			return TYPE_MAIN_VARIANT(pt);
		arg = inner;
	}
	if (TREE_CODE(arg) == ADDR_EXPR) {
		tree t = TREE_TYPE(TREE_OPERAND(arg, 0));
		while (t && TREE_CODE(t) == ARRAY_TYPE)
			t = TREE_TYPE(t);
		if (t && RECORD_OR_UNION_TYPE_P(t))
			return TYPE_MAIN_VARIANT(t);
	}
	return NULL_TREE;
}

static bool named(const char *name, const char *const *list, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(name, list[i]) == 0)
			return true;
	return false;
}

static void io_site(tree type, tree call, location_t where, const char *name)
{
	ph_unit_site s;

	s.kind = PH_SITE_IO;
	ph_site_place(&s, EXPR_HAS_LOCATION(call) ? EXPR_LOCATION(call) : where);
	s.why = name;
	ph_sites_add(type, std::move(s));
}

static void check_call(tree call, location_t where)
{
	tree fn = get_callee_fndecl(call);

	if (!fn || !DECL_NAME(fn))
		return;
	const char *name = IDENTIFIER_POINTER(DECL_NAME(fn));
	bool io = named(name, io_functions, ARRAY_SIZE(io_functions));
	bool copy = !io && named(name, copy_functions,
				 ARRAY_SIZE(copy_functions));
	if (!io && !copy)
		return;
	int n = call_expr_nargs(call);
	tree types[2] = { NULL_TREE, NULL_TREE };
	for (int i = 0; i < n; i++) {
		tree t = buffer_arg(CALL_EXPR_ARG(call, i));

		if (copy && i < 2) {
			types[i] = t;
			continue;
		}
		if (t)
			io_site(t, call, where, name);
	}
	if (!copy)
		return;
	/* A copy between two objects of one type copies it whole, as
	   assignment does: the order does not show.  Into or out of
	   something else, the bytes go somewhere that has them in this
	   order.  */
	for (int i = 0; i < 2; i++) {
		if (types[i] && types[i] != types[1 - i])
			io_site(types[i], call, where, name);
	}
}

/* A function a shared library exports: every aggregate in its
   signature is part of the library's ABI.  */
static void check_signature(tree fn)
{
	if (!flag_pic || flag_pie || !TREE_PUBLIC(fn) || DECL_ARTIFICIAL(fn) ||
	    DECL_VISIBILITY(fn) != VISIBILITY_DEFAULT || !DECL_NAME(fn))
		return;
	std::vector<tree> types;
	types.push_back(TREE_TYPE(TREE_TYPE(fn)));
	for (tree p = DECL_ARGUMENTS(fn); p; p = DECL_CHAIN(p))
		if (!DECL_ARTIFICIAL(p))
			types.push_back(TREE_TYPE(p));
	for (tree t : types) {
		tree agg = aggregate_behind(t);

		if (!agg)
			continue;
		/* A type the unit's own file defines is opaque to the
		   library's users: they only ever hold a pointer.  */
		expanded_location x = expand_location(ph_type_location(agg));
		if (!x.file || (main_input_filename &&
				strcmp(x.file, main_input_filename) == 0))
			continue;
		ph_unit_site s;
		s.kind = PH_SITE_ABI;
		ph_site_place(&s, DECL_SOURCE_LOCATION(fn));
		s.why = std::string("in the signature of '") +
			lang_hooks.decl_printable_name(fn, 1) +
			"', exported from a -fPIC unit";
		/* The symbol: a linked library whose dynamic symbols lack
		   it (a version script, -export-symbols-regex) does not
		   export it.  */
		s.other = IDENTIFIER_POINTER(DECL_ASSEMBLER_NAME(fn));
		ph_sites_add(agg, std::move(s));
	}
}

struct walk_data {
	location_t where;	/* the last location seen, for trees without */
	tree fn;
};

static void var_root(tree var);

static tree walk_cb(tree *tp, int *walk_subtrees, void *data)
{
	walk_data *w = (walk_data *)data;
	tree t = *tp;

	/* The function's own walk (not an initializer's again).  */
	if (w->fn)
		ph_allocs_visit(t);

	if (EXPR_P(t) && EXPR_HAS_LOCATION(t))
		w->where = EXPR_LOCATION(t);
	switch (TREE_CODE(t)) {
	case BIND_EXPR:
		for (tree v = BIND_EXPR_VARS(t); v; v = DECL_CHAIN(v)) {
			if (!VAR_P(v))
				continue;
			var_root(v);
			if (ph_lang_cxx)
				ph_cxx_binding(v);
		}
		break;
	case DECL_EXPR:
		if (VAR_P(DECL_EXPR_DECL(t)))
			var_root(DECL_EXPR_DECL(t));
		break;
	case COMPOUND_LITERAL_EXPR:
		var_root(COMPOUND_LITERAL_EXPR_DECL(t));
		break;
	case ADDR_EXPR:
		/* A compound literal at file scope: its static decl.  */
		if (ph_compound_literal_decl(TREE_OPERAND(t, 0)))
			var_root(TREE_OPERAND(t, 0));
		break;
	CASE_CONVERT:
	case VIEW_CONVERT_EXPR:
		check_cast(t, w->where);
		break;
	case CALL_EXPR:
		check_call(t, w->where);
		if (ph_lang_cxx)
			ph_cxx_note_call(w->fn, get_callee_fndecl(t),
					 EXPR_HAS_LOCATION(t) ? EXPR_LOCATION(t)
							      : w->where);
		break;
	case CONSTRUCTOR:
		/* C's initializers all hang off a declaration, read there;
		   C++'s braced lists in expressions are read by
		   cxxsites.cc, which marks those it read.  */
		if (ph_lang_cxx && !ph_cxx_ctor_done(t))
			ph_init_expr_unread(t, w->where);
		break;
	default:
		if (ph_lang_cxx)
			ph_cxx_walk_node(t, w->where, w->fn, walk_subtrees);
		break;
	}
	return NULL_TREE;
}

static void walk(tree *tp, location_t where, tree fn)
{
	walk_data w = { where, fn };

	if (*tp)
		walk_tree_without_duplicates(tp, walk_cb, &w);
	if (ph_lang_cxx && !fn)
		return;
	ph_cxx_walk_end();
}

/* A variable's (or a compound literal's) initializer, once.  */
static void var_root(tree var)
{
	tree init = DECL_INITIAL(var);

	if (!init || init == error_mark_node || DECL_EXTERNAL(var))
		return;
	if (!ph_sites_var_once(var))
		return;
	if (TREE_CODE(init) == CONSTRUCTOR) {
		if (ph_lang_cxx)
			ph_cxx_mark_done(init);
		if (!ph_init_var_root(var, init))
			ph_cxx_expr_root(init, DECL_SOURCE_LOCATION(var),
					 NULL_TREE);
	}
	/* Compound literals, casts and calls inside it.  */
	walk(&DECL_INITIAL(var), DECL_SOURCE_LOCATION(var), NULL_TREE);
}

static void finish_decl(void *gcc_data, void *)
{
	tree decl = (tree)gcc_data;

	if (!enabled || seen_error() || !decl)
		return;
	if (TREE_CODE(decl) == TYPE_DECL)
		ph_asserts_note_typedef(decl);
	/* Locals come with their function's body.  */
	if (VAR_P(decl) && !decl_function_context(decl)) {
		var_root(decl);
		if (ph_lang_cxx)
			ph_cxx_binding(decl);
	}
}

static void pre_genericize(void *gcc_data, void *)
{
	tree fn = (tree)gcc_data;

	if (!enabled || seen_error() || !fn || !DECL_SAVED_TREE(fn))
		return;
	check_signature(fn);
	if (ph_lang_cxx)
		ph_cxx_function(fn);
	ph_allocs_function_begin(fn);
	walk(&DECL_SAVED_TREE(fn), DECL_SOURCE_LOCATION(fn), fn);
	ph_allocs_function_end();
}

void ph_sites_register(const char *plugin_name)
{
	enabled = true;
	ph_sites_init();
	register_callback(plugin_name, PLUGIN_FINISH_DECL, finish_decl, NULL);
	register_callback(plugin_name, PLUGIN_PRE_GENERICIZE, pre_genericize,
			  NULL);
}

void ph_sites_release(void)
{
	ph_sites_deinit();
	ph_cxx_release();
	ph_asserts_release();
	ph_sites_out_release();
	ph_src_release();
	enabled = false;
}
