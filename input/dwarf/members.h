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

#endif
