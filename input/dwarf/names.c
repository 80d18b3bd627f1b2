/* Types spelled from DWARF exactly as the plugin spells them from GCC's
   trees (plugin/spell.cc): "long int", "const char *", "int (*)(char)",
   "struct foo", "struct {...}", typedef names; C++ names qualified by
   their namespaces and classes, without class-key.

   DWARF splits what a GCC type carries into a chain of DIEs: qualifiers
   are DIEs of their own wrapping the type they qualify, and the
   qualifiers of an array's elements may wrap the array.  The walk below
   gathers each link's qualifiers before looking at it.  */
#include "names.h"

#include "ctx.h"
#include "scopes.h"
#include "util.h"
#include "../declarator.h"
#include "../../reorg/layout.h"

#include <dwarf.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

enum {
	Q_ATOMIC = PH_Q_ATOMIC,
	Q_CONST = PH_Q_CONST,
	Q_VOLATILE = PH_Q_VOLATILE,
	Q_RESTRICT = PH_Q_RESTRICT,
};


static unsigned qual_of(int tag)
{
	switch (tag) {
	case DW_TAG_const_type:
		return Q_CONST;
	case DW_TAG_volatile_type:
		return Q_VOLATILE;
	case DW_TAG_restrict_type:
		return Q_RESTRICT;
	case DW_TAG_atomic_type:
		return Q_ATOMIC;
	default:
		return 0;
	}
}

/* Skips qualifier DIEs from *DIE on, adding them to *QUALS.  *IS_VOID is
   set when the chain ends without a type (void).  */
static struct ph_error *peel_quals(Dwarf_Die *die, unsigned *quals,
				   bool *is_void)
{
	*is_void = false;
	for (unsigned i = 0;; i++) {
		unsigned q = qual_of(dwarf_tag(die));
		bool present;
		struct ph_error *err;

		if (!q)
			return NULL;
		if (i > PH_INPUT_MAX_DEPTH)
			return ph_dw_error(die, "DW_AT_type",
					   "qualifier chain too long");
		*quals |= q;
		if ((err = ph_dw_type(die, &present, die)))
			return err;
		if (!present) {
			*is_void = true;
			return NULL;
		}
	}
}

static const char *tag_keyword(int tag)
{
	switch (tag) {
	case DW_TAG_structure_type:
	case DW_TAG_class_type:
		return "struct";
	case DW_TAG_union_type:
		return "union";
	case DW_TAG_enumeration_type:
		return "enum";
	default:
		return NULL;
	}
}

static bool is_vector(Dwarf_Die *die)
{
	return dwarf_tag(die) == DW_TAG_array_type &&
	       dwarf_hasattr_integrate(die, DW_AT_GNU_vector);
}

static bool is_derived(Dwarf_Die *die)
{
	/* A named pointer type (C++'s __vtbl_ptr_type) is spelled by its
	   name, as a typedef would be.  */
	if (dwarf_diename(die) && dwarf_tag(die) != DW_TAG_array_type)
		return false;
	switch (dwarf_tag(die)) {
	case DW_TAG_pointer_type:
	case DW_TAG_reference_type:
	case DW_TAG_rvalue_reference_type:
	case DW_TAG_ptr_to_member_type:
	case DW_TAG_subroutine_type:
		return true;
	case DW_TAG_array_type:
		return !is_vector(die);
	default:
		return false;
	}
}

static struct ph_error *spell_abstract(struct ph_dw_ctx *ctx, Dwarf_Die *type,
				       unsigned depth, struct ph_buf *out);

/* Bytes of an array or vector from its element size and dimensions.  */
static uint64_t vector_size(Dwarf_Die *die)
{
	Dwarf_Word size;

	if (dwarf_aggregate_size(die, &size) != 0)
		return 0;
	return size;
}

static struct ph_error *spell_base(struct ph_dw_ctx *ctx, Dwarf_Die *type,
				   unsigned quals, unsigned depth,
				   struct ph_buf *out)
{
	struct ph_error *err;
	const char *name, *tag;
	bool named;

	if (!type) {
		ph_decl_put_quals(out, quals);
		ph_buf_puts(out, "void");
		return NULL;
	}
	tag = tag_keyword(dwarf_tag(type));
	name = dwarf_diename(type);
	if (name && (tag || dwarf_tag(type) == DW_TAG_typedef)) {
		ph_decl_put_quals(out, quals);
		if (!ctx->unit.cxx && tag)
			ph_buf_printf(out, "%s ", tag);
		/* C names are the bare name; C++ ones are qualified.  */
		if (ctx->unit.cxx)
			return ph_dw_qualified_name(ctx, type, out, &named);
		ph_buf_puts(out, name);
		return NULL;
	}
	if (tag) {
		ph_decl_put_quals(out, quals);
		ph_buf_printf(out, "%s {...}", tag);
		return NULL;
	}
	if (is_vector(type)) {
		Dwarf_Die elem;
		bool present;

		if ((err = ph_dw_type(type, &present, &elem)))
			return err;
		if ((err = spell_abstract(ctx, present ? &elem : NULL,
					  depth + 1, out)))
			return err;
		ph_buf_printf(out, " __attribute__((__vector_size__(%" PRIu64
			      ")))", vector_size(type));
		return NULL;
	}
	if (name) {
		/* Base types ("long int", "complex double"), unspecified
		   types.  */
		ph_decl_put_quals(out, quals);
		ph_buf_puts(out, name);
		return NULL;
	}
	ph_decl_put_quals(out, quals);
	ph_buf_puts(out, "<unnamed type>");
	return NULL;
}

static struct ph_error *spell_args(struct ph_dw_ctx *ctx, Dwarf_Die *fn,
				   unsigned depth, struct ph_buf *out)
{
	Dwarf_Die child;
	bool first = true, varargs = false;
	unsigned count = 0;
	int rc;

	const char *cv = "";

	ph_buf_putc(out, '(');
	/* C without a prototype: "()".  C++ always has one.  */
	if (ctx->c_prototypes && !ctx->unit.cxx &&
	    !dwarf_hasattr_integrate(fn, DW_AT_prototyped)) {
		ph_buf_putc(out, ')');
		return NULL;
	}
	rc = dwarf_child(fn, &child);
	if (rc < 0)
		return ph_dw_error(fn, NULL, "cannot read the parameters");
	while (rc == 0) {
		int tag = dwarf_tag(&child);

		if (++count > PH_DW_MAX_PARAMS)
			return ph_dw_error(fn, NULL, "too many parameters");
		if (tag == DW_TAG_formal_parameter) {
			Dwarf_Die pt;
			bool present;
			struct ph_error *err;

			if ((err = ph_dw_type(&child, &present, &pt)))
				return err;
			/* The object pointer of a member function (a pointer
			   to member's): "this", whose pointee's qualifiers
			   are the function's.  */
			if (dwarf_hasattr_integrate(&child, DW_AT_artificial)) {
				unsigned q = 0;
				bool is_void, known = false;

				if (present &&
				    dwarf_tag(&pt) == DW_TAG_pointer_type &&
				    (err = ph_dw_optional(ph_dw_type(&pt,
								     &present,
								     &pt),
							  &known)))
					return err;
				if (known && present &&
				    (err = ph_dw_optional(peel_quals(&pt, &q,
								     &is_void),
							  &known)))
					return err;
				if (known && present)
					cv = (q & Q_CONST) && (q & Q_VOLATILE) ?
					     " const volatile" :
					     q & Q_CONST ? " const" :
					     q & Q_VOLATILE ? " volatile" : "";
				goto next;
			}
			if (!first)
				ph_buf_puts(out, ", ");
			first = false;
			if ((err = spell_abstract(ctx, present ? &pt : NULL,
						  depth + 1, out)))
				return err;
		} else if (tag == DW_TAG_unspecified_parameters) {
			varargs = true;
		}
next:
		rc = dwarf_siblingof(&child, &child);
		if (rc < 0)
			return ph_dw_error(fn, NULL,
					   "cannot read the parameters");
	}
	if (varargs)
		ph_buf_puts(out, first ? "..." : ", ...");
	else if (first)
		ph_buf_puts(out, "void");
	ph_buf_putc(out, ')');
	ph_buf_puts(out, cv);
	return NULL;
}

/* "[N]" per dimension, "[0]" for GNU's zero-length arrays ("int x[0]" is
   not "int x[]" in the middle of a struct), "[]" when the bound is
   unknown.  */
static struct ph_error *spell_dims(Dwarf_Die *array, struct ph_buf *out)
{
	Dwarf_Die sub;
	unsigned dims = 0;
	int rc = dwarf_child(array, &sub);

	if (rc < 0)
		return ph_dw_error(array, NULL, "cannot read the dimensions");
	for (; rc == 0; rc = dwarf_siblingof(&sub, &sub)) {
		uint64_t count = 0;
		bool known;

		if (dwarf_tag(&sub) != DW_TAG_subrange_type &&
		    dwarf_tag(&sub) != DW_TAG_enumeration_type)
			continue;
		if (++dims > PH_DW_MAX_DIMS)
			return ph_dw_error(array, NULL, "too many dimensions");
		known = dwarf_tag(&sub) == DW_TAG_subrange_type &&
			ph_dw_subrange_count(&sub, &count);
		if (known)
			ph_buf_printf(out, "[%" PRIu64 "]", count);
		else
			ph_buf_puts(out, "[]");
	}
	if (rc < 0)
		return ph_dw_error(array, NULL, "cannot read the dimensions");
	if (!dims)
		ph_buf_puts(out, "[]");
	return NULL;
}

/* The class of a pointer to member, qualified.  */
static struct ph_error *put_member_class(struct ph_dw_ctx *ctx, Dwarf_Die *pm,
					 struct ph_buf *out)
{
	Dwarf_Attribute attr;
	Dwarf_Die cls;
	struct ph_error *err;
	bool named = false;

	if (dwarf_attr_integrate(pm, DW_AT_containing_type, &attr) &&
	    dwarf_formref_die(&attr, &cls)) {
		if ((err = ph_dw_follow_signature(&cls)) ||
		    (err = ph_dw_qualified_name(ctx, &cls, out, &named)))
			return err;
	}
	if (!named)
		ph_buf_puts(out, "<unnamed>");
	return NULL;
}

/* Builds the declarator from the name outwards: PRE grows to the left,
   POST to the right, the rest ends up in HEAD.  */
static struct ph_error *spell_declarator(struct ph_dw_ctx *ctx,
					 Dwarf_Die *type, unsigned depth,
					 struct ph_buf *head,
					 struct ph_buf *pre,
					 struct ph_buf *post)
{
	struct ph_buf l, r, tmp;
	struct ph_error *err = NULL;
	bool after_pointer = false, is_void = (type == NULL);
	unsigned quals = 0, links = 0;
	Dwarf_Die cur;

	if (depth > PH_INPUT_MAX_DEPTH)
		return ph_error_create(PH_ERROR_LIMIT,
				       "types nested too deeply");
	ph_buf_init(&l);
	ph_buf_init(&r);
	ph_buf_init(&tmp);
	if (type)
		cur = *type;
	while (!is_void) {
		unsigned carry = 0;
		bool present;
		int tag;

		if ((err = peel_quals(&cur, &quals, &is_void)))
			goto out;
		if (is_void || !is_derived(&cur))
			break;
		if (++links > PH_INPUT_MAX_DEPTH) {
			err = ph_dw_error(&cur, "DW_AT_type",
					  "type chain too long");
			goto out;
		}
		tag = dwarf_tag(&cur);
		if (tag == DW_TAG_pointer_type || tag == DW_TAG_reference_type ||
		    tag == DW_TAG_rvalue_reference_type) {
			ph_buf_puts(&tmp, tag == DW_TAG_pointer_type ? "*" :
				    tag == DW_TAG_reference_type ? "&" : "&&");
			ph_decl_prepend(&l, &tmp, quals);
			after_pointer = true;
		} else if (tag == DW_TAG_ptr_to_member_type) {
			/* "int Foo::*", "int (Foo::*)(char) const".  */
			if ((err = put_member_class(ctx, &cur, &tmp)))
				goto out;
			ph_buf_puts(&tmp, "::*");
			ph_decl_prepend(&l, &tmp, quals);
			after_pointer = true;
		} else {
			if (after_pointer) {
				ph_buf_putc(&tmp, '(');
				ph_buf_putn(&tmp, ph_decl_data(&l), l.len);
				ph_decl_move(&l, &tmp);
				/* The parenthesis closes around what is
				   already on the right: (*a[3])(int).  */
				ph_buf_putc(&r, ')');
			}
			if (tag == DW_TAG_array_type) {
				if ((err = spell_dims(&cur, &r)))
					goto out;
				/* Qualifiers around an array are its
				   elements'.  */
				carry = quals;
			} else if ((err = spell_args(ctx, &cur, depth, &r))) {
				goto out;
			}
			after_pointer = false;
		}
		quals = carry;
		if ((err = ph_dw_type(&cur, &present, &cur)))
			goto out;
		if (!present)
			is_void = true;
	}
	if ((err = spell_base(ctx, is_void ? NULL : &cur, quals, depth, head)))
		goto out;
	ph_decl_finish(head, &l, &r, pre, post);
	if (l.failed || r.failed || tmp.failed)
		err = &ph_error_nomem;
out:
	ph_buf_deinit(&l);
	ph_buf_deinit(&r);
	ph_buf_deinit(&tmp);
	return err;
}

static struct ph_error *spell_abstract(struct ph_dw_ctx *ctx, Dwarf_Die *type,
				       unsigned depth, struct ph_buf *out)
{
	struct ph_buf head, pre, post;
	struct ph_error *err;

	ph_buf_init(&head);
	ph_buf_init(&pre);
	ph_buf_init(&post);
	err = spell_declarator(ctx, type, depth, &head, &pre, &post);
	if (!err)
		ph_decl_join(out, &head, &pre, &post);
	ph_buf_deinit(&head);
	ph_buf_deinit(&pre);
	ph_buf_deinit(&post);
	return err;
}

struct ph_error *ph_dw_spell_type(struct ph_dw_ctx *ctx, Dwarf_Die *type,
				  struct ph_buf *head, struct ph_buf *pre,
				  struct ph_buf *post)
{
	struct ph_error *err;

	/* A declaration is spelled as it is: no definition looked for.  */
	ctx->decls.spelling++;
	err = spell_declarator(ctx, type, 0, head, pre, post);
	ctx->decls.spelling--;
	return err;
}

static struct ph_error *put_scope(struct ph_dw_ctx *ctx, Dwarf_Die *die,
				  unsigned depth, struct ph_buf *out);

/* GCC's %T prints a parameter's type as "const char*", "int*",
   "void (*)(int)": no space before a declarator's '*' or '&' that
   follows a name.  */
static void tighten(const char *in, struct ph_buf *out)
{
	for (const char *p = in; *p; p++) {
		if (*p == ' ' && (p[1] == '*' || p[1] == '&') && p > in &&
		    p[-1] != '(' && p[-1] != ',')
			continue;
		ph_buf_putc(out, *p);
	}
}

/* IN with SCOPE ("ns::") taken off the names that start with it: GCC
   prints the parameter types of a local class's function unqualified
   when they are in the function's own namespace ("ns::h(T*)"), qualified
   otherwise ("ns::in::k(ns::T)").  */
static void relative_to(const char *in, const char *scope,
			struct ph_buf *out)
{
	for (const char *p = in; *p;) {
		bool start = p == in || !(p[-1] == '_' || p[-1] == ':' ||
					  (p[-1] >= '0' && p[-1] <= '9') ||
					  (p[-1] >= 'a' && p[-1] <= 'z') ||
					  (p[-1] >= 'A' && p[-1] <= 'Z'));
		size_t best = 0;

		if (start && *scope && strncmp(p, scope, strlen(scope)) == 0)
			best = strlen(scope);
		if (best) {
			p += best;
			continue;
		}
		ph_buf_putc(out, *p++);
	}
}

/* "int C::*": a pointer to a data member (to a member function: the
   function type spelled before "C::*").  */
static struct ph_error *spell_member_pointer(struct ph_dw_ctx *ctx,
					     Dwarf_Die *pm, unsigned depth,
					     struct ph_buf *out)
{
	Dwarf_Die pointee, cls;
	Dwarf_Attribute attr;
	struct ph_error *err;
	bool present, named;

	if ((err = ph_dw_type(pm, &present, &pointee)))
		return err;
	if ((err = spell_abstract(ctx, present ? &pointee : NULL, depth + 1,
				  out)))
		return err;
	ph_buf_putc(out, ' ');
	if (dwarf_attr_integrate(pm, DW_AT_containing_type, &attr) &&
	    dwarf_formref_die(&attr, &cls)) {
		ph_dw_follow_signature(&cls);
		if ((err = ph_dw_qualified_name(ctx, &cls, out, &named)))
			return err;
		if (!named)
			ph_buf_puts(out, "<unnamed>");
	}
	ph_buf_puts(out, "::*");
	return NULL;
}

/* A function as the scope of a class local to it, as GCC's diagnostics
   print it: "ns::g(const char*, int*)::", "S::m() const::",
   "f()::<lambda()>::".  */
static struct ph_error *put_function(struct ph_dw_ctx *ctx, Dwarf_Die *fn,
				     unsigned depth, struct ph_buf *out)
{
	Dwarf_Die decl = *fn, child, scope_die;
	Dwarf_Attribute attr;
	struct ph_buf scope, params;
	struct ph_error *err = NULL;
	const char *name;
	bool first = true, varargs = false, is_const = false, lambda = false;
	bool in_namespace;
	bool found;
	int rc;

	/* The declaration has the name, scope and parameter types.  */
	for (unsigned i = 0; i < 4; i++) {
		Dwarf_Die next;

		if ((dwarf_attr(&decl, DW_AT_abstract_origin, &attr) ||
		     dwarf_attr(&decl, DW_AT_specification, &attr)) &&
		    dwarf_formref_die(&attr, &next))
			decl = next;
		else
			break;
	}
	name = dwarf_diename(&decl);
	ph_buf_init(&scope);
	ph_buf_init(&params);
	if ((err = put_scope(ctx, &decl, depth + 1, &scope)))
		goto out;
	/* Only a namespace's function has its types printed relative to
	   it (a member function's keep their qualifiers).  */
	if ((err = ph_dw_scope_parent(ctx, &decl, &scope_die, &found)))
		goto out;
	in_namespace = found && dwarf_tag(&scope_die) == DW_TAG_namespace;
	/* A lambda's operator() is a member of its unnamed closure type.  */
	if (name && strcmp(name, "operator()") == 0 &&
	    !(err = ph_dw_scope_parent(ctx, &decl, &scope_die, &found)) && found &&
	    (dwarf_tag(&scope_die) == DW_TAG_structure_type ||
	     dwarf_tag(&scope_die) == DW_TAG_class_type) &&
	    !dwarf_diename(&scope_die)) {
		lambda = true;
		ph_buf_deinit(&scope);
		ph_buf_init(&scope);
		if ((err = put_scope(ctx, &scope_die, depth + 1, &scope)))
			goto out;
	}
	if (err)
		goto out;
	for (rc = dwarf_child(&decl, &child); rc == 0;
	     rc = dwarf_siblingof(&child, &child)) {
		int tag = dwarf_tag(&child);
		Dwarf_Die pt;
		bool present;
		struct ph_buf one;

		if (tag == DW_TAG_unspecified_parameters)
			varargs = true;
		if (tag != DW_TAG_formal_parameter)
			continue;
		if ((err = ph_dw_type(&child, &present, &pt)))
			goto out;
		if (dwarf_hasattr_integrate(&child, DW_AT_artificial)) {
			bool known = false;

			/* this: a pointer to a const class for a const
			   member function.  */
			if (present && dwarf_tag(&pt) == DW_TAG_pointer_type &&
			    (err = ph_dw_optional(ph_dw_type(&pt, &present,
							     &pt), &known)))
				goto out;
			if (known && present &&
			    dwarf_tag(&pt) == DW_TAG_const_type)
				is_const = true;
			continue;
		}
		if (!first)
			ph_buf_puts(&params, ", ");
		first = false;
		/* A parameter's own cv-qualifiers are not part of the
		   function's type.  */
		while (present && (dwarf_tag(&pt) == DW_TAG_const_type ||
				   dwarf_tag(&pt) == DW_TAG_volatile_type))
			if ((err = ph_dw_type(&pt, &present, &pt)))
				goto out;
		ph_buf_init(&one);
		if (present && dwarf_tag(&pt) == DW_TAG_ptr_to_member_type)
			err = spell_member_pointer(ctx, &pt, depth + 1, &one);
		else
			err = spell_abstract(ctx, present ? &pt : NULL,
					     depth + 1, &one);
		if (!err) {
			struct ph_buf t;

			ph_buf_init(&t);
			tighten(ph_decl_data(&one), &t);
			relative_to(ph_decl_data(&t), in_namespace ? ph_decl_data(&scope) : "",
				    &params);
			ph_buf_deinit(&t);
		}
		ph_buf_deinit(&one);
		if (err)
			goto out;
	}
	if (varargs)
		ph_buf_puts(&params, first ? "..." : ", ...");
	ph_buf_puts(out, ph_decl_data(&scope));
	if (lambda) {
		ph_buf_puts(out, "<lambda(");
		ph_buf_puts(out, ph_decl_data(&params));
		ph_buf_puts(out, ")>::");
	} else {
		ph_dw_move_cv(name ? name : "<unnamed>", out);
		ph_buf_putc(out, '(');
		ph_buf_puts(out, ph_decl_data(&params));
		ph_buf_puts(out, is_const ? ") const::" : ")::");
	}
out:
	ph_buf_deinit(&scope);
	ph_buf_deinit(&params);
	return err;
}

static struct ph_error *put_scope(struct ph_dw_ctx *ctx, Dwarf_Die *die,
				  unsigned depth, struct ph_buf *out)
{
	Dwarf_Die p;
	const char *name;
	struct ph_error *err;
	bool found;

	if (depth > PH_INPUT_MAX_DEPTH)
		return NULL;
	if ((err = ph_dw_scope_parent(ctx, die, &p, &found)) || !found)
		return err;
	switch (dwarf_tag(&p)) {
	case DW_TAG_namespace:
	case DW_TAG_structure_type:
	case DW_TAG_class_type:
	case DW_TAG_union_type:
	case DW_TAG_enumeration_type:
		break;
	case DW_TAG_lexical_block:
		return put_scope(ctx, &p, depth + 1, out);
	case DW_TAG_subprogram:
		return ctx->unit.cxx ? put_function(ctx, &p, depth + 1, out) : NULL;
	default:
		return NULL;
	}
	if ((err = put_scope(ctx, &p, depth + 1, out)))
		return err;
	name = dwarf_diename(&p);
	if (!name)
		name = dwarf_tag(&p) == DW_TAG_namespace ? "{anonymous}"
							 : "<unnamed>";
	ph_dw_move_cv(name, out);
	ph_buf_puts(out, "::");
	return NULL;
}

/* GCC's C++ front end names a class the compiler declared itself (the
   __va_list_tag a va_list parameter decays to a pointer to on x86-64)
   by printing its declaration: DW_AT_name "typedef __va_list_tag
   __va_list_tag", on line 0.  The class's name is N of "typedef N N",
   as the source and the plugin spell it; NULL for any other name.  */
static const char *builtin_class_name(Dwarf_Die *die, const char *name,
				      size_t *len)
{
	static const char kw[] = "typedef ";
	Dwarf_Attribute attr;
	Dwarf_Word line;
	const char *n, *sp;

	if (strncmp(name, kw, sizeof kw - 1) != 0)
		return NULL;
	n = name + sizeof kw - 1;
	sp = strchr(n, ' ');
	if (!sp || strlen(sp + 1) != (size_t)(sp - n) ||
	    strncmp(sp + 1, n, (size_t)(sp - n)) != 0)
		return NULL;
	if (dwarf_attr(die, DW_AT_decl_line, &attr) &&
	    (dwarf_formudata(&attr, &line) != 0 || line != 0))
		return NULL;
	*len = (size_t)(sp - n);
	return n;
}

struct ph_error *ph_dw_qualified_name(struct ph_dw_ctx *ctx, Dwarf_Die *die,
				      struct ph_buf *out, bool *named)
{
	const char *name = dwarf_diename(die);

	*named = name != NULL;
	if (!name)
		return NULL;
	if (ctx->unit.cxx) {
		struct ph_error *err;
		const char *own;
		size_t len;

		if ((own = builtin_class_name(die, name, &len))) {
			ph_buf_putn(out, own, len);
			return NULL;
		}
		ctx->decls.spelling++;
		err = put_scope(ctx, die, 0, out);
		ctx->decls.spelling--;
		if (err)
			return err;
		ph_dw_move_cv(name, out);
		return NULL;
	}
	ph_buf_puts(out, name);
	return NULL;
}

struct ph_error *ph_dw_spell_member(struct ph_dw_ctx *ctx, Dwarf_Die *type,
				    struct ph_member *m)
{
	struct ph_buf head, pre, post;
	struct ph_error *err;

	/* Built only for its alignment or padding: no spelling.  */
	if (ctx->type.layout_only) {
		m->type = m->name_pre = m->name_post = "";
		return NULL;
	}
	ph_buf_init(&head);
	ph_buf_init(&pre);
	ph_buf_init(&post);
	err = ph_dw_spell_type(ctx, type, &head, &pre, &post);
	if (!err && (head.failed || pre.failed || post.failed))
		err = &ph_error_nomem;
	if (!err &&
	    !(err = ph_model_strdup(ctx->model, head.data ? head.data : "",
				    &m->type)) &&
	    !(err = ph_model_strdup(ctx->model, pre.data ? pre.data : "",
				    &m->name_pre)))
		err = ph_model_strdup(ctx->model, post.data ? post.data : "",
				      &m->name_post);
	ph_buf_deinit(&head);
	ph_buf_deinit(&pre);
	ph_buf_deinit(&post);
	return err;
}
