/* C++ names spelled as GCC's DWARF output spells them, which is what
   dwarf/pokehole reads back from the same compilation: each scope's
   DW_AT_name joined with "::", template arguments as the DWARF names
   write them (defaults written out, enumerators as casts: "Tuned<(Mode)1,
   3>"), "{anonymous}" for an anonymous namespace and "<unnamed>" for an
   unnamed class.  */
#include "plugin.h"

bool ph_lang_cxx;

void ph_names_init(void)
{
	ph_lang_cxx = strncmp(lang_hooks.name, "GNU C++", 7) == 0;
}

/* The host compiler's format checking does not know GCC's internal %T.  */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat"
#pragma GCC diagnostic ignored "-Wformat-extra-args"
void ph_type_text(tree type, struct ph_buf *out)
{
	static const char *const fmt = "%T";

	/* A clone of the diagnostics' printer has the front end's format
	   decoder and the post-processor C++'s %T insists on; unquoted, %T
	   adds no "aka".  Nothing it prints reaches the diagnostics.  */
	pretty_printer *pp = ph_clone_printer();
	pp_clear_output_area(pp);
	pp_set_line_maximum_length(pp, 0);
	pp_show_color(pp) = false;
	pp_printf(pp, fmt, type);
	ph_buf_puts(out, pp_formatted_text(pp));
	delete pp;
}
#pragma GCC diagnostic pop

/* GCC's DWARF puts cv-qualifiers after the type inside template
   arguments ("W<char const*>"); the reader moves each in front of the
   run of words it follows ("W<const char*>").  So do we, with the
   reader's rule: a run of words starts after '<' or ',' (and their
   spaces) and ends at '*', '&', '(', ')' or '>'.  */
static void put_cv_first(const char *name, struct ph_buf *out)
{
	static const char *const quals[] = { "const", "volatile" };
	size_t run = SIZE_MAX;	/* where in OUT the current run starts */
	int depth = 0;

	for (const char *p = name; *p;) {
		bool moved = false;

		for (unsigned q = 0; q < 2 && depth > 0 && *p == ' ' &&
				     run != SIZE_MAX && !moved; q++) {
			size_t n = strlen(quals[q]);
			char after = p[1 + n];

			if (strncmp(p + 1, quals[q], n) != 0 ||
			    !(after == '\0' || strchr("*&>, ", after)))
				continue;
			ph_buf_pad(out, ' ', n + 1);
			if (out->failed)
				return;
			memmove(out->data + run + n + 1, out->data + run,
				out->len - (n + 1) - run);
			memcpy(out->data + run, quals[q], n);
			out->data[run + n] = ' ';
			p += 1 + n;
			moved = true;
		}
		if (moved)
			continue;
		char c = *p++;

		ph_buf_putc(out, c);
		if (c == '<' || c == ',') {
			depth += c == '<';
			while (*p == ' ')
				ph_buf_putc(out, *p++);
			run = out->len;
		} else if (strchr("*&()>", c)) {
			depth -= c == '>';
			run = SIZE_MAX;
		}
	}
}

static void put_scopes(tree decl, unsigned depth, struct ph_buf *out);

/* The reader's rendering of a parameter type, which follows GCC's
   diagnostics: no space between a name and the '*' or '&' after it
   ("const char*"), and, for a function of a namespace, names in that
   namespace without it.  */
static void put_param(const char *in, const char *scope, struct ph_buf *out)
{
	size_t n = strlen(scope);

	for (const char *p = in; *p;) {
		bool at_word = p == in || !(ISALNUM(p[-1]) || p[-1] == '_' ||
					    p[-1] == ':');

		if (*p == ' ' && (p[1] == '*' || p[1] == '&') && p > in &&
		    p[-1] != '(' && p[-1] != ',') {
			p++;
		} else if (n && at_word && strncmp(p, scope, n) == 0) {
			p += n;
		} else {
			ph_buf_putc(out, *p++);
		}
	}
}

/* The diagnostics' spelling of a function, which the reader rebuilds
   from its subprogram DIE ("ns::g(const char*)::", "S::m() const::"),
   for the classes local to it.  A lambda's body is "<lambda(...)>" to
   the reader and to %T alike: that %T, of the class outermost in the
   function, is the scope followed by the class's own name.  */
static void put_function_scope(tree fn, tree decl, unsigned depth,
			       struct ph_buf *out)
{
	tree fntype = TREE_TYPE(fn), args, cls = DECL_CONTEXT(fn);
	struct ph_buf scope, one;
	const char *name = DECL_NAME(fn) ? lang_hooks.dwarf_name(fn, 0) : NULL;
	bool first = true, in_namespace;

	if (!name || (cls && TYPE_P(cls) && TYPE_NAME(cls) &&
		      TREE_CODE(TYPE_NAME(cls)) == TYPE_DECL &&
		      DECL_NAME(TYPE_NAME(cls)) &&
		      PH_IDENTIFIER_LAMBDA_P(DECL_NAME(TYPE_NAME(cls))))) {
		const char *own = DECL_NAME(decl) ?
				  IDENTIFIER_POINTER(DECL_NAME(decl)) : "";
		size_t n = strlen(own);

		ph_buf_init(&one);
		ph_type_text(TREE_TYPE(decl), &one);
		if (one.data && one.len > n + 2 &&
		    strcmp(one.data + one.len - n, own) == 0)
			one.len -= n;
		ph_buf_putn(out, one.data ? one.data : "", one.len);
		if (one.failed)
			out->failed = true;
		ph_buf_deinit(&one);
		return;
	}
	ph_buf_init(&scope);
	put_scopes(fn, depth + 1, &scope);
	in_namespace = !cls || TREE_CODE(cls) == NAMESPACE_DECL ||
		       TREE_CODE(cls) == TRANSLATION_UNIT_DECL;
	ph_buf_putn(out, scope.data ? scope.data : "", scope.len);
	put_cv_first(name, out);
	ph_buf_putc(out, '(');
	args = TYPE_ARG_TYPES(fntype);
	if (TREE_CODE(fntype) == METHOD_TYPE && args)
		args = TREE_CHAIN(args);
	for (; args && args != void_list_node; args = TREE_CHAIN(args)) {
		tree t = TREE_VALUE(args);

		/* A parameter's own cv-qualifiers are not the function's.  */
		t = build_qualified_type(t, TYPE_QUALS(t) & ~(TYPE_QUAL_CONST |
							      TYPE_QUAL_VOLATILE));
		if (!first)
			ph_buf_puts(out, ", ");
		first = false;
		ph_buf_init(&one);
		ph_spell_abstract(t, &one);
		put_param(one.data ? one.data : "",
			  in_namespace && scope.data ? scope.data : "", out);
		if (one.failed)
			out->failed = true;
		ph_buf_deinit(&one);
	}
	if (stdarg_p(fntype))
		ph_buf_puts(out, first ? "..." : ", ...");
	ph_buf_putc(out, ')');
	if (TREE_CODE(fntype) == METHOD_TYPE && TYPE_ARG_TYPES(fntype) &&
	    POINTER_TYPE_P(TREE_VALUE(TYPE_ARG_TYPES(fntype))) &&
	    TYPE_READONLY(TREE_TYPE(TREE_VALUE(TYPE_ARG_TYPES(fntype)))))
		ph_buf_puts(out, " const");
	ph_buf_puts(out, "::");
	if (scope.failed)
		out->failed = true;
	ph_buf_deinit(&scope);
}

static tree scope_of(tree decl)
{
	tree ctx = DECL_CONTEXT(decl);

	if (ctx && TYPE_P(ctx))
		ctx = TYPE_NAME(TYPE_MAIN_VARIANT(ctx));
	if (!ctx || TREE_CODE(ctx) == TRANSLATION_UNIT_DECL)
		return NULL_TREE;
	return ctx;
}

/* DW_AT_name of a class, enum, typedef or namespace: a class's name
   comes from its TYPE_DECL at the verbosity dwarf2out's type_tag asks
   for (template arguments in full), the others' from the plain one.
   NULL when DWARF has no name.  */
static const char *dwarf_own_name(tree decl)
{
	if (!DECL_NAME(decl) || DECL_NAMELESS(decl) ||
	    IDENTIFIER_ANON_P(DECL_NAME(decl)))
		return NULL;
	/* A class's own TYPE_DECL, not the typedef that names an unnamed
	   one for linkage (which the verbose form prints as a typedef).  */
	if (TREE_CODE(decl) == TYPE_DECL && !DECL_ORIGINAL_TYPE(decl) &&
	    TYPE_STUB_DECL(TREE_TYPE(decl)) == decl)
		return lang_hooks.dwarf_name(decl, 2);
	return lang_hooks.dwarf_name(decl, 0);
}

static void put_scopes(tree decl, unsigned depth, struct ph_buf *out)
{
	tree ctx = scope_of(decl);
	const char *name;

	if (!ctx || depth > 256)
		return;
	if (TREE_CODE(ctx) == FUNCTION_DECL) {
		put_function_scope(ctx, decl, depth, out);
		return;
	}
	if (TREE_CODE(ctx) == NAMESPACE_DECL && DECL_NAME(ctx) &&
	    strcmp(IDENTIFIER_POINTER(DECL_NAME(ctx)), "::") == 0)
		return;
	if (TREE_CODE(ctx) != NAMESPACE_DECL && TREE_CODE(ctx) != TYPE_DECL)
		return;
	put_scopes(ctx, depth + 1, out);
	name = dwarf_own_name(ctx);
	if (name)
		put_cv_first(name, out);
	else
		ph_buf_puts(out, TREE_CODE(ctx) == NAMESPACE_DECL ?
				 "{anonymous}" : "<unnamed>");
	ph_buf_puts(out, "::");
}

/* The hook's strings are garbage-collected copies (no collection runs
   while we report): each stays valid across the calls for the scopes.  */
bool ph_dwarf_name(tree decl, struct ph_buf *out)
{
	const char *name = dwarf_own_name(decl);

	if (!name)
		return false;
	put_scopes(decl, 0, out);
	put_cv_first(name, out);
	return true;
}
