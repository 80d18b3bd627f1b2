/* embed: the unit's report goes into the object the compiler writes, as
   a section that is not loaded (input/reports/frame.h), so that it travels
   with the object through ccache, distcc and the linker.  It is written
   into the assembly at the end of the unit, where GCC writes the last
   of its own sections: the loaded sections are those the compiler
   writes without the plugin, byte for byte.

   Every unit that includes a header reports the header's types again:
   a Linux build carried each of them hundreds of times, five times the
   size of its DWARF.  So the layouts of each file are a frame of their
   own in a COMDAT group named by the frame's content (as DWARF type
   units are), which the linker keeps once however many units have it,
   and which `ld -r` keeps as a group.  The records of a file are sorted
   (line, name, text) so that units that see the same types of a header
   make the same frame, whatever order they instantiated them in.  The
   function records, the unit's own, are a frame of the plain section,
   which is there, empty or not, in every object compiled with embed.  */
#include "plugin.h"

#include "md5.h"

namespace {

struct embed_record {
	char *file;
	unsigned line;
	char *name;
	char *text;		/* one JSON Lines record, its newline too */
	size_t len;
};

/* A group: "pokehole.<md5 of the text>" and its frame.  */
struct embed_group {
	char signature[9 + 32 + 1];
	struct ph_buf frame;
};

} // namespace

static vec<embed_record> records;
static vec<embed_group> groups;
void ph_embed_collect(const struct ph_type *t, const char *text, size_t len)
{
	embed_record r;

	r.file = xstrdup(t->file ? t->file : "");
	r.line = t->line;
	r.name = xstrdup(t->name ? t->name : "");
	r.text = (char *)xmemdup(text, len, len + 1);
	r.len = len;
	records.safe_push(r);
}

static int record_cmp(const void *a, const void *b)
{
	const embed_record *x = (const embed_record *)a;
	const embed_record *y = (const embed_record *)b;
	int c;

	if ((c = strcmp(x->file, y->file)))
		return c;
	if (x->line != y->line)
		return x->line < y->line ? -1 : 1;
	if ((c = strcmp(x->name, y->name)))
		return c;
	return strcmp(x->text, y->text);
}

struct ph_error *ph_embed_seal(void)
{
	struct ph_buf text;
	struct ph_error *err = NULL;

	records.qsort(record_cmp);
	ph_buf_init(&text);
	for (unsigned i = 0; i < records.length() && !err;) {
		unsigned j = i;
		unsigned char md5[16];
		embed_group g;

		text.len = 0;
		for (; j < records.length() &&
		       strcmp(records[j].file, records[i].file) == 0; j++)
			ph_buf_putn(&text, records[j].text, records[j].len);
		i = j;
		if ((err = ph_buf_error(&text)))
			break;
		md5_buffer(text.data, text.len, md5);
		memcpy(g.signature, "pokehole.", 9);
		for (int k = 0; k < 16; k++)
			sprintf(g.signature + 9 + 2 * k, "%02x", md5[k]);
		ph_buf_init(&g.frame);
		err = ph_frame_encode(text.data, text.len, &g.frame);
		groups.safe_push(g);
	}
	ph_buf_deinit(&text);
	return err;
}

void ph_embed_release(void)
{
	for (unsigned i = 0; i < records.length(); i++) {
		free(records[i].file);
		free(records[i].name);
		free(records[i].text);
	}
	records.release();
	for (unsigned i = 0; i < groups.length(); i++)
		ph_buf_deinit(&groups[i].frame);
	groups.release();
}

static void put_frame(const struct ph_buf *frame)
{
	for (size_t off = 0; off < frame->len;) {
		size_t n = frame->len - off < 4096 ? frame->len - off : 4096;

		assemble_string(frame->data + off, (int)n);
		off += n;
	}
}

struct ph_error *ph_embed_report(const char *functions, size_t len)
{
	struct ph_buf frame;
	struct ph_error *err;

	/* -fsyntax-only and the like write no assembly.  */
	if (!asm_out_file)
		return NULL;
	ph_buf_init(&frame);
	if ((err = ph_frame_encode(functions ? functions : "", len, &frame))) {
		ph_buf_deinit(&frame);
		return err;
	}
	/* SECTION_DEBUG: neither allocated nor written to; alignment 1.  */
	switch_to_section(get_section(PH_FRAME_SECTION, SECTION_DEBUG, NULL));
	put_frame(&frame);
	ph_buf_deinit(&frame);
	/* GCC's sections know no COMDAT group without a decl: the
	   directive is ours, and GCC is told that it no longer knows the
	   current section.  */
	for (unsigned i = 0; i < groups.length(); i++) {
		fprintf(asm_out_file,
			"\t.section\t" PH_FRAME_SECTION
			",\"G\",@progbits,%s,comdat\n",
			groups[i].signature);
		put_frame(&groups[i].frame);
	}
	if (groups.length())
		in_section = NULL;
	return NULL;
}

/* A slim -flto object holds IR, and the linker's LTO plugin drops its
   other sections: the program would lose the report.  So the compile
   step also gives the report to the IR, as a top-level asm statement,
   which lto1 writes out with the program's code.  Top-level asm is not
   loaded code: sections of ours, pushed and popped.  */
bool ph_embed_lto_p(void)
{
	return flag_generate_lto && !flag_fat_lto_objects;
}

static void put_bytes(struct ph_buf *text, const struct ph_buf *frame)
{
	for (size_t off = 0; off < frame->len; off += 64) {
		ph_buf_puts(text, "\t.byte\t");
		for (size_t i = off; i < frame->len && i < off + 64; i++)
			ph_buf_printf(text, i > off ? ",%u" : "%u",
				      (unsigned char)frame->data[i]);
		ph_buf_putc(text, '\n');
	}
}

struct ph_error *ph_embed_report_lto(const char *functions, size_t len)
{
	struct ph_buf frame, text;
	struct ph_error *err;

	ph_buf_init(&frame);
	ph_buf_init(&text);
	if ((err = ph_frame_encode(functions ? functions : "", len, &frame)))
		goto out;
	ph_buf_puts(&text, "\t.pushsection\t" PH_FRAME_SECTION
		    ",\"\",@progbits\n");
	put_bytes(&text, &frame);
	ph_buf_puts(&text, "\t.popsection\n");
	for (unsigned i = 0; i < groups.length(); i++) {
		ph_buf_printf(&text, "\t.pushsection\t" PH_FRAME_SECTION
			      ",\"G\",@progbits,%s,comdat\n",
			      groups[i].signature);
		put_bytes(&text, &groups[i].frame);
		ph_buf_puts(&text, "\t.popsection\n");
	}
	if ((err = ph_buf_error(&text)))
		goto out;
	symtab->finalize_toplevel_asm(build_string((int)text.len + 1,
						   text.data));
out:
	ph_buf_deinit(&frame);
	ph_buf_deinit(&text);
	return err;
}
