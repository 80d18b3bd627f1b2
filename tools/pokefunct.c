/* pokefunct: the functions of already-built objects, read from their
   DWARF, with pfunct's options and output (funcs.c collects them), or
   from the GCC plugin's reports (funcs-json.c).  */
#include "../funct/funcs.h"
#include "../funct/funcs-json.h"
#include "cli.h"
#include "../input/input.h"
#include "../input/reports/jsonl-read.h"

#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../report/buf.h"

#ifndef PH_VERSION
#error "PH_VERSION comes from the Makefile's VERSION"
#endif

static const char *progname = "pokefunct";

enum output {
	OUT_NAMES, OUT_SIZES, OUT_PARAMS, OUT_LABELS, OUT_VARIABLES,
	OUT_NAME_LEN, OUT_EXP_STATS, OUT_TOTAL_STATS, OUT_JSON,
};

struct options {
	enum output output;
	bool externals, cc_inlined, cc_uninlined;
	bool expansions, prototypes, decl_info;
	const char *function, *class_name;
	bool have_addr;
	uint64_t addr;
	struct ph_cli_common common;	/* -j, -F, -o, --debuginfo-path */
};

enum { OPT_JSON = 256, OPT_NR_PARAMS };

/* --help's texts (struct ph_cli_command).  */
static const char usage_about[] =
"Show the functions of object files, executables, shared libraries,\n"
"kernel modules and archives from their DWARF debug information, as\n"
"pfunct does, or from the JSON Lines reports of the pokehole GCC plugin\n"
"(-fplugin-arg-pokehole-functions): a FILE that is not ELF and starts\n"
"with '{' or is named *.jsonl or *.json.\n";
static const char usage_after[] =
"Each function is listed once (its name, declaration file and line are\n"
"its key), the last to appear first, as pfunct lists them. A report has\n"
"no byte sizes, addresses, variables, expansions, prototypes nor linkage:\n"
"-s, -S, -i, -I, -P, -f alone, -a, -c and -E refuse it. The list goes\n"
"to standard output, or with -o to FILE. Exit status: 0 when every file\n"
"was read, 1 when one could not be (each such file is named on standard\n"
"error; the functions of the others are still printed to standard\n"
"output, but -o FILE is not written) or -f/-a found nothing, 2 on bad\n"
"usage.\n";

static const struct ph_cli_option options[] = {
	PH_CLI_FLAG("sizes", 's',
	  "print NAME: BYTES, the size of each\nout-of-line body"),
	PH_CLI_FLAG("nr_parms", 'p',
	  "print NAME: PARAMETERS"),
	PH_CLI_FLAG("nr_params", OPT_NR_PARAMS, "the same as -p"),
	PH_CLI_FLAG("goto_labels", 'g',
	  "print NAME: LABELS, for those with labels"),
	PH_CLI_FLAG("nr_variables", 'S',
	  "print NAME: VARIABLES, for those with\nlocal variables"),
	PH_CLI_FLAG("function_name_len", 'N',
	  "print NAME: LENGTH of the name"),
	PH_CLI_FLAG("cc_inlined", 'H',
	  "only the functions not declared inline\nthat have inline "
	  "expansions"),
	PH_CLI_FLAG("cc_uninlined", 'G',
	  "only the functions declared inline that\nkeep an out-of-line "
	  "body"),
	PH_CLI_FLAG("externals", 'E',
	  "only the external functions with a body"),
	PH_CLI_FLAG("inline_expansions", 'i',
	  "show each function with the inline\nexpansions in its body"),
	PH_CLI_FLAG("inline_expansions_stats", 'I',
	  "print NAME: EXPANSIONS BYTES, the inline\nexpansions in each "
	  "body"),
	PH_CLI_FLAG("total_inline_stats", 't',
	  "a table of the functions expanded more\nthan once: total size, "
	  "expansions,\naverage size, units"),
	PH_CLI_ARG("function", 'f', "NAME",
	  "show the functions named NAME"),
	PH_CLI_ARG("class", 'c', "CLASS",
	  "list the functions with a parameter\npointing to struct CLASS"),
	PH_CLI_FLAG("prototypes", 'P', "print prototypes"),
	PH_CLI_FLAG("decl_info", 'l',
	  "print /* FILE:LINE */ before each\nfunction"),
	PH_CLI_ARG("addr", 'a', "ADDR",
	  "show the function whose body holds ADDR"),
	PH_CLI_FLAG("json", OPT_JSON,
	  "print one JSON Lines record per function"),
	{ "jobs", optional_argument, 'j', "N",
	  "read a file's units with N threads\n(default and no N: as "
	  "many as CPUs)" },
	PH_CLI_ARG("format_path", 'F', "LIST",
	  "where functions are read from, the first\na file has: embedded "
	  "(the plugin's\nfunction records, -fplugin-arg-pokehole-\nembed "
	  "with functions), dwarf (default:\nembedded,dwarf)"),
	PH_CLI_OUTPUT_OPTION,
	PH_CLI_COMMON_OPTIONS,
};
enum { NR_OPTIONS = sizeof(options) / sizeof(options[0]) };

static const struct ph_cli_command command = {
	.name = "pokefunct", .version = PH_VERSION, .files = "FILE...",
	.about = usage_about, .after = usage_after,
	.opts = options, .nr_opts = NR_OPTIONS,
};

/* -f NAME: a C++ function's name is qualified ("ns::Pool::refresh"), as
   both sources give it; NAME may be the whole of it, or, without "::",
   its last part ("refresh"), as pfunct knows it.  */
static bool name_matches(const char *name, const char *want)
{
	size_t n = strlen(name), w = strlen(want);

	if (strcmp(name, want) == 0)
		return true;
	return !strstr(want, "::") && n > w + 2 &&
	       strcmp(name + n - w, want) == 0 &&
	       strncmp(name + n - w - 2, "::", 2) == 0;
}

static bool wanted(const struct ph_fn *f, const struct options *o)
{
	if (!f->defined)
		return false;
	if (o->externals && !(f->external && f->has_body))
		return false;
	if (o->cc_inlined && (ph_fn_declared_inline(f) || !ph_fn_inlined(f)))
		return false;
	if (o->cc_uninlined && !(ph_fn_declared_inline(f) && f->has_body))
		return false;
	if (o->function && !name_matches(f->name, o->function))
		return false;
	if (o->class_name && !f->class_param)
		return false;
	if (o->have_addr &&
	    !(f->has_body && o->addr >= f->low_pc && o->addr < f->high_pc))
		return false;
	return true;
}

static void json_string(struct ph_buf *b, const char *s)
{
	ph_buf_putc(b, '"');
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			ph_buf_printf(b, "\\%c", c);
		else if (c < 0x20)
			ph_buf_printf(b, "\\u%04x", c);
		else
			ph_buf_putc(b, (char)c);
	}
	ph_buf_putc(b, '"');
}

static void print_json(struct ph_buf *b, const struct ph_fn *f)
{
	bool dw = !f->from_report;

	ph_buf_puts(b, "{\"name\":");
	json_string(b, f->name);
	ph_buf_printf(b, ",\"kind\":\"function\",\"source\":\"%s\",\"file\":",
		      dw ? "dwarf" : "report");
	json_string(b, f->file);
	ph_buf_printf(b, ",\"line\":%u", f->line);
	/* A report's facts only: what it does not have is left out, not
	   given as 0.  */
	if (dw)
		ph_buf_printf(b, ",\"external\":%s",
			      f->external ? "true" : "false");
	ph_buf_printf(b, ",\"declared_inline\":%s,\"inlined\":%s,"
		      "\"inlined_count\":%u",
		      ph_fn_declared_inline(f) ? "true" : "false",
		      ph_fn_inlined(f) ? "true" : "false", f->inlined_count);
	if (dw)
		ph_buf_printf(b, ",\"inlined_bytes\":%" PRIu64,
			      f->inlined_bytes);
	ph_buf_printf(b, ",\"out_of_line\":%s",
		      f->has_body ? "true" : "false");
	if (f->has_body && dw)
		ph_buf_printf(b, ",\"size\":%" PRIu64 ",\"low_pc\":%" PRIu64,
			      f->size, f->low_pc);
	if (f->has_body)
		ph_buf_printf(b, ",\"bodies\":%u", f->nr_bodies);
	ph_buf_printf(b, ",\"params\":%u", f->params);
	if (dw)
		ph_buf_printf(b, ",\"varargs\":%s",
			      f->varargs ? "true" : "false");
	ph_buf_printf(b, ",\"labels\":%u", f->labels);
	if (dw)
		ph_buf_printf(b, ",\"variables\":%u,\"expansions\":%u,"
			      "\"expansion_bytes\":%" PRIu64, f->variables,
			      f->nr_exp, f->exp_bytes);
	ph_buf_printf(b, ",\"units\":%u}\n", f->units);
}

static void print_proto(struct ph_buf *b, const struct ph_fn *f)
{
	ph_buf_printf(b, "%s%s;\n", ph_fn_declared_inline(f) ? "inline " : "",
		      f->proto ? f->proto : f->name);
}

/* -i: the function, the expansions in its body, pfunct's footer.  */
static void print_expansions(struct ph_buf *b, const struct ph_fn_table *t,
			     const struct ph_fn *f)
{
	print_proto(b, f);
	if (f->has_body)
		ph_buf_printf(b, "{ /* low_pc=%#" PRIx64 " */\n", f->low_pc);
	else
		ph_buf_puts(b, "{\n");
	for (unsigned k = 0; k < f->nr_exp && f->exps; k++) {
		const struct ph_fn_expansion *e = &f->exps[k];
		const struct ph_fn *o = &t->fns[e->origin];

		ph_buf_printf(b, "\t%s; /* size=%" PRIu64 ", low_pc=%#" PRIx64
			      " */\n", o->proto ? o->proto : o->name, e->size,
			      e->low_pc);
	}
	ph_buf_printf(b, "}/* size: %" PRIu64, f->has_body ? f->size : 0);
	if (f->variables)
		ph_buf_printf(b, ", variables: %u", f->variables);
	if (f->labels)
		ph_buf_printf(b, ", goto labels: %u", f->labels);
	if (f->nr_exp)
		ph_buf_printf(b, ", inline expansions: %u (%" PRIu64
			      " bytes)", f->nr_exp, f->exp_bytes);
	ph_buf_printf(b, " */\n/* definitions: %u */\n\n", f->units);
}

static void print_one(struct ph_buf *b, const struct ph_fn_table *t,
		      const struct ph_fn *f, const struct options *o)
{
	if (o->decl_info && o->output != OUT_JSON)
		ph_buf_printf(b, "/* %s:%u */\n", f->file, f->line);
	switch (o->output) {
	case OUT_SIZES:
		if (f->has_body && f->size)
			ph_buf_printf(b, "%s: %" PRIu64 "\n", f->name, f->size);
		break;
	case OUT_PARAMS:
		ph_buf_printf(b, "%s: %u\n", f->name, f->params);
		break;
	case OUT_LABELS:
		if (f->labels)
			ph_buf_printf(b, "%s: %u\n", f->name, f->labels);
		break;
	case OUT_VARIABLES:
		if (f->variables)
			ph_buf_printf(b, "%s: %u\n", f->name, f->variables);
		break;
	case OUT_NAME_LEN:
		ph_buf_printf(b, "%s: %zu\n", f->name, strlen(f->name));
		break;
	case OUT_EXP_STATS:
		if (f->nr_exp)
			ph_buf_printf(b, "%s: %u %" PRIu64 "\n", f->name,
				      f->nr_exp, f->exp_bytes);
		break;
	case OUT_TOTAL_STATS:
		if (f->inlined_count > 1 && f->from_report)
			ph_buf_printf(b, "%-31.31s %6s %7u  %6s %6u\n",
				      f->name, "-", f->inlined_count, "-",
				      f->units);
		else if (f->inlined_count > 1)
			ph_buf_printf(b, "%-31.31s %6" PRIu64 " %7u  %6" PRIu64
				      " %6u\n", f->name, f->inlined_bytes,
				      f->inlined_count,
				      f->inlined_bytes / f->inlined_count,
				      f->units);
		break;
	case OUT_JSON:
		print_json(b, f);
		break;
	case OUT_NAMES:
		if (o->expansions)
			print_expansions(b, t, f);
		else if (o->prototypes || o->function || o->have_addr)
			print_proto(b, f);
		else
			ph_buf_printf(b, "%s\n", f->name);
		break;
	}
}

static struct ph_error *print_all(const struct ph_fn_table *t,
				  const struct options *o, size_t *shown)
{
	struct ph_buf b;
	struct ph_error *err;

	ph_buf_init(&b);
	*shown = 0;
	if (o->output == OUT_TOTAL_STATS)
		ph_buf_printf(&b, "%-32.32s  %5.5s / %5.5s = %5.5s  %s\n",
			      "name", "totsz", "exp#", "avgsz", "src#");
	/* pfunct's order: the last to appear first.  */
	for (size_t i = t->n; i-- > 0;) {
		if (!wanted(&t->fns[i], o))
			continue;
		++*shown;
		print_one(&b, t, &t->fns[i], o);
		if (b.len > 1 << 16) {
			if (fwrite(b.data, 1, b.len, stdout) != b.len)
				break;
			b.len = 0;
		}
	}
	if ((err = ph_buf_error(&b))) {
		ph_buf_deinit(&b);
		return err;
	}
	if (b.len && fwrite(b.data, 1, b.len, stdout) != b.len)
		err = ph_error_errno(errno, "cannot write");
	ph_buf_deinit(&b);
	return err;
}

/* What a plugin report lacks that the options ask for, NULL for
   nothing: the filters first, then what is printed.  A report is then
   refused whole, rather than read for functions printed without what
   was asked.  */
static const char *report_lacks(const struct options *o)
{
	bool names = o->output == OUT_NAMES;
	const struct {
		bool asked;
		const char *lacks;
	} asks[] = {
		{ o->have_addr, "addresses (-a needs an object)" },
		{ o->class_name, "parameter types (-c needs an object)" },
		{ o->externals, "linkage (-E needs an object)" },
		{ o->output == OUT_SIZES, "byte sizes (-s needs an object)" },
		{ o->output == OUT_VARIABLES,
		  "local variables (-S needs an object)" },
		{ o->output == OUT_EXP_STATS,
		  "inline expansions (-I needs an object)" },
		{ names && o->expansions,
		  "inline expansions (-i needs an object)" },
		{ names && o->prototypes, "prototypes (-P needs an object)" },
		{ names && o->function,
		  "prototypes (-f alone needs an object)" },
	};

	for (size_t i = 0; i < sizeof(asks) / sizeof(asks[0]); i++)
		if (asks[i].asked)
			return asks[i].lacks;
	return NULL;
}

/* An ELF file, from the first of -F's formats it has: the embedded
   function records when it has some and the output needs nothing they
   lack, else its DWARF.  */
static struct ph_error *load_elf(struct ph_fn_table *t, const char *path,
				 const struct options *o,
				 const struct ph_fn_opts *fopts)
{
	struct ph_error *err;

	for (unsigned i = 0; i < o->common.nr_formats; i++) {
		bool any;

		if (o->common.formats[i] == PH_INPUT_DWARF)
			return ph_fn_load_file(t, path, fopts);
		if (report_lacks(o))
			continue;
		err = ph_fn_load_embedded(t, path, &any);
		if (err || any)
			return err;
	}
	if (o->common.nr_formats == 1 && report_lacks(o))
		return ph_error_create(PH_ERROR_INVALID, "an embedded report "
				       "has no %s", report_lacks(o));
	return ph_error_create(PH_ERROR_INVALID, "no embedded function "
			       "records (compile with -fplugin-arg-pokehole-"
			       "embed and -fplugin-arg-pokehole-functions)");
}

/* Reads the file at PATH, an object or a plugin report, into T; an
   error saying why it could not be, *NAMED when its message names the
   file itself (a report's, with the line), as pokehole's readers'.  */
static struct ph_error *load(struct ph_fn_table *t, const char *path,
			     const struct options *o,
			     const struct ph_fn_opts *fopts, bool *named)
{
	struct ph_error *err;
	const char *lacks;

	*named = false;
	if (!ph_report_is_file(path))
		return load_elf(t, path, o, fopts);
	if ((lacks = report_lacks(o)))
		return ph_error_create(PH_ERROR_INVALID, "a plugin report has "
				       "no %s", lacks);
	err = ph_fn_load_report(t, path);
	*named = err && err != &ph_error_nomem;
	return err;
}

static bool parse_u64(const char *s, uint64_t *ret)
{
	char *end;

	if (!s || *s < '0' || *s > '9')
		return false;
	errno = 0;
	*ret = strtoull(s, &end, 0);
	return !errno && !*end;
}

int main(int argc, char **argv)
{
	struct options o;
	struct ph_fn_table t;
	struct ph_fn_opts fopts;
	struct ph_error *err;
	struct option long_options[NR_OPTIONS + 1];
	char short_options[3 * NR_OPTIONS + 1];
	size_t shown;
	int c, end, status = 0, nr_read = 0;

	memset(&o, 0, sizeof(o));
	o.common.jobs = 1;
	ph_cli_tables(options, NR_OPTIONS, long_options, short_options);
	while ((c = getopt_long(argc, argv, short_options, long_options,
				NULL)) != -1) {
		switch (c) {
		case 's': o.output = OUT_SIZES; break;
		case 'p': case OPT_NR_PARAMS: o.output = OUT_PARAMS; break;
		case 'g': o.output = OUT_LABELS; break;
		case 'S': o.output = OUT_VARIABLES; break;
		case 'N': o.output = OUT_NAME_LEN; break;
		case 'I': o.output = OUT_EXP_STATS; break;
		case 't': o.output = OUT_TOTAL_STATS; break;
		case OPT_JSON: o.output = OUT_JSON; break;
		case 'H': o.cc_inlined = true; break;
		case 'G': o.cc_uninlined = true; break;
		case 'E': o.externals = true; break;
		case 'i': o.expansions = true; break;
		case 'P': o.prototypes = true; break;
		case 'l': o.decl_info = true; break;
		case 'f': o.function = optarg; break;
		case 'c': o.class_name = optarg; break;
		case 'a':
			if (!parse_u64(optarg, &o.addr)) {
				fprintf(stderr, "%s: --addr needs an address\n",
					progname);
				return 2;
			}
			o.have_addr = true;
			break;
		default:
			if ((end = ph_cli_other_option(&command, c, optarg,
						       &o.common)) >= 0)
				return end;
		}
	}
	if (optind >= argc)
		return ph_cli_no_files(progname);
	if (!o.common.nr_formats) {
		o.common.formats[o.common.nr_formats++] = PH_INPUT_EMBEDDED;
		o.common.formats[o.common.nr_formats++] = PH_INPUT_DWARF;
	}
	memset(&fopts, 0, sizeof(fopts));
	fopts.expansions = o.expansions;
	fopts.prototypes = o.expansions || o.prototypes || o.function ||
			   o.have_addr;
	fopts.class_name = o.class_name;
	fopts.debuginfo_path = o.common.debuginfo_path;
	fopts.jobs = o.common.jobs ? o.common.jobs : ph_cli_cpus();
	if (o.common.output_path &&
	    (err = ph_cli_output_open(o.common.output_path)))
		return ph_cli_error(progname, err, 1);
	ph_fn_table_init(&t);
	for (int i = optind; i < argc; i++) {
		bool named;

		err = load(&t, argv[i], &o, &fopts, &named);
		if (err)
			status = ph_cli_load_error(progname, argv[i], err,
						   named, 1);
		else
			nr_read++;
	}
	if ((err = print_all(&t, &o, &shown))) {
		fprintf(stderr, "%s: %s\n", progname, err->message);
		ph_error_destroy(err);
		status = 1;
	}
	/* Not found where nothing was read says nothing more.  */
	if (o.function && !shown && nr_read) {
		fprintf(stderr, "%s: function '%s' not found\n", progname,
			o.function);
		status = 1;
	}
	if (o.have_addr && !shown && nr_read) {
		fprintf(stderr, "%s: no function at %#" PRIx64 "\n", progname,
			o.addr);
		status = 1;
	}
	if (ph_cli_output_close(progname, o.common.output_path, status == 0) ||
	    ph_cli_flush(progname))
		status = 1;
	ph_fn_table_deinit(&t);
	return status;
}
