/* Prototypes spelled from DWARF: a type's name as C writes it, for the
   usual declarators (pointers, qualifiers, arrays, pointers to
   functions); beyond a depth, "...".  */
#include "fntype.h"
#include "../report/buf.h"

#include <dwarf.h>
#include <string.h>

enum { MAX_TYPE_DEPTH = 32 };

static bool type_of(Dwarf_Die *die, Dwarf_Die *ret)
{
	Dwarf_Attribute a;

	return dwarf_attr_integrate(die, DW_AT_type, &a) &&
	       dwarf_formref_die(&a, ret);
}

static void put_params(struct ph_buf *b, Dwarf_Die *die, bool names,
		       int depth);

/* TYPE followed by the declarator DECL (a name, "*", "" ...).  */
static void put_type(struct ph_buf *b, Dwarf_Die *type, const char *decl,
		     int depth)
{
	Dwarf_Die t;
	const char *name;
	struct ph_buf d;

	if (depth > MAX_TYPE_DEPTH) {
		ph_buf_printf(b, "...%s%s", *decl ? " " : "", decl);
		return;
	}
	if (!type) {
		ph_buf_printf(b, "void%s%s", *decl ? " " : "", decl);
		return;
	}
	ph_buf_init(&d);
	name = dwarf_diename(type);
	switch (dwarf_tag(type)) {
	case DW_TAG_pointer_type:
	case DW_TAG_reference_type:
	case DW_TAG_rvalue_reference_type:
		ph_buf_puts(&d, dwarf_tag(type) == DW_TAG_pointer_type ? "*" :
				dwarf_tag(type) == DW_TAG_reference_type ? "&" :
				"&&");
		ph_buf_puts(&d, decl);
		break;
	case DW_TAG_const_type:
	case DW_TAG_volatile_type:
	case DW_TAG_restrict_type: {
		const char *q = dwarf_tag(type) == DW_TAG_const_type ? "const" :
				dwarf_tag(type) == DW_TAG_volatile_type ?
				"volatile" : "restrict";
		Dwarf_Die *inner = type_of(type, &t) ? &t : NULL;
		int it = inner ? dwarf_tag(inner) : 0;

		/* "const char *", but "char *const p".  */
		if (it == DW_TAG_pointer_type || it == DW_TAG_reference_type ||
		    it == DW_TAG_rvalue_reference_type)
			ph_buf_printf(&d, "%s%s%s", q, *decl ? " " : "", decl);
		else {
			ph_buf_printf(b, "%s ", q);
			ph_buf_puts(&d, decl);
		}
		break;
	}
	case DW_TAG_array_type:
		if (*decl == '*' || *decl == '&')
			ph_buf_printf(&d, "(%s)[]", decl);
		else
			ph_buf_printf(&d, "%s[]", decl);
		break;
	case DW_TAG_subroutine_type:
		if (*decl == '*' || *decl == '&')
			ph_buf_printf(&d, "(%s)", decl);
		else
			ph_buf_puts(&d, decl);
		put_params(&d, type, false, depth + 1);
		break;
	default: {
		const char *kw = dwarf_tag(type) == DW_TAG_structure_type ?
				 "struct " :
				 dwarf_tag(type) == DW_TAG_union_type ?
				 "union " :
				 dwarf_tag(type) == DW_TAG_enumeration_type ?
				 "enum " :
				 dwarf_tag(type) == DW_TAG_class_type ?
				 "class " : "";

		ph_buf_printf(b, "%s%s%s%s", kw, name ? name : "(anonymous)",
			      *decl ? " " : "", decl);
		ph_buf_deinit(&d);
		return;
	}
	}
	ph_buf_putc(&d, '\0');
	if (!d.failed)
		put_type(b, type_of(type, &t) ? &t : NULL, d.data, depth + 1);
	else
		b->failed = true;
	ph_buf_deinit(&d);
}

static void put_params(struct ph_buf *b, Dwarf_Die *die, bool names,
		       int depth)
{
	Dwarf_Die c, t;
	bool any = false;

	ph_buf_putc(b, '(');
	if (dwarf_child(die, &c) == 0) {
		do {
			int tag = dwarf_tag(&c);
			const char *n = names ? dwarf_diename(&c) : NULL;

			if (tag == DW_TAG_formal_parameter) {
				if (any)
					ph_buf_puts(b, ", ");
				put_type(b, type_of(&c, &t) ? &t : NULL,
					 n ? n : "", depth + 1);
				any = true;
			} else if (tag == DW_TAG_unspecified_parameters) {
				ph_buf_puts(b, any ? ", ..." : "...");
				any = true;
			}
		} while (dwarf_siblingof(&c, &c) == 0);
	}
	if (!any)
		ph_buf_puts(b, "void");
	ph_buf_putc(b, ')');
}

struct ph_error *ph_fn_prototype(Dwarf_Die *die, const char *name,
				 char **ret)
{
	struct ph_buf b, d;
	Dwarf_Die t;
	struct ph_error *err;

	ph_buf_init(&b);
	ph_buf_init(&d);
	ph_buf_puts(&d, name);
	put_params(&d, die, true, 0);
	ph_buf_putc(&d, '\0');
	if (!d.failed)
		put_type(&b, type_of(die, &t) ? &t : NULL, d.data, 0);
	ph_buf_putc(&b, '\0');
	if ((err = ph_buf_error(&b)) || (err = ph_buf_error(&d))) {
		ph_buf_deinit(&b);
		ph_buf_deinit(&d);
		return err;
	}
	ph_buf_deinit(&d);
	*ret = b.data;		/* the buffer's own allocation */
	return NULL;
}

static bool strip(Dwarf_Die *t)
{
	for (int i = 0; i < MAX_TYPE_DEPTH; i++) {
		int tag = dwarf_tag(t);

		if (tag != DW_TAG_typedef && tag != DW_TAG_const_type &&
		    tag != DW_TAG_volatile_type && tag != DW_TAG_restrict_type)
			return true;
		if (!type_of(t, t))
			return false;
	}
	return false;
}

bool ph_fn_has_class_param(Dwarf_Die *die, const char *class_name)
{
	Dwarf_Die c, t;

	if (dwarf_child(die, &c) != 0)
		return false;
	do {
		const char *n;
		int tag;

		if (dwarf_tag(&c) != DW_TAG_formal_parameter ||
		    !type_of(&c, &t) || !strip(&t) ||
		    dwarf_tag(&t) != DW_TAG_pointer_type || !type_of(&t, &t) ||
		    !strip(&t))
			continue;
		tag = dwarf_tag(&t);
		n = dwarf_diename(&t);
		if ((tag == DW_TAG_structure_type || tag == DW_TAG_union_type ||
		     tag == DW_TAG_class_type) && n &&
		    strcmp(n, class_name) == 0)
			return true;
	} while (dwarf_siblingof(&c, &c) == 0);
	return false;
}
