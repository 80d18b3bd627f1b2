/* pokehole: the layouts of already-built objects, read from their DWARF,
   with pahole's options and output: the files read, then what the
   options ask done with them (the options in pokehole-options.c, the
   printing in pokehole-print.c).  */
#include "pokehole-options.h"
#include "pokehole-print.h"
#include "../input/load.h"
#include "diff-cmd.h"
#include "patch-cmd.h"
#include "slabinfo-cmd.h"
#include "worth-cmd.h"
#include "../input/dwarf/across.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../baseline/baseline.h"
#include "baseline-in.h"
#include "../report/diff.h"
#include "../report/html.h"

static const char *progname = PH_POKEHOLE_NAME;

/* PATH could not be read as an input: when it is a page or picture
   that does not exist yet, the output was likely meant.  */
static void no_input_hint(const struct ph_pokehole_options *o,
			  const char *path)
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

/* What the options ask of the types read into MODEL: --patch (its
   status in *STATUS, *FAILED when it failed), --at, the page, or the
   types printed.  */
static struct ph_error *print_mode(struct ph_model *model,
				   struct ph_sitedb *sitedb,
				   const struct ph_pokehole_options *o,
				   int *status, bool *failed)
{
	struct ph_error *err = NULL;

	if (o->slabinfo)
		return ph_pokehole_slabinfo(model, o, status);
	if (o->worth)
		return ph_pokehole_worth(model, o);
	if (o->patch) {
		struct ph_reorg_options ropts = ph_pokehole_reorg_options(o);
		struct ph_buf out;
		int st;

		ph_buf_init(&out);
		st = ph_patch_main(progname, model, sitedb, &ropts, &out);
		if (out.failed)
			st = 2;
		else if (ph_pokehole_write_buf(&out))
			st = 2;
		ph_buf_deinit(&out);
		if (st > *status)
			*status = st;
		*failed = *failed || st > 1;
	} else if (o->have_at) {
		err = ph_pokehole_print_at(model, o, status);
	} else if (o->output == OUT_HTML) {
		struct ph_html_options hopts = { o->cacheline, NULL,
						 o->reorganize,
						 o->reorganize && o->allocs &&
						 o->allocs->n };
		struct ph_html *html = NULL;
		char *title = page_title(o->nr_files, o->files);

		hopts.title = title;
		err = title ? ph_html_create(&hopts, &html) : &ph_error_nomem;
		if (!err)
			err = ph_pokehole_print_types(model, o, html);
		ph_html_destroy(html);
		free(title);
	} else {
		err = ph_pokehole_print_types(model, o, NULL);
	}
	return err;
}

int main(int argc, char **argv)
{
	struct ph_pokehole_options o;
	struct ph_model *model = NULL;
	struct ph_dedup *dedup = NULL;
	struct ph_input_filter filter;
	struct ph_input_opts load_opts;
	struct ph_error *err;
	int status;

	if ((status = ph_pokehole_options_parse(argc, argv, &o)) >= 0)
		return status;
	status = 0;
	if (o.merge_baseline) {
		const char *failed;

		err = ph_merge_baseline_inputs((const char *const *)o.args,
					       (size_t)o.nr_args,
					       o.merge_baseline, &failed);
		if (err && failed)
			return ph_cli_file_error(progname, failed, err, 1);
		return err ? ph_cli_error(progname, err, 1) : 0;
	}
	if (o.common.output_path &&
	    (err = ph_cli_output_open(o.common.output_path)))
		return ph_cli_error(progname, err, 1);
	if ((err = ph_model_create(&model)) ||
	    (err = ph_dedup_create(&dedup))) {
		ph_cli_error(progname, err, 1);
		ph_model_destroy(model);
		return ph_cli_output_close(progname, o.common.output_path, false);
	}
	memset(&load_opts, 0, sizeof(load_opts));
	filter.want = ph_pokehole_wants;
	filter.arg = &o;
	load_opts.filter = &filter;
	load_opts.debuginfo_path = o.common.debuginfo_path;
	load_opts.stop_names = o.class_names && !o.expand && !o.have_at
				       ? o.class_names : NULL;
	/* pahole's lists: the types it lists, not those local to
	   functions, and the compiler's own (__va_list_tag).  */
	load_opts.pahole_types = o.output == OUT_SIZES ||
				 o.output == OUT_PACKABLE || o.slabinfo;
	for (unsigned i = 0; i < o.common.nr_formats; i++)
		load_opts.formats[i] =
			(enum ph_input_format)o.common.formats[i];
	load_opts.nr_formats = o.common.nr_formats;
	load_opts.jobs = o.common.jobs ? o.common.jobs : ph_cli_cpus();
	load_opts.btf_base = o.btf_base;
	load_opts.unspelled = o.output == OUT_SIZES;
	struct ph_sitedb sitedb;
	ph_sitedb_init(&sitedb);
	if (o.reorganize || o.output == OUT_PACKABLE || o.patch) {
		o.sites = &sitedb;
		load_opts.sites = &sitedb;
	}
	struct ph_allocdb allocdb;
	ph_allocdb_init(&allocdb);
	if (o.reorganize || o.output == OUT_PACKABLE || o.worth ||
	    o.slabinfo) {
		o.allocs = &allocdb;
		load_opts.allocs = &allocdb;
	}
	struct ph_accessdb accessdb;
	ph_accessdb_init(&accessdb);
	if (o.access) {
		o.accesses = &accessdb;
		load_opts.access = &accessdb;
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
		status = ph_diff_main(progname, o.args[0], o.args[1],
				      &load_opts, &dopts);
		if (ph_cli_output_close(progname, o.common.output_path, status < 2) ||
		    ph_cli_flush(progname))
			status = 2;
		ph_pokehole_options_deinit(&o);
		return status;
	}
	/* The files of one call are one program: a class only declared
	   in one is looked for in the others (across.c).  */
	struct ph_dw_across *across = NULL;

	if (o.nr_files > 1 &&
	    (err = ph_dw_across_create(o.common.debuginfo_path, &across)))
		status = ph_cli_error(progname, err, 1);
	load_opts.across = across;
	for (int i = 0; i < o.nr_files; i++) {
		bool report;

		err = ph_input_load(o.files[i], model, dedup, &load_opts,
				      &report);
		if (!err)
			continue;
		status = ph_cli_load_error(progname, o.files[i], err, report,
					   1);
		no_input_hint(&o, o.files[i]);
	}
	if (across && (err = ph_dw_across_finish(across, model, dedup)))
		status = ph_cli_error(progname, err, 1);
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
		if (err)
			status = ph_cli_error(progname, err, 1);
	}
	/* The caches the build's reports tie to structs (a
	   kmem_cache_create's name and its size argument's type).  */
	const char **pairs = NULL;
	if (o.slabinfo && allocdb.n) {
		size_t nr;
		if ((err = ph_allocdb_cache_pairs(&allocdb, &pairs, &nr)))
			status = ph_cli_error(progname, err, 1);
		else {
			o.cache_pairs = pairs;
			o.nr_cache_pairs = nr;
		}
	}
	/* What --patch's status 1 means when it comes from reading.  */
	bool failed = status != 0;

	if ((err = print_mode(model, &sitedb, &o, &status, &failed))) {
		status = ph_cli_error(progname, err, 1);
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
	if (ph_cli_output_close(progname, o.common.output_path, !failed) ||
	    ph_cli_flush(progname))
		status = status > 1 ? status : 1;
	ph_sitedb_deinit(&sitedb);
	free(pairs);
	ph_allocdb_deinit(&allocdb);
	ph_accessdb_deinit(&accessdb);
	ph_dedup_destroy(dedup);
	ph_model_destroy(model);
	ph_pokehole_options_deinit(&o);
	return status;
}
