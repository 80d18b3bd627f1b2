/* The reading context of a file (struct ph_dw_ctx): set up and torn
   down, and its caches dropped where they stop being right.  */
#include "ctx.h"

#include "cxx-record.h"
#include "../../reorg/layout.h"

#include <stdlib.h>
#include <string.h>

/* The caches of what was computed while a declaration stood for a
   class: wrong for whoever uses them next.  */
void ph_dw_ctx_drop_layout_caches(struct ph_dw_ctx *ctx)
{
	ph_dw_align_cache_reset(&ctx->align);
	ph_dw_cxx_cache_reset(&ctx->classes);
}

void ph_dw_ctx_set_unit(struct ph_dw_ctx *ctx,
			const struct ph_dw_unit_facts *u)
{
	/* The compiler's version decides C++ layout rules (cxx.c): class
	   facts kept from units of another version are dropped.  */
	if (ctx->unit.gcc_major != u->gcc_major)
		ph_dw_cxx_cache_reset(&ctx->classes);
	ctx->unit = *u;
	ctx->c_prototypes = true;
}

struct ph_error *ph_dw_ctx_unit_begin(struct ph_dw_ctx *ctx,
				      const struct ph_dw_unit_facts *u)
{
	ph_dw_ctx_set_unit(ctx, u);
	ctx->scan = NULL;
	/* Kept by DIE, per unit: a DIE of a shared unit is computed again,
	   the same, and memory follows the unit, not the file.  */
	ph_dw_align_cache_reset(&ctx->align);
	ph_dw_names_cache_reset(&ctx->names);
	/* A fresh scratch model: what a unit builds and does not keep goes
	   with it.  */
	ph_model_destroy(ctx->model);
	ctx->model = NULL;
	return ph_model_create(&ctx->model);
}

void ph_dw_ctx_init(struct ph_dw_ctx *ctx, Dwarf *dw, const char *path,
		    bool elf32, bool i386)
{
	memset(ctx, 0, sizeof(*ctx));
	ctx->dw = dw;
	ctx->path = path;
	ctx->addr_size = elf32 ? 4 : 8;
	ctx->i386 = i386;
	ph_dw_names_cache_init(&ctx->names);
	ph_dw_align_cache_init(&ctx->align);
	ph_dw_cxx_cache_init(&ctx->classes);
	ph_dw_decls_init(&ctx->decls);
}

void ph_dw_ctx_deinit(struct ph_dw_ctx *ctx)
{
	ph_model_destroy(ctx->model);
	ph_dw_names_cache_deinit(&ctx->names);
	ph_dw_align_cache_deinit(&ctx->align);
	ph_dw_cxx_cache_deinit(&ctx->classes);
	ph_dw_decls_deinit(&ctx->decls);
}

void ph_dw_align_cache_init(struct ph_dw_align_cache *c)
{
	ph_dw_offmap_init(&c->aligns);
	ph_dw_offmap_init(&c->user_aligns);
	ph_dw_offmap_init(&c->paddings);
}

void ph_dw_align_cache_deinit(struct ph_dw_align_cache *c)
{
	ph_dw_offmap_deinit(&c->aligns);
	ph_dw_offmap_deinit(&c->user_aligns);
	ph_dw_offmap_deinit(&c->paddings);
}

void ph_dw_align_cache_reset(struct ph_dw_align_cache *c)
{
	ph_dw_align_cache_deinit(c);
}

void ph_dw_names_cache_init(struct ph_dw_names_cache *c)
{
	ph_dw_offmap_init(&c->parents);
	c->parent_dies.v = NULL;
	c->parent_dies.n = c->parent_dies.cap = 0;
	ph_dw_offmap_init(&c->parented_units);
}

void ph_dw_names_cache_deinit(struct ph_dw_names_cache *c)
{
	ph_dw_offmap_deinit(&c->parents);
	free(c->parent_dies.v);
	ph_dw_offmap_deinit(&c->parented_units);
}

void ph_dw_names_cache_reset(struct ph_dw_names_cache *c)
{
	ph_dw_offmap_deinit(&c->parents);
	ph_dw_offmap_deinit(&c->parented_units);
	c->parent_dies.n = 0;
}

void ph_dw_cxx_cache_init(struct ph_dw_cxx_cache *c)
{
	ph_dw_offmap_init(&c->cls_map);
	c->cls_v = NULL;
	c->cls_n = c->cls_cap = 0;
}

void ph_dw_cxx_cache_reset(struct ph_dw_cxx_cache *c)
{
	for (size_t i = 0; i < c->cls_n; i++) {
		struct ph_dw_cls *cls = c->cls_v[i];

		free(cls->bases);
		free(cls->fields);
		free(cls->vbases);
		free(cls);
	}
	free(c->cls_v);
	c->cls_v = NULL;
	c->cls_n = c->cls_cap = 0;
	ph_dw_offmap_deinit(&c->cls_map);
}

void ph_dw_cxx_cache_deinit(struct ph_dw_cxx_cache *c)
{
	ph_dw_cxx_cache_reset(c);
}

void ph_dw_decls_init(struct ph_dw_decls *d)
{
	memset(d, 0, sizeof(*d));
	ph_buf_init(&d->missed_name);
	ph_buf_init(&d->decl_name);
}

void ph_dw_decls_deinit(struct ph_dw_decls *d)
{
	ph_buf_deinit(&d->missed_name);
	ph_buf_deinit(&d->decl_name);
}
