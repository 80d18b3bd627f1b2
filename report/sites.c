/* The "sites" record (sites.h).  */
#include "sites.h"

#include "jsonl.h"

static void key_str(struct ph_buf *out, const char *k, const char *v)
{
	ph_json_key(out, k);
	ph_json_string(out, v ? v : "");
}

/* A site's or an edit's place in a source, "file":F,"line":L,"column":C
   (the reader's place() in input/reports/sites-read.c).  */
static void place(struct ph_buf *out, const char *file, uint32_t line,
		  uint32_t column)
{
	ph_buf_puts(out, "\"file\":");
	ph_json_string(out, file ? file : "");
	PH_JSON_KEY_U64(out, "line", line);
	PH_JSON_KEY_U64(out, "column", column);
}

void ph_render_sites_unit(struct ph_buf *out, const char *dir,
			  const char *unit)
{
	ph_buf_puts(out, "{\"kind\":\"sites\"");
	key_str(out, "unit", unit);
	key_str(out, "dir", dir);
	ph_buf_puts(out, "}\n");
}

void ph_render_sites(struct ph_buf *out, const struct ph_type_sites *s)
{
	ph_buf_puts(out, "{\"kind\":\"sites\"");
	key_str(out, "name", s->name);
	key_str(out, "type_kind", ph_kind_name(s->kind));
	PH_JSON_KEY(out, "typedef");
	ph_buf_puts(out, s->typedef_name ? "true" : "false");
	key_str(out, "file", s->file);
	PH_JSON_KEY_U64(out, "line", s->line);
	key_str(out, "dir", s->dir);
	key_str(out, "unit", s->unit);
	PH_JSON_KEY_U64(out, "size", s->size);
	if (s->nr_order) {
		PH_JSON_KEY_U64(out, "new_size", s->new_size);
		PH_JSON_KEY(out, "order");
		ph_json_strings(out, s->order, s->nr_order);
	}
	PH_JSON_KEY(out, "sites");
	ph_buf_putc(out, '[');
	for (size_t i = 0; i < s->nr_sites; i++) {
		const struct ph_site *st = &s->sites[i];

		ph_buf_puts(out, i ? ",{" : "{");
		ph_buf_puts(out, "\"site\":");
		ph_json_string(out, ph_site_kind_name(st->kind));
		ph_buf_putc(out, ',');
		place(out, st->file, st->line, st->column);
		if (st->member && *st->member)
			key_str(out, "member", st->member);
		if (st->other && (*st->other || st->kind == PH_SITE_READS))
			key_str(out, "other", st->other);
		if (st->why && *st->why)
			key_str(out, "why", st->why);
		PH_JSON_KEY(out, "rewrite");
		ph_buf_puts(out, st->rewrite ? "true}" : "false}");
	}
	ph_buf_putc(out, ']');
	if (s->nr_edits) {
		PH_JSON_KEY(out, "edits");
		ph_buf_putc(out, '[');
		for (size_t i = 0; i < s->nr_edits; i++) {
			const struct ph_edit *e = &s->edits[i];

			ph_buf_puts(out, i ? ",{" : "{");
			place(out, e->file, e->line, e->column);
			PH_JSON_KEY_U64(out, "end_line", e->end_line);
			PH_JSON_KEY_U64(out, "end_column", e->end_column);
			key_str(out, "old", e->old_text);
			key_str(out, "new", e->new_text);
			if (e->moves) {
				PH_JSON_KEY(out, "from");
				ph_buf_printf(out, "[%u,%u,%u,%u]",
					      (unsigned)e->from_line,
					      (unsigned)e->from_column,
					      (unsigned)e->from_end_line,
					      (unsigned)e->from_end_column);
			}
			ph_buf_putc(out, '}');
		}
		ph_buf_putc(out, ']');
	}
	ph_buf_puts(out, "}\n");
}
