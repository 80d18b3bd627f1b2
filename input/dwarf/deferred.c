/* The types set aside while the units are read (a class they need is
   only declared where they are used: defs.c), built again once every
   unit's definitions are known.  */
#include "deferred.h"
#include "ctx.h"
#include "members.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void ph_dw_deferred_free(struct ph_dw_deferred *v, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(v[i].name);
		free((char *)v[i].unit.comp_dir);
	}
	free(v);
}

struct ph_error *ph_dw_deferred_own(struct ph_dw_deferred *d,
				    const char *name,
				    const struct ph_dw_unit_facts *u)
{
	char *dir = u->comp_dir ? strdup(u->comp_dir) : NULL;

	d->name = strdup(name);
	d->unit = *u;
	d->unit.comp_dir = dir;
	if (!d->name || (u->comp_dir && !dir)) {
		free(d->name);
		free(dir);
		d->name = NULL;
		d->unit.comp_dir = NULL;
		return &ph_error_nomem;
	}
	return NULL;
}

/* A type named by a typedef that has an alignment of its own
   (`typedef struct { ... } T __attribute__((aligned))`, glibc's
   __pthread_unwind_buf_t) is aligned as the typedef says: that is what
   _Alignof (T) gives and what the plugin reports.  */
void ph_dw_take_typedef_align(struct ph_type *t, uint32_t typedef_align)
{
	if (typedef_align) {
		t->align = typedef_align;
		t->explicit_align = typedef_align;
	}
}

/* The types set aside (defs.c), now that every unit's definitions are
   known, in the order they were found.  One that still needs a class
   only declared is left out, with a line saying so, unless the reading
   stopped early (-C): then another unit may define the class.  */
struct ph_error *ph_dw_build_deferred(const struct ph_dw_rebuild *b)
{
	struct ph_dw_ctx ctx;
	struct ph_error *err = NULL;
	struct ph_dw_defs *told = b->told;	/* the names said already */

	if (!told && (err = ph_dw_defs_create(&told)))
		return err;
	ph_dw_ctx_init(&ctx, NULL, b->path, false, false);
	ctx.decls.defs = b->defs;
	ctx.decls.dws = b->dws;
	ctx.decls.nr_dws = b->nr_dws;
	ctx.decls.open = b->open;
	ctx.decls.open_arg = b->open_arg;
	for (size_t i = 0; i < b->nr_deferred && !err; i++) {
		struct ph_dw_deferred *d = &b->deferred[i];
		struct ph_type t;
		struct ph_dw_loc loc;
		Dwarf_Die die;
		const char *missed;
		bool built, seen;

		/* A scratch model at a time, as for the units.  */
		if (i % 256 == 0) {
			ph_model_destroy(ctx.model);
			ctx.model = NULL;
			if ((err = ph_model_create(&ctx.model)))
				break;
		}
		if (d->loc.module >= b->nr_dws || !b->dws[d->loc.module] ||
		    !ph_dw_loc_die(b->dws[d->loc.module], &d->loc, &die)) {
			err = ph_error_create(PH_ERROR_INVALID,
					      "cannot read the DIE at 0x%"
					      PRIx64 " again", d->loc.off);
			break;
		}
		ctx.dw = b->dws[d->loc.module];
		ctx.addr_size = d->elf32 ? 4 : 8;
		ctx.i386 = d->i386;
		ph_dw_ctx_set_unit(&ctx, &d->unit);
		ctx.decls.unit_index = d->loc.unit;
		err = ph_dw_lay_out(&ctx, &die, d->name, d->typedef_name, &t,
				    &built, &missed);
		if (missed) {
			if (b->found_all)
				continue;
			/* Another file of the call may define it.  */
			if (b->keep_missing) {
				d->missing = true;
				continue;
			}
			if (ph_dw_defs_find(told, d->name, &loc))
				continue;
			if (b->nr_files > 1)
				fprintf(stderr, "pokehole: %s: cannot lay out "
					"'%s': '%s' is only declared (no unit "
					"of the %zu files read defines it)\n",
					b->path, d->name,
					missed, b->nr_files);
			else
				fprintf(stderr, "pokehole: %s: cannot lay out "
					"'%s': '%s' is only declared (no unit "
					"of the file defines it)\n", b->path,
					d->name, missed);
			err = ph_dw_defs_add(told, d->name, &d->loc);
			continue;
		}
		if (err || !built)
			break;
		ph_dw_take_typedef_align(&t, d->typedef_align);
		if (!(err = ph_dedup_seen(b->dedup, &t, &seen)) && !seen)
			err = ph_model_add_type(b->out, &t, NULL);
	}
	ph_dw_ctx_deinit(&ctx);
	if (told != b->told)
		ph_dw_defs_destroy(told);
	return err;
}
