#include "reorg.h"

#include <inttypes.h>

static void move_line(struct ph_buf *out, const struct ph_reorg_step *s)
{
	ph_buf_printf(out, "/* Moving '%s' from ", s->moved);
	if (*s->from_after)
		ph_buf_printf(out, "after '%s'", s->from_after);
	else
		ph_buf_puts(out, "the start");
	if (*s->to_after)
		ph_buf_printf(out, " to after '%s' */\n", s->to_after);
	else
		ph_buf_puts(out, " to the start */\n");
}

struct ph_error *ph_render_reorg_text(struct ph_buf *out,
				      const struct ph_type *original,
				      const struct ph_reorg_result *r,
				      const struct ph_text_options *opts,
				      bool steps)
{
	struct ph_text_options plain = { 64, 0, NULL, NULL }, final;
	struct ph_error *err;

	if (opts)
		plain.cacheline = opts->cacheline;
	final = plain;
	final.original_size = original->size;
	if (steps) {
		for (size_t i = 0; i < r->nr_steps; i++) {
			move_line(out, &r->steps[i]);
			if (!r->steps[i].layout)
				continue;
			if ((err = ph_render_text(out, r->steps[i].layout,
						  &plain)))
				return err;
			ph_buf_putc(out, '\n');
		}
		if (r->step_layouts_omitted)
			ph_buf_printf(out, "/* (the layout after each move "
				      "left out: %zu moves of %zu members) "
				      "*/\n", r->nr_steps,
				      r->type->nr_members);
		if (r->nr_steps)
			ph_buf_puts(out, "/* Final reorganized struct: */\n");
	}
	return ph_render_text(out, r->type, &final);
}

void ph_render_packable(struct ph_buf *out, const struct ph_type *original,
			const struct ph_reorg_result *r)
{
	ph_buf_printf(out, "%s\t%" PRIu64 "\t%" PRIu64 "\t%" PRIu64 "\n",
		      original->name, original->size, r->type->size,
		      original->size - r->type->size);
}
