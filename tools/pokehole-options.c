/* pokehole's options: the table that drives their parsing and --help,
   their arguments checked, and the files they name.  */
#include "pokehole-options.h"
#include "../input/compact/btf.h"
#include "../report/diff.h"

#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef PH_VERSION
#error "PH_VERSION comes from the Makefile's VERSION"
#endif

static const char *progname = PH_POKEHOLE_NAME;

enum {
	OPT_STRUCTS = 256,
	OPT_SLABINFO,
	OPT_WORTH,
	OPT_ALLOCATOR,
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
	OPT_ACCESS,
};


/* --help's texts (struct ph_cli_command).  */
static const char usage_about[] =
"Show the layout of structs, unions and classes from the DWARF debug\n"
"information of object files, executables, shared libraries and kernel\n"
"modules, as pahole does, from their BTF or CTF, or from layout JSON\n"
"Lines (the GCC plugin's reports, --json's output).  With no FILE, the running\n"
"kernel's BTF (" PH_BTF_VMLINUX ").\n";
static const char usage_after[] =
"Each type is printed once per distinct layout, in the order it first\n"
"appears. Every mode prints to standard output, or with -o to FILE.\n"
"Exit status: 0 when every file was read, 1 when one could not be (each\n"
"such file is named on standard error; what the other files hold is\n"
"still printed to standard output, but -o FILE is not written), 2 on bad\n"
"usage. --diff exits 1 on a regression, --patch when a type is refused:\n"
"-o FILE is written then; on an error they exit 2 (--patch 1 when a file\n"
"could not be read) and do not write it.\n";

static const struct ph_cli_option options[] = {
	PH_CLI_ARG("class_name", 'C', "NAME[,NAME]",
	  "show only the types with these names"),
	PH_CLI_FLAG("sizes", 's',
	  "print NAME<TAB>SIZE<TAB>HOLES per type"),
	PH_CLI_ARG("cacheline_size", 'c', "N",
	  "cacheline size in bytes (default 64)"),
	PH_CLI_ARG("exclude", 'x', "PREFIX",
	  "leave out the types whose names start so"),
	PH_CLI_ARG("prefix_filter", 'y', "PREFIX",
	  "show only the types whose names start so"),
	PH_CLI_ARG("holes", 'H', "N",
	  "show only the types with at least N holes"),
	PH_CLI_ARG("hole_size_ge", 'z', "N",
	  "show only the types with a hole of at\nleast N bytes"),
	PH_CLI_FLAG("structs", OPT_STRUCTS,
	  "show only structs (and classes)"),
	PH_CLI_FLAG("unions", OPT_UNIONS, "show only unions"),
	PH_CLI_FLAG("json", OPT_JSON,
	  "print JSON Lines (docs/layout-jsonl.md)"),
	PH_CLI_FLAG("expand_types", 'E',
	  "show the members of struct and union\nmembers inside them"),
	PH_CLI_FLAG("reorganize", 'R',
	  "print each type in the smallest member\norder found (with --json: "
	  "as JSON Lines\ncarrying \"original_size\")"),
	PH_CLI_FLAG("access", OPT_ACCESS,
	  "with -R, the access-aware order of each\ntype the plugin's access "
	  "records know\n(the others only with -C): hot members\nfirst, on "
	  "the fewest cachelines"),
	PH_CLI_FLAG("show_reorg_steps", 'S',
	  "with -R, show each move and the layout\nafter it"),
	PH_CLI_FLAG("packable", 'P',
	  "print NAME<TAB>SIZE<TAB>PACKED SIZE<TAB>\nSAVED for each type a "
	  "new order shrinks"),
	PH_CLI_ARG("hot", OPT_HOT, "NAME[,NAME]",
	  "with -R/-P, members to pack first"),
	PH_CLI_FLAG("demote-bitfields", OPT_DEMOTE,
	  "with -R/-P, let a bitfield take the\nsmallest integer type that "
	  "holds it"),
	PH_CLI_FLAG("cross-cacheline-groups", OPT_CROSS_GROUPS,
	  "with -R/-P, let members leave the group\nof a cacheline-aligned "
	  "member"),
	PH_CLI_ARG("merge-baseline", OPT_MERGE_BASELINE, "OUT",
	  "merge the FILEs' reports (JSON Lines, or\nembedded in objects, "
	  "archives and\nprograms) into the baseline OUT, each\ndistinct "
	  "layout once, written atomically"),
	PH_CLI_FLAG("patch", OPT_PATCH,
	  "print one patch for the whole build:\nevery type -R makes smaller "
	  "whose new\norder every unit's sites allow (the\nplugin's reports: "
	  "embed, json-dir),\nits definition and every initializer\nand "
	  "list rewritten; exit 1 when a\ntype is refused"),
	PH_CLI_FLAG("diff", OPT_DIFF,
	  "compare two builds: FILE... is OLD NEW;\nprint each type that "
	  "changed, exit 1 on\na regression (--fail-on)"),
	PH_CLI_ARG("fail-on", OPT_FAIL_ON, "LIST",
	  "with --diff, what is a regression:\ngrowth, holes, padding, "
	  "cachelines, any\n(default: the first four)"),
	PH_CLI_ARG("budget", OPT_BUDGET, "NAME:BYTES",
	  "with --diff, a type of the new build\nlarger than BYTES is an "
	  "error (repeat\nfor more types)"),
	{ "slabinfo", optional_argument, OPT_SLABINFO, "FILE",
	  "the slab caches of /proc/slabinfo (or\nFILE, a saved one) tied to "
	  "structs:\nwhat packing each saves in memory now" },
	PH_CLI_FLAG("worth", OPT_WORTH,
	  "rank the types by what packing saves\nwhere they are allocated "
	  "(the plugin's\nreports): the allocator's class now and\npacked "
	  "at each heap site, static bytes"),
	PH_CLI_ARG("allocator", OPT_ALLOCATOR, "NAME",
	  "with --worth, -R, -P: the user-space\nallocator, glibc (default), "
	  "glibc32 or\njemalloc"),
	PH_CLI_FLAG("verbose", 'V',
	  "with --slabinfo, name each cache tied\nto no struct, and why"),
	PH_CLI_FLAG("groups", OPT_GROUPS,
	  "print NAME<TAB>GROUP<TAB>OFFSET<TAB>SIZE<TAB>\nCACHELINES for each "
	  "cacheline group\n(__cacheline_group_begin/end markers)"),
	PH_CLI_FLAG("html", OPT_HTML,
	  "write one self-contained HTML page (to\nstandard output, or -o FILE): an\nindex of the types and "
	  "each one's map,\na row per cacheline (with -R, the\nsuggested "
	  "order beside it)"),
	PH_CLI_FLAG("svg", OPT_SVG,
	  "with -C NAME, draw the type's map as an\nSVG picture (to standard output, or\n-o FILE; with -R, "
	  "the suggested\norder below it)"),
	PH_CLI_ARG("at", OPT_AT, "OFFSET",
	  "with -C NAME, what is at byte OFFSET\n(0x for hex) of the type: "
	  "the members\nholding it, or the hole or padding"),
	PH_CLI_ARG("format_path", 'F', "LIST",
	  "where layouts are read from, the first a\nfile has: embedded "
	  "(the plugin's reports,\n-fplugin-arg-pokehole-embed), dwarf, "
	  "btf,\nctf (default: embedded,dwarf,btf,ctf)"),
	PH_CLI_ARG("module", 'M', "MODULE",
	  "read the running kernel's BTF of MODULE\n(" PH_BTF_SYSFS
	  "/MODULE, over vmlinux's)"),
	PH_CLI_ARG("btf_base", OPT_BTF_BASE, "FILE",
	  "read the FILEs' split BTF over FILE's BTF"),
	{ "jobs", optional_argument, 'j', "N",
	  "read with N threads (default: one per\nCPU); the output does not "
	  "depend on N" },
	PH_CLI_OUTPUT_OPTION,
	PH_CLI_COMMON_OPTIONS,
};
enum { NR_OPTIONS = sizeof(options) / sizeof(options[0]) };

static const struct ph_cli_command command = {
	.name = PH_POKEHOLE_NAME, .version = PH_VERSION, .files = "[FILE...]",
	.about = usage_about, .after = usage_after,
	.opts = options, .nr_opts = NR_OPTIONS,
};

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
static struct ph_error *split_names(const char *list, char **ret_copy,
				    char ***ret, size_t *n)
{
	char *copy = strdup(list);
	char **v = NULL;
	size_t count = 0;

	if (!copy)
		return &ph_error_nomem;
	for (char *save = NULL, *p = strtok_r(copy, ",", &save); p;
	     p = strtok_r(NULL, ",", &save)) {
		char **nv = realloc(v, (count + 1) * sizeof(*nv));

		if (!nv) {
			free(v);
			free(copy);
			return &ph_error_nomem;
		}
		v = nv;
		v[count++] = p;
	}
	*ret_copy = copy;
	*ret = v;
	*n = count;
	return NULL;
}

/* -M NAME: the module's BTF file added to O's.  */
static struct ph_error *add_module(struct ph_pokehole_options *o,
				   const char *name)
{
	char **v = reallocarray(o->modules, o->nr_modules + 1, sizeof(*v));

	if (!v)
		return &ph_error_nomem;
	o->modules = v;
	if (asprintf(&v[o->nr_modules], "%s/%s", PH_BTF_SYSFS, name) < 0)
		return &ph_error_nomem;
	o->nr_modules++;
	return NULL;
}

bool ph_pokehole_wants(void *arg, const char *name, enum ph_kind kind)
{
	const struct ph_pokehole_options *o = arg;

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

int ph_pokehole_options_parse(int argc, char **argv,
			      struct ph_pokehole_options *o)
{
	struct ph_error *err;
	unsigned long n;
	int c, end;
	struct option long_options[NR_OPTIONS + 1];
	char short_options[3 * NR_OPTIONS + 1];

	memset(o, 0, sizeof(*o));
	o->cacheline = 64;
	ph_cli_tables(options, NR_OPTIONS, long_options, short_options);
	while ((c = getopt_long(argc, argv, short_options, long_options,
				NULL)) != -1) {
		switch (c) {
		case 'C':
			ph_names_destroy(o->class_names);
			o->class_names = NULL;
			if ((err = ph_names_create(optarg, &o->class_names))) {
				fprintf(stderr, "%s: -C: %s\n", progname,
					err->message);
				ph_error_destroy(err);
				return 2;
			}
			break;
		case 's':
			o->output = OUT_SIZES;
			break;
		case 'c':
			if (!parse_number(optarg, 1UL << 20, &n) || n == 0) {
				fprintf(stderr, "%s: --cacheline_size needs a "
					"size in bytes from 1 to 1048576\n",
					progname);
				return 2;
			}
			o->cacheline = (unsigned)n;
			break;
		case 'x':
			o->exclude_prefix = optarg;
			break;
		case 'y':
			o->prefix = optarg;
			break;
		case 'H':
			if (!parse_number(optarg, UINT_MAX, &o->min_holes)) {
				fprintf(stderr, "%s: --holes needs a number\n",
					progname);
				return 2;
			}
			o->have_min_holes = true;
			break;
		case 'z':
			if (!parse_number(optarg, ULONG_MAX,
					  &o->min_hole_size)) {
				fprintf(stderr, "%s: --hole_size_ge needs a "
					"number\n", progname);
				return 2;
			}
			o->have_min_hole_size = true;
			break;
		case OPT_STRUCTS:
			o->structs_only = true;
			break;
		case OPT_UNIONS:
			o->unions_only = true;
			break;
		case OPT_JSON:
			o->output = OUT_JSON;
			break;
		case 'R':
			o->reorganize = true;
			break;
		case 'E':
			o->expand = true;
			break;
		case 'S':
			o->reorganize = o->show_steps = true;
			break;
		case 'P':
			o->output = OUT_PACKABLE;
			break;
		case OPT_CROSS_GROUPS:
			o->cross_groups = true;
			break;
		case OPT_DEMOTE:
			o->demote = true;
			break;
		case OPT_HOT:
			if ((err = split_names(optarg, &o->hot_copy, &o->hot,
					       &o->nr_hot)))
				return ph_cli_error(progname, err, 1);
			break;
		case OPT_MERGE_BASELINE:
			o->merge_baseline = optarg;
			break;
		case OPT_DIFF:
			o->diff = true;
			break;
		case OPT_PATCH:
			o->patch = true;
			break;
		case OPT_ACCESS:
			o->access = true;
			break;
		case OPT_GROUPS:
			o->output = OUT_GROUPS;
			break;
		case OPT_HTML:
			o->output = OUT_HTML;
			break;
		case OPT_SVG:
			o->output = OUT_SVG;
			break;
		case OPT_AT: {
			char *end;

			errno = 0;
			o->at = strtoull(optarg, &end, 0);
			if (*optarg < '0' || *optarg > '9' || errno || *end) {
				fprintf(stderr, "%s: --at needs a byte offset "
					"(decimal, or hex with 0x), not '%s'\n",
					progname, optarg);
				return 2;
			}
			o->have_at = true;
			break;
		}
		case OPT_FAIL_ON: {
			unsigned idx[5], nr;

			if ((err = ph_cli_list("fail-on", optarg,
					       ph_diff_fail_names, 5, idx, &nr)))
				return ph_cli_error(progname, err, 2);
			o->fail_on = 0;
			for (unsigned i = 0; i < nr; i++)
				o->fail_on |= 1u << idx[i];
			break;
		}
		case OPT_BUDGET: {
			struct ph_diff_budget *b;

			b = reallocarray(o->budgets, o->nr_budgets + 1,
					 sizeof(*b));
			if (!b)
				return ph_cli_error(progname, &ph_error_nomem,
						    1);
			o->budgets = b;
			if (!ph_diff_parse_budget(optarg,
						  &b[o->nr_budgets++])) {
				fprintf(stderr, "%s: --budget needs NAME:BYTES, "
					"not '%s'\n", progname, optarg);
				return 2;
			}
			break;
		}
		case OPT_WORTH:
			o->worth = true;
			break;
		case OPT_ALLOCATOR:
			if (strcmp(optarg, "glibc") && strcmp(optarg, "glibc32") &&
			    strcmp(optarg, "jemalloc")) {
				fprintf(stderr, "%s: --allocator takes glibc, "
					"glibc32 or jemalloc, not '%s'\n",
					progname, optarg);
				return 2;
			}
			o->allocator = optarg;
			break;
		case OPT_SLABINFO:
			o->slabinfo = true;
			o->slabinfo_file = optarg;
			break;
		case 'V':
			o->verbose = true;
			break;
		case OPT_BTF_BASE:
			o->btf_base = optarg;
			break;
		case 'M':
			if (strchr(optarg, '/') || !*optarg) {
				fprintf(stderr, "%s: -M needs a module's name, "
					"as in " PH_BTF_SYSFS "\n", progname);
				return 2;
			}
			if ((err = add_module(o, optarg)))
				return ph_cli_error(progname, err, 1);
			break;
		default:
			if ((end = ph_cli_other_option(&command, c, optarg,
						       &o->common)) >= 0)
				return end;
		}
	}
	/* The files: those named, the modules' BTF, or with neither the
	   running kernel's BTF, as pahole reads it.  */
	static char *kernel[1] = { (char *)PH_BTF_VMLINUX };
	char **files = &argv[optind];
	int nr_files = argc - optind;

	o->args = files;
	o->nr_args = nr_files;

	if (o->nr_modules) {
		char **v = reallocarray(o->modules, o->nr_modules + nr_files,
					sizeof(*v));

		if (!v)
			return ph_cli_error(progname, &ph_error_nomem, 1);
		o->modules = v;
		memmove(v + nr_files, v, o->nr_modules * sizeof(*v));
		memcpy(v, files, nr_files * sizeof(*v));
		files = v;
		nr_files += (int)o->nr_modules;
	} else if (!nr_files && !o->diff && !o->merge_baseline &&
		   access(PH_BTF_VMLINUX, R_OK) == 0) {
		files = kernel;
		nr_files = 1;
	}
	o->files = files;
	o->nr_files = nr_files;
	if (!nr_files)
		return ph_cli_no_files(progname);
	if (!o->diff && (o->fail_on || o->nr_budgets)) {
		fprintf(stderr, "%s: --fail-on and --budget go with --diff\n",
			progname);
		return 2;
	}
	if (o->output == OUT_SVG && !o->class_names) {
		fprintf(stderr, "%s: --svg draws one type: it needs -C NAME\n",
			progname);
		return 2;
	}
	if (o->have_at && !o->class_names) {
		fprintf(stderr, "%s: --at needs -C NAME, the type\n",
			progname);
		return 2;
	}
	if (o->diff && o->nr_args != 2) {
		fprintf(stderr, "%s: --diff compares two files, OLD NEW\n",
			progname);
		return 2;
	}
	/* --patch rewrites for the order the plugin made its edits for
	   (the sites records'), the size-optimal one.  */
	if (o->access && (!o->reorganize || o->patch ||
			  (o->output != OUT_TEXT && o->output != OUT_JSON))) {
		fprintf(stderr, "%s: --access goes with -R (text or --json); "
			"--patch rewrites for the size-optimal order the "
			"plugin's sites records were made for\n", progname);
		return 2;
	}
	if (o->merge_baseline && o->common.output_path) {
		fprintf(stderr, "%s: --merge-baseline writes OUT; -o has "
			"nothing to write\n", progname);
		return 2;
	}
	return -1;
}

void ph_pokehole_options_deinit(struct ph_pokehole_options *o)
{
	free(o->hot);
	free(o->hot_copy);
	ph_names_destroy(o->class_names);
	free(o->budgets);
	for (size_t i = 0; i < o->nr_modules; i++)
		free(o->modules[o->nr_files - o->nr_modules + i]);
	free(o->modules);
}
