#include "at.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

/* A path as a member's name: quoted, the trailing '.' of a container's
   prefix dropped.  */
static void put_path(struct ph_buf *out, const char *path)
{
	size_t n = strlen(path);

	if (n && path[n - 1] == '.')
		n--;
	ph_buf_printf(out, "'%.*s'", (int)n, path);
}

struct ph_error *ph_render_at_text(struct ph_buf *out, const struct ph_type *t,
				   uint64_t offset, const struct ph_at *at)
{
	for (size_t i = 0; i < at->nr_hits; i++) {
		const struct ph_at_hit *h = &at->hits[i];

		ph_buf_printf(out, "%s %s+0x%" PRIx64 " (%" PRIu64 "): ",
			      ph_kind_name(t->kind), t->name, offset, offset);
		if (h->m) {
			char type[256];

			put_path(out, h->path);
			if (h->m->bitfield)
				ph_buf_printf(out, ", offset %" PRIu64 ":%u, %"
					      PRIu64 " bit%s",
					      h->bit_offset / 8,
					      (unsigned)(h->bit_offset % 8),
					      h->m->bit_size,
					      h->m->bit_size == 1 ? "" : "s");
			else
				ph_buf_printf(out, ", offset %" PRIu64
					      ", size %" PRIu64, h->offset,
					      h->size);
			/* An element's type is the array's head, but for
			   arrays of pointers to functions and the like. */
			if (h->element && !*h->m->name_pre)
				snprintf(type, sizeof(type), "%s", h->m->type);
			else
				ph_member_type_name(h->m, type, sizeof(type));
			ph_buf_printf(out, " (%s%s)", h->element &&
				      *h->m->name_pre ? "an element of " : "",
				      type);
			if (!h->m->bitfield)
				ph_buf_printf(out, ", its byte %" PRIu64,
					      offset - h->offset);
			ph_buf_putc(out, '\n');
			continue;
		}
		if (h->hole)
			ph_buf_printf(out, "a %" PRIu64 "-byte hole at offset %"
				      PRIu64, h->size, h->offset);
		else
			ph_buf_printf(out, "%" PRIu64 " byte%s of padding at "
				      "offset %" PRIu64, h->size,
				      h->size == 1 ? "" : "s", h->offset);
		if (*h->path) {
			ph_buf_puts(out, " in ");
			put_path(out, h->path);
		}
		if (*h->before) {
			ph_buf_puts(out, ", after ");
			put_path(out, h->before);
		}
		if (*h->after) {
			ph_buf_puts(out, ", before ");
			put_path(out, h->after);
		}
		ph_buf_putc(out, '\n');
	}
	return ph_buf_error(out);
}
