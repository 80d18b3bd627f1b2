/* Setting up a reading context (ctx.c).  */
#ifndef PH_INPUT_DWARF_CTX_H
#define PH_INPUT_DWARF_CTX_H

#include "dw.h"

/* CTX for reading DW (NULL: set per type later) of the file PATH; it
   becomes this thread's ph_dw_current.  */
void ph_dw_ctx_init(struct ph_dw_ctx *ctx, Dwarf *dw, const char *path,
		    bool elf32, bool i386);
void ph_dw_ctx_deinit(struct ph_dw_ctx *ctx);
/* Drops the caches computed while a declaration stood for a class.  */
void ph_dw_ctx_drop_layout_caches(struct ph_dw_ctx *ctx);
/* The unit's GCC major version V (ph_dw_gcc_major), class facts of
   another version dropped.  */
void ph_dw_ctx_set_gcc_major(struct ph_dw_ctx *ctx, unsigned v);

#endif
