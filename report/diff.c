#include "diff.h"

#include <inttypes.h>
#include <string.h>

#include "jsonl.h"

const char *const ph_diff_fail_names[5] = {
	"growth", "holes", "padding", "cachelines", "any",
};

/* A member's place: its byte offset, ":BIT" for a bitfield not on a
   byte boundary.  */
static void put_offset(struct ph_buf *out, const struct ph_member *m)
{
	ph_buf_printf(out, "%" PRIu64, m->bit_offset / 8);
	if (m->bitfield && m->bit_offset % 8)
		ph_buf_printf(out, ":%u", (unsigned)(m->bit_offset % 8));
}

/* Its size: bytes, or bits for a bitfield.  */
static void put_size(struct ph_buf *out, const struct ph_member *m)
{
	if (m->bitfield)
		ph_buf_printf(out, "%" PRIu64 " bit%s", m->bit_size,
			      m->bit_size == 1 ? "" : "s");
	else
		ph_buf_printf(out, "%" PRIu64, m->size);
}

static void put_type(struct ph_buf *out, const struct ph_member *m)
{
	char small[256];
	size_t n = ph_member_type_name(m, small, sizeof(small));

	if (n < sizeof(small)) {
		ph_buf_puts(out, small);
		return;
	}
	/* A long one (a template's): the whole of it.  */
	size_t at = out->len;
	ph_buf_pad(out, ' ', n + 1);
	if (!out->failed) {
		ph_member_type_name(m, out->data + at, n + 1);
		out->len = at + n;
	}
}

/* A member's path or a hole's neighbour: quoted when it is a path
   ("'s.a'"), as is when it is a description ("base Foo").  */
static void put_label(struct ph_buf *out, const char *label)
{
	if (strchr(label, ' '))
		ph_buf_puts(out, label);
	else
		ph_buf_printf(out, "'%s'", label);
}

/* One change of a member, "WHAT BEFORE -> AFTER", after the changes
   already written (*SEP).  */
static void put_change(struct ph_buf *out, const char **sep,
		       const char *what,
		       void (*put)(struct ph_buf *, const struct ph_member *),
		       const struct ph_member *before,
		       const struct ph_member *after)
{
	ph_buf_puts(out, *sep);
	ph_buf_puts(out, what);
	put(out, before);
	ph_buf_puts(out, " -> ");
	put(out, after);
	*sep = ", ";
}

static void text_member(struct ph_buf *out, const struct ph_diff_member *dm)
{
	const struct ph_member *b = dm->before, *a = dm->after;
	const char *sep = "";

	ph_buf_putc(out, '\t');
	put_label(out, dm->path);
	ph_buf_puts(out, ": ");
	if (!b || !a) {
		const struct ph_member *m = a ? a : b;

		ph_buf_puts(out, a ? "added, offset " : "removed, was offset ");
		put_offset(out, m);
		ph_buf_puts(out, ", size ");
		put_size(out, m);
		ph_buf_puts(out, " (");
		put_type(out, m);
		ph_buf_puts(out, ")\n");
		return;
	}
	if (dm->moved)
		put_change(out, &sep, "offset ", put_offset, b, a);
	if (dm->resized)
		put_change(out, &sep, "size ", put_size, b, a);
	if (dm->retyped)
		put_change(out, &sep, "type ", put_type, b, a);
	ph_buf_putc(out, '\n');
}

static void put_where(struct ph_buf *out, const char *follows)
{
	if (*follows) {
		ph_buf_puts(out, "after ");
		put_label(out, follows);
	} else {
		ph_buf_puts(out, "at the start");
	}
}

static void text_hole(struct ph_buf *out, const struct ph_diff_hole *h)
{
	if (!h->old_size) {
		ph_buf_printf(out, "\tnew %" PRIu64 "-byte hole ", h->new_size);
		put_where(out, h->follows);
		ph_buf_printf(out, ", at offset %" PRIu64 "\n", h->new_offset);
	} else if (!h->new_size) {
		ph_buf_puts(out, "\thole ");
		put_where(out, h->follows);
		ph_buf_printf(out, " closed (was %" PRIu64 " bytes at offset %"
			      PRIu64 ")\n", h->old_size, h->old_offset);
	} else {
		ph_buf_puts(out, "\thole ");
		put_where(out, h->follows);
		ph_buf_printf(out, " %s: %" PRIu64 " -> %" PRIu64
			      " bytes, at offset %" PRIu64 "\n",
			      h->new_size > h->old_size ? "grew" : "shrank",
			      h->old_size, h->new_size, h->new_offset);
	}
}

static void text_fails(struct ph_buf *out, const struct ph_diff_type *t,
		       unsigned fail_on)
{
	const char *sep = " [fails: ";
	unsigned bits = t->regressions & fail_on;

	if (fail_on & PH_DIFF_FAIL_ANY) {
		ph_buf_puts(out, " [fails: any change]");
		return;
	}
	for (unsigned i = 0; i < 4; i++) {
		if (!(bits & (1u << i)))
			continue;
		ph_buf_printf(out, "%s%s", sep, ph_diff_fail_names[i]);
		sep = ", ";
	}
	if (bits)
		ph_buf_putc(out, ']');
}

static void text_type(struct ph_buf *out, const struct ph_diff_type *t,
		      unsigned cacheline, unsigned fail_on)
{
	const struct ph_type *any = t->after ? t->after : t->before;

	ph_buf_printf(out, "%s %s: ", ph_kind_name(any->kind), any->name);
	switch (t->change) {
	case PH_DIFF_ADDED:
		ph_buf_printf(out, "added, %" PRIu64 " bytes", any->size);
		break;
	case PH_DIFF_REMOVED:
		ph_buf_printf(out, "removed, was %" PRIu64 " bytes", any->size);
		break;
	case PH_DIFF_CHANGED:
		ph_buf_printf(out, "%" PRIu64 " bytes, changed", any->size);
		break;
	default:
		ph_buf_printf(out, "%" PRIu64 " -> %" PRIu64 " bytes (%+" PRId64
			      ")", t->before->size, t->after->size,
			      (int64_t)(t->after->size - t->before->size));
	}
	if (ph_diff_fails(t, fail_on))
		text_fails(out, t, fail_on);
	ph_buf_putc(out, '\n');
	if (!t->before || !t->after)
		return;
	for (size_t i = 0; i < t->nr_members; i++)
		text_member(out, &t->members[i]);
	for (size_t i = 0; i < t->nr_holes; i++)
		text_hole(out, &t->holes[i]);
	if (t->old_padding != t->new_padding)
		ph_buf_printf(out, "\tpadding: %" PRIu64 " -> %" PRIu64
			      " bytes\n", t->old_padding, t->new_padding);
	if (t->old_cachelines != t->new_cachelines)
		ph_buf_printf(out, "\tcachelines: %" PRIu64 " -> %" PRIu64 "\n",
			      t->old_cachelines, t->new_cachelines);
	for (size_t i = 0; i < t->nr_crossing; i++) {
		const struct ph_member *m = t->crossing[i].after;

		ph_buf_putc(out, '\t');
		put_label(out, t->crossing[i].path);
		ph_buf_puts(out, " now crosses a cacheline boundary: offset ");
		put_offset(out, m);
		ph_buf_puts(out, ", size ");
		put_size(out, m);
		ph_buf_printf(out, " (%u-byte cachelines)\n", cacheline);
	}
}

struct ph_error *ph_render_diff_text(struct ph_buf *out,
				     const struct ph_diff *diff,
				     unsigned fail_on)
{
	size_t grew = 0, shrank = 0, same = 0, added = 0, removed = 0;
	uint64_t gained = 0, lost = 0;

	for (size_t i = 0; i < diff->nr_types; i++) {
		const struct ph_diff_type *t = &diff->types[i];

		text_type(out, t, diff->cacheline, fail_on);
		switch (t->change) {
		case PH_DIFF_ADDED: added++; break;
		case PH_DIFF_REMOVED: removed++; break;
		case PH_DIFF_CHANGED: same++; break;
		case PH_DIFF_GREW:
			grew++;
			gained += t->after->size - t->before->size;
			break;
		case PH_DIFF_SHRANK:
			shrank++;
			lost += t->before->size - t->after->size;
			break;
		}
	}
	ph_buf_printf(out, "summary: %zu changed (%zu grew, %zu shrank, %zu "
		      "the same size), %zu added, %zu removed, %zu unchanged; "
		      "+%" PRIu64 " bytes, -%" PRIu64 " bytes\n",
		      grew + shrank + same, grew, shrank, same, added, removed,
		      diff->unchanged, gained, lost);
	return ph_buf_error(out);
}

static void json_member_side(struct ph_buf *out, const char *side,
			     const struct ph_member *m)
{
	char type[256];

	ph_buf_printf(out, ",\"%s_offset\":%" PRIu64 ",\"%s_size\":%" PRIu64,
		      side, m->bit_offset / 8, side, m->size);
	if (m->bitfield)
		ph_buf_printf(out, ",\"%s_bit_offset\":%" PRIu64
			      ",\"%s_bit_size\":%" PRIu64,
			      side, m->bit_offset, side, m->bit_size);
	ph_buf_printf(out, ",\"%s_type\":", side);
	if (ph_member_type_name(m, type, sizeof(type)) < sizeof(type)) {
		ph_json_string(out, type);
	} else {
		struct ph_buf big;

		ph_buf_init(&big);
		put_type(&big, m);
		ph_json_string(out, big.data ? big.data : "");
		if (big.failed)
			out->failed = true;
		ph_buf_deinit(&big);
	}
}

static void json_member(struct ph_buf *out, const struct ph_diff_member *dm,
			bool crossing)
{
	const char *change = !dm->before ? "added" :
			     !dm->after ? "removed" : "changed";

	ph_buf_puts(out, "{\"name\":");
	ph_json_string(out, dm->path);
	if (!crossing) {
		ph_buf_printf(out, ",\"change\":\"%s\"", change);
		if (dm->before && dm->after)
			ph_buf_printf(out, ",\"moved\":%s,\"resized\":%s,"
				      "\"retyped\":%s",
				      dm->moved ? "true" : "false",
				      dm->resized ? "true" : "false",
				      dm->retyped ? "true" : "false");
	}
	if (dm->before && !crossing)
		json_member_side(out, "old", dm->before);
	if (dm->after)
		json_member_side(out, "new", dm->after);
	ph_buf_putc(out, '}');
}

static void json_hole(struct ph_buf *out, const struct ph_diff_hole *h)
{
	const char *change = !h->old_size ? "new" : !h->new_size ? "closed" :
			     h->new_size > h->old_size ? "grew" : "shrank";

	ph_buf_puts(out, "{\"after\":");
	ph_json_string(out, h->follows);
	ph_buf_printf(out, ",\"change\":\"%s\"", change);
	if (h->old_size)
		ph_buf_printf(out, ",\"old_offset\":%" PRIu64
			      ",\"old_size\":%" PRIu64, h->old_offset,
			      h->old_size);
	if (h->new_size)
		ph_buf_printf(out, ",\"new_offset\":%" PRIu64
			      ",\"new_size\":%" PRIu64, h->new_offset,
			      h->new_size);
	ph_buf_putc(out, '}');
}

static void json_type(struct ph_buf *out, const struct ph_diff_type *t,
		      unsigned fail_on)
{
	const struct ph_type *any = t->after ? t->after : t->before;
	const char *sep = "";

	ph_buf_puts(out, "{\"name\":");
	ph_json_string(out, any->name);
	ph_buf_printf(out, ",\"kind\":\"%s\",\"change\":\"%s\"",
		      ph_kind_name(any->kind), ph_diff_change_name(t->change));
	if (t->before)
		ph_buf_printf(out, ",\"old_size\":%" PRIu64, t->before->size);
	if (t->after)
		ph_buf_printf(out, ",\"new_size\":%" PRIu64, t->after->size);
	if (t->before && t->after) {
		ph_buf_puts(out, ",\"members\":[");
		for (size_t i = 0; i < t->nr_members; i++) {
			if (i)
				ph_buf_putc(out, ',');
			json_member(out, &t->members[i], false);
		}
		ph_buf_puts(out, "],\"holes\":[");
		for (size_t i = 0; i < t->nr_holes; i++) {
			if (i)
				ph_buf_putc(out, ',');
			json_hole(out, &t->holes[i]);
		}
		ph_buf_printf(out, "],\"old_padding\":%" PRIu64
			      ",\"new_padding\":%" PRIu64
			      ",\"old_cachelines\":%" PRIu64
			      ",\"new_cachelines\":%" PRIu64
			      ",\"crossing\":[",
			      t->old_padding, t->new_padding,
			      t->old_cachelines, t->new_cachelines);
		for (size_t i = 0; i < t->nr_crossing; i++) {
			if (i)
				ph_buf_putc(out, ',');
			json_member(out, &t->crossing[i], true);
		}
		ph_buf_putc(out, ']');
	}
	ph_buf_puts(out, ",\"fails\":[");
	if (ph_diff_fails(t, fail_on)) {
		unsigned bits = fail_on & PH_DIFF_FAIL_ANY ? PH_DIFF_FAIL_ANY :
			       t->regressions & fail_on;

		for (unsigned i = 0; i < 5; i++) {
			if (!(bits & (1u << i)))
				continue;
			ph_buf_printf(out, "%s\"%s\"", sep,
				      ph_diff_fail_names[i]);
			sep = ",";
		}
	}
	ph_buf_puts(out, "]}\n");
}

struct ph_error *ph_render_diff_jsonl(struct ph_buf *out,
				      const struct ph_diff *diff,
				      unsigned fail_on)
{
	for (size_t i = 0; i < diff->nr_types; i++)
		json_type(out, &diff->types[i], fail_on);
	return ph_buf_error(out);
}
