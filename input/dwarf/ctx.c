/* The reading context of a file (struct ph_dw_ctx): set up and torn
   down, and its caches dropped where they stop being right.  */
#include "ctx.h"

#include <string.h>

/* The caches of what was computed while a declaration stood for a
   class: wrong for whoever uses them next.  */
void ph_dw_ctx_drop_layout_caches(struct ph_dw_ctx *ctx)
{
	ph_dw_align_cache_reset(&ctx->align);
	ph_dw_cxx_cache_reset(&ctx->classes);
}

/* The compiler's version decides C++ layout rules (cxx.c): class facts
   kept from units of another version are dropped.  */
void ph_dw_ctx_set_gcc_major(struct ph_dw_ctx *ctx, unsigned v)
{
	if (ctx->gcc_major != v)
		ph_dw_cxx_cache_reset(&ctx->classes);
	ctx->gcc_major = v;
}

void ph_dw_ctx_init(struct ph_dw_ctx *ctx, Dwarf *dw, const char *path,
		    bool elf32, bool i386)
{
	memset(ctx, 0, sizeof(*ctx));
	ctx->dw = dw;
	ctx->path = path;
	ctx->addr_size = elf32 ? 4 : 8;
	ctx->i386 = i386;
	ctx->build_type = ph_dw_build_type;
	ctx->resolve_decl = ph_dw_resolve_decl;
	ph_dw_names_cache_init(&ctx->names);
	ph_dw_align_cache_init(&ctx->align);
	ph_dw_cxx_cache_init(&ctx->classes);
	ph_dw_decls_init(&ctx->decls);
	ph_dw_current = ctx;
}

void ph_dw_ctx_deinit(struct ph_dw_ctx *ctx)
{
	ph_dw_current = NULL;
	ph_model_destroy(ctx->model);
	ph_dw_names_cache_deinit(&ctx->names);
	ph_dw_align_cache_deinit(&ctx->align);
	ph_dw_cxx_cache_deinit(&ctx->classes);
	ph_dw_decls_deinit(&ctx->decls);
}
