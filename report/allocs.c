/* The "allocs" record (allocs.h); input/reports/allocs-read.c reads it.  */
#include "allocs.h"

#include "jsonl.h"

static void key_str(struct ph_buf *out, const char *k, const char *v)
{
	ph_json_key(out, k);
	ph_json_string(out, v ? v : "");
}

static void place(struct ph_buf *out, const char *file, uint32_t line,
		  uint32_t column)
{
	key_str(out, "file", file);
	PH_JSON_KEY_U64(out, "line", line);
	PH_JSON_KEY_U64(out, "column", column);
}

static void heap_site(struct ph_buf *out, const struct ph_heap_site *h)
{
	ph_buf_puts(out, "{\"how\":");
	ph_json_string(out, ph_alloc_how_name(h->how));
	key_str(out, "call", h->call);
	place(out, h->file, h->line, h->column);
	PH_JSON_KEY_U64(out, "count", h->count);
	if (h->array)
		ph_buf_puts(out, ",\"array\":true");
	if (h->tail)
		ph_buf_puts(out, ",\"tail\":true");
	if (h->bytes)
		PH_JSON_KEY_U64(out, "bytes", h->bytes);
	if (h->object && *h->object) {
		key_str(out, "object", h->object);
		PH_JSON_KEY_U64(out, "object_size", h->object_size);
	}
	if (h->cache && *h->cache)
		key_str(out, "cache", h->cache);
	if (h->cache_var && *h->cache_var)
		key_str(out, "cache_var", h->cache_var);
	if (h->cache_align)
		PH_JSON_KEY_U64(out, "cache_align", h->cache_align);
	if (h->cache_hwalign)
		ph_buf_puts(out, ",\"cache_hwalign\":true");
	ph_buf_putc(out, '}');
}

static void static_inst(struct ph_buf *out, const struct ph_static_inst *s)
{
	ph_buf_puts(out, "{\"var\":");
	ph_json_string(out, s->var ? s->var : "");
	key_str(out, "symbol", s->symbol);
	place(out, s->file, s->line, s->column);
	if (s->in && *s->in)
		key_str(out, "in", s->in);
	PH_JSON_KEY_U64(out, "count", s->count);
	PH_JSON_KEY_U64(out, "bytes", s->bytes);
	ph_buf_putc(out, '}');
}

void ph_render_allocs(struct ph_buf *out, const struct ph_type_allocs *a)
{
	PH_JSON_RECORD_HEAD(out, "allocs", a);
	PH_JSON_KEY(out, "heap");
	ph_buf_putc(out, '[');
	for (size_t i = 0; i < a->nr_heap; i++) {
		if (i)
			ph_buf_putc(out, ',');
		heap_site(out, &a->heap[i]);
	}
	ph_buf_putc(out, ']');
	PH_JSON_KEY(out, "static");
	ph_buf_putc(out, '[');
	for (size_t i = 0; i < a->nr_statics; i++) {
		if (i)
			ph_buf_putc(out, ',');
		static_inst(out, &a->statics[i]);
	}
	ph_buf_puts(out, "]}\n");
}
