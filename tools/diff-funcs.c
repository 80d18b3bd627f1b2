/* The functions of pokehole --diff, as codiff -f has them: read with
   pokefunct's reader (funcs.h) from each side, paired by name and file
   (lines move between versions), and told when a body changed size,
   appeared or went, or a function was added or removed.  Both sides
   must have bodies' sizes (DWARF) or both be the plugin's records (which
   have no bytes: then whether a body is kept).  Paired by name and the
   base name of the file.  */
#include "diff-funcs.h"
#include "cli.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../funct/funcs.h"
#include "../funct/funcs-json.h"
#include "../input/reports/jsonl-read.h"
#include "../report/jsonl.h"

/* PATH's functions into T: a report's records, or an ELF file's DWARF
   (its embedded records when it has no DWARF functions).  */
static struct ph_error *load(struct ph_fn_table *t, const char *path)
{
	struct ph_fn_opts o;
	struct ph_error *err;
	bool any;

	memset(&o, 0, sizeof(o));
	o.jobs = 1;
	if (ph_report_is_file(path))
		return ph_fn_load_report(t, path);
	err = ph_fn_load_file(t, path, &o);
	if (!err && t->n)
		return NULL;
	if (err == &ph_error_nomem)
		return err;
	if (err)
		ph_error_destroy(err);
	return ph_fn_load_embedded(t, path, &any);
}

static const char *base_name(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? slash + 1 : path;
}

/* Name, then the file's base name: two builds are often two trees, and
   the same file has another directory in each.  */
static int by_key(const void *a, const void *b)
{
	const struct ph_fn *x = *(const struct ph_fn *const *)a;
	const struct ph_fn *y = *(const struct ph_fn *const *)b;
	int c = strcmp(x->name, y->name);

	return c ? c : strcmp(base_name(x->file), base_name(y->file));
}

/* The functions of T defined there, sorted by name and file.  */
static const struct ph_fn **defined(const struct ph_fn_table *t, size_t *n)
{
	const struct ph_fn **v = malloc((t->n + 1) * sizeof(*v));

	*n = 0;
	if (!v)
		return NULL;
	for (size_t i = 0; i < t->n; i++)
		if (t->fns[i].defined)
			v[(*n)++] = &t->fns[i];
	qsort(v, *n, sizeof(*v), by_key);
	return v;
}

struct tally {
	size_t changed, added, removed;
	uint64_t gained, lost;
};

static void put_fn(struct ph_buf *out, bool json, const struct ph_fn *b,
		   const struct ph_fn *a, struct tally *t)
{
	const struct ph_fn *f = a ? a : b;
	const char *change;
	bool bytes = !f->from_report;

	if (!b) {
		change = "added";
		t->added++;
	} else if (!a) {
		change = "removed";
		t->removed++;
	} else if (a->has_body != b->has_body) {
		change = a->has_body ? "body kept" : "body gone";
		t->changed++;
	} else if (bytes && a->has_body && a->size != b->size) {
		change = a->size > b->size ? "grew" : "shrank";
		t->changed++;
		if (a->size > b->size)
			t->gained += a->size - b->size;
		else
			t->lost += b->size - a->size;
	} else {
		return;
	}
	if (json) {
		ph_buf_puts(out, "{\"name\":");
		ph_json_string(out, f->name);
		ph_buf_puts(out, ",\"kind\":\"function\",\"file\":");
		ph_json_string(out, f->file);
		ph_buf_printf(out, ",\"change\":\"%s\"", change);
		if (b && bytes && b->has_body)
			ph_buf_printf(out, ",\"old_size\":%" PRIu64, b->size);
		if (a && bytes && a->has_body)
			ph_buf_printf(out, ",\"new_size\":%" PRIu64, a->size);
		ph_buf_puts(out, "}\n");
		return;
	}
	ph_buf_printf(out, "function %s: ", f->name);
	if (!b || !a) {
		ph_buf_puts(out, change);
		if (bytes && f->has_body)
			ph_buf_printf(out, ", %s%" PRIu64 " bytes",
				      a ? "" : "was ", f->size);
		else if (!f->has_body)
			ph_buf_puts(out, ", no out-of-line body");
	} else if (a->has_body != b->has_body) {
		if (a->has_body)
			ph_buf_puts(out, "now keeps an out-of-line body");
		else
			ph_buf_puts(out, "no longer keeps an out-of-line body");
		if (bytes)
			ph_buf_printf(out, " (%" PRIu64 " bytes)",
				      a->has_body ? a->size : b->size);
	} else {
		ph_buf_printf(out, "%" PRIu64 " -> %" PRIu64 " bytes (%+" PRId64
			      ")", b->size, a->size,
			      (int64_t)(a->size - b->size));
	}
	ph_buf_putc(out, '\n');
}

int ph_diff_functions(const char *progname, const char *old_path,
		      const char *new_path, bool json, struct ph_buf *out)
{
	struct ph_fn_table tb, ta;
	const struct ph_fn **b = NULL, **a = NULL;
	size_t nb = 0, na = 0, i = 0, j = 0;
	struct tally t = { 0 };
	struct ph_error *err;
	int status = 0;

	ph_fn_table_init(&tb);
	ph_fn_table_init(&ta);
	if ((err = load(&tb, old_path)) || (err = load(&ta, new_path))) {
		fprintf(stderr, "%s: %s: functions: %s\n", progname,
			tb.n || !ta.n ? new_path : old_path, err->message);
		ph_error_destroy(err);
		status = 2;
		goto out;
	}
	/* Nothing to compare: a side without functions, or sizes on one
	   side and none on the other.  */
	if (!tb.n || !ta.n || tb.fns[0].from_report != ta.fns[0].from_report)
		goto out;
	b = defined(&tb, &nb);
	a = defined(&ta, &na);
	if (!b || !a) {
		status = ph_cli_error(progname, &ph_error_nomem, 2);
		goto out;
	}
	while (i < nb || j < na) {
		int c = i >= nb ? 1 : j >= na ? -1 : by_key(&b[i], &a[j]);

		if (c < 0)
			put_fn(out, json, b[i++], NULL, &t);
		else if (c > 0)
			put_fn(out, json, NULL, a[j++], &t);
		else
			put_fn(out, json, b[i++], a[j++], &t);
	}
	if (!json)
		ph_buf_printf(out, "functions: %zu changed, %zu added, %zu "
			      "removed; +%" PRIu64 " bytes, -%" PRIu64
			      " bytes\n", t.changed, t.added, t.removed,
			      t.gained, t.lost);
out:
	free(b);
	free(a);
	ph_fn_table_deinit(&tb);
	ph_fn_table_deinit(&ta);
	return status;
}
