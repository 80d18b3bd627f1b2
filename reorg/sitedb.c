/* A build's sites (sitedb.h).  */
#include "sitedb.h"
#include "array.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

void ph_sitedb_init(struct ph_sitedb *db)
{
	memset(db, 0, sizeof(*db));
	ph_arena_init(&db->arena);
}

void ph_sitedb_deinit(struct ph_sitedb *db)
{
	ph_arena_deinit(&db->arena);
	free(db->v);
	ph_name_index_deinit(&db->by_name);
	free(db->units);
	free(db->dwarf_units);
	free(db->exports);
	memset(db, 0, sizeof(*db));
}

static const char *dup(struct ph_sitedb *db, const char *s, bool *oom)
{
	char *r = ph_arena_strdup(&db->arena, s ? s : "");

	*oom |= !r;
	return r ? r : "";
}

struct ph_error *ph_sitedb_add(struct ph_sitedb *db,
			       const struct ph_type_sites *s)
{
	struct ph_type_sites c = *s;
	bool oom = false;

	if (ph_array_reserve(&db->v, &db->cap, db->n + 1, sizeof(*db->v)))
		return &ph_error_nomem;
	c.name = dup(db, s->name, &oom);
	c.file = dup(db, s->file, &oom);
	c.dir = dup(db, s->dir, &oom);
	c.unit = dup(db, s->unit, &oom);
	c.order = s->nr_order ? ph_arena_alloc(&db->arena,
					       s->nr_order * sizeof(*c.order))
			      : NULL;
	c.sites = s->nr_sites ? ph_arena_alloc(&db->arena,
					       s->nr_sites * sizeof(*c.sites))
			      : NULL;
	c.edits = s->nr_edits ? ph_arena_alloc(&db->arena,
					       s->nr_edits * sizeof(*c.edits))
			      : NULL;
	if ((s->nr_order && !c.order) || (s->nr_sites && !c.sites) ||
	    (s->nr_edits && !c.edits))
		return &ph_error_nomem;
	for (size_t i = 0; i < s->nr_order; i++)
		c.order[i] = dup(db, s->order[i], &oom);
	for (size_t i = 0; i < s->nr_sites; i++) {
		struct ph_site *d = &c.sites[i];

		*d = s->sites[i];
		d->file = dup(db, d->file, &oom);
		d->member = dup(db, d->member, &oom);
		d->other = dup(db, d->other, &oom);
		d->why = dup(db, d->why, &oom);
	}
	for (size_t i = 0; i < s->nr_edits; i++) {
		struct ph_edit *d = &c.edits[i];

		*d = s->edits[i];
		d->file = dup(db, d->file, &oom);
		d->old_text = dup(db, d->old_text, &oom);
		d->new_text = dup(db, d->new_text, &oom);
	}
	if (oom)
		return &ph_error_nomem;
	db->v[db->n++] = c;
	return NULL;
}

static int by_string(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

struct ph_error *ph_sitedb_note_unit(struct ph_sitedb *db, const char *dir,
				     const char *file, bool reported)
{
	const char ***v = reported ? &db->units : &db->dwarf_units;
	size_t *n = reported ? &db->nr_units : &db->nr_dwarf_units;
	size_t dl = dir ? strlen(dir) : 0, fl = strlen(file);
	char *path;

	if (file[0] == '/' || !dl) {
		path = ph_arena_strdup(&db->arena, file);
	} else {
		path = ph_arena_alloc(&db->arena, dl + fl + 2);
		if (path) {
			memcpy(path, dir, dl);
			path[dl] = '/';
			memcpy(path + dl + 1, file, fl + 1);
		}
	}
	if (!path)
		return &ph_error_nomem;
	/* Growing by powers of two from 8: N is the count so far.  */
	if (*n == 0 || (*n >= 8 && !(*n & (*n - 1)))) {
		const char **w = realloc(*v, (*n ? 2 * *n : 8) * sizeof(*w));

		if (!w)
			return &ph_error_nomem;
		*v = w;
	}
	(*v)[(*n)++] = path;
	return NULL;
}

struct ph_error *ph_sitedb_note_export(struct ph_sitedb *db, const char *name)
{
	size_t n = db->nr_exports;

	if (!name) {
		db->nr_linked++;
		return NULL;
	}
	if (n == 0 || (n >= 8 && !(n & (n - 1)))) {
		const char **w = realloc(db->exports,
					 (n ? 2 * n : 8) * sizeof(*w));
		if (!w)
			return &ph_error_nomem;
		db->exports = w;
	}
	if (!(db->exports[n] = ph_arena_strdup(&db->arena, name)))
		return &ph_error_nomem;
	db->nr_exports++;
	db->exports_sorted = false;
	return NULL;
}

/* Whether SITE is an exported function's signature that no linked file
   read exports.  */
static bool not_exported(struct ph_sitedb *db, const struct ph_site *site)
{
	if (site->kind != PH_SITE_ABI || !*site->other || !db->nr_linked)
		return false;
	if (!db->exports_sorted) {
		qsort(db->exports, db->nr_exports, sizeof(*db->exports),
		      by_string);
		db->exports_sorted = true;
	}
	return !bsearch(&site->other, db->exports, db->nr_exports,
			sizeof(*db->exports), by_string);
}

struct ph_error *ph_sitedb_unreported(const struct ph_sitedb *db,
				      const char ***ret, size_t *n)
{
	const char **have = NULL, **out = NULL;
	size_t k = 0;

	*ret = NULL;
	*n = 0;
	if (!db->nr_dwarf_units)
		return NULL;
	have = malloc((db->nr_units + 1) * sizeof(*have));
	out = malloc((db->nr_dwarf_units + 1) * sizeof(*out));
	if (!have || !out) {
		free(have);
		free(out);
		return &ph_error_nomem;
	}
	if (db->nr_units)
		memcpy(have, db->units, db->nr_units * sizeof(*have));
	qsort(have, db->nr_units, sizeof(*have), by_string);
	for (size_t i = 0; i < db->nr_dwarf_units; i++) {
		const char *u = db->dwarf_units[i];

		if (!bsearch(&u, have, db->nr_units, sizeof(*have), by_string))
			out[k++] = u;
	}
	qsort(out, k, sizeof(*out), by_string);
	size_t m = 0;
	for (size_t i = 0; i < k; i++)
		if (!m || strcmp(out[m - 1], out[i]) != 0)
			out[m++] = out[i];
	free(have);
	*ret = out;
	*n = m;
	return NULL;
}

static const char *base(const char *path)
{
	const char *s = strrchr(path, '/');

	return s ? s + 1 : path;
}

struct ph_error *ph_sitedb_find(struct ph_sitedb *db, const struct ph_type *t,
				const size_t **ret, size_t *n)
{
	*ret = NULL;
	*n = 0;
	struct ph_error *err = ph_name_index_update(
		&db->by_name, db->v, db->n, sizeof(*db->v),
		offsetof(struct ph_type_sites, name));
	if (err)
		return err;
	/* The records of T's name.  */
	size_t end, lo = ph_name_index_find(&db->by_name, db->v, sizeof(*db->v),
					    offsetof(struct ph_type_sites, name),
					    t->name, &end);
	size_t *by_name = db->by_name.v;
	/* Those of T's kind and place, moved to the front of the run.  */
	size_t k = lo;
	for (size_t i = lo; i < end; i++) {
		const struct ph_type_sites *s = &db->v[by_name[i]];

		if (s->kind != t->kind || s->typedef_name != t->typedef_name ||
		    (t->line && s->line != t->line) ||
		    (t->file && *t->file &&
		     strcmp(base(s->file), base(t->file)) != 0))
			continue;
		size_t tmp = by_name[k];
		by_name[k] = by_name[i];
		by_name[i] = tmp;
		k++;
	}
	*ret = by_name + lo;
	*n = k - lo;
	return NULL;
}

static bool same_place(const struct ph_site *a, const struct ph_site *b)
{
	return a->kind == b->kind && a->line == b->line &&
	       a->column == b->column && strcmp(a->file, b->file) == 0 &&
	       strcmp(a->member, b->member) == 0 &&
	       strcmp(a->other, b->other) == 0;
}

struct ph_error *ph_sitedb_verdict(struct ph_sitedb *db,
				   const struct ph_type *t,
				   const struct ph_type *suggested,
				   bool *safe, size_t *records,
				   struct ph_site_stop **stops, size_t *nr)
{
	const size_t *idx;
	size_t n, cap = 0;
	struct ph_error *err;
	bool definition = false;

	*safe = false;
	*stops = NULL;
	*nr = 0;
	if ((err = ph_sitedb_find(db, t, &idx, &n)))
		return err;
	*records = n;
	for (size_t i = 0; i < n; i++) {
		const struct ph_type_sites *rec = &db->v[idx[i]];

		for (size_t j = 0; j < rec->nr_sites; j++) {
			const struct ph_site *s = &rec->sites[j];
			const char *why;
			bool have = false;

			if (not_exported(db, s) ||
			    ph_site_allows(s, t, suggested, rec->order,
					   rec->nr_order, &why)) {
				definition |= s->kind == PH_SITE_DEFINITION;
				continue;
			}
			for (size_t k = 0; k < *nr && !have; k++)
				have = same_place((*stops)[k].site, s);
			if (have)
				continue;
			if (ph_array_reserve(stops, &cap, *nr + 1,
					     sizeof(**stops))) {
				free(*stops);
				*stops = NULL;
				*nr = 0;
				return &ph_error_nomem;
			}
			(*stops)[(*nr)++] = (struct ph_site_stop){ rec, s, why };
		}
	}
	*safe = n && definition && !*nr && !db->nr_unreported;
	return NULL;
}
