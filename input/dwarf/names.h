/* Spelling of types and their qualified names (names.c).  */
#ifndef PH_INPUT_DWARF_NAMES_H
#define PH_INPUT_DWARF_NAMES_H

#include <stdbool.h>
#include <stdint.h>

#include <elfutils/libdw.h>

#include "../../report/buf.h"

struct ph_dw_ctx;
struct ph_member;

/* TYPE's spelling around a declarator name, as the plugin spells it
   (plugin/spell.cc): "char *" "" "", "int" "(*" ")(char)", "char" "" "[2]".
   TYPE NULL means void.  */
struct ph_error *ph_dw_spell_type(struct ph_dw_ctx *ctx, Dwarf_Die *type,
				  struct ph_buf *head, struct ph_buf *pre,
				  struct ph_buf *post);
/* The name a struct, union, class, enum or typedef DIE is reported under:
   its name, qualified by enclosing namespaces and classes in C++.  False
   when it has no name.  */
struct ph_error *ph_dw_qualified_name(struct ph_dw_ctx *ctx, Dwarf_Die *die,
				      struct ph_buf *out, bool *named);
/* TYPE's spelling (ph_dw_spell_type) into member M's type, name_pre and
   name_post, in CTX->model; empty strings when the type is built only
   for its alignment or padding (CTX->type.layout_only).  */
struct ph_error *ph_dw_spell_member(struct ph_dw_ctx *ctx, Dwarf_Die *type,
				    struct ph_member *m);

#endif
