/* pokefunct's table of functions: each function once, by name,
   declaration file and line, and the merge of two tables read from
   consecutive units (funcs-jobs.c's threads each read a unit into a
   table of its own).  */
#include "fntable.h"

#include "../reorg/array.h"
#include "../reorg/hash.h"

#include <stdlib.h>
#include <string.h>

void ph_fn_table_init(struct ph_fn_table *t)
{
	t->fns = NULL;
	t->n = t->cap = 0;
	ph_fn_index_init(&t->index);
	t->nr_units = 0;
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
	ph_fn_index_deinit(&t->index);
	ph_fn_table_init(t);
}

/* A new function, F, with the key K: its strings copied.  */
static struct ph_error *new_fn(struct ph_fn *f, struct ph_fn_key k)
{
	memset(f, 0, sizeof(*f));
	f->inline_attr = -1;
	f->counted = -1;
	f->line = k.line;
	f->from_report = k.report;
	if (!(f->name = strdup(k.name)))
		return &ph_error_nomem;
	if (!(f->file = strdup(k.file))) {
		free(f->name);
		return &ph_error_nomem;
	}
	return NULL;
}

struct ph_error *ph_fn_table_get(struct ph_fn_table *t, const char *name,
				 const char *file, unsigned line, bool report,
				 size_t *ret)
{
	struct ph_fn_key k = {
		t->fns, name, file, line, report,
		ph_hash_combine(ph_hash_combine(ph_hash_string(name),
						ph_hash_string(file)),
				(uint64_t)line << 1 | report)
	};
	struct ph_fn_slot *e;
	struct ph_error *err;
	bool found;

	if ((err = ph_fn_index_insert(&t->index, k, &e, &found)))
		return err;
	if (found) {
		*ret = e->i;
		return NULL;
	}
	if ((err = ph_array_reserve(&t->fns, &t->cap, t->n + 1,
				    sizeof(*t->fns))) ||
	    (err = new_fn(&t->fns[t->n], k))) {
		ph_fn_index_remove(&t->index, e);
		return err;
	}
	*e = (struct ph_fn_slot){ t->n, k.hash };
	*ret = t->n++;
	return NULL;
}

/* DST's expansions inside its body become those of F, SRC's: their
   functions are SRC's (MAP: SRC's index to DST's).  */
static struct ph_error *take_expansions(struct ph_fn *d, const struct ph_fn *f,
					const size_t *map)
{
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

/* DST's body of F becomes SRC's: its range and its expansions.  */
static struct ph_error *take_body(struct ph_fn *d, const struct ph_fn *f,
				  const size_t *map)
{
	d->has_body = true;
	d->size = f->size;
	d->low_pc = f->low_pc;
	d->high_pc = f->high_pc;
	return take_expansions(d, f, map);
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
