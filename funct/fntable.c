/* pokefunct's table of functions: each function once, by name,
   declaration file and line, and the merge of two tables read from
   consecutive units (funcs-jobs.c's threads each read a unit into a
   table of its own).  */
#include "fntable.h"

#include <stdlib.h>
#include <string.h>

void ph_fn_table_init(struct ph_fn_table *t)
{
	memset(t, 0, sizeof(*t));
}

void ph_fn_table_deinit(struct ph_fn_table *t)
{
	for (size_t i = 0; i < t->n; i++) {
		free(t->fns[i].name);
		free(t->fns[i].file);
		free(t->fns[i].exps);
		free(t->fns[i].proto);
	}
	free(t->fns);
	free(t->slots);
	memset(t, 0, sizeof(*t));
}

static size_t hash_key(const char *name, const char *file, unsigned line,
		       bool report)
{
	uint64_t h = 1469598103934665603ULL ^ report;

	for (const char *p = name; *p; p++)
		h = (h ^ (unsigned char)*p) * 1099511628211ULL;
	h = (h ^ 0xff) * 1099511628211ULL;
	for (const char *p = file; *p; p++)
		h = (h ^ (unsigned char)*p) * 1099511628211ULL;
	h = (h ^ line) * 1099511628211ULL;
	return (size_t)(h ^ (h >> 29));
}

static struct ph_error *grow_slots(struct ph_fn_table *t)
{
	size_t n = t->nr_slots ? t->nr_slots * 2 : 1024;
	size_t *slots = calloc(n, sizeof(*slots));

	if (!slots)
		return &ph_error_nomem;
	for (size_t i = 0; i < t->n; i++) {
		const struct ph_fn *f = &t->fns[i];
		size_t s = hash_key(f->name, f->file, f->line,
				    f->from_report) & (n - 1);

		while (slots[s])
			s = (s + 1) & (n - 1);
		slots[s] = i + 1;
	}
	free(t->slots);
	t->slots = slots;
	t->nr_slots = n;
	return NULL;
}

struct ph_error *ph_fn_table_get(struct ph_fn_table *t, const char *name,
				 const char *file, unsigned line, bool report,
				 size_t *ret)
{
	size_t s, h = hash_key(name, file, line, report);
	struct ph_fn *f;
	struct ph_error *err;

	if (2 * (t->n + 1) > t->nr_slots && (err = grow_slots(t)))
		return err;
	for (s = h & (t->nr_slots - 1); t->slots[s];
	     s = (s + 1) & (t->nr_slots - 1)) {
		f = &t->fns[t->slots[s] - 1];
		if (f->line == line && f->from_report == report &&
		    strcmp(f->name, name) == 0 && strcmp(f->file, file) == 0) {
			*ret = t->slots[s] - 1;
			return NULL;
		}
	}
	if (t->n == t->cap) {
		size_t cap = t->cap ? t->cap * 2 : 256;
		struct ph_fn *fns = realloc(t->fns, cap * sizeof(*fns));

		if (!fns)
			return &ph_error_nomem;
		t->fns = fns;
		t->cap = cap;
	}
	f = &t->fns[t->n];
	memset(f, 0, sizeof(*f));
	f->inline_attr = -1;
	f->counted = -1;
	f->line = line;
	f->from_report = report;
	f->name = strdup(name);
	f->file = strdup(file);
	if (!f->name || !f->file) {
		free(f->name);
		free(f->file);
		return &ph_error_nomem;
	}
	t->slots[s] = ++t->n;
	*ret = t->n - 1;
	return NULL;
}

/* DST's body of F becomes SRC's: its range, and the expansions inside
   it, whose functions are those of SRC's (MAP: SRC's index to DST's).  */
static struct ph_error *take_body(struct ph_fn *d, const struct ph_fn *f,
				  const size_t *map)
{
	d->has_body = true;
	d->size = f->size;
	d->low_pc = f->low_pc;
	d->high_pc = f->high_pc;
	d->nr_exp = f->nr_exp;
	d->exp_bytes = f->exp_bytes;
	if (!f->exps)
		return NULL;
	d->exps = malloc(f->nr_exp * sizeof(*d->exps));
	if (!d->exps)
		return &ph_error_nomem;
	d->exps_cap = f->nr_exp;
	for (unsigned k = 0; k < f->nr_exp; k++) {
		d->exps[k] = f->exps[k];
		d->exps[k].origin = map[f->exps[k].origin];
	}
	return NULL;
}

/* What the walk does as each DIE comes, done for SRC's DIEs as a whole:
   the first body, the first counts of the highest rank, the last
   DW_AT_inline, the sums of the rest.  */
static struct ph_error *merge_fn(struct ph_fn_table *dst, size_t di,
				 const struct ph_fn *f, size_t units_before,
				 const size_t *map)
{
	struct ph_fn *d = &dst->fns[di];
	struct ph_error *err;

	d->external |= f->external;
	if (f->inline_attr >= 0)
		d->inline_attr = f->inline_attr;
	d->defined |= f->defined;
	if (f->units) {
		d->units += f->units;
		d->last_unit = units_before + f->last_unit;
	}
	if (f->has_body && !d->has_body &&
	    (err = take_body(d, f, map)))
		return err;
	d->nr_bodies += f->nr_bodies;
	d->inlined_count += f->inlined_count;
	d->inlined_bytes += f->inlined_bytes;
	if (f->counted > d->counted) {
		d->counted = f->counted;
		d->params = f->params;
		d->labels = f->labels;
		d->variables = f->variables;
		d->varargs = f->varargs;
		d->class_param = f->class_param;
		free(d->proto);
		d->proto = NULL;
		if (f->proto && !(d->proto = strdup(f->proto)))
			return &ph_error_nomem;
	}
	return NULL;
}

struct ph_error *ph_fn_table_merge(struct ph_fn_table *dst,
				   const struct ph_fn_table *src)
{
	size_t *map, units_before = dst->nr_units;
	struct ph_error *err = NULL;

	if (!src->n) {
		dst->nr_units += src->nr_units;
		return NULL;
	}
	map = malloc(src->n * sizeof(*map));
	if (!map)
		return &ph_error_nomem;
	/* Every index first: an expansion may be of a function that comes
	   later in SRC.  */
	for (size_t i = 0; i < src->n && !err; i++) {
		const struct ph_fn *f = &src->fns[i];

		err = ph_fn_table_get(dst, f->name, f->file, f->line,
				      f->from_report, &map[i]);
	}
	for (size_t i = 0; i < src->n && !err; i++)
		err = merge_fn(dst, map[i], &src->fns[i], units_before, map);
	free(map);
	dst->nr_units += src->nr_units;
	return err;
}
