/* embed: the unit's report goes into the object the compiler writes, as
   a section that is not loaded (report/frame.h), so that it travels
   with the object through ccache, distcc and the linker.  It is written
   into the assembly at the end of the unit, where GCC writes the last
   of its own sections: the loaded sections are those the compiler
   writes without the plugin, byte for byte.  */
#include "plugin.h"

struct ph_error *ph_embed_report(const struct ph_buf *jsonl)
{
	struct ph_buf frame;
	struct ph_error *err;

	/* -fsyntax-only and the like write no assembly.  */
	if (!asm_out_file)
		return NULL;
	if (jsonl->failed)
		return &ph_error_nomem;
	ph_buf_init(&frame);
	if ((err = ph_frame_encode(jsonl->data ? jsonl->data : "",
				   jsonl->len, &frame))) {
		ph_buf_deinit(&frame);
		return err;
	}
	/* SECTION_DEBUG: neither allocated nor written to; alignment 1.  */
	switch_to_section(get_section(PH_FRAME_SECTION, SECTION_DEBUG, NULL));
	for (size_t off = 0; off < frame.len;) {
		size_t n = frame.len - off < 4096 ? frame.len - off : 4096;

		assemble_string(frame.data + off, (int)n);
		off += n;
	}
	ph_buf_deinit(&frame);
	return NULL;
}

/* A slim -flto object holds IR, and the linker's LTO plugin drops its
   other sections: the program would lose the report.  So the compile
   step also gives the report to the IR, as a top-level asm statement,
   which lto1 writes out with the program's code.  Top-level asm is not
   loaded code: a section of ours, pushed and popped.  */
bool ph_embed_lto_p(void)
{
	return flag_generate_lto && !flag_fat_lto_objects;
}

struct ph_error *ph_embed_report_lto(const struct ph_buf *jsonl)
{
	struct ph_buf frame, text;
	struct ph_error *err;

	if (jsonl->failed)
		return &ph_error_nomem;
	ph_buf_init(&frame);
	ph_buf_init(&text);
	if ((err = ph_frame_encode(jsonl->data ? jsonl->data : "",
				   jsonl->len, &frame)))
		goto out;
	ph_buf_puts(&text, "\t.pushsection\t" PH_FRAME_SECTION
		    ",\"\",@progbits\n");
	for (size_t off = 0; off < frame.len; off += 64) {
		ph_buf_puts(&text, "\t.byte\t");
		for (size_t i = off; i < frame.len && i < off + 64; i++)
			ph_buf_printf(&text, i > off ? ",%u" : "%u",
				      (unsigned char)frame.data[i]);
		ph_buf_putc(&text, '\n');
	}
	ph_buf_puts(&text, "\t.popsection");
	if ((err = ph_buf_error(&text)))
		goto out;
	symtab->finalize_toplevel_asm(build_string((int)text.len + 1,
						   text.data));
out:
	ph_buf_deinit(&frame);
	ph_buf_deinit(&text);
	return err;
}
