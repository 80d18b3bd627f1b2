/* Types spelled as C declarations, the way pahole and GCC's C front end
   print them ("long int", "const char *", "int (*)(char)").  */
#include "plugin.h"

static void put_quals(struct ph_buf *out, int quals)
{
	if (quals & TYPE_QUAL_ATOMIC)
		ph_buf_puts(out, "_Atomic ");
	if (quals & TYPE_QUAL_CONST)
		ph_buf_puts(out, "const ");
	if (quals & TYPE_QUAL_VOLATILE)
		ph_buf_puts(out, "volatile ");
	if (quals & TYPE_QUAL_RESTRICT)
		ph_buf_puts(out, "restrict ");
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
	put_quals(out, quals);
	/* C++ names are qualified by their scopes, as DWARF has them.  */
	if (ph_lang_cxx && name && TREE_CODE(name) == TYPE_DECL &&
	    DECL_NAME(name) && (tag || DECL_ORIGINAL_TYPE(name)) &&
	    ph_dwarf_name(name, out))
		return;
	if (name && TREE_CODE(name) == TYPE_DECL && DECL_NAME(name)) {
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
	bool after_pointer = false;

	ph_buf_init(&l);
	ph_buf_init(&r);
	ph_buf_init(&tmp);
	while (type && type != error_mark_node && is_derived(type)) {
		enum tree_code code = TREE_CODE(type);
		tree next = TREE_TYPE(type);

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
			if (quals) {
				ph_buf_putc(&tmp, ' ');
				put_quals(&tmp, quals);
			}
			ph_buf_putn(&tmp, l.data ? l.data : "", l.len);
			ph_buf_deinit(&l);
			l = tmp;
			ph_buf_init(&tmp);
			after_pointer = true;
		} else {
			if (after_pointer) {
				ph_buf_putc(&tmp, '(');
				ph_buf_putn(&tmp, l.data ? l.data : "", l.len);
				ph_buf_deinit(&l);
				l = tmp;
				ph_buf_init(&tmp);
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
	if (l.len && !strchr(l.data, '(')) {
		while (l.len && l.data[l.len - 1] == ' ')
			l.data[--l.len] = '\0';
		ph_buf_putc(head, ' ');
		ph_buf_putn(head, l.data, l.len);
		ph_buf_deinit(&l);
	}
	if (l.len)
		ph_buf_putn(pre, l.data, l.len);
	if (r.len)
		ph_buf_putn(post, r.data, r.len);
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
	ph_buf_putn(out, head.data ? head.data : "", head.len);
	if (pre.len)
		ph_buf_putc(out, ' ');
	ph_buf_putn(out, pre.data ? pre.data : "", pre.len);
	ph_buf_putn(out, post.data ? post.data : "", post.len);
	if (head.failed || pre.failed || post.failed)
		out->failed = true;
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
