/* pokehole --diff OLD NEW: each side read as pokehole reads a file (an
   object, archive, program, module, or a JSON Lines report; embedded
   reports first), the two models compared (reorg/diff.c) and the
   changes printed (report/diff.c).  The exit status is what a CI gate
   needs: 0 when nothing regressed, 1 when something did or a budget is
   exceeded, 2 when a side could not be read.  */
#include "diff-cmd.h"
#include "cli.h"
#include "../input/load.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diff-funcs.h"
#include "../input/reports/jsonl-read.h"
#include "../report/diff.h"

bool ph_diff_parse_budget(const char *arg, struct ph_diff_budget *ret)
{
	const char *colon = strrchr(arg, ':');
	char *end;

	if (!colon || colon == arg || colon[1] < '0' || colon[1] > '9')
		return false;
	errno = 0;
	ret->bytes = strtoull(colon + 1, &end, 0);
	if (errno || *end)
		return false;
	ret->name = arg;
	ret->name_len = (size_t)(colon - arg);
	return true;
}

/* One side into a model of its own; 0, or 2 after saying why not.  */
static int load_side(const char *progname, const char *path,
		     const struct ph_input_opts *opts, struct ph_model **ret)
{
	struct ph_dedup *dedup = NULL;
	struct ph_error *err;
	bool named = false;

	*ret = NULL;
	if (!(err = ph_model_create(ret)) && !(err = ph_dedup_create(&dedup)))
		err = ph_input_load(path, *ret, dedup, opts, &named);
	ph_dedup_destroy(dedup);
	return err ? ph_cli_load_error(progname, path, err, named, 2) : 0;
}

/* Budgets over the new side: 1 when one is exceeded, 2 when one names
   no type there.  */
static int check_budgets(const char *progname, const struct ph_model *m,
			 const struct ph_diff_options *o)
{
	int status = 0;

	for (size_t i = 0; i < o->nr_budgets; i++) {
		const struct ph_diff_budget *b = &o->budgets[i];
		bool found = false;

		for (size_t j = 0; j < m->nr_types; j++) {
			const struct ph_type *t = m->types[j];

			if (strlen(t->name) != b->name_len ||
			    strncmp(t->name, b->name, b->name_len) != 0)
				continue;
			found = true;
			if (t->size <= b->bytes)
				continue;
			printf("budget: %s %s is %" PRIu64 " bytes, over its "
			       "budget of %" PRIu64 " (+%" PRIu64 ")\n",
			       ph_kind_name(t->kind), t->name, t->size,
			       b->bytes, t->size - b->bytes);
			if (status < 1)
				status = 1;
		}
		if (!found) {
			fprintf(stderr, "%s: --budget: no type '%.*s' in the "
				"new build\n", progname, (int)b->name_len,
				b->name);
			status = 2;
		}
	}
	return status;
}

int ph_diff_main(const char *progname, const char *old_path,
		 const char *new_path, const struct ph_input_opts *lo,
		 const struct ph_diff_options *o)
{
	struct ph_model *before = NULL, *after = NULL;
	struct ph_diff diff;
	struct ph_buf out;
	struct ph_error *err;
	int status = 0;

	if (load_side(progname, old_path, lo, &before) ||
	    load_side(progname, new_path, lo, &after)) {
		ph_model_destroy(before);
		ph_model_destroy(after);
		return 2;
	}
	ph_buf_init(&out);
	err = ph_diff_models(before, after, o->cacheline, &diff);
	if (!err) {
		err = o->json ? ph_render_diff_jsonl(&out, &diff, o->fail_on)
			      : ph_render_diff_text(&out, &diff, o->fail_on);
		for (size_t i = 0; i < diff.nr_types && !err; i++)
			if (ph_diff_fails(&diff.types[i], o->fail_on))
				status = 1;
		ph_diff_deinit(&diff);
		if (!err && o->functions &&
		    ph_diff_functions(progname, old_path, new_path, o->json,
				      &out) == 2)
			status = 2;
	}
	if (err)
		status = ph_cli_error(progname, err, 2);
	else if (out.len)
		fwrite(out.data, 1, out.len, stdout);
	ph_buf_deinit(&out);
	if (status < 2) {
		int b = check_budgets(progname, after, o);

		if (b > status)
			status = b;
	}
	ph_model_destroy(before);
	ph_model_destroy(after);
	return status;
}
