#include "html.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "../reorg/analysis.h"
#include "jsonl.h"
#include "svg.h"

/* The maps are 10 times their size compressed, and a page the browser
   must parse 27 MB of before it paints (a vmlinux's) does not open at
   once: they go in zlib chunks of about this many bytes, in base64, and
   the page inflates the chunk of a map when it is opened.  */
enum { CHUNK = 256 * 1024 };

struct ph_html {
	struct ph_html_options opts;
	char *title;
	size_t nr_types;
	struct ph_buf index;	/* the index's rows, a JSON array's items */
	struct ph_buf chunk;	/* the maps not yet compressed */
	size_t nr_chunks;
	struct ph_buf chunks;	/* the compressed ones, script data blocks */
};

struct ph_error *ph_html_create(const struct ph_html_options *opts,
				struct ph_html **ret)
{
	const char *title = opts->title ? opts->title : "";
	struct ph_html *h = calloc(1, sizeof(*h));

	if (!h || !(h->title = malloc(strlen(title) + 1))) {
		free(h);
		return &ph_error_nomem;
	}
	strcpy(h->title, title);
	h->opts = *opts;
	if (!h->opts.cacheline)
		h->opts.cacheline = 64;
	ph_buf_init(&h->index);
	ph_buf_init(&h->chunk);
	ph_buf_init(&h->chunks);
	*ret = h;
	return NULL;
}

void ph_html_destroy(struct ph_html *h)
{
	if (!h)
		return;
	ph_buf_deinit(&h->index);
	ph_buf_deinit(&h->chunk);
	ph_buf_deinit(&h->chunks);
	free(h->title);
	free(h);
}

/* S as a JSON string that cannot end the <script> element holding it.  */
static void json_in_html(struct ph_buf *out, const char *s)
{
	size_t start = out->len;

	ph_json_string(out, s);
	if (out->failed)
		return;
	for (size_t i = start; i < out->len; i++) {
		if (out->data[i] != '<')
			continue;
		/* "<" becomes "\u003c": five more bytes */
		ph_buf_puts(out, "xxxxx");
		if (out->failed)
			return;
		memmove(out->data + i + 6, out->data + i + 1,
			out->len - i - 6);
		memcpy(out->data + i, "\\u003c", 6);
		i += 5;
	}
}

static void base64(struct ph_buf *out, const unsigned char *p, size_t n)
{
	static const char digits[] =
		"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	char q[4];

	for (size_t i = 0; i < n; i += 3) {
		unsigned v = (unsigned)p[i] << 16;

		if (i + 1 < n)
			v |= (unsigned)p[i + 1] << 8;
		if (i + 2 < n)
			v |= p[i + 2];
		q[0] = digits[v >> 18 & 63];
		q[1] = digits[v >> 12 & 63];
		q[2] = i + 1 < n ? digits[v >> 6 & 63] : '=';
		q[3] = i + 2 < n ? digits[v & 63] : '=';
		ph_buf_putn(out, q, 4);
	}
}

/* Compresses the maps of the chunk being filled into a data block.  */
static struct ph_error *flush_chunk(struct ph_html *h)
{
	uLongf len;
	unsigned char *z;

	if (!h->chunk.len)
		return NULL;
	len = compressBound(h->chunk.len);
	if (!(z = malloc(len)))
		return &ph_error_nomem;
	if (compress2(z, &len, (const Bytef *)h->chunk.data, h->chunk.len,
		      6) != Z_OK) {
		free(z);
		return &ph_error_nomem;
	}
	ph_buf_printf(&h->chunks, "<script type=\"text/x-ph-maps\" "
		      "id=\"z%zu\">", h->nr_chunks++);
	base64(&h->chunks, z, len);
	ph_buf_puts(&h->chunks, "</script>\n");
	free(z);
	h->chunk.len = 0;
	return ph_buf_error(&h->chunks);
}

/* Where a map is: its chunk, its bytes there.  */
struct map_at {
	size_t chunk, offset, len;
};

/* Adds T's map to the chunk being filled.  */
static struct ph_error *add_map(struct ph_html *h, const struct ph_type *t,
				uint64_t *unused_bits, struct map_at *ret)
{
	struct ph_svg_options so = { h->opts.cacheline, false };
	struct ph_svg_map map = { t, NULL };
	size_t start = h->chunk.len;
	struct ph_error *err = ph_render_svg(&h->chunk, &map, 1, &so,
					     unused_bits);

	if (err || (err = ph_buf_error(&h->chunk)))
		return err;
	*ret = (struct map_at){ h->nr_chunks, start, h->chunk.len - start };
	if (h->chunk.len >= CHUNK)
		return flush_chunk(h);
	return NULL;
}

struct ph_error *ph_html_add(struct ph_html *h, const struct ph_type *t,
			     const struct ph_type *suggested,
			     const struct ph_html_alloc *alloc)
{
	struct ph_analysis a;
	struct ph_error *err;
	uint64_t saved = suggested && suggested->size < t->size
				 ? t->size - suggested->size : 0;
	uint64_t unused = 0;
	struct map_at m, r;

	if ((err = add_map(h, t, &unused, &m)) ||
	    (saved && (err = add_map(h, suggested, NULL, &r))))
		return err;
	if ((err = ph_analyze_type(t, h->opts.cacheline, &a)))
		return err;
	/* [name, kind, size, align, holes, hole bytes, bit holes, hole
	   bits, padding, bit padding, cachelines, saved, file, line,
	   unused bits (what the map hatches), the map [chunk, offset,
	   bytes], the suggestion's map or 0, the allocator's class now
	   and reordered ("" when none), the bytes saved where allocated
	   (-1 when the reports do not know the type)] */
	ph_buf_puts(&h->index, h->nr_types ? ",\n[" : "[");
	json_in_html(&h->index, t->name);
	ph_buf_printf(&h->index, ",\"%s\",%" PRIu64 ",%" PRIu32 ",%u,%" PRIu64
		      ",%u,%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64
		      ",%" PRIu64 ",", ph_kind_name(t->kind), t->size,
		      t->align, a.nr_holes, a.sum_holes, a.nr_bit_holes,
		      a.sum_bit_holes, a.padding, a.bit_padding, a.cachelines,
		      saved);
	ph_analysis_deinit(&a);
	json_in_html(&h->index, t->file ? t->file : "");
	ph_buf_printf(&h->index, ",%u,%" PRIu64 ",[%zu,%zu,%zu],", t->line,
		      unused, m.chunk, m.offset, m.len);
	if (saved)
		ph_buf_printf(&h->index, "[%zu,%zu,%zu],", r.chunk, r.offset,
			      r.len);
	else
		ph_buf_puts(&h->index, "0,");
	json_in_html(&h->index, alloc ? alloc->class_now : "");
	ph_buf_putc(&h->index, ',');
	json_in_html(&h->index, alloc ? alloc->class_packed : "");
	if (alloc)
		ph_buf_printf(&h->index, ",%" PRIu64 "]", alloc->worth);
	else
		ph_buf_puts(&h->index, ",-1]");
	h->nr_types++;
	return ph_buf_error(&h->index);
}

struct ph_error *ph_html_write(struct ph_html *h, struct ph_buf *out)
{
	struct ph_error *err = flush_chunk(h);

	if (err)
		return err;
	ph_buf_puts(out, "<!DOCTYPE html>\n<html lang=\"en\"><head>"
		    "<meta charset=\"utf-8\">"
		    "<meta name=\"viewport\" content=\"width=device-width\">"
		    "<meta name=\"generator\" content=\"pokehole\"><title>");
	ph_xml_escape(out, h->title);
	ph_buf_puts(out, " \xe2\x80\x94 pokehole</title><style>");
	ph_buf_puts(out, ph_html_style);
	ph_buf_puts(out, ph_svg_style);
	ph_buf_puts(out, "</style></head>\n<body>\n"
		    "<svg width=\"0\" height=\"0\" style=\"position:absolute\""
		    " aria-hidden=\"true\">");
	ph_buf_puts(out, ph_svg_defs);
	ph_buf_puts(out, "</svg>\n<header><h1>");
	ph_xml_escape(out, h->title);
	ph_buf_puts(out, "</h1><input id=\"ph-search\" type=\"search\" "
		    "placeholder=\"search types\" autocomplete=\"off\">"
		    "<span id=\"ph-count\"></span></header>\n"
		    "<main><nav id=\"ph-index\"><table><thead><tr>"
		    "<th data-key=\"0\">name</th><th data-key=\"1\">kind</th>"
		    "<th data-key=\"2\" class=\"n\">size</th>"
		    "<th data-key=\"4\" class=\"n\">holes</th>"
		    "<th data-key=\"14\" class=\"n\" title=\"bytes (and bits) "
		    "no member uses: holes, bit holes and padding\">wasted"
		    "</th>"
		    "<th data-key=\"10\" class=\"n\">cachelines</th>");
	if (h->opts.reorganized)
		ph_buf_puts(out, "<th data-key=\"11\" class=\"n\" "
			    "title=\"bytes the suggested order saves\">"
			    "saves</th>");
	if (h->opts.allocs)
		ph_buf_puts(out, "<th data-key=\"17\" title=\"the allocator's "
			    "class at the type's heap sites, now and "
			    "reordered\">class</th>"
			    "<th data-key=\"19\" class=\"n\" title=\"bytes "
			    "the suggested order saves where the type is "
			    "allocated: one allocation a heap site, and its "
			    "static instances\">worth</th>");
	ph_buf_puts(out, "</tr></thead><tbody id=\"ph-rows\"></tbody></table>"
		    "</nav>\n<section id=\"ph-detail\"><p class=\"hint\">"
		    "Open a type from the index. Hover a block for its "
		    "offset, size, alignment and type.</p></section></main>\n"
		    "<div id=\"ph-info\"></div>\n"
		    "<script type=\"application/json\" id=\"ph-data\">");
	ph_buf_printf(out, "{\"cacheline\":%u,\"reorganized\":%s,"
		      "\"allocs\":%s,\"types\":[", h->opts.cacheline,
		      h->opts.reorganized ? "true" : "false",
		      h->opts.allocs ? "true" : "false");
	ph_buf_putn(out, h->index.data, h->index.len);
	ph_buf_puts(out, "]}</script>\n<script>");
	ph_buf_puts(out, ph_html_script);
	ph_buf_puts(out, "</script>\n<div hidden id=\"ph-maps\">\n");
	ph_buf_putn(out, h->chunks.data, h->chunks.len);
	ph_buf_puts(out, "</div>\n<script>phReady()</script>\n</body></html>\n");
	return ph_buf_error(out);
}
