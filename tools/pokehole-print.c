/* What pokehole prints of the types read: pahole's text, sizes, JSON
   Lines, -R's and -P's suggestions with the build's verdict, cacheline
   groups, the HTML page and the SVG picture, and --at.  */
#include "pokehole-print.h"
#include "access-type.h"
#include "worth-type.h"
#include "../reorg/analysis.h"
#include "../reorg/groups.h"
#include "../report/at.h"
#include "../report/jsonl.h"
#include "../report/reorg.h"
#include "../report/svg.h"
#include "../report/text.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *progname = PH_POKEHOLE_NAME;

int ph_pokehole_write_buf(struct ph_buf *buf)
{
	if (buf->len && fwrite(buf->data, 1, buf->len, stdout) != buf->len)
		return -1;
	buf->len = 0;
	return 0;
}

/* -E: a member's type, as the text renderer asks for it: "struct foo",
   "union bar", or the name of a typedef'd untagged type.  */
static const struct ph_type *lookup_type(void *arg, const char *type)
{
	const struct ph_model *model = arg;
	enum ph_kind kind = PH_KIND_STRUCT;
	bool tagged = true;

	if (strncmp(type, "struct ", 7) == 0)
		type += 7;
	else if (strncmp(type, "union ", 6) == 0)
		type += 6, kind = PH_KIND_UNION;
	else if (strncmp(type, "class ", 6) == 0)
		type += 6, kind = PH_KIND_CLASS;
	else
		tagged = false;
	for (size_t i = 0; i < model->nr_types; i++) {
		const struct ph_type *t = model->types[i];

		if (strcmp(t->name, type) != 0)
			continue;
		if (!tagged || (t->kind == kind && !t->typedef_name))
			return t;
	}
	return NULL;
}

/* For POKEHOLE_STATS: what the engine proved of its suggestions.  */
struct reorg_stats {
	size_t smaller, moves, not_optimal, not_least;
};

/* After -R's suggestion, whether the build's sites let it be applied:
   "safe to apply", or each place that depends on the member order.  */
static void render_verdict(struct ph_buf *out, bool safe, size_t records,
			   const struct ph_site_stop *stops, size_t nr,
			   bool unreported)
{
	if (safe) {
		ph_buf_printf(out, "/* safe to apply: the sites of %zu %s keep "
			      "their meaning (pokehole --patch) */\n",
			      records, records == 1 ? "unit" : "units");
		return;
	}
	if (!records) {
		ph_buf_puts(out, "/* unknown: no unit's report has its sites */"
			    "\n");
		return;
	}
	if (!nr) {
		ph_buf_puts(out, unreported
				 ? "/* unknown: units of the build have no "
				   "report of their sites */\n"
				 : "/* unsafe: no unit's report has the edits "
				   "of its definition for this order */\n");
		return;
	}
	ph_buf_printf(out, "/* unsafe: %zu %s on the member order: */\n", nr,
		      nr == 1 ? "site depends" : "sites depend");
	for (size_t i = 0; i < nr; i++) {
		const struct ph_site *s = stops[i].site;

		bool same = !*s->why || strcmp(s->why, stops[i].why) == 0;

		ph_buf_printf(out, "/*   %s:%u:%u: %s: %s%s%s */\n", s->file,
			      s->line, s->column, ph_site_kind_name(s->kind),
			      stops[i].why, same ? "" : " - ", same ? "" : s->why);
	}
}

/* -P's columns after the verdict's: the class at T's first classed
   heap site now and packed ("-" without one), the bytes one allocation
   a site saves, the static bytes saved.  */
static void packable_worth(struct ph_buf *out, const struct ph_worth *w)
{
	const struct ph_worth_site *m = NULL;
	char a[48], b[48];

	for (size_t i = 0; i < w->nr_sites && !m; i++)
		if (w->sites[i].classed || w->sites[i].slab_now)
			m = &w->sites[i];
	out->len--;
	ph_buf_printf(out, "\t%s\t%s\t%" PRIu64 "\t%" PRIu64 "\n",
		      m ? ph_worth_class_name(m, false, a, sizeof(a)) : "-",
		      m ? ph_worth_class_name(m, true, b, sizeof(b)) : "-",
		      w->heap_saved, w->static_saved + w->static_saved_in);
}

/* -R --access's JSON: the reorganized record with an "access" object
   in its last place.  */
static void access_json(struct ph_buf *out, const struct ph_type *t,
			const struct ph_pokehole_access *acc)
{
	if (out->len < 2 || out->failed)
		return;
	out->len -= 2;		/* "}\n" */
	PH_JSON_KEY(out, "access");
	ph_render_access_order_json(out, t, &acc->order, &acc->src);
	ph_buf_puts(out, "}\n");
}

/* -R, -S and -P: what the engine makes of T; with --access, the
   access-aware order of a type the records know (one they do not is
   printed as -R prints it when -C names it, else left out).  */
static struct ph_error *print_reorganized(struct ph_buf *out,
					  struct ph_model *model,
					  const struct ph_type *t,
					  const struct ph_pokehole_options *o,
					  struct reorg_stats *stats)
{
	struct ph_text_options text_opts = { .cacheline = o->cacheline };
	struct ph_reorg_options ropts = ph_pokehole_reorg_options(o);
	struct ph_reorg_result r;
	struct ph_pokehole_access acc;
	bool accessed = false;
	struct ph_error *err;

	if (o->access &&
	    (err = ph_pokehole_access_type(model, t, o, &acc, &accessed)))
		return err;
	if (o->access && !accessed && !o->class_names)
		return NULL;
	if (accessed)
		r = acc.order.reorg;
	else if ((err = ph_reorganize(model, t, &ropts, &r)))
		return err;
	if (r.type->size < t->size) {
		stats->smaller++;
		stats->moves += r.nr_steps;
		stats->not_optimal += !r.optimal;
		stats->not_least += !r.least_change;
	}
	bool verdict = o->sites && o->sites->n && r.type != t;
	bool safe = false;
	size_t records = 0, nr = 0;
	struct ph_site_stop *stops = NULL;

	if (verdict && (err = ph_sitedb_verdict(o->sites, t, r.type, &safe,
						&records, &stops, &nr)))
		goto out;
	/* With the build's allocation sites, what the saving is worth.  */
	struct ph_worth worth;
	struct ph_type_allocs merged;
	bool weighed = false;
	if (r.type->size < t->size &&
	    (err = ph_pokehole_worth_type(o, t, r.type->size, &worth, &merged,
					  &weighed)))
		goto out;
	switch (o->output) {
	case OUT_PACKABLE:
		if (r.type->size < t->size) {
			ph_render_packable(out, t, &r);
			/* pahole's four columns, and with the build's sites
			   a fifth: whether the new order is safe to apply.  */
			if (verdict) {
				out->len--;
				if (safe)
					ph_buf_puts(out, "\tsafe\n");
				else if (!records ||
					 (!nr && o->sites->nr_unreported))
					ph_buf_puts(out, "\tunknown\n");
				else
					ph_buf_printf(out, "\tunsafe:%zu\n",
						      nr ? nr : 1);
			}
			/* And with its allocation sites: the class now
			   and packed, the bytes an allocation saves at
			   its heap sites, the static bytes saved.  */
			if (weighed)
				packable_worth(out, &worth);
		}
		break;
	case OUT_JSON:
		err = ph_render_jsonl_reorg(out, r.type, o->cacheline, t->size);
		if (!err && accessed)
			access_json(out, t, &acc);
		break;
	default:
		err = ph_render_reorg_text(out, t, &r, &text_opts,
					   o->show_steps);
		if (!err && verdict)
			render_verdict(out, safe, records, stops, nr,
				       o->sites->nr_unreported != 0);
		if (!err && weighed)
			ph_pokehole_render_worth(out, &worth);
		if (!err && accessed)
			ph_render_access_order_text(out, t, &acc.order,
						    &acc.src);
		break;
	}
	if (weighed) {
		ph_worth_free(&worth);
		ph_allocdb_merged_free(&merged);
	}
out:
	free(stops);
	if (accessed)
		ph_pokehole_access_free(&acc);
	return err;
}

/* --groups: a line per cacheline group of T, the numbers the kernel's
   CACHELINE_ASSERT_GROUP_* and net_cachelines tables keep: struct,
   group, offset, size, cachelines spanned.  */
static struct ph_error *print_groups(struct ph_buf *out,
				     const struct ph_type *t,
				     unsigned cacheline)
{
	struct ph_group *g;
	size_t n;
	struct ph_error *err = ph_groups_of(t, cacheline, &g, &n);

	if (err)
		return err;
	for (size_t i = 0; i < n; i++) {
		if (!g[i].end)
			continue;
		ph_buf_printf(out, "%s\t%.*s\t%" PRIu64 "\t%" PRIu64 "\t%"
			      PRIu64 "\n", t->name, (int)g[i].name_len,
			      g[i].name, g[i].offset, g[i].size,
			      g[i].cachelines);
	}
	free(g);
	return NULL;
}

/* --html and --svg: T and, with -R, the order the engine suggests,
   when it is smaller.  */
static struct ph_error *draw_type(struct ph_model *model,
				  const struct ph_type *t,
				  const struct ph_pokehole_options *o,
				  struct ph_html *html,
				  struct ph_buf *out)
{
	struct ph_reorg_options ropts = ph_pokehole_reorg_options(o);
	struct ph_reorg_result r = { .type = NULL };
	struct ph_svg_options so = { o->cacheline, true };
	struct ph_svg_map maps[2];
	char caption[2][160];
	struct ph_error *err;

	if (o->reorganize && (err = ph_reorganize(model, t, &ropts, &r)))
		return err;
	if (r.type && r.type->size >= t->size)
		r.type = NULL;
	if (html) {
		/* With the build's allocation sites: what the order
		   saves where the type is allocated.  */
		struct ph_worth w;
		struct ph_type_allocs merged;
		struct ph_html_alloc alloc = { "", "", 0 };
		char a[48] = "", b[48] = "";
		bool known = false;

		if (r.type && o->allocs && o->allocs->n &&
		    (err = ph_pokehole_worth_type(o, t, r.type->size, &w,
						  &merged, &known)))
			return err;
		if (known) {
			for (size_t i = 0; i < w.nr_sites; i++)
				if (w.sites[i].classed || w.sites[i].slab_now) {
					ph_worth_class_name(&w.sites[i], false,
							    a, sizeof(a));
					ph_worth_class_name(&w.sites[i], true,
							    b, sizeof(b));
					break;
				}
			alloc = (struct ph_html_alloc){ a, b, w.worth };
		}
		err = ph_html_add(html, t, r.type, known ? &alloc : NULL);
		if (known) {
			ph_worth_free(&w);
			ph_allocdb_merged_free(&merged);
		}
		return err;
	}
	snprintf(caption[0], sizeof(caption[0]), "%s %s: %" PRIu64 " bytes",
		 ph_kind_name(t->kind), t->name, t->size);
	maps[0] = (struct ph_svg_map){ t, caption[0] };
	if (r.type) {
		snprintf(caption[1], sizeof(caption[1]),
			 "suggested order: %" PRIu64 " bytes, saves %" PRIu64,
			 r.type->size, t->size - r.type->size);
		maps[1] = (struct ph_svg_map){ r.type, caption[1] };
	}
	return ph_render_svg(out, maps, r.type ? 2 : 1, &so, NULL);
}

struct ph_error *ph_pokehole_print_types(struct ph_model *model,
					 const struct ph_pokehole_options *o,
					 struct ph_html *html)
{
	struct ph_text_options text_opts = { .cacheline = o->cacheline };
	struct ph_buf out;
	struct ph_error *err = NULL;
	size_t nr_types = model->nr_types;
	struct reorg_stats stats = { 0 };

	if (o->expand) {
		text_opts.lookup = lookup_type;
		text_opts.lookup_arg = model;
	}

	ph_buf_init(&out);
	for (size_t i = 0; i < nr_types && !err; i++) {
		const struct ph_type *t = model->types[i];
		struct ph_analysis a;
		bool show = true;

		/* pahole lists no anonymous type, and one named by a
		   typedef counts as anonymous unless asked for by name;
		   the JSON contract and the page have them all.  */
		if (t->typedef_name && o->output != OUT_JSON &&
		    o->output != OUT_HTML && !o->class_names)
			continue;
		if (o->expand && o->class_names &&
		    !ph_names_select(o->class_names, t->name))
			continue;
		if ((err = ph_analyze_type(t, o->cacheline, &a)))
			break;
		if (o->have_min_holes && a.nr_holes < o->min_holes)
			show = false;
		if (o->have_min_hole_size) {
			bool big = a.leading_hole >= o->min_hole_size &&
				   a.leading_hole;
			for (size_t k = 0; k < a.nr_members; k++)
				if (a.gaps[k].hole &&
				    a.gaps[k].hole >= o->min_hole_size)
					big = true;
			show = show && big;
		}
		if (show && (o->output == OUT_HTML || o->output == OUT_SVG)) {
			/* One picture: the first layout -C names.  */
			if (o->output == OUT_SVG && out.len)
				show = false;
			else
				err = draw_type(model, t, o, html, &out);
		} else if (show && (o->reorganize ||
				    o->output == OUT_PACKABLE)) {
			err = print_reorganized(&out, model, t, o, &stats);
		} else if (show) {
			switch (o->output) {
			case OUT_PACKABLE:
			case OUT_HTML:
			case OUT_SVG:
				break;
			case OUT_GROUPS:
				err = print_groups(&out, t, o->cacheline);
				break;
			case OUT_TEXT:
				err = ph_render_text(&out, t, &text_opts);
				break;
			case OUT_JSON:
				err = ph_render_jsonl(&out, t, o->cacheline);
				break;
			case OUT_SIZES:
				ph_buf_printf(&out, "%s\t%" PRIu64 "\t%u\n",
					      t->name, t->size, a.nr_holes);
				break;
			}
		}
		ph_analysis_deinit(&a);
		if (!err && out.len > 1 << 16 && ph_pokehole_write_buf(&out))
			err = ph_error_errno(errno, "cannot write");
	}
	if (!err && html)
		err = ph_html_write(html, &out);
	if (!err && (err = ph_buf_error(&out)) == NULL &&
	    ph_pokehole_write_buf(&out))
		err = ph_error_errno(errno, "cannot write");
	ph_buf_deinit(&out);
	if (stats.smaller && getenv("POKEHOLE_STATS"))
		fprintf(stderr, "pokehole: %zu types smaller, %zu steps; not "
			"proven smallest %zu, not proven fewest moves %zu\n",
			stats.smaller, stats.moves, stats.not_optimal,
			stats.not_least);
	return err;
}

struct ph_error *ph_pokehole_print_at(struct ph_model *model,
				      const struct ph_pokehole_options *o,
				      int *status)
{
	struct ph_buf out;
	struct ph_error *err = NULL;

	ph_buf_init(&out);
	for (size_t i = 0; i < model->nr_types && !err; i++) {
		const struct ph_type *t = model->types[i];
		struct ph_at at;

		if (!ph_names_select(o->class_names, t->name))
			continue;
		err = ph_at(model, t, o->at, &at);
		if (err && err != &ph_error_nomem) {
			fprintf(stderr, "%s: %s\n", progname, err->message);
			ph_error_destroy(err);
			err = NULL;
			*status = 1;
			continue;
		}
		if (!err) {
			err = ph_render_at_text(&out, t, o->at, &at);
			ph_at_deinit(&at);
		}
	}
	if (!err && !(err = ph_buf_error(&out)) && ph_pokehole_write_buf(&out))
		err = ph_error_errno(errno, "cannot write");
	ph_buf_deinit(&out);
	return err;
}
