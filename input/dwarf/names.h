/* Spelling of types and their qualified names (names.c), and the cache
   of scope parents they need (scopes.c).  */
#ifndef PH_INPUT_DWARF_NAMES_H
#define PH_INPUT_DWARF_NAMES_H

#include <stdbool.h>
#include <stdint.h>

#include <elfutils/libdw.h>

#include "../../report/buf.h"
#include "offmap.h"

struct ph_dw_ctx;

struct ph_dw_names_cache {
	/* The parent of each scope-relevant DIE (namespaces, types,
	   functions), for C++ qualified names: key -> index + 1 in
	   PARENT_DIES.  Filled a whole unit at a time, the first time a
	   name in that unit is needed (ph_dw_qualified_name), so that types
	   in type units and partial units get their scopes too.  */
	struct ph_dw_offmap parents;
	struct ph_dw_dies parent_dies;
	/* Units whose parents are recorded (key of the unit DIE).  */
	struct ph_dw_offmap parented_units;
};

void ph_dw_names_cache_init(struct ph_dw_names_cache *c);
void ph_dw_names_cache_deinit(struct ph_dw_names_cache *c);
/* Forgets the units recorded: per unit, so that memory follows the
   unit, not the file.  */
void ph_dw_names_cache_reset(struct ph_dw_names_cache *c);

/* names.c: spelling.  */

/* TYPE's spelling around a declarator name, as the plugin spells it
   (plugin/spell.cc): "char *" "" "", "int" "(*" ")(char)", "char" "" "[2]".
   TYPE NULL means void.  */
struct ph_error *ph_dw_spell_type(struct ph_dw_ctx *ctx, Dwarf_Die *type,
				  struct ph_buf *head, struct ph_buf *pre,
				  struct ph_buf *post);
/* Records the scope parents of a unit's DIEs (see ph_dw_ctx.parents).  */
struct ph_error *ph_dw_record_parents(struct ph_dw_ctx *ctx, Dwarf_Die *unit);
/* The name a struct, union, class, enum or typedef DIE is reported under:
   its name, qualified by enclosing namespaces and classes in C++.  False
   when it has no name.  */
struct ph_error *ph_dw_qualified_name(struct ph_dw_ctx *ctx, Dwarf_Die *die,
				      struct ph_buf *out, bool *named);
/* scopes.c: the scope parent of DIE into *RET: the parent of its
   declaration when it is an out-of-line definition
   (DW_AT_specification).  *FOUND false at the unit.  */
struct ph_error *ph_dw_scope_parent(struct ph_dw_ctx *ctx, Dwarf_Die *die,
				    Dwarf_Die *ret, bool *found);

#endif
