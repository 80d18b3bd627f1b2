/* Types spelled as C declarations, the way pahole and GCC's C front end
   print them ("long int", "const char *", "int (*)(char)"), and C++
   names as GCC's DWARF output spells them.  One file: a name holds types
   (template arguments) and a type holds names.  */
/* The declarator's pieces are the readers' (input/declarator.h): the
   plugin spells a type as tools/pokehole spells it from DWARF.  */
#include "../input/declarator.h"

#include "plugin.h"

/* GCC's qualifiers as the declarator's.  */
static unsigned decl_quals(int quals)
{
	return ((quals & TYPE_QUAL_ATOMIC) ? PH_Q_ATOMIC : 0) |
	       ((quals & TYPE_QUAL_CONST) ? PH_Q_CONST : 0) |
	       ((quals & TYPE_QUAL_VOLATILE) ? PH_Q_VOLATILE : 0) |
	       ((quals & TYPE_QUAL_RESTRICT) ? PH_Q_RESTRICT : 0);
}

static const char *tag_keyword(tree type)
{
	switch (TREE_CODE(type)) {
	case RECORD_TYPE:
		return "struct";
	case UNION_TYPE:
		return "union";
	case ENUMERAL_TYPE:
		return "enum";
	default:
		return NULL;
	}
}

static void spell_abstract(tree type, struct ph_buf *out);

/* A type that is not a pointer, array or function: qualifiers and name.  */
static void spell_base(tree type, struct ph_buf *out)
{
	tree name = TYPE_NAME(type);
	const char *tag = tag_keyword(type);

	int quals = TYPE_QUALS(type);

	/* C++'s unnamed classes and closures have a name made up for them,
	   which DWARF does not carry.  */
	if (ph_lang_cxx && name && TREE_CODE(name) == TYPE_DECL &&
	    DECL_NAME(name) && IDENTIFIER_ANON_P(DECL_NAME(name)))
		name = NULL_TREE;
	/* DWARF qualifies a typedef from outside: the qualifiers its own
	   type has are inside it.  */
	if (ph_lang_cxx && name && TREE_CODE(name) == TYPE_DECL &&
	    DECL_ORIGINAL_TYPE(name))
		quals &= ~TYPE_QUALS(DECL_ORIGINAL_TYPE(name));
	ph_decl_put_quals(out, decl_quals(quals));
	/* C++ names are qualified by their scopes, as DWARF has them.  */
	if (ph_lang_cxx && name && TREE_CODE(name) == TYPE_DECL &&
	    DECL_NAME(name) && (tag || DECL_ORIGINAL_TYPE(name)) &&
	    ph_dwarf_name(name, out))
		return;
	if (name && TREE_CODE(name) == TYPE_DECL && DECL_NAME(name)) {
		/* A C tag the compiler declared itself (x86-64's
		   __va_list_tag, which a va_list parameter decays to a
		   pointer to) is named by a TYPE_DECL that is no typedef:
		   C spells it with its keyword, as its DWARF and pahole
		   do.  */
		if (!ph_lang_cxx && tag && !DECL_ORIGINAL_TYPE(name))
			ph_buf_printf(out, "%s ", tag);
		ph_buf_puts(out, IDENTIFIER_POINTER(DECL_NAME(name)));
	} else if (name && TREE_CODE(name) == IDENTIFIER_NODE) {
		if (tag)
			ph_buf_printf(out, "%s ", tag);
		ph_buf_puts(out, IDENTIFIER_POINTER(name));
	} else if (tag) {
		ph_buf_printf(out, "%s {...}", tag);
	} else if (TREE_CODE(type) == VOID_TYPE) {
		ph_buf_puts(out, "void");
	} else if (TREE_CODE(type) == VECTOR_TYPE) {
		spell_abstract(TREE_TYPE(type), out);
		if (tree_fits_uhwi_p(TYPE_SIZE_UNIT(type)))
			ph_buf_printf(out,
				      " __attribute__((__vector_size__(%lu)))",
				      (unsigned long)tree_to_uhwi(
					      TYPE_SIZE_UNIT(type)));
	} else if (TREE_CODE(type) == COMPLEX_TYPE) {
		ph_buf_puts(out, "complex ");
		spell_abstract(TREE_TYPE(type), out);
	} else if (INTEGRAL_TYPE_P(type)) {
		ph_buf_printf(out, "%s int:%u", TYPE_UNSIGNED(type) ?
			      "unsigned" : "signed", TYPE_PRECISION(type));
	} else {
		ph_buf_puts(out, "<unnamed type>");
	}
}

/* C++'s pointer to member function, spelled as the pointer it is
   rather than as the record GCC makes of it.  */
static bool is_member_fn_pointer(tree type)
{
	return ph_lang_cxx && PH_TYPE_PTRMEMFUNC_P(type) && TYPE_FIELDS(type) &&
	       TREE_TYPE(TYPE_FIELDS(type)) &&
	       TREE_CODE(TREE_TYPE(TYPE_FIELDS(type))) == POINTER_TYPE &&
	       TREE_CODE(TREE_TYPE(TREE_TYPE(TYPE_FIELDS(type)))) ==
		       METHOD_TYPE;
}

static bool is_derived(tree type)
{
	/* A typedef of a derived type is spelled by its name.  */
	if (TYPE_NAME(type) && TREE_CODE(TYPE_NAME(type)) == TYPE_DECL &&
	    !(is_member_fn_pointer(type) &&
	      DECL_ARTIFICIAL(TYPE_NAME(type))))
		return false;
	switch (TREE_CODE(type)) {
	case POINTER_TYPE:
	case REFERENCE_TYPE:
	case OFFSET_TYPE:
	case ARRAY_TYPE:
	case FUNCTION_TYPE:
	case METHOD_TYPE:
		return true;
	default:
		return is_member_fn_pointer(type);
	}
}

static void spell_args(tree fntype, struct ph_buf *out)
{
	tree args = TYPE_ARG_TYPES(fntype);
	bool first = true;

	ph_buf_putc(out, '(');
	/* A member function's first parameter is its object's pointer.  */
	if (TREE_CODE(fntype) == METHOD_TYPE && args)
		args = TREE_CHAIN(args);
	if (!prototype_p(fntype)) {
		ph_buf_putc(out, ')');
		return;
	}
	for (; args && args != void_list_node; args = TREE_CHAIN(args)) {
		if (!first)
			ph_buf_puts(out, ", ");
		first = false;
		spell_abstract(TREE_VALUE(args), out);
	}
	if (stdarg_p(fntype))
		ph_buf_puts(out, first ? "..." : ", ...");
	else if (first)
		ph_buf_puts(out, "void");
	ph_buf_putc(out, ')');
	if (TREE_CODE(fntype) == METHOD_TYPE && TYPE_ARG_TYPES(fntype) &&
	    POINTER_TYPE_P(TREE_VALUE(TYPE_ARG_TYPES(fntype)))) {
		int quals = TYPE_QUALS(
			TREE_TYPE(TREE_VALUE(TYPE_ARG_TYPES(fntype))));

		if (quals & TYPE_QUAL_CONST)
			ph_buf_puts(out, " const");
		if (quals & TYPE_QUAL_VOLATILE)
			ph_buf_puts(out, " volatile");
	}
}

/* "[N]", "[0]" for a zero-length array, "[]" when the bound is unknown.
   C leaves a zero-length array without an upper bound; C++ gives it the
   bound -1 in sizetype, where the count wraps to 0.  Neither bound need
   be constant (a VLA).  */
static void spell_dims(tree type, struct ph_buf *out)
{
	tree dom = TYPE_DOMAIN(type);
	tree min = dom ? TYPE_MIN_VALUE(dom) : NULL_TREE;
	tree max = dom ? TYPE_MAX_VALUE(dom) : NULL_TREE;

	if (max && min && TREE_CODE(max) == INTEGER_CST &&
	    TREE_CODE(min) == INTEGER_CST &&
	    TYPE_PRECISION(TREE_TYPE(max)) ==
		    TYPE_PRECISION(TREE_TYPE(min))) {
		wide_int count = wi::to_wide(max) - wi::to_wide(min) + 1;

		if (wi::fits_uhwi_p(count)) {
			ph_buf_printf(out, "[%lu]",
				      (unsigned long)count.to_uhwi());
			return;
		}
	} else if (!max && TYPE_SIZE(type) && integer_zerop(TYPE_SIZE(type))) {
		ph_buf_puts(out, "[0]");
		return;
	}
	ph_buf_puts(out, "[]");
}

/* Builds the declarator from the name outwards: PRE grows to the left,
   POST to the right, and whatever is not derived ends up in HEAD.  */
static void spell_declarator(tree type, struct ph_buf *head,
			     struct ph_buf *pre, struct ph_buf *post)
{
	struct ph_buf l, r, tmp;
	bool after_pointer = false, in_array = false;

	ph_buf_init(&l);
	ph_buf_init(&r);
	ph_buf_init(&tmp);
	/* An array's elements that are arrays are dimensions of it even
	   through a typedef (va_list on x86-64 is one, "typedef int A[3];
	   A x[2]"): GCC's DWARF makes one array of them, int x[2][3], as
	   pahole prints it, and the reader cannot see the typedef.  */
	while (type && type != error_mark_node &&
	       (is_derived(type) ||
		(in_array && TREE_CODE(type) == ARRAY_TYPE))) {
		enum tree_code code = TREE_CODE(type);
		tree next = TREE_TYPE(type);

		in_array = code == ARRAY_TYPE;

		if (code == POINTER_TYPE || code == REFERENCE_TYPE ||
		    code == OFFSET_TYPE || code == RECORD_TYPE) {
			int quals = TYPE_QUALS(type);

			if (code == OFFSET_TYPE) {
				spell_base(TYPE_MAIN_VARIANT(
						   TYPE_OFFSET_BASETYPE(type)),
					   &tmp);
				ph_buf_puts(&tmp, "::*");
			} else if (code == RECORD_TYPE) {
				next = TREE_TYPE(TREE_TYPE(TYPE_FIELDS(type)));
				spell_base(TYPE_MAIN_VARIANT(
						   TYPE_METHOD_BASETYPE(next)),
					   &tmp);
				ph_buf_puts(&tmp, "::*");
			} else {
				ph_buf_puts(&tmp, code == POINTER_TYPE ? "*" :
					    TYPE_REF_IS_RVALUE(type) ? "&&" :
					    "&");
			}
			ph_decl_prepend(&l, &tmp, decl_quals(quals));
			after_pointer = true;
		} else {
			if (after_pointer) {
				ph_buf_putc(&tmp, '(');
				ph_decl_prepend(&l, &tmp, 0);
				/* The parenthesis closes around what is
				   already on the right: (*a[3])(int).  */
				ph_buf_putc(&r, ')');
			}
			if (code == ARRAY_TYPE)
				spell_dims(type, &r);
			else
				spell_args(type, &r);
			after_pointer = false;
		}
		type = next;
	}
	if (type && type != error_mark_node)
		spell_base(type, head);
	else
		ph_buf_puts(head, "<error>");

	/* Pointers straight onto the base read best with the base, as pahole
	   prints them: "char *" p[4].  */
	ph_decl_finish(head, &l, &r, pre, post);
	ph_buf_deinit(&l);
	ph_buf_deinit(&r);
	ph_buf_deinit(&tmp);
}

static void spell_abstract(tree type, struct ph_buf *out)
{
	struct ph_buf head, pre, post;

	ph_buf_init(&head);
	ph_buf_init(&pre);
	ph_buf_init(&post);
	spell_declarator(type, &head, &pre, &post);
	ph_decl_join(out, &head, &pre, &post);
	ph_buf_deinit(&head);
	ph_buf_deinit(&pre);
	ph_buf_deinit(&post);
}

void ph_spell_abstract(tree type, struct ph_buf *out)
{
	spell_abstract(type, out);
}

void ph_spell_type(tree type, struct ph_buf *head, struct ph_buf *pre,
		   struct ph_buf *post)
{
	spell_declarator(type, head, pre, post);
}

/* C++ names, spelled as GCC's DWARF output spells them, which is what
   tools/pokehole reads back from the same compilation: each scope's
   DW_AT_name joined with "::", template arguments as the DWARF names
   write them (defaults written out, enumerators as casts: "Tuned<(Mode)1,
   3>"), "{anonymous}" for an anonymous namespace and "<unnamed>" for an
   unnamed class.  */

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
	    TYPE_STUB_DECL(TREE_TYPE(decl)) == decl) {
		/* A class the compiler declared itself (x86-64's
		   __va_list_tag) prints as its declaration, "typedef
		   __va_list_tag __va_list_tag", which GCC writes to DWARF
		   as is: its name is the identifier, as the source spells
		   it (the reader reads it back so).  */
		if (DECL_SOURCE_LOCATION(decl) == BUILTINS_LOCATION)
			return IDENTIFIER_POINTER(DECL_NAME(decl));
		return lang_hooks.dwarf_name(decl, 2);
	}
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
