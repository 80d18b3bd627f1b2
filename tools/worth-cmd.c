/* pokehole --worth (worth-cmd.h).  */
#include "worth-cmd.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "pokehole-print.h"
#include "worth-type.h"
#include "../report/jsonl.h"

struct ranked {
	const struct ph_type *t;
	struct ph_worth w;
	struct ph_type_allocs merged;
};

static int by_worth(const void *pa, const void *pb)
{
	const struct ranked *a = pa, *b = pb;

	if (a->w.worth != b->w.worth)
		return a->w.worth > b->w.worth ? -1 : 1;
	if (a->w.size - a->w.packed != b->w.size - b->w.packed)
		return a->w.size - a->w.packed > b->w.size - b->w.packed ? -1 : 1;
	return strcmp(a->t->name, b->t->name);
}

/* The class most of T's classed sites land in now and packed: the
   first site's, as the table's summary (-V lists each).  */
static const struct ph_worth_site *main_site(const struct ph_worth *w)
{
	for (size_t i = 0; i < w->nr_sites; i++)
		if (w->sites[i].classed || w->sites[i].slab_now)
			return &w->sites[i];
	return NULL;
}

static void text_row(struct ph_buf *out, const struct ranked *r, bool verbose)
{
	const struct ph_worth *w = &r->w;
	const struct ph_worth_site *m = main_site(w);
	char a[48], b[48];

	ph_buf_printf(out, "%s\t%" PRIu64 "\t%" PRIu64 "\t%s\t%s\t%" PRIu64
		      "\t%zu\t%" PRIu64 "\t%" PRIu64 "\n", r->t->name, w->size,
		      w->packed,
		      m ? ph_worth_class_name(m, false, a, sizeof(a)) : "-",
		      m ? ph_worth_class_name(m, true, b, sizeof(b)) : "-",
		      w->heap_saved, w->nr_sites,
		      w->static_bytes + w->static_count_in * w->size,
		      w->static_saved + w->static_saved_in);
	if (!verbose)
		return;
	for (size_t i = 0; i < w->nr_sites; i++) {
		const struct ph_worth_site *s = &w->sites[i];
		const struct ph_heap_site *h = s->site;

		ph_buf_printf(out, "\t%s:%u:%u\t%s\t%s", h->file,
			      (unsigned)h->line, (unsigned)h->column,
			      ph_alloc_how_name(h->how), h->call);
		if (*h->object)
			ph_buf_printf(out, " (%s)", h->object);
		if (!s->counted)
			ph_buf_puts(out, " (its cache's allocations count)");
		if (s->classed || s->slab_now)
			ph_buf_printf(out, "\t%s -> %s\t%" PRIu64 "\n",
				      ph_worth_class_name(s, false, a, sizeof(a)),
				      ph_worth_class_name(s, true, b, sizeof(b)),
				      s->saved);
		else
			ph_buf_printf(out, "\t%s\t%" PRIu64 "\n",
				      s->per_element ? "each element" : "-",
				      s->saved);
	}
	for (size_t i = 0; i < r->merged.nr_statics; i++) {
		const struct ph_static_inst *s = &r->merged.statics[i];

		ph_buf_printf(out, "\t%s:%u:%u\tstatic\t%s", s->file,
			      (unsigned)s->line, (unsigned)s->column, s->var);
		if (*s->in)
			ph_buf_printf(out, " (in %s)", s->in);
		ph_buf_printf(out, "\t%" PRIu64 " %s\n", s->count,
			      s->count == 1 ? "object" : "objects");
	}
}

static void json_row(struct ph_buf *out, const struct ranked *r)
{
	const struct ph_worth *w = &r->w;
	char a[48], b[48];

	ph_buf_puts(out, "{\"name\":");
	ph_json_string(out, r->t->name);
	ph_json_key(out, "kind");
	ph_json_string(out, ph_kind_name(r->t->kind));
	PH_JSON_KEY_U64(out, "size", w->size);
	PH_JSON_KEY_U64(out, "packed", w->packed);
	PH_JSON_KEY_U64(out, "worth", w->worth);
	PH_JSON_KEY_U64(out, "heap_saved", w->heap_saved);
	PH_JSON_KEY_U64(out, "class_changes", w->class_changes);
	PH_JSON_KEY_U64(out, "static_count", w->static_count);
	PH_JSON_KEY_U64(out, "static_bytes", w->static_bytes);
	PH_JSON_KEY_U64(out, "static_saved", w->static_saved);
	PH_JSON_KEY_U64(out, "static_count_in", w->static_count_in);
	PH_JSON_KEY_U64(out, "static_saved_in", w->static_saved_in);
	PH_JSON_KEY(out, "heap");
	ph_buf_putc(out, '[');
	for (size_t i = 0; i < w->nr_sites; i++) {
		const struct ph_worth_site *s = &w->sites[i];
		const struct ph_heap_site *h = s->site;

		ph_buf_puts(out, i ? ",{\"how\":" : "{\"how\":");
		ph_json_string(out, ph_alloc_how_name(h->how));
		ph_json_key(out, "call");
		ph_json_string(out, h->call);
		ph_json_key(out, "file");
		ph_json_string(out, h->file);
		PH_JSON_KEY_U64(out, "line", h->line);
		PH_JSON_KEY_U64(out, "column", h->column);
		PH_JSON_KEY_U64(out, "count", h->count);
		ph_buf_printf(out, ",\"array\":%s,\"tail\":%s",
			      h->array ? "true" : "false",
			      h->tail ? "true" : "false");
		if (*h->object) {
			ph_json_key(out, "object");
			ph_json_string(out, h->object);
			PH_JSON_KEY_U64(out, "object_size", h->object_size);
		}
		if (*h->cache) {
			ph_json_key(out, "cache");
			ph_json_string(out, h->cache);
		}
		PH_JSON_KEY_U64(out, "bytes", s->bytes);
		PH_JSON_KEY_U64(out, "packed_bytes", s->packed_bytes);
		if (s->classed || s->slab_now) {
			ph_json_key(out, "class");
			ph_json_string(out, ph_worth_class_name(s, false, a,
								sizeof(a)));
			ph_json_key(out, "packed_class");
			ph_json_string(out, ph_worth_class_name(s, true, b,
								sizeof(b)));
		}
		if (s->classed) {
			/* What the caller may use: malloc_usable_size,
			   nallocx, ksize: the allocator's own answer.  */
			PH_JSON_KEY_U64(out, "usable", s->now.usable);
			PH_JSON_KEY_U64(out, "packed_usable", s->packed.usable);
		}
		PH_JSON_KEY_U64(out, "saved", s->saved);
		ph_buf_printf(out, ",\"per_element\":%s,\"counted\":%s}",
			      s->per_element ? "true" : "false",
			      s->counted ? "true" : "false");
	}
	ph_buf_puts(out, "],\"static\":[");
	for (size_t i = 0; i < r->merged.nr_statics; i++) {
		const struct ph_static_inst *s = &r->merged.statics[i];

		ph_buf_puts(out, i ? ",{\"var\":" : "{\"var\":");
		ph_json_string(out, s->var);
		ph_json_key(out, "file");
		ph_json_string(out, s->file);
		PH_JSON_KEY_U64(out, "line", s->line);
		if (*s->in) {
			ph_json_key(out, "in");
			ph_json_string(out, s->in);
		}
		PH_JSON_KEY_U64(out, "count", s->count);
		PH_JSON_KEY_U64(out, "bytes", s->bytes);
		ph_buf_putc(out, '}');
	}
	ph_buf_puts(out, "]}\n");
}

static bool same_type(const struct ph_type *a, const struct ph_type *b)
{
	return a->kind == b->kind && a->size == b->size &&
	       a->align == b->align && a->typedef_name == b->typedef_name &&
	       strcmp(a->name, b->name) == 0;
}

struct ph_error *ph_pokehole_worth(struct ph_model *model,
				   const struct ph_pokehole_options *o)
{
	struct ph_reorg_options ropts = ph_pokehole_reorg_options(o);
	struct ranked *v = NULL;
	size_t n = 0;
	struct ph_buf out;
	struct ph_error *err = NULL;

	v = calloc(model->nr_types + 1, sizeof(*v));
	if (!v)
		return &ph_error_nomem;
	for (size_t i = 0; i < model->nr_types && !err; i++) {
		const struct ph_type *t = model->types[i];
		struct ph_reorg_result r;
		bool known;

		if (t->kind != PH_KIND_STRUCT && t->kind != PH_KIND_UNION &&
		    t->kind != PH_KIND_CLASS)
			continue;
		if ((err = ph_reorganize(model, t, &ropts, &r)))
			break;
		err = ph_pokehole_worth_type(o, t, r.type->size, &v[n].w,
					     &v[n].merged, &known);
		if (err || !known)
			continue;
		v[n++].t = t;
	}
	ph_buf_init(&out);
	if (!err) {
		qsort(v, n, sizeof(*v), by_worth);
		uint64_t total = 0, heap = 0, stat = 0;
		size_t shown = 0;
		if (o->output != OUT_JSON)
			ph_buf_puts(&out, "# type\tsize\tpacked\tclass\tclass "
				    "packed\tsaved an allocation\theap sites\t"
				    "static bytes\tstatic saved\n");
		for (size_t i = 0; i < n; i++) {
			/* One type the model keeps twice (a member's type
			   spelled "struct A" by C, "A" by C++) merges the
			   same records twice: ranked once.  */
			if (i && same_type(v[i - 1].t, v[i].t) &&
			    v[i - 1].w.worth == v[i].w.worth)
				continue;
			if (o->output == OUT_JSON)
				json_row(&out, &v[i]);
			else
				text_row(&out, &v[i], o->verbose);
			shown++;
			total += v[i].w.worth;
			heap += v[i].w.heap_saved;
			stat += v[i].w.static_saved + v[i].w.static_saved_in;
		}
		if (o->output == OUT_JSON)
			ph_buf_printf(&out, "{\"total\":true,\"types\":%zu,"
				      "\"worth\":%" PRIu64 ",\"heap_saved\":%"
				      PRIu64 ",\"static_saved\":%" PRIu64 "}\n",
				      shown, total, heap, stat);
		else
			ph_buf_printf(&out, "# %zu types: %" PRIu64 " bytes an "
				      "allocation at their heap sites, %" PRIu64
				      " static bytes\n", shown, heap, stat);
		if (!(err = ph_buf_error(&out)) && ph_pokehole_write_buf(&out))
			err = ph_error_errno(errno, "cannot write");
	}
	ph_buf_deinit(&out);
	for (size_t i = 0; i < model->nr_types + 1 && i < n + 1; i++) {
		ph_worth_free(&v[i].w);
		ph_allocdb_merged_free(&v[i].merged);
	}
	free(v);
	return err;
}
