/* What one type's saving is worth (worth-type.h).  */
#include "worth-type.h"

#include <inttypes.h>
#include <string.h>
#include <unistd.h>

void ph_pokehole_alloc_models(const struct ph_pokehole_options *o,
			      struct ph_alloc_model *user,
			      struct ph_alloc_model *kmalloc)
{
	const char *a = o->allocator ? o->allocator : "glibc";
	long cpus = sysconf(_SC_NPROCESSORS_CONF);

	if (strcmp(a, "jemalloc") == 0)
		ph_alloc_jemalloc(user);
	else
		ph_alloc_glibc(user, strcmp(a, "glibc32") == 0 ? 4 : 8);
	ph_alloc_kmalloc(kmalloc, cpus > 0 ? (unsigned)cpus : 1);
}

struct ph_error *ph_pokehole_worth_type(const struct ph_pokehole_options *o,
					const struct ph_type *t,
					uint64_t packed, struct ph_worth *ret,
					struct ph_type_allocs *merged,
					bool *known)
{
	struct ph_alloc_model user, kmalloc;
	struct ph_worth_options wo = { &user, &kmalloc };
	size_t records;
	struct ph_error *err;

	memset(ret, 0, sizeof(*ret));
	*known = false;
	if (!o->allocs || !o->allocs->n)
		return NULL;
	if ((err = ph_allocdb_merged(o->allocs, t, merged, &records)))
		return err;
	if (!records)
		return NULL;
	*known = true;
	ph_pokehole_alloc_models(o, &user, &kmalloc);
	return ph_worth_of(merged, t->size, t->align, packed, &wo, ret);
}

void ph_pokehole_render_worth(struct ph_buf *out, const struct ph_worth *w)
{
	char a[48], b[48];

	for (size_t i = 0; i < w->nr_sites; i++) {
		const struct ph_worth_site *s = &w->sites[i];

		if (!s->classed && !s->slab_now)
			continue;
		ph_buf_printf(out, "/* %s:%u: %s: %s -> %s, %" PRIu64
			      " bytes an object */\n", s->site->file,
			      (unsigned)s->site->line, s->site->call,
			      ph_worth_class_name(s, false, a, sizeof(a)),
			      ph_worth_class_name(s, true, b, sizeof(b)),
			      s->saved);
	}
	if (w->static_count || w->static_count_in)
		ph_buf_printf(out, "/* static: %" PRIu64 " objects, %" PRIu64
			      " bytes saved (%" PRIu64 " inside other types, "
			      "at most %" PRIu64 ") */\n", w->static_count,
			      w->static_saved, w->static_count_in,
			      w->static_saved_in);
}

