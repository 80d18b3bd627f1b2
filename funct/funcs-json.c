// SPDX-License-Identifier: GPL-3.0-or-later
/* pokefunct's other input: the GCC plugin's JSON Lines report
   (-fplugin-arg-pokehole-functions), whose "function" records fill the
   table DWARF fills.  The compiler knows what DWARF forgets: that a
   function never inlined was declared inline, and every call to it
   inlined or not.  A report has one record a function and a unit (a
   static inline of a header is in each unit that defines it), and
   several units may append to one file: the records of a function are
   merged, their calls added up.  */
#include "funcs-json.h"

#include <dwarf.h>
#include <jansson.h>
#include <limits.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "../input/reports/frame-read.h"
#include "../baseline/json.h"
#include "../baseline/lines.h"

/* A function record, checked; its strings are V's.  */
struct rec {
	json_t *v;
	const char *name, *file;
	unsigned line, params, labels, calls_inlined;
	bool declared_inline, body_kept;
};

struct load {
	const char *path;
	struct rec *recs;
	size_t n, cap;
};

static bool get_string(const json_t *v, const char *key, const char **ret)
{
	const json_t *s = json_object_get(v, key);

	if (!json_is_string(s))
		return false;
	*ret = json_string_value(s);
	return true;
}

/* KEY, a count: 0 when absent, as in the records of -flto's compile
   step, which decides nothing.  */
static bool get_count(const json_t *v, const char *key, unsigned *ret)
{
	uint64_t n;

	if (!ph_json_opt_uint(v, key, UINT_MAX, &n))
		return false;
	*ret = (unsigned)n;
	return true;
}

static struct ph_error *bad(const struct load *l, size_t lineno,
			    const char *what, const char *key)
{
	return ph_error_create(PH_ERROR_INVALID, "%s:%zu: %s%s%s%s",
			       l->path, lineno, key ? "\"" : "",
			       key ? key : "", key ? "\" " : "", what);
}

static struct ph_error *parse(const struct load *l, size_t lineno,
			      json_t *v, struct rec *r)
{
	static const char *const counts[] = { "params", "labels",
					      "calls_inlined" };
	unsigned *count_of[] = { &r->params, &r->labels, &r->calls_inlined };
	static const char *const flags[] = { "declared_inline", "body_kept" };
	bool *flag_of[] = { &r->declared_inline, &r->body_kept };

	r->v = v;
	if (!get_string(v, "name", &r->name) || !*r->name ||
	    !get_string(v, "file", &r->file) ||
	    !json_is_integer(json_object_get(v, "line")))
		return bad(l, lineno, "a function record without \"name\", "
			   "\"file\" and \"line\"", NULL);
	if (!get_count(v, "line", &r->line))
		return bad(l, lineno, "is not a line number", "line");
	for (size_t i = 0; i < sizeof(counts) / sizeof(counts[0]); i++)
		if (!get_count(v, counts[i], count_of[i]))
			return bad(l, lineno, "is not a count", counts[i]);
	for (size_t i = 0; i < sizeof(flags) / sizeof(flags[0]); i++)
		if (!ph_json_flag(v, flags[i], flag_of[i]))
			return bad(l, lineno, "is not true or false",
				   flags[i]);
	return NULL;
}

static struct ph_error *reserve(struct load *l)
{
	size_t cap = l->cap ? 2 * l->cap : 64;
	struct rec *recs;

	if (l->n < l->cap)
		return NULL;
	recs = reallocarray(l->recs, cap, sizeof(*recs));
	if (!recs)
		return &ph_error_nomem;
	l->recs = recs;
	l->cap = cap;
	return NULL;
}

/* One line: records of other kinds (the unit's types) are skipped, as
   readers of layouts skip those they do not know.  */
static struct ph_error *load_line(void *arg, const char *line, size_t n,
				  size_t lineno)
{
	struct load *l = arg;
	json_error_t je;
	const char *kind;
	struct ph_error *err = NULL;
	json_t *v;

	if ((err = ph_json_loadb(line, n, 0, &v, &je)))
		return err;
	if (!v) {
		return ph_error_create(PH_ERROR_INVALID,
				       "%s:%zu: not a JSON object: %s",
				       l->path, lineno, je.text);
	}
	if (!json_is_object(v))
		err = bad(l, lineno, "not a JSON object", NULL);
	else if (!get_string(v, "kind", &kind))
		err = bad(l, lineno, "a record without \"kind\"", NULL);
	else if (strcmp(kind, "function") == 0) {
		if (!(err = reserve(l)) &&
		    !(err = parse(l, lineno, v, &l->recs[l->n]))) {
			l->n++;
			return NULL;
		}
	}
	json_decref(v);
	return err;
}

static unsigned add_capped(unsigned a, unsigned b)
{
	return b > UINT_MAX - a ? UINT_MAX : a + b;
}

static struct ph_error *add(struct ph_fn_table *t, const struct rec *r)
{
	struct ph_error *err;
	struct ph_fn *f;
	bool declared;
	size_t i;

	if ((err = ph_fn_table_get(t, r->name, r->file, r->line, true, &i)))
		return err;
	f = &t->fns[i];
	if (!f->defined) {
		f->defined = true;
		f->params = r->params;
		f->labels = r->labels;
	}
	f->units++;
	f->inlined_count = add_capped(f->inlined_count, r->calls_inlined);
	if (r->body_kept) {
		f->has_body = true;
		f->nr_bodies++;
	}
	declared = r->declared_inline || ph_fn_declared_inline(f);
	if (declared)
		f->inline_attr = f->inlined_count ? DW_INL_declared_inlined :
						    DW_INL_declared_not_inlined;
	else
		f->inline_attr = f->inlined_count ? DW_INL_inlined :
						    DW_INL_not_inlined;
	return NULL;
}

/* Adds what L has read, and frees it.  */
static struct ph_error *add_all(struct ph_fn_table *t, struct load *l,
				struct ph_error *err)
{
	for (size_t i = 0; i < l->n && !err; i++)
		err = add(t, &l->recs[i]);
	for (size_t i = 0; i < l->n; i++)
		json_decref(l->recs[i].v);
	free(l->recs);
	return err;
}

struct ph_error *ph_fn_load_report(struct ph_fn_table *t, const char *path)
{
	struct load l = { .path = path };
	struct ph_error *err;
	char *text;
	size_t len;

	if ((err = ph_lines_read_file(path, &text, &len)))
		return err;
	/* Every line is checked before any is added: a bad file adds
	   nothing, so that what is listed is never half a report.  */
	err = ph_lines_each(text, len, load_line, &l);
	free(text);
	return add_all(t, &l, err);
}

struct frames {
	struct load l;
	unsigned n;
	char origin[48];
};

static struct ph_error *load_frame(void *arg, const char *text, size_t len)
{
	struct frames *f = arg;

	/* The caller puts the path in front: "FILE: embedded report
	   N:LINE: why", N counting the file's frames from 1.  */
	snprintf(f->origin, sizeof(f->origin), "embedded report %u", ++f->n);
	f->l.path = f->origin;
	return ph_lines_each(text, len, load_line, &f->l);
}

struct ph_error *ph_fn_load_embedded(struct ph_fn_table *t, const char *path,
				     bool *any)
{
	struct frames f = { .n = 0 };
	struct ph_error *err;
	bool found;

	err = ph_embedded_each_file(path, load_frame, &f, &found);
	*any = f.l.n > 0;
	return add_all(t, &f.l, err);
}
