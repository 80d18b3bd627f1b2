/* pokehole: the layouts of already-built objects, read from their DWARF,
   with pahole's options and output.  */
#include "../input/load.h"
#include "cli.h"
#include "../input/reports/jsonl-read.h"
#include "diff-cmd.h"
#include "patch-cmd.h"
#include "../input/compact/btf.h"
#include "../input/dwarf/across.h"

#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../reorg/analysis.h"
#include "../reorg/select.h"
#include "../baseline/baseline.h"
#include "../report/jsonl.h"
#include "baseline-in.h"
#include "../report/reorg.h"
#include "../report/text.h"
#include "../report/diff.h"
#include "../report/at.h"
#include "../reorg/groups.h"
#include "../report/html.h"
#include "../report/svg.h"

#ifndef PH_VERSION
#error "PH_VERSION comes from the Makefile's VERSION"
#endif

static const char *progname = "pokehole";

enum output {
	OUT_TEXT, OUT_SIZES, OUT_JSON, OUT_PACKABLE, OUT_GROUPS, OUT_HTML,
	OUT_SVG
};

struct options {
	enum output output;
	unsigned cacheline;
	struct ph_names *class_names;	/* -C, or NULL */
	const char *exclude_prefix;
	const char *prefix;
	bool structs_only, unions_only;
	unsigned long min_holes;	/* -H */
	unsigned long min_hole_size;	/* -z */
	bool have_min_holes, have_min_hole_size;
	unsigned jobs;
	const char *debuginfo_path;
	const char *output_path;	/* -o */
	bool reorganize, show_steps, expand, demote, cross_groups;
	char **hot;			/* --hot names */
	char *hot_copy;			/* what they point into */
	size_t nr_hot;
	const char *merge_baseline;	/* --merge-baseline output */
	const char *btf_base;		/* --btf_base */
	char **modules;			/* -M: their BTF files */
	size_t nr_modules;
	unsigned formats[PH_INPUT_NR_FORMATS];	/* -F: enum ph_input_format */
	unsigned nr_formats;
	bool diff;
	bool patch;			/* --patch */
	/* The build's order-dependent sites, from the reports' "sites"
	   records (-R, -P, --patch).  */
	struct ph_sitedb *sites;
	bool have_at;			/* --at */
	uint64_t at;
	unsigned fail_on;		/* --fail-on: PH_DIFF_FAIL_* */
	struct ph_diff_budget *budgets;
	size_t nr_budgets;
};

enum {
	OPT_STRUCTS = 256,
	OPT_UNIONS,
	OPT_JSON,
	OPT_HOT,
	OPT_DEMOTE,
	OPT_CROSS_GROUPS,
	OPT_MERGE_BASELINE,
	OPT_DIFF,
	OPT_FAIL_ON,
	OPT_BUDGET,
	OPT_AT,
	OPT_GROUPS,
	OPT_HTML,
	OPT_SVG,
	OPT_BTF_BASE,
	OPT_PATCH,
};


static const struct ph_cli_option options[] = {
	{ "class_name", required_argument, 'C', "NAME[,NAME]",
	  "show only the types with these names" },
	{ "sizes", no_argument, 's', NULL,
	  "print NAME<TAB>SIZE<TAB>HOLES per type" },
	{ "cacheline_size", required_argument, 'c', "N",
	  "cacheline size in bytes (default 64)" },
	{ "exclude", required_argument, 'x', "PREFIX",
	  "leave out the types whose names start so" },
	{ "prefix_filter", required_argument, 'y', "PREFIX",
	  "show only the types whose names start so" },
	{ "holes", required_argument, 'H', "N",
	  "show only the types with at least N holes" },
	{ "hole_size_ge", required_argument, 'z', "N",
	  "show only the types with a hole of at\nleast N bytes" },
	{ "structs", no_argument, OPT_STRUCTS, NULL,
	  "show only structs (and classes)" },
	{ "unions", no_argument, OPT_UNIONS, NULL, "show only unions" },
	{ "json", no_argument, OPT_JSON, NULL,
	  "print JSON Lines (docs/layout-jsonl.md)" },
	{ "expand_types", no_argument, 'E', NULL,
	  "show the members of struct and union\nmembers inside them" },
	{ "reorganize", no_argument, 'R', NULL,
	  "print each type in the smallest member\norder found (with --json: "
	  "as JSON Lines\ncarrying \"original_size\")" },
	{ "show_reorg_steps", no_argument, 'S', NULL,
	  "with -R, show each move and the layout\nafter it" },
	{ "packable", no_argument, 'P', NULL,
	  "print NAME<TAB>SIZE<TAB>PACKED SIZE<TAB>\nSAVED for each type a "
	  "new order shrinks" },
	{ "hot", required_argument, OPT_HOT, "NAME[,NAME]",
	  "with -R/-P, members to pack first" },
	{ "demote-bitfields", no_argument, OPT_DEMOTE, NULL,
	  "with -R/-P, let a bitfield take the\nsmallest integer type that "
	  "holds it" },
	{ "cross-cacheline-groups", no_argument, OPT_CROSS_GROUPS, NULL,
	  "with -R/-P, let members leave the group\nof a cacheline-aligned "
	  "member" },
	{ "merge-baseline", required_argument, OPT_MERGE_BASELINE, "OUT",
	  "merge the FILEs' reports (JSON Lines, or\nembedded in objects, "
	  "archives and\nprograms) into the baseline OUT, each\ndistinct "
	  "layout once, written atomically" },
	{ "patch", no_argument, OPT_PATCH, NULL,
	  "print one patch for the whole build:\nevery type -R makes smaller "
	  "whose new\norder every unit's sites allow (the\nplugin's reports: "
	  "embed, json-dir),\nits definition and every initializer\nand "
	  "list rewritten; exit 1 when a\ntype is refused" },
	{ "diff", no_argument, OPT_DIFF, NULL,
	  "compare two builds: FILE... is OLD NEW;\nprint each type that "
	  "changed, exit 1 on\na regression (--fail-on)" },
	{ "fail-on", required_argument, OPT_FAIL_ON, "LIST",
	  "with --diff, what is a regression:\ngrowth, holes, padding, "
	  "cachelines, any\n(default: the first four)" },
	{ "budget", required_argument, OPT_BUDGET, "NAME:BYTES",
	  "with --diff, a type of the new build\nlarger than BYTES is an "
	  "error (repeat\nfor more types)" },
	{ "groups", no_argument, OPT_GROUPS, NULL,
	  "print NAME<TAB>GROUP<TAB>OFFSET<TAB>SIZE<TAB>\nCACHELINES for each "
	  "cacheline group\n(__cacheline_group_begin/end markers)" },
	{ "html", no_argument, OPT_HTML, NULL,
	  "write one self-contained HTML page (to\nstandard output, or -o FILE): an\nindex of the types and "
	  "each one's map,\na row per cacheline (with -R, the\nsuggested "
	  "order beside it)" },
	{ "svg", no_argument, OPT_SVG, NULL,
	  "with -C NAME, draw the type's map as an\nSVG picture (to standard output, or\n-o FILE; with -R, "
	  "the suggested\norder below it)" },
	{ "at", required_argument, OPT_AT, "OFFSET",
	  "with -C NAME, what is at byte OFFSET\n(0x for hex) of the type: "
	  "the members\nholding it, or the hole or padding" },
	{ "format_path", required_argument, 'F', "LIST",
	  "where layouts are read from, the first a\nfile has: embedded "
	  "(the plugin's reports,\n-fplugin-arg-pokehole-embed), dwarf, "
	  "btf,\nctf (default: embedded,dwarf,btf,ctf)" },
	{ "module", required_argument, 'M', "MODULE",
	  "read the running kernel's BTF of MODULE\n(" PH_BTF_SYSFS
	  "/MODULE, over vmlinux's)" },
	{ "btf_base", required_argument, OPT_BTF_BASE, "FILE",
	  "read the FILEs' split BTF over FILE's BTF" },
	{ "jobs", optional_argument, 'j', "N",
	  "read with N threads (default: one per\nCPU); the output does not "
	  "depend on N" },
	PH_CLI_OUTPUT_OPTION,
	PH_CLI_COMMON_OPTIONS,
};
enum { NR_OPTIONS = sizeof(options) / sizeof(options[0]) };

static void usage(FILE *f)
{
	fprintf(f,
"Usage: %s [OPTIONS] [FILE...]\n"
"Show the layout of structs, unions and classes from the DWARF debug\n"
"information of object files, executables, shared libraries and kernel\n"
"modules, as pahole does, from their BTF or CTF, or from layout JSON\n"
"Lines (the GCC plugin's reports, --json's output).  With no FILE, the running\n"
"kernel's BTF (" PH_BTF_VMLINUX ").\n"
"\n", progname);
	ph_cli_help(f, options, NR_OPTIONS);
	fprintf(f,
"\n"
"Each type is printed once per distinct layout, in the order it first\n"
"appears. Every mode prints to standard output, or with -o to FILE.\n"
"Exit status: 0 when every file was read, 1 when one could not be (each\n"
"such file is named on standard error; what the other files hold is\n"
"still printed to standard output, but -o FILE is not written), 2 on bad\n"
"usage. --diff exits 1 on a regression, --patch when a type is refused:\n"
"-o FILE is written then; on an error they exit 2 (--patch 1 when a file\n"
"could not be read) and do not write it.\n");
}

static bool parse_number(const char *s, unsigned long max,
			 unsigned long *ret)
{
	char *end;
	unsigned long v;

	if (!s || *s < '0' || *s > '9')
		return false;
	errno = 0;
	v = strtoul(s, &end, 0);
	if (errno || *end || v > max)
		return false;
	*ret = v;
	return true;
}

/* "a,b,c" as a vector of names.  */
static bool split_names(const char *list, char **ret_copy, char ***ret,
			size_t *n)
{
	char *copy = strdup(list);
	char **v = NULL;
	size_t count = 0;

	if (!copy)
		return false;
	for (char *save = NULL, *p = strtok_r(copy, ",", &save); p;
	     p = strtok_r(NULL, ",", &save)) {
		char **nv = realloc(v, (count + 1) * sizeof(*nv));

		if (!nv) {
			free(v);
			free(copy);
			return false;
		}
		v = nv;
		v[count++] = p;
	}
	*ret_copy = copy;
	*ret = v;
	*n = count;
	return true;
}

static bool want(void *arg, const char *name, enum ph_kind kind)
{
	const struct options *o = arg;

	if (o->structs_only && kind == PH_KIND_UNION)
		return false;
	if (o->unions_only && kind != PH_KIND_UNION)
		return false;
	/* -E and --at need the member types too: -C filters at printing
	   then.  */
	if (o->class_names && !o->expand && !o->have_at &&
	    !ph_names_select(o->class_names, name))
		return false;
	if (o->exclude_prefix &&
	    strncmp(name, o->exclude_prefix, strlen(o->exclude_prefix)) == 0)
		return false;
	if (o->prefix && strncmp(name, o->prefix, strlen(o->prefix)) != 0)
		return false;
	return true;
}

static int write_buf(struct ph_buf *buf)
{
	if (buf->len && fwrite(buf->data, 1, buf->len, stdout) != buf->len)
		return -1;
	buf->len = 0;
	return 0;
}

/* -E: a member's type, as the text renderer asks for it: "struct foo",
   "union bar", or the name of a typedef'd untagged type.  */
static const struct ph_type *lookup_type(void *arg, const char *type)
{
	const struct ph_model *model = arg;
	enum ph_kind kind = PH_KIND_STRUCT;
	bool tagged = true;

	if (strncmp(type, "struct ", 7) == 0)
		type += 7;
	else if (strncmp(type, "union ", 6) == 0)
		type += 6, kind = PH_KIND_UNION;
	else if (strncmp(type, "class ", 6) == 0)
		type += 6, kind = PH_KIND_CLASS;
	else
		tagged = false;
	for (size_t i = 0; i < model->nr_types; i++) {
		const struct ph_type *t = model->types[i];

		if (strcmp(t->name, type) != 0)
			continue;
		if (!tagged || (t->kind == kind && !t->typedef_name))
			return t;
	}
	return NULL;
}

/* For POKEHOLE_STATS: what the engine proved of its suggestions.  */
struct reorg_stats {
	size_t smaller, moves, not_optimal, not_least;
};

/* What -R, -S, -P and --hot ask of the engine.  */
static struct ph_reorg_options reorg_options(const struct options *o)
{
	return (struct ph_reorg_options){
		.cacheline = o->cacheline,
		.hot = (const char *const *)o->hot,
		.nr_hot = o->nr_hot,
		.steps = o->show_steps,
		.demote_bitfields = o->demote,
		.cross_groups = o->cross_groups,
	};
}

/* After -R's suggestion, whether the build's sites let it be applied:
   "safe to apply", or each place that depends on the member order.  */
static void render_verdict(struct ph_buf *out, bool safe, size_t records,
			   const struct ph_site_stop *stops, size_t nr,
			   bool unreported)
{
	if (safe) {
		ph_buf_printf(out, "/* safe to apply: the sites of %zu %s keep "
			      "their meaning (pokehole --patch) */\n",
			      records, records == 1 ? "unit" : "units");
		return;
	}
	if (!records) {
		ph_buf_puts(out, "/* unknown: no unit's report has its sites */"
			    "\n");
		return;
	}
	if (!nr) {
		ph_buf_puts(out, unreported
				 ? "/* unknown: units of the build have no "
				   "report of their sites */\n"
				 : "/* unsafe: no unit's report has the edits "
				   "of its definition for this order */\n");
		return;
	}
	ph_buf_printf(out, "/* unsafe: %zu %s on the member order: */\n", nr,
		      nr == 1 ? "site depends" : "sites depend");
	for (size_t i = 0; i < nr; i++) {
		const struct ph_site *s = stops[i].site;

		bool same = !*s->why || strcmp(s->why, stops[i].why) == 0;

		ph_buf_printf(out, "/*   %s:%u:%u: %s: %s%s%s */\n", s->file,
			      s->line, s->column, ph_site_kind_name(s->kind),
			      stops[i].why, same ? "" : " - ", same ? "" : s->why);
	}
}

/* -R, -S and -P: what the engine makes of T.  */
static struct ph_error *print_reorganized(struct ph_buf *out,
					  struct ph_model *model,
					  const struct ph_type *t,
					  const struct options *o,
					  struct reorg_stats *stats)
{
	struct ph_text_options text_opts = { .cacheline = o->cacheline };
	struct ph_reorg_options ropts = reorg_options(o);
	struct ph_reorg_result r;
	struct ph_error *err;

	if ((err = ph_reorganize(model, t, &ropts, &r)))
		return err;
	if (r.type->size < t->size) {
		stats->smaller++;
		stats->moves += r.nr_steps;
		stats->not_optimal += !r.optimal;
		stats->not_least += !r.least_change;
	}
	bool verdict = o->sites && o->sites->n && r.type->size < t->size;
	bool safe = false;
	size_t records = 0, nr = 0;
	struct ph_site_stop *stops = NULL;

	if (verdict && (err = ph_sitedb_verdict(o->sites, t, r.type, &safe,
						&records, &stops, &nr)))
		return err;
	switch (o->output) {
	case OUT_PACKABLE:
		if (r.type->size < t->size) {
			ph_render_packable(out, t, &r);
			/* pahole's four columns, and with the build's sites
			   a fifth: whether the new order is safe to apply.  */
			if (verdict) {
				out->len--;
				if (safe)
					ph_buf_puts(out, "\tsafe\n");
				else if (!records ||
					 (!nr && o->sites->nr_unreported))
					ph_buf_puts(out, "\tunknown\n");
				else
					ph_buf_printf(out, "\tunsafe:%zu\n",
						      nr ? nr : 1);
			}
		}
		free(stops);
		return NULL;
	case OUT_JSON:
		free(stops);
		return ph_render_jsonl_reorg(out, r.type, o->cacheline,
					     t->size);
	default:
		err = ph_render_reorg_text(out, t, &r, &text_opts,
					   o->show_steps);
		if (!err && verdict)
			render_verdict(out, safe, records, stops, nr,
				       o->sites->nr_unreported != 0);
		free(stops);
		return err;
	}
}

/* --groups: a line per cacheline group of T, the numbers the kernel's
   CACHELINE_ASSERT_GROUP_* and net_cachelines tables keep: struct,
   group, offset, size, cachelines spanned.  */
static struct ph_error *print_groups(struct ph_buf *out,
				     const struct ph_type *t,
				     unsigned cacheline)
{
	struct ph_group *g;
	size_t n;
	struct ph_error *err = ph_groups_of(t, cacheline, &g, &n);

	if (err)
		return err;
	for (size_t i = 0; i < n; i++) {
		if (!g[i].end)
			continue;
		ph_buf_printf(out, "%s\t%.*s\t%" PRIu64 "\t%" PRIu64 "\t%"
			      PRIu64 "\n", t->name, (int)g[i].name_len,
			      g[i].name, g[i].offset, g[i].size,
			      g[i].cachelines);
	}
	free(g);
	return NULL;
}

/* --html and --svg: T and, with -R, the order the engine suggests,
   when it is smaller.  */
static struct ph_error *draw_type(struct ph_model *model,
				  const struct ph_type *t,
				  const struct options *o, struct ph_html *html,
				  struct ph_buf *out)
{
	struct ph_reorg_options ropts = reorg_options(o);
	struct ph_reorg_result r = { .type = NULL };
	struct ph_svg_options so = { o->cacheline, true };
	struct ph_svg_map maps[2];
	char caption[2][160];
	struct ph_error *err;

	if (o->reorganize && (err = ph_reorganize(model, t, &ropts, &r)))
		return err;
	if (r.type && r.type->size >= t->size)
		r.type = NULL;
	if (html)
		return ph_html_add(html, t, r.type);
	snprintf(caption[0], sizeof(caption[0]), "%s %s: %" PRIu64 " bytes",
		 ph_kind_name(t->kind), t->name, t->size);
	maps[0] = (struct ph_svg_map){ t, caption[0] };
	if (r.type) {
		snprintf(caption[1], sizeof(caption[1]),
			 "suggested order: %" PRIu64 " bytes, saves %" PRIu64,
			 r.type->size, t->size - r.type->size);
		maps[1] = (struct ph_svg_map){ r.type, caption[1] };
	}
	return ph_render_svg(out, maps, r.type ? 2 : 1, &so, NULL);
}

/* Prints the types that pass the hole filters.  */
static struct ph_error *print_types(struct ph_model *model,
				    const struct options *o,
				    struct ph_html *html)
{
	struct ph_text_options text_opts = { .cacheline = o->cacheline };
	struct ph_buf out;
	struct ph_error *err = NULL;
	size_t nr_types = model->nr_types;
	struct reorg_stats stats = { 0 };

	if (o->expand) {
		text_opts.lookup = lookup_type;
		text_opts.lookup_arg = model;
	}

	ph_buf_init(&out);
	for (size_t i = 0; i < nr_types && !err; i++) {
		const struct ph_type *t = model->types[i];
		struct ph_analysis a;
		bool show = true;

		/* pahole lists no anonymous type, and one named by a
		   typedef counts as anonymous unless asked for by name;
		   the JSON contract and the page have them all.  */
		if (t->typedef_name && o->output != OUT_JSON &&
		    o->output != OUT_HTML && !o->class_names)
			continue;
		if (o->expand && o->class_names &&
		    !ph_names_select(o->class_names, t->name))
			continue;
		if ((err = ph_analyze_type(t, o->cacheline, &a)))
			break;
		if (o->have_min_holes && a.nr_holes < o->min_holes)
			show = false;
		if (o->have_min_hole_size) {
			bool big = a.leading_hole >= o->min_hole_size &&
				   a.leading_hole;
			for (size_t k = 0; k < a.nr_members; k++)
				if (a.gaps[k].hole &&
				    a.gaps[k].hole >= o->min_hole_size)
					big = true;
			show = show && big;
		}
		if (show && (o->output == OUT_HTML || o->output == OUT_SVG)) {
			/* One picture: the first layout -C names.  */
			if (o->output == OUT_SVG && out.len)
				show = false;
			else
				err = draw_type(model, t, o, html, &out);
		} else if (show && (o->reorganize ||
				    o->output == OUT_PACKABLE)) {
			err = print_reorganized(&out, model, t, o, &stats);
		} else if (show) {
			switch (o->output) {
			case OUT_PACKABLE:
			case OUT_HTML:
			case OUT_SVG:
				break;
			case OUT_GROUPS:
				err = print_groups(&out, t, o->cacheline);
				break;
			case OUT_TEXT:
				err = ph_render_text(&out, t, &text_opts);
				break;
			case OUT_JSON:
				err = ph_render_jsonl(&out, t, o->cacheline);
				break;
			case OUT_SIZES:
				ph_buf_printf(&out, "%s\t%" PRIu64 "\t%u\n",
					      t->name, t->size, a.nr_holes);
				break;
			}
		}
		ph_analysis_deinit(&a);
		if (!err && out.len > 1 << 16 && write_buf(&out))
			err = ph_error_errno(errno, "cannot write");
	}
	if (!err && html)
		err = ph_html_write(html, &out);
	if (!err && (err = ph_buf_error(&out)) == NULL && write_buf(&out))
		err = ph_error_errno(errno, "cannot write");
	ph_buf_deinit(&out);
	if (stats.smaller && getenv("POKEHOLE_STATS"))
		fprintf(stderr, "pokehole: %zu types smaller, %zu steps; not "
			"proven smallest %zu, not proven fewest moves %zu\n",
			stats.smaller, stats.moves, stats.not_optimal,
			stats.not_least);
	return err;
}

/* --patch: every type read (an untagged one named by a typedef too,
   which -R leaves out as pahole does: the patch is for the whole
   build).  */
static bool patch_wants(void *arg, const struct ph_type *t)
{
	(void)arg;
	(void)t;
	return true;
}

/* --at: each layout -C names.  An offset past a type's end is said
   and makes *STATUS 1.  */
static struct ph_error *print_at(struct ph_model *model,
				 const struct options *o, int *status)
{
	struct ph_buf out;
	struct ph_error *err = NULL;

	ph_buf_init(&out);
	for (size_t i = 0; i < model->nr_types && !err; i++) {
		const struct ph_type *t = model->types[i];
		struct ph_at at;

		if (!ph_names_select(o->class_names, t->name))
			continue;
		err = ph_at(model, t, o->at, &at);
		if (err && err != &ph_error_nomem) {
			fprintf(stderr, "%s: %s\n", progname, err->message);
			ph_error_destroy(err);
			err = NULL;
			*status = 1;
			continue;
		}
		if (!err) {
			err = ph_render_at_text(&out, t, o->at, &at);
			ph_at_deinit(&at);
		}
	}
	if (!err && !(err = ph_buf_error(&out)) && write_buf(&out))
		err = ph_error_errno(errno, "cannot write");
	ph_buf_deinit(&out);
	return err;
}

/* PATH could not be read as an input: when it is a page or picture
   that does not exist yet, the output was likely meant.  */
static void no_input_hint(const struct options *o, const char *path)
{
	size_t len = strlen(path);
	bool page = len > 5 && (strcmp(path + len - 5, ".html") == 0 ||
				strcmp(path + len - 4, ".svg") == 0);

	if ((o->output == OUT_HTML || o->output == OUT_SVG) && page &&
	    access(path, F_OK) != 0)
		fprintf(stderr, "%s: (each FILE is read; the %s goes to "
			"standard output, or to -o %s)\n", progname,
			o->output == OUT_HTML ? "page" : "picture", path);
}

/* The --html page's title: the files read, their names without
   their directories.  */
static char *page_title(int n, char **files)
{
	size_t len = 1;
	char *s;

	for (int i = 0; i < n; i++)
		len += strlen(files[i]) + 2;
	if (!(s = malloc(len)))
		return NULL;
	*s = '\0';
	for (int i = 0; i < n; i++) {
		const char *base = strrchr(files[i], '/');

		if (i)
			strcat(s, ", ");
		strcat(s, base && base[1] ? base + 1 : files[i]);
	}
	return s;
}

int main(int argc, char **argv)
{
	struct options o;
	struct ph_model *model = NULL;
	struct ph_dedup *dedup = NULL;
	struct ph_input_filter filter;
	struct ph_input_opts load_opts;
	struct ph_error *err;
	unsigned long n;
	int c, status = 0;
	struct option long_options[NR_OPTIONS + 1];
	char short_options[3 * NR_OPTIONS + 1];

	memset(&o, 0, sizeof(o));
	o.cacheline = 64;
	ph_cli_tables(options, NR_OPTIONS, long_options, short_options);
	while ((c = getopt_long(argc, argv, short_options, long_options,
				NULL)) != -1) {
		switch (c) {
		case 'C':
			ph_names_destroy(o.class_names);
			o.class_names = NULL;
			if ((err = ph_names_create(optarg, &o.class_names))) {
				fprintf(stderr, "%s: -C: %s\n", progname,
					err->message);
				ph_error_destroy(err);
				return 2;
			}
			break;
		case 's':
			o.output = OUT_SIZES;
			break;
		case 'c':
			if (!parse_number(optarg, 1UL << 20, &n) || n == 0) {
				fprintf(stderr, "%s: --cacheline_size needs a "
					"size in bytes from 1 to 1048576\n",
					progname);
				return 2;
			}
			o.cacheline = (unsigned)n;
			break;
		case 'x':
			o.exclude_prefix = optarg;
			break;
		case 'y':
			o.prefix = optarg;
			break;
		case 'H':
			if (!parse_number(optarg, UINT_MAX, &o.min_holes)) {
				fprintf(stderr, "%s: --holes needs a number\n",
					progname);
				return 2;
			}
			o.have_min_holes = true;
			break;
		case 'z':
			if (!parse_number(optarg, ULONG_MAX,
					  &o.min_hole_size)) {
				fprintf(stderr, "%s: --hole_size_ge needs a "
					"number\n", progname);
				return 2;
			}
			o.have_min_hole_size = true;
			break;
		case OPT_STRUCTS:
			o.structs_only = true;
			break;
		case OPT_UNIONS:
			o.unions_only = true;
			break;
		case OPT_JSON:
			o.output = OUT_JSON;
			break;
		case 'j':
			if (!ph_cli_jobs(progname, optarg, &o.jobs))
				return 2;
			break;
		case PH_CLI_OPT_DEBUGINFO_PATH:
			o.debuginfo_path = optarg;
			break;
		case 'o':
			if (!ph_cli_output_arg(progname, optarg,
					       &o.output_path))
				return 2;
			break;
		case 'R':
			o.reorganize = true;
			break;
		case 'E':
			o.expand = true;
			break;
		case 'S':
			o.reorganize = o.show_steps = true;
			break;
		case 'P':
			o.output = OUT_PACKABLE;
			break;
		case OPT_CROSS_GROUPS:
			o.cross_groups = true;
			break;
		case OPT_DEMOTE:
			o.demote = true;
			break;
		case OPT_HOT:
			if (!split_names(optarg, &o.hot_copy, &o.hot, &o.nr_hot)) {
				fprintf(stderr, "%s: out of memory\n", progname);
				return 1;
			}
			break;
		case OPT_MERGE_BASELINE:
			o.merge_baseline = optarg;
			break;
		case OPT_DIFF:
			o.diff = true;
			break;
		case OPT_PATCH:
			o.patch = true;
			break;
		case OPT_GROUPS:
			o.output = OUT_GROUPS;
			break;
		case OPT_HTML:
			o.output = OUT_HTML;
			break;
		case OPT_SVG:
			o.output = OUT_SVG;
			break;
		case OPT_AT: {
			char *end;

			errno = 0;
			o.at = strtoull(optarg, &end, 0);
			if (*optarg < '0' || *optarg > '9' || errno || *end) {
				fprintf(stderr, "%s: --at needs a byte offset "
					"(decimal, or hex with 0x), not '%s'\n",
					progname, optarg);
				return 2;
			}
			o.have_at = true;
			break;
		}
		case OPT_FAIL_ON: {
			unsigned idx[5], nr;

			if (!ph_cli_list(progname, "fail-on", optarg,
					 ph_diff_fail_names, 5, idx, &nr))
				return 2;
			o.fail_on = 0;
			for (unsigned i = 0; i < nr; i++)
				o.fail_on |= 1u << idx[i];
			break;
		}
		case OPT_BUDGET: {
			struct ph_diff_budget *b;

			b = reallocarray(o.budgets, o.nr_budgets + 1,
					 sizeof(*b));
			if (!b) {
				fprintf(stderr, "%s: out of memory\n",
					progname);
				return 1;
			}
			o.budgets = b;
			if (!ph_diff_parse_budget(optarg,
						  &b[o.nr_budgets++])) {
				fprintf(stderr, "%s: --budget needs NAME:BYTES, "
					"not '%s'\n", progname, optarg);
				return 2;
			}
			break;
		}
		case 'F':
			if (!ph_cli_formats(progname, optarg, o.formats,
					    &o.nr_formats))
				return 2;
			break;
		case OPT_BTF_BASE:
			o.btf_base = optarg;
			break;
		case 'M': {
			char **v;

			if (strchr(optarg, '/') || !*optarg) {
				fprintf(stderr, "%s: -M needs a module's name, "
					"as in " PH_BTF_SYSFS "\n", progname);
				return 2;
			}
			v = reallocarray(o.modules, o.nr_modules + 1,
					 sizeof(*v));
			if (!v) {
				fprintf(stderr, "%s: out of memory\n", progname);
				return 1;
			}
			o.modules = v;
			if (asprintf(&v[o.nr_modules], "%s/%s", PH_BTF_SYSFS,
				     optarg) < 0) {
				fprintf(stderr, "%s: out of memory\n", progname);
				return 1;
			}
			o.nr_modules++;
			break;
		}
		case 'h':
			usage(stdout);
			return 0;
		case PH_CLI_OPT_VERSION:
			printf("pokehole %s\n", PH_VERSION);
			return 0;
		default:
			return ph_cli_bad_usage(progname);
		}
	}
	/* The files: those named, the modules' BTF, or with neither the
	   running kernel's BTF, as pahole reads it.  */
	char **files = &argv[optind];
	int nr_files = argc - optind;
	char *kernel[1] = { (char *)PH_BTF_VMLINUX };

	if (o.nr_modules) {
		char **v = reallocarray(o.modules, o.nr_modules + nr_files,
					sizeof(*v));

		if (!v) {
			fprintf(stderr, "%s: out of memory\n", progname);
			return 1;
		}
		o.modules = v;
		memmove(v + nr_files, v, o.nr_modules * sizeof(*v));
		memcpy(v, files, nr_files * sizeof(*v));
		files = v;
		nr_files += (int)o.nr_modules;
	} else if (!nr_files && !o.diff && !o.merge_baseline &&
		   access(PH_BTF_VMLINUX, R_OK) == 0) {
		files = kernel;
		nr_files = 1;
	}
	if (!nr_files)
		return ph_cli_no_files(progname);
	if (!o.diff && (o.fail_on || o.nr_budgets)) {
		fprintf(stderr, "%s: --fail-on and --budget go with --diff\n",
			progname);
		return 2;
	}
	if (o.output == OUT_SVG && !o.class_names) {
		fprintf(stderr, "%s: --svg draws one type: it needs -C NAME\n",
			progname);
		return 2;
	}
	if (o.have_at && !o.class_names) {
		fprintf(stderr, "%s: --at needs -C NAME, the type\n",
			progname);
		return 2;
	}
	if (o.diff && argc - optind != 2) {
		fprintf(stderr, "%s: --diff compares two files, OLD NEW\n",
			progname);
		return 2;
	}
	if (o.merge_baseline && o.output_path) {
		fprintf(stderr, "%s: --merge-baseline writes OUT; -o has "
			"nothing to write\n", progname);
		return 2;
	}
	if (o.merge_baseline) {
		const char *failed;

		err = ph_merge_baseline_inputs((const char *const *)&argv[optind],
					       (size_t)(argc - optind),
					       o.merge_baseline, &failed);
		if (err) {
			if (failed)
				fprintf(stderr, "%s: %s: %s\n", progname, failed,
					err->message);
			else
				fprintf(stderr, "%s: %s\n", progname,
					err->message);
			ph_error_destroy(err);
			return 1;
		}
		return 0;
	}
	if (o.output_path && !ph_cli_output_open(progname, o.output_path))
		return 1;
	if ((err = ph_model_create(&model)) ||
	    (err = ph_dedup_create(&dedup))) {
		fprintf(stderr, "%s: %s\n", progname, err->message);
		ph_model_destroy(model);
		return ph_cli_output_close(progname, o.output_path, false);
	}
	memset(&load_opts, 0, sizeof(load_opts));
	filter.want = want;
	filter.arg = &o;
	load_opts.filter = &filter;
	load_opts.debuginfo_path = o.debuginfo_path;
	load_opts.stop_names = o.class_names && !o.expand && !o.have_at
				       ? o.class_names : NULL;
	/* pahole's lists: the types it lists, not those local to
	   functions, and the compiler's own (__va_list_tag).  */
	load_opts.pahole_types = o.output == OUT_SIZES ||
				 o.output == OUT_PACKABLE;
	for (unsigned i = 0; i < o.nr_formats; i++)
		load_opts.formats[i] = (enum ph_input_format)o.formats[i];
	load_opts.nr_formats = o.nr_formats;
	load_opts.jobs = o.jobs ? o.jobs : ph_cli_cpus();
	load_opts.btf_base = o.btf_base;
	load_opts.unspelled = o.output == OUT_SIZES;
	struct ph_sitedb sitedb;
	ph_sitedb_init(&sitedb);
	if (o.reorganize || o.output == OUT_PACKABLE || o.patch) {
		o.sites = &sitedb;
		load_opts.sites = &sitedb;
	}
	if (o.diff) {
		/* -C and the other type filters ask about types alone.  */
		struct ph_diff_options dopts = {
			o.cacheline, o.fail_on ? o.fail_on : PH_DIFF_FAIL_DEFAULT,
			o.output == OUT_JSON,
			!o.class_names && !o.prefix && !o.exclude_prefix &&
				!o.structs_only && !o.unions_only,
			o.budgets, o.nr_budgets
		};

		ph_dedup_destroy(dedup);
		ph_model_destroy(model);
		status = ph_diff_main(progname, argv[optind], argv[optind + 1],
				      &load_opts, &dopts);
		if (ph_cli_output_close(progname, o.output_path, status < 2) ||
		    ph_cli_flush(progname))
			status = 2;
		free(o.budgets);
		free(o.hot);
		free(o.hot_copy);
		ph_names_destroy(o.class_names);
		return status;
	}
	/* The files of one call are one program: a class only declared
	   in one is looked for in the others (across.c).  */
	struct ph_dw_across *across = NULL;

	if (nr_files > 1 && (err = ph_dw_across_create(o.debuginfo_path,
							&across))) {
		fprintf(stderr, "%s: %s\n", progname, err->message);
		ph_error_destroy(err);
		err = NULL;
		status = 1;
	}
	load_opts.across = across;
	for (int i = 0; i < nr_files; i++) {
		bool report;

		err = ph_input_load(files[i], model, dedup, &load_opts,
				      &report);
		/* A report's messages name the file and line.  */
		if (err && report && err != &ph_error_nomem)
			fprintf(stderr, "%s: %s\n", progname, err->message);
		else if (err)
			fprintf(stderr, "%s: %s: %s\n", progname, files[i],
				err->message);
		if (err) {
			ph_error_destroy(err);
			err = NULL;
			status = 1;
			no_input_hint(&o, files[i]);
		}
	}
	if (across && (err = ph_dw_across_finish(across, model, dedup))) {
		fprintf(stderr, "%s: %s\n", progname, err->message);
		ph_error_destroy(err);
		err = NULL;
		status = 1;
	}
	ph_dw_across_destroy(across);
	load_opts.across = NULL;
	if (o.sites) {
		const char **missing;
		size_t nr;

		if ((err = ph_sitedb_unreported(&sitedb, &missing, &nr)) == NULL &&
		    nr) {
			/* The sites of a unit built without the plugin are
			   unknown: nothing is called safe.  */
			sitedb.nr_unreported = nr;
			fprintf(stderr, "%s: %zu %s of the build %s no report of "
				"its order-dependent sites (compiled without the "
				"plugin, or without sites): no type is safe to "
				"apply; %s%s\n", progname, nr,
				nr == 1 ? "unit" : "units", nr == 1 ? "has" : "have",
				missing[0], nr > 1 ? ", ..." : "");
		}
		free(missing);
		if (err) {
			fprintf(stderr, "%s: %s\n", progname, err->message);
			ph_error_destroy(err);
			err = NULL;
			status = 1;
		}
	}
	/* What --patch's status 1 means when it comes from reading.  */
	bool failed = status != 0;

	if (o.patch) {
		struct ph_reorg_options ropts = reorg_options(&o);
		struct ph_patch_filter pf = { patch_wants, &o };
		struct ph_buf out;
		int st;

		ph_buf_init(&out);
		st = ph_patch_main(progname, model, &sitedb, &ropts, &pf, &out);
		if (out.failed)
			st = 2;
		else if (write_buf(&out))
			st = 2;
		ph_buf_deinit(&out);
		if (st > status)
			status = st;
		failed = failed || st > 1;
	} else if (o.have_at) {
		err = print_at(model, &o, &status);
	} else if (o.output == OUT_HTML) {
		struct ph_html_options hopts = { o.cacheline, NULL,
						 o.reorganize };
		struct ph_html *html = NULL;
		char *title = page_title(nr_files, files);

		hopts.title = title;
		err = title ? ph_html_create(&hopts, &html) : &ph_error_nomem;
		if (!err)
			err = print_types(model, &o, html);
		ph_html_destroy(html);
		free(title);
	} else {
		err = print_types(model, &o, NULL);
	}
	if (err) {
		fprintf(stderr, "%s: %s\n", progname, err->message);
		ph_error_destroy(err);
		status = 1;
		failed = true;
	}
	/* As pahole does, but a script can tell from the status too.  */
	if (o.class_names) {
		for (size_t i = 0; i < model->nr_types; i++)
			ph_names_match(o.class_names, model->types[i]->name);
		for (size_t i = 0; i < o.class_names->n; i++) {
			if (o.class_names->found[i])
				continue;
			fprintf(stderr, "%s: type '%s' not found\n", progname,
				o.class_names->names[i]);
			status = 1;
		}
	}
	/* Every status but --patch's refusals is an error.  */
	if (!o.patch)
		failed = status != 0;
	if (ph_cli_output_close(progname, o.output_path, !failed) ||
	    ph_cli_flush(progname))
		status = status > 1 ? status : 1;
	ph_sitedb_deinit(&sitedb);
	ph_dedup_destroy(dedup);
	ph_model_destroy(model);
	free(o.hot);
	free(o.hot_copy);
	ph_names_destroy(o.class_names);
	free(o.budgets);
	for (size_t i = 0; i < o.nr_modules; i++)
		free(o.modules[nr_files - o.nr_modules + i]);
	free(o.modules);
	return status;
}
