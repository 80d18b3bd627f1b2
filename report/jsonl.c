#include "jsonl.h"

#include <inttypes.h>

#include <stdlib.h>

#include "../reorg/analysis.h"
#include "../reorg/groups.h"

/* The short escape of C, or NULL: \u00XX, its code.  */
static const char *escape(unsigned char c)
{
	switch (c) {
	case '"': return "\\\"";
	case '\\': return "\\\\";
	case '\n': return "\\n";
	case '\t': return "\\t";
	default: return NULL;
	}
}

void ph_json_string(struct ph_buf *out, const char *s)
{
	const char *run = s, *esc;

	/* Each run of bytes that need no escape in one append: the
	   dedup key of every type is written here too.  */
	ph_buf_putc(out, '"');
	for (const char *p = s;; p++) {
		unsigned char c = (unsigned char)*p;

		if (c >= 0x20 && c != '"' && c != '\\')
			continue;
		ph_buf_putn(out, run, (size_t)(p - run));
		if (!c)
			break;
		run = p + 1;
		if ((esc = escape(c)))
			ph_buf_puts(out, esc);
		else
			ph_buf_printf(out, "\\u%04x", c);
	}
	ph_buf_putc(out, '"');
}

void ph_json_strings(struct ph_buf *out, const char *const *s, size_t n)
{
	ph_buf_putc(out, '[');
	for (size_t i = 0; i < n; i++) {
		if (i)
			ph_buf_putc(out, ',');
		ph_json_string(out, s[i]);
	}
	ph_buf_putc(out, ']');
}

void ph_json_array(struct ph_buf *out, const char *k, const void *v, size_t n,
		   size_t size, void (*one)(struct ph_buf *, const void *))
{
	ph_json_key(out, k);
	ph_buf_putc(out, '[');
	for (size_t i = 0; i < n; i++) {
		if (i)
			ph_buf_putc(out, ',');
		one(out, (const char *)v + i * size);
	}
	ph_buf_putc(out, ']');
}

void ph_json_record_head(struct ph_buf *out, const char *kind,
			 const char *name, enum ph_kind type_kind,
			 bool typedef_name, const char *file, uint64_t line,
			 const char *dir, const char *unit, uint64_t size,
			 uint64_t align)
{
	ph_buf_puts(out, "{\"kind\":");
	ph_json_string(out, kind);
	PH_JSON_KEY(out, "name");
	ph_json_string(out, name ? name : "");
	PH_JSON_KEY(out, "type_kind");
	ph_json_string(out, ph_kind_name(type_kind));
	PH_JSON_KEY(out, "typedef");
	ph_buf_puts(out, typedef_name ? "true" : "false");
	PH_JSON_KEY(out, "file");
	ph_json_string(out, file ? file : "");
	PH_JSON_KEY_U64(out, "line", line);
	PH_JSON_KEY(out, "dir");
	ph_json_string(out, dir ? dir : "");
	PH_JSON_KEY(out, "unit");
	ph_json_string(out, unit ? unit : "");
	PH_JSON_KEY_U64(out, "size", size);
	PH_JSON_KEY_U64(out, "align", align);
}

/* A key known only when running (PH_JSON_KEY for a literal one).  */
void ph_json_key(struct ph_buf *out, const char *k)
{
	ph_buf_puts(out, ",\"");
	ph_buf_puts(out, k);
	ph_buf_puts(out, "\":");
}

/* {"after":NAME,"WHERE":AT,"HOW_MUCH":SIZE}, comma-separated.  */
static void hole(struct ph_buf *out, bool *first, const char *prefix,
		 const char *after, const char *where, uint64_t at,
		 const char *how_much, uint64_t size)
{
	if (!*first)
		ph_buf_putc(out, ',');
	*first = false;
	ph_buf_puts(out, "{\"after\":");
	if (*prefix) {
		/* One string: the escapes of both parts.  */
		struct ph_buf b;

		ph_buf_init(&b);
		ph_buf_printf(&b, "%s%s", prefix, after);
		ph_json_string(out, b.data ? b.data : "");
		if (b.failed)
			out->failed = true;
		ph_buf_deinit(&b);
	} else {
		ph_json_string(out, after);
	}
	ph_buf_printf(out, ",\"%s\":%" PRIu64 ",\"%s\":%" PRIu64 "}", where,
		      at, how_much, size);
}

/* ,"NAME":true when ON: a flag of a member or a type stands in its
   record only when it is set.  */
static void true_flag(struct ph_buf *out, bool on, const char *name)
{
	if (on) {
		ph_json_key(out, name);
		ph_buf_puts(out, "true");
	}
}

static void members(struct ph_buf *out, const struct ph_member *ms, size_t n)
{
	char type[512];

	ph_buf_puts(out, "[");
	for (size_t i = 0; i < n; i++) {
		const struct ph_member *m = &ms[i];

		if (i)
			ph_buf_putc(out, ',');
		ph_buf_puts(out, "{\"name\":");
		ph_json_string(out, m->name);
		PH_JSON_KEY(out, "type");
		if (m->nested) {
			ph_json_string(out, ph_kind_name(m->nested_kind));
		} else {
			size_t len = ph_member_type_name(m, type, sizeof(type));
			if (len < sizeof(type)) {
				ph_json_string(out, type);
			} else {
				struct ph_buf big;
				ph_buf_init(&big);
				ph_buf_printf(&big, "%s%s%s%s", m->type,
					      *m->name_pre ? " " : "",
					      m->name_pre, m->name_post);
				ph_json_string(out, big.data ? big.data : "");
				if (big.failed)
					out->failed = true;
				ph_buf_deinit(&big);
			}
		}
		/* The hot loop of every report: no printf.  */
		PH_JSON_KEY_U64(out, "offset", ph_member_offset(m));
		PH_JSON_KEY_U64(out, "size", m->size);
		PH_JSON_KEY_U64(out, "bit_offset", m->bit_offset);
		PH_JSON_KEY_U64(out, "bit_size", m->bit_size);
		ph_buf_puts(out, m->bitfield ? ",\"bitfield\":true,\"align\":"
					     : ",\"bitfield\":false,\"align\":");
		ph_buf_put_u64(out, m->align);
		true_flag(out, m->base, "base");
		true_flag(out, m->virtual_base, "virtual");
		true_flag(out, m->artificial, "artificial");
		if (m->occupies_less)
			PH_JSON_KEY_U64(out, "occupied", m->occupied);
		true_flag(out, m->flexible, "flexible");
		true_flag(out, m->packed, "packed");
		true_flag(out, m->hot, "hot");
		if (m->explicit_align)
			ph_buf_printf(out, ",\"explicit_align\":%u",
				      m->explicit_align);
		if (m->type_padding)
			PH_JSON_KEY_U64(out, "type_padding", m->type_padding);
		if (m->nested) {
			PH_JSON_KEY(out, "kind");
			ph_json_string(out, ph_kind_name(m->nested_kind));
			PH_JSON_KEY(out, "members");
			members(out, m->members, m->nr_members);
		}
		ph_buf_putc(out, '}');
	}
	ph_buf_puts(out, "]");
}

/* A record is the layout's head, where the type was defined, the
   layout's tail, then what is derived from the layout; ph_jsonl_layout
   writes the layout alone from the same two functions, so that a field
   added to the record is part of it.  */
static void layout_head(struct ph_buf *out, const struct ph_type *t)
{
	ph_buf_puts(out, "{\"name\":");
	ph_json_string(out, t->name);
	PH_JSON_KEY(out, "kind");
	ph_json_string(out, ph_kind_name(t->kind));
	ph_buf_printf(out, ",\"typedef\":%s,\"size\":%" PRIu64 ",\"align\":%u",
		      t->typedef_name ? "true" : "false", t->size, t->align);
}

static void layout_tail(struct ph_buf *out, const struct ph_type *t)
{
	true_flag(out, t->packed, "packed");
	if (t->explicit_align)
		ph_buf_printf(out, ",\"explicit_align\":%u", t->explicit_align);
	PH_JSON_KEY(out, "members");
	members(out, t->members, t->nr_members);
}

void ph_jsonl_layout(struct ph_buf *out, const struct ph_type *t)
{
	layout_head(out, t);
	layout_tail(out, t);
	ph_buf_putc(out, '}');
}

/* Where the holes of a type go: byte holes and bit holes, each list
   comma-separated.  */
struct hole_lists {
	struct ph_buf bytes, bits;
	bool first_byte, first_bit;
};

/* The byte holes and bit holes of one level (whose analysis is A), then
   of the structs whose bytes are its members' own
   (ph_member_inner_struct), named by PREFIX and the member before
   them.  */
static struct ph_error *level_holes(struct hole_lists *h,
				    const struct ph_member *ms, size_t n,
				    uint64_t start_bit,
				    const struct ph_analysis *a, bool is_union,
				    const char *prefix, unsigned cacheline,
				    unsigned depth)
{
	struct ph_error *err = NULL;
	struct ph_buf path;

	if (a->leading_hole)
		hole(&h->bytes, &h->first_byte, prefix, "", "offset",
		     start_bit / 8, "size", a->leading_hole);
	if (a->leading_bit_hole && n)
		hole(&h->bits, &h->first_bit, prefix, "", "bit_offset",
		     ms[0].bit_offset - a->leading_bit_hole, "bits",
		     a->leading_bit_hole);
	for (size_t i = 0; i < n; i++) {
		const struct ph_gap *g = &a->gaps[i];
		uint64_t end = g->hole ? g->bit_hole_end : 0;

		if (g->hole)
			hole(&h->bytes, &h->first_byte, prefix, ms[i].name,
			     "offset", g->hole_offset, "size", g->hole);
		/* Bits left in this member's unit, then (past a byte hole)
		   bits before the next member in its own unit.  */
		if (g->bit_hole > end)
			hole(&h->bits, &h->first_bit, prefix, ms[i].name,
			     "bit_offset", ms[i].bit_offset + ms[i].bit_size,
			     "bits", g->bit_hole - end);
		if (end)
			hole(&h->bits, &h->first_bit, prefix, ms[i].name,
			     "bit_offset", ms[i + 1].bit_offset - end, "bits",
			     end);
	}
	ph_buf_init(&path);
	for (size_t i = 0; !err && !is_union && depth < 64 && i < n; i++) {
		const struct ph_member *in = ph_member_inner_struct(&ms[i]);
		struct ph_analysis ia;

		if (!in)
			continue;
		path.len = 0;
		ph_buf_puts(&path, prefix);
		if (*ms[i].name)
			ph_buf_printf(&path, "%s.", ms[i].name);
		if (path.failed) {
			err = &ph_error_nomem;
			break;
		}
		if ((err = ph_analyze(in->members, in->nr_members,
				      in->bit_offset, in->size, false,
				      cacheline, &ia)))
			break;
		err = level_holes(h, in->members, in->nr_members,
				  in->bit_offset, &ia, false,
				  path.data ? path.data : "", cacheline,
				  depth + 1);
		ph_analysis_deinit(&ia);
	}
	ph_buf_deinit(&path);
	return err;
}

/* The kernel's cacheline groups, when the type has any.  */
static struct ph_error *groups(struct ph_buf *out, const struct ph_type *t,
			       unsigned cacheline)
{
	struct ph_group *v;
	size_t n;
	struct ph_error *err;

	if ((err = ph_groups_of(t, cacheline ? cacheline : 64, &v, &n)))
		return err;
	if (!n)
		return NULL;
	PH_JSON_KEY(out, "groups");
	ph_buf_putc(out, '[');
	for (size_t i = 0; i < n; i++) {
		ph_buf_puts(out, i ? ",{\"name\":\"" : "{\"name\":\"");
		/* Group names are C identifiers: nothing to escape.  */
		ph_buf_putn(out, v[i].name, v[i].name_len);
		ph_buf_printf(out, "\",\"offset\":%" PRIu64 ",\"size\":%" PRIu64
			      ",\"cachelines\":%" PRIu64 "}", v[i].offset,
			      v[i].size, v[i].cachelines);
	}
	ph_buf_putc(out, ']');
	free(v);
	return NULL;
}

struct ph_error *ph_render_jsonl_reorg(struct ph_buf *out,
				       const struct ph_type *t,
				       unsigned cacheline,
				       uint64_t original_size)
{
	struct ph_analysis a;
	struct ph_error *err;

	if ((err = ph_analyze_type(t, cacheline, &a)))
		return err;
	layout_head(out, t);
	PH_JSON_KEY(out, "file");
	ph_json_string(out, t->file ? t->file : "");
	ph_buf_printf(out, ",\"line\":%u", t->line);
	layout_tail(out, t);

	/* A hole is named after the member before it ("" before the
	   first); one inside an untagged struct by its path.  */
	struct hole_lists h = { .first_byte = true, .first_bit = true };

	ph_buf_init(&h.bytes);
	ph_buf_init(&h.bits);
	err = level_holes(&h, t->members, t->nr_members, 0, &a,
			  t->kind == PH_KIND_UNION, "", cacheline, 0);
	if (!err && (h.bytes.failed || h.bits.failed))
		err = &ph_error_nomem;
	if (!err) {
		PH_JSON_KEY(out, "holes");
		ph_buf_putc(out, '[');
		ph_buf_putn(out, h.bytes.data ? h.bytes.data : "", h.bytes.len);
		ph_buf_putc(out, ']');
		PH_JSON_KEY(out, "bit_holes");
		ph_buf_putc(out, '[');
		ph_buf_putn(out, h.bits.data ? h.bits.data : "", h.bits.len);
		ph_buf_putc(out, ']');
	}
	ph_buf_deinit(&h.bytes);
	ph_buf_deinit(&h.bits);
	if (err) {
		ph_analysis_deinit(&a);
		return err;
	}
	ph_buf_printf(out,
		      ",\"padding\":%" PRIu64 ",\"bit_padding\":%" PRIu64
		      ",\"sum_members\":%" PRIu64 ",\"cachelines\":%" PRIu64,
		      a.padding, a.bit_padding, a.sum_members, a.cachelines);
	if (original_size)
		ph_buf_printf(out, ",\"original_size\":%" PRIu64,
			      original_size);
	if ((err = groups(out, t, cacheline))) {
		ph_analysis_deinit(&a);
		return err;
	}
	ph_buf_puts(out, "}\n");
	ph_analysis_deinit(&a);
	return ph_buf_error(out);
}

struct ph_error *ph_render_jsonl(struct ph_buf *out, const struct ph_type *t,
				 unsigned cacheline)
{
	return ph_render_jsonl_reorg(out, t, cacheline, 0);
}
