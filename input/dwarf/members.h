/* One aggregate DIE into the layout model (members.c).  */
#ifndef PH_INPUT_DWARF_MEMBERS_H
#define PH_INPUT_DWARF_MEMBERS_H

#include <stdbool.h>
#include <stdint.h>

#include <elfutils/libdw.h>

struct ph_dw_ctx;
struct ph_type;

/* Builds the aggregate DIE into CTX->model.  *RET NULL when the type is
   one we do not report (a declaration, no size).  */
struct ph_error *ph_dw_build_type(struct ph_dw_ctx *ctx, Dwarf_Die *die,
				  const char *name, bool typedef_name,
				  struct ph_type *ret, bool *built);
/* Tail padding of a struct DIE's own members, for type_padding.  */
struct ph_error *ph_dw_tail_padding(struct ph_dw_ctx *ctx, Dwarf_Die *type,
				    uint32_t *ret);
/* Builds DIE as ph_dw_build_type does, a class only declared replaced by
   its definition in another unit (resolve.h).  *MISSED is the name of
   a class that has none known, or NULL: when set, nothing is built, what
   was computed meanwhile is dropped, and no error is returned (out of
   memory is never taken for a missing definition).  The name lasts until
   the next call.  */
struct ph_error *ph_dw_lay_out(struct ph_dw_ctx *ctx, Dwarf_Die *die,
			       const char *name, bool typedef_name,
			       struct ph_type *ret, bool *built,
			       const char **missed);

#endif
