#include "text.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "../reorg/analysis.h"
#include "../reorg/groups.h"

/* pahole's columns: a 26-wide type and a 21-wide name at the first level,
   the type field losing a tab stop per level of nesting so that the
   offset comments stay in one column.  */
enum { TYPE_WIDTH = 26, NAME_WIDTH = 21, TAB = 8 };

struct text_ctx {
	struct ph_buf *out;
	const struct ph_text_options *opts;
	unsigned cacheline;
	uint64_t last_cacheline;	/* cacheline of the previous member */
	/* The kernel's cacheline groups of the outermost type.  */
	const struct ph_group *groups;
	size_t nr_groups;
};

static void indent(struct ph_buf *out, unsigned depth)
{
	ph_buf_pad(out, '\t', depth);
}

static void put_padded(struct ph_buf *out, const char *s, size_t len,
		       size_t width)
{
	ph_buf_putn(out, s, len);
	if (len < width)
		ph_buf_pad(out, ' ', width - len);
}

static size_t type_width(unsigned depth)
{
	size_t shrink = (size_t)(depth - 1) * TAB;

	return shrink < TYPE_WIDTH ? TYPE_WIDTH - shrink : 0;
}

static void offset_comment(struct ph_buf *out, const struct ph_member *m)
{
	if (m->bitfield) {
		uint64_t unit = ph_bitfield_unit_start(m);

		ph_buf_printf(out, " /* %5" PRIu64 ":%2" PRIu64 " %2" PRIu64
			      " */\n", unit / 8, m->bit_offset - unit,
			      m->size);
	} else {
		ph_buf_printf(out, " /* %5" PRIu64 " %5" PRIu64 " */\n",
			      ph_member_offset(m), m->size);
	}
}

static void comment(struct ph_buf *out, unsigned depth, const char *text)
{
	indent(out, depth);
	ph_buf_printf(out, "/* %s */\n", text);
}

/* A line of the block of notes after a member: the block starts with a
   blank line.  */
static void block_comment(struct ph_buf *out, unsigned depth, bool *block,
			  const char *text)
{
	if (!*block)
		ph_buf_putc(out, '\n');
	*block = true;
	comment(out, depth, text);
}

static void render_members(struct text_ctx *ctx, const struct ph_member *ms,
			   size_t n, uint64_t start_bit, uint64_t size,
			   bool is_union, unsigned depth);

static void moved_free(struct ph_member *v, size_t n);

/* A deep copy of MS moved by DELTA bits, for showing a type's members
   inside another; NULL when memory runs out.  */
static struct ph_member *moved_copy(const struct ph_member *ms, size_t n,
				    uint64_t delta)
{
	struct ph_member *v = malloc((n ? n : 1) * sizeof(*v));

	if (!v)
		return NULL;
	for (size_t i = 0; i < n; i++) {
		v[i] = ms[i];
		v[i].bit_offset += delta;
		v[i].members = NULL;
		if (ms[i].nr_members) {
			v[i].members = moved_copy(ms[i].members,
						  ms[i].nr_members, delta);
			if (!v[i].members) {
				v[i].nr_members = 0;
				moved_free(v, i + 1);
				return NULL;
			}
		}
	}
	return v;
}

static void moved_free(struct ph_member *v, size_t n)
{
	for (size_t i = 0; v && i < n; i++)
		moved_free(v[i].members, v[i].nr_members);
	free(v);
}

/* pahole -E: the member's own type, opened up in place.  True when it
   was; the caller closes it.  */
static bool expand_member(struct text_ctx *ctx, const struct ph_member *m,
			  unsigned depth)
{
	const struct ph_text_options *o = ctx->opts;
	const struct ph_type *t;
	struct ph_member *ms;

	if (!o || !o->lookup || m->bitfield || m->base || *m->name_pre ||
	    *m->name_post || depth > 8)
		return false;
	t = o->lookup(o->lookup_arg, m->type);
	if (!t || !t->nr_members || t->size != m->size)
		return false;
	ms = moved_copy(t->members, t->nr_members, m->bit_offset);
	if (!ms) {
		ctx->out->failed = true;
		return false;
	}
	ph_buf_printf(ctx->out, "%s {\n", m->type);
	render_members(ctx, ms, t->nr_members, m->bit_offset, t->size,
		       t->kind == PH_KIND_UNION, depth + 1);
	indent(ctx->out, depth);
	moved_free(ms, t->nr_members);
	return true;
}

static void render_member(struct text_ctx *ctx, const struct ph_member *m,
			  unsigned depth)
{
	struct ph_buf *out = ctx->out;
	struct ph_buf name;
	const char *tag;

	ph_buf_init(&name);
	indent(out, depth);
	if (!m->nested && expand_member(ctx, m, depth)) {
		ph_buf_printf(&name, "} %s%s%s;", m->name_pre, m->name,
			      m->name_post);
		put_padded(out, name.data, name.len,
			   type_width(depth) + 1 + NAME_WIDTH);
	} else if (m->nested && ph_struct_group(m, &tag)) {
		/* As the kernel writes it: the members once.  */
		const struct ph_member *in = &m->members[0];

		if (tag)
			ph_buf_printf(out, "struct_group_tagged(%s, %s,\n", tag,
				      m->members[1].name);
		else
			ph_buf_printf(out, "struct_group(%s,\n",
				      m->members[1].name);
		render_members(ctx, in->members, in->nr_members, m->bit_offset,
			       m->size, false, depth + 1);
		indent(out, depth);
		put_padded(out, ");", 2, type_width(depth) + 1 + NAME_WIDTH);
	} else if (m->nested) {
		ph_buf_printf(out, "%s {\n", ph_kind_name(m->nested_kind));
		render_members(ctx, m->members, m->nr_members, m->bit_offset,
			       m->size, m->nested_kind == PH_KIND_UNION,
			       depth + 1);
		indent(out, depth);
		ph_buf_printf(&name, "}%s%s;", *m->name ? " " : "", m->name);
		put_padded(out, name.data, name.len,
			   type_width(depth) + 1 + NAME_WIDTH);
	} else {
		struct ph_buf vtype;
		const char *type = m->type;

		/* pahole's spelling for a base class subobject, "virtual" as
		   in the base-specifier.  */
		ph_buf_init(&vtype);
		if (m->virtual_base) {
			ph_buf_printf(&vtype, "virtual %s", m->type);
			type = vtype.data ? vtype.data : m->type;
		}
		if (m->base)
			ph_buf_puts(&name, "<ancestor>");
		else
			ph_buf_printf(&name, "%s%s%s", m->name_pre, m->name,
				      m->name_post);
		if (m->bitfield)
			ph_buf_printf(&name, ":%" PRIu64, m->bit_size);
		if (m->packed)
			ph_buf_puts(&name, " __attribute__((__packed__))");
		if (m->explicit_align)
			ph_buf_printf(&name,
				      " __attribute__((__aligned__(%u)))",
				      m->explicit_align);
		ph_buf_putc(&name, ';');
		/* pahole pads the type and the name as one: a long type
		   takes from the name's width, and the comment keeps its
		   column until the two overflow it (then one space).  */
		size_t tlen = strlen(type), tw = type_width(depth);
		size_t used = (tlen > tw ? tlen : tw) + 1 + name.len;

		put_padded(out, type, tlen, tw);
		ph_buf_putc(out, ' ');
		put_padded(out, name.data, name.len,
			   name.len + (used < tw + 1 + NAME_WIDTH
				       ? tw + 1 + NAME_WIDTH - used : 0));
		if (vtype.failed)
			out->failed = true;
		ph_buf_deinit(&vtype);
	}
	offset_comment(out, m);
	if (name.failed)
		out->failed = true;
	ph_buf_deinit(&name);
}

static void cacheline_mark(struct text_ctx *ctx, const struct ph_member *m,
			   unsigned depth)
{
	uint64_t off = ph_member_offset(m);
	uint64_t line = off / ctx->cacheline;

	if (line <= ctx->last_cacheline)
		return;
	ctx->last_cacheline = line;
	indent(ctx->out, depth);
	if (off % ctx->cacheline == 0)
		ph_buf_printf(ctx->out,
			      "/* --- cacheline %" PRIu64 " boundary (%" PRIu64
			      " bytes) --- */\n", line, line * ctx->cacheline);
	else
		ph_buf_printf(ctx->out,
			      "/* --- cacheline %" PRIu64 " boundary (%" PRIu64
			      " bytes) was %" PRIu64 " bytes ago --- */\n",
			      line, line * ctx->cacheline,
			      off - line * ctx->cacheline);
}

/* After a group's end marker: what the group takes, and the fewest
   cachelines its size could take.  */
static void group_line(struct text_ctx *ctx, const struct ph_member *m)
{
	for (size_t j = 0; j < ctx->nr_groups; j++) {
		const struct ph_group *g = &ctx->groups[j];

		if (g->end != m)
			continue;
		indent(ctx->out, 1);
		ph_buf_printf(ctx->out, "/* group %.*s: offset %" PRIu64
			      ", size %" PRIu64 ", cachelines: %" PRIu64,
			      (int)g->name_len, g->name, g->offset, g->size,
			      g->cachelines);
		if (g->cachelines > g->min_cachelines)
			ph_buf_printf(ctx->out, " (its size needs %" PRIu64
				      ")", g->min_cachelines);
		ph_buf_puts(ctx->out, " */\n");
		return;
	}
}

static void render_members(struct text_ctx *ctx, const struct ph_member *ms,
			   size_t n, uint64_t start_bit, uint64_t size,
			   bool is_union, unsigned depth)
{
	struct ph_buf *out = ctx->out;
	uint64_t union_line = ctx->last_cacheline;
	struct ph_analysis a;
	char line[128];

	if (ph_analyze(ms, n, start_bit, size, is_union, ctx->cacheline, &a)) {
		out->failed = true;
		return;
	}
	if (a.leading_bit_hole) {
		/* pahole: set off by blank lines on both sides.  */
		snprintf(line, sizeof(line),
			 "XXX %" PRIu64 " bit%s hole, try to pack",
			 a.leading_bit_hole, a.leading_bit_hole == 1 ? "" : "s");
		ph_buf_putc(out, '\n');
		comment(out, depth, line);
		ph_buf_putc(out, '\n');
	}
	if (a.leading_hole) {
		snprintf(line, sizeof(line),
			 "XXX %" PRIu64 " byte%s hole, try to pack",
			 a.leading_hole, a.leading_hole == 1 ? "" : "s");
		if (!a.leading_bit_hole)
			ph_buf_putc(out, '\n');
		comment(out, depth, line);
		ph_buf_putc(out, '\n');
	}
	for (size_t i = 0; i < n; i++) {
		const struct ph_gap *g = &a.gaps[i];
		bool block = false;

		if (g->combined_with_prev) {
			ph_buf_putc(out, '\n');
			comment(out, depth,
				"Bitfield combined with previous fields");
			ph_buf_putc(out, '\n');
		}
		/* Each member of a union starts where the union does, so
		   a boundary seen inside one of them is news to the next
		   and to what follows the union (as pahole prints it); the
		   members of a struct share one sequence at every depth.  */
		if (is_union)
			ctx->last_cacheline = union_line;
		cacheline_mark(ctx, &ms[i], depth);
		render_member(ctx, &ms[i], depth);
		if (depth == 1)
			group_line(ctx, &ms[i]);

		/* Notes on what follows a member form one block, set off
		   by blank lines.  */
		uint64_t tp = ph_member_padding(&ms[i]);

		if (tp) {
			snprintf(line, sizeof(line),
				 "XXX last struct has %" PRIu64
				 " byte%s of padding", tp, tp == 1 ? "" : "s");
			block_comment(out, depth, &block, line);
		}
		if (g->bit_hole) {
			snprintf(line, sizeof(line),
				 "XXX %" PRIu64 " bit%s hole, try to pack",
				 g->bit_hole, g->bit_hole == 1 ? "" : "s");
			block_comment(out, depth, &block, line);
		}
		if (g->hole) {
			snprintf(line, sizeof(line),
				 "XXX %" PRIu64 " byte%s hole, try to pack",
				 g->hole, g->hole == 1 ? "" : "s");
			block_comment(out, depth, &block, line);
		}
		if (i + 1 < n && a.gaps[i + 1].combined_with_next)
			block_comment(out, depth, &block,
				      "Bitfield combined with next fields");
		/* After the last member, the footer or the closing brace
		   follows the block directly.  */
		if (block && i + 1 < n)
			ph_buf_putc(out, '\n');
	}
	if (is_union)
		ctx->last_cacheline = union_line;
	ph_analysis_deinit(&a);
}

static void footer(struct text_ctx *ctx, const struct ph_type *t,
		   const struct ph_analysis *a)
{
	struct ph_buf *out = ctx->out;

	ph_buf_printf(out,
		      "\n\t/* size: %" PRIu64 ", cachelines: %" PRIu64
		      ", members: %zu */\n", t->size, a->cachelines,
		      t->nr_members);
	/* Members of a union overlap: sums say nothing there.  The sums
	   come with holes, as pahole prints them: they are what the
	   holes are measured against.  */
	if (t->kind != PH_KIND_UNION && (a->nr_holes || a->nr_bit_holes)) {
		if (a->sum_members) {
			ph_buf_printf(out, "\t/* sum members: %" PRIu64,
				      a->sum_members);
			if (a->nr_holes)
				ph_buf_printf(out, ", holes: %u, sum holes: %"
					      PRIu64, a->nr_holes,
					      a->sum_holes);
			ph_buf_puts(out, " */\n");
		}
		if (a->sum_bitfield_bits) {
			ph_buf_printf(out, "\t/* sum bitfield members: %"
				      PRIu64 " bits", a->sum_bitfield_bits);
			if (a->nr_bit_holes)
				ph_buf_printf(out, ", bit holes: %u, sum bit "
					      "holes: %" PRIu64 " bits",
					      a->nr_bit_holes,
					      a->sum_bit_holes);
			else
				ph_buf_printf(out, " (%" PRIu64 " bytes)",
					      a->sum_bitfield_bits / 8);
			ph_buf_puts(out, " */\n");
		}
	}
	if (a->padding)
		ph_buf_printf(out, "\t/* padding: %" PRIu64 " */\n", a->padding);
	if (a->nr_paddings)
		ph_buf_printf(out, "\t/* paddings: %u, sum paddings: %" PRIu64
			      " */\n", a->nr_paddings, a->sum_paddings);
	if (a->bit_padding)
		ph_buf_printf(out, "\t/* bit_padding: %" PRIu64 " bits */\n",
			      a->bit_padding);
	if (a->forced_alignments)
		ph_buf_printf(out, "\t/* forced alignments: %u", 
			      a->forced_alignments);
	if (a->forced_alignments && a->forced_holes)
		ph_buf_printf(out, ", forced holes: %u, sum forced holes: %"
			      PRIu64, a->forced_holes, a->sum_forced_holes);
	if (a->forced_alignments)
		ph_buf_puts(out, " */\n");
	if (a->last_cacheline)
		ph_buf_printf(out, "\t/* last cacheline: %" PRIu64 " bytes */\n",
			      a->last_cacheline);
}

struct ph_error *ph_render_text(struct ph_buf *out, const struct ph_type *t,
				const struct ph_text_options *opts)
{
	struct text_ctx ctx = {
		.out = out,
		.opts = opts,
		.cacheline = opts && opts->cacheline ? opts->cacheline : 64,
	};
	struct ph_analysis a;
	struct ph_error *err;

	struct ph_group *groups;
	size_t nr_groups;

	if ((err = ph_analyze_type(t, ctx.cacheline, &a)))
		return err;
	if ((err = ph_groups_of(t, ctx.cacheline, &groups, &nr_groups))) {
		ph_analysis_deinit(&a);
		return err;
	}
	ctx.groups = groups;
	ctx.nr_groups = nr_groups;
	if (t->typedef_name)
		ph_buf_printf(out, "typedef %s {\n", ph_kind_name(t->kind));
	else
		ph_buf_printf(out, "%s %s {\n", ph_kind_name(t->kind), t->name);
	render_members(&ctx, t->members, t->nr_members, 0, t->size,
		       t->kind == PH_KIND_UNION, 1);
	footer(&ctx, t, &a);
	ph_buf_putc(out, '}');
	if (t->typedef_name)
		ph_buf_printf(out, " %s", t->name);
	if (t->packed)
		ph_buf_puts(out, " __attribute__((__packed__))");
	if (t->explicit_align)
		ph_buf_printf(out, " __attribute__((__aligned__(%u)))",
			      t->explicit_align);
	ph_buf_putc(out, ';');
	if (opts && opts->original_size > t->size) {
		uint64_t saved = opts->original_size - t->size;
		uint64_t lines = (opts->original_size + ctx.cacheline - 1) /
				 ctx.cacheline - a.cachelines;

		ph_buf_printf(out, "   /* saved %" PRIu64 " byte%s", saved,
			      saved == 1 ? "" : "s");
		if (lines)
			ph_buf_printf(out, " and %" PRIu64 " cacheline%s",
				      lines, lines == 1 ? "" : "s");
		ph_buf_puts(out, "! */");
	}
	ph_buf_putc(out, '\n');
	ph_analysis_deinit(&a);
	free(groups);
	return ph_buf_error(out);
}
