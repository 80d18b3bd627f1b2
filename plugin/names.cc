/* Names as the front end's own diagnostics print them.  For C++ that is
   the only spelling users and the JSON contract know: qualified, with
   template arguments as GCC writes them (ns::Box<long unsigned int>),
   {anonymous} for an anonymous namespace.  */
#include "plugin.h"

bool ph_lang_cxx;

void ph_names_init(void)
{
	ph_lang_cxx = strncmp(lang_hooks.name, "GNU C++", 7) == 0;
}

/* The host compiler's format checking does not know GCC's internal %T.  */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat"
#pragma GCC diagnostic ignored "-Wformat-extra-args"
void ph_type_text(tree type, struct ph_buf *out)
{
	static const char *const fmt = "%T";

	/* A clone of the diagnostics' printer has the front end's format
	   decoder and the post-processor C++'s %T insists on; unquoted, %T
	   adds no "aka".  Nothing it prints reaches the diagnostics.  */
	pretty_printer *pp = global_dc->printer->clone();
	pp_clear_output_area(pp);
	pp_set_line_maximum_length(pp, 0);
	pp_show_color(pp) = false;
	pp_printf(pp, fmt, type);
	ph_buf_puts(out, pp_formatted_text(pp));
	delete pp;
}
#pragma GCC diagnostic pop
