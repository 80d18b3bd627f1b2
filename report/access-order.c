/* The access-aware order in words and in JSON (access-order.h).  */
#include "access-order.h"

#include "access.h"
#include "jsonl.h"

#include <inttypes.h>

static const char *const choice_names[] = {
	[PH_ACCESS_TIERS] = "tiers",
	[PH_ACCESS_WARM_COLD] = "warm-with-cold",
	[PH_ACCESS_HOT_FIRST] = "hot-first",
	[PH_ACCESS_SIZE_OPTIMAL] = "size-optimal",
};

/* "0, 2, 3" or "4-9"; "none" for no line.  */
static void lines_text(struct ph_buf *out, const struct ph_access_lines *l)
{
	if (!l->n) {
		ph_buf_puts(out, "none");
		return;
	}
	for (size_t i = 0; i < l->n; i++) {
		uint64_t a = l->from[i], b = l->to[i];

		if (i)
			ph_buf_puts(out, ", ");
		if (b - a >= 2)
			ph_buf_printf(out, "%" PRIu64 "-%" PRIu64, a, b);
		else if (b > a)
			ph_buf_printf(out, "%" PRIu64 ", %" PRIu64, a, b);
		else
			ph_buf_put_u64(out, a);
	}
}

/* "LINES now, LINES in this order", or only the first when nothing
   changed.  */
static void now_then(struct ph_buf *out, const struct ph_access_lines *now,
		     const struct ph_access_lines *then, bool changed)
{
	lines_text(out, now);
	ph_buf_puts(out, " now");
	if (!changed)
		return;
	ph_buf_puts(out, ", ");
	lines_text(out, then);
	ph_buf_puts(out, " in this order");
}

void ph_render_access_order_text(struct ph_buf *out, const struct ph_type *t,
				 const struct ph_access_order_result *r,
				 const struct ph_access_source *src)
{
	bool changed = !r->unchanged;

	ph_buf_printf(out, "/* access order (weights: %s, %zu %s, %zu %s): ",
		      src->weights, src->units,
		      src->units == 1 ? "unit" : "units", src->functions,
		      src->functions == 1 ? "function" : "functions");
	if (!r->nr_hot)
		ph_buf_puts(out, "no hot members");
	for (size_t i = 0; i < r->nr_hot; i++)
		ph_buf_printf(out, "%s%s", i ? ", " : "hot members ",
			      r->hot_names[i]);
	if (r->nr_hot) {
		ph_buf_puts(out, "\n   hot members touch cachelines ");
		now_then(out, &r->hot_now, &r->hot_then, changed);
	}
	for (size_t i = 0; i < r->nr_fns; i++) {
		ph_buf_printf(out, "\n   %s touches ", r->fns[i].fn);
		now_then(out, &r->fns[i].now, &r->fns[i].then, changed);
	}
	if (r->unchanged)
		ph_buf_printf(out, "\n   unchanged: %s", r->unchanged);
	ph_buf_printf(out, "\n   size %" PRIu64 " now, %" PRIu64
		      " size-optimal", t->size, r->size_optimal);
	if (changed)
		ph_buf_printf(out, ", %" PRIu64 " in this order",
			      r->type->size);
	if (changed && r->extra)
		ph_buf_printf(out, " (%" PRIu64 " %s more than size-optimal, "
			      "for the hot members' cachelines)", r->extra,
			      r->extra == 1 ? "byte" : "bytes");
	ph_buf_puts(out, " */\n");
}

/* [[FIRST,LAST],...]  */
static void lines_json(struct ph_buf *out, const struct ph_access_lines *l)
{
	ph_buf_putc(out, '[');
	for (size_t i = 0; i < l->n; i++)
		ph_buf_printf(out, "%s[%" PRIu64 ",%" PRIu64 "]", i ? "," : "",
			      l->from[i], l->to[i]);
	ph_buf_putc(out, ']');
}

void ph_render_access_order_json(struct ph_buf *out, const struct ph_type *t,
				 const struct ph_access_order_result *r,
				 const struct ph_access_source *src)
{
	ph_buf_puts(out, "{\"weights\":");
	ph_json_string(out, src->weights);
	PH_JSON_KEY_U64(out, "units", src->units);
	PH_JSON_KEY_U64(out, "functions", src->functions);
	PH_JSON_KEY(out, "hot");
	ph_json_strings(out, r->hot_names, r->nr_hot);
	PH_JSON_KEY(out, "hot_weights");
	ph_buf_putc(out, '[');
	for (size_t i = 0; i < r->nr_hot; i++) {
		if (i)
			ph_buf_putc(out, ',');
		ph_json_weight(out, r->hot_weights[r->hot[i]]);
	}
	ph_buf_putc(out, ']');
	PH_JSON_KEY(out, "lines_now");
	lines_json(out, &r->hot_now);
	PH_JSON_KEY(out, "lines");
	lines_json(out, &r->hot_then);
	PH_JSON_KEY(out, "hot_functions");
	ph_buf_putc(out, '[');
	for (size_t i = 0; i < r->nr_fns; i++) {
		ph_buf_puts(out, i ? ",{\"fn\":" : "{\"fn\":");
		ph_json_string(out, r->fns[i].fn);
		PH_JSON_KEY(out, "weight");
		ph_json_weight(out, r->fns[i].weight);
		PH_JSON_KEY(out, "lines_now");
		lines_json(out, &r->fns[i].now);
		PH_JSON_KEY(out, "lines");
		lines_json(out, &r->fns[i].then);
		ph_buf_putc(out, '}');
	}
	ph_buf_putc(out, ']');
	PH_JSON_KEY_U64(out, "size_now", t->size);
	PH_JSON_KEY_U64(out, "size_optimal", r->size_optimal);
	PH_JSON_KEY_U64(out, "extra", r->extra);
	PH_JSON_KEY(out, "order");
	ph_json_string(out, choice_names[r->choice]);
	if (r->unchanged) {
		PH_JSON_KEY(out, "unchanged");
		ph_json_string(out, r->unchanged);
	}
	ph_buf_putc(out, '}');
}
