/* "sites" records into a site collection (sites-read.h).  A record is
   checked whole before it is added: kinds the contract names, numbers
   in range, lists of bounded length.  */
#include "sites-read.h"
#include "record-keys.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static struct ph_error *bad(const char *origin, size_t lineno,
			    const char *what)
{
	return ph_error_create(PH_ERROR_INVALID, "%s:%zu: a sites record %s",
			       origin, lineno, what);
}

struct ph_error *ph_sites_load_record(const char *origin, size_t lineno,
				      const json_t *v, struct ph_sitedb *db)
{
	struct ph_type_sites s;
	bool ok = true;
	const json_t *order, *sites, *edits, *x;
	const char *kind;
	struct ph_error *err;

	memset(&s, 0, sizeof(s));
	/* A unit's own record: its sites were collected.  */
	if (!json_object_get(v, "name")) {
		const char *unit = ph_record_str(v, "unit", &ok), *dir = ph_record_str(v, "dir", &ok);
		if (!ok || !*unit)
			return bad(origin, lineno, "without a \"name\" or a "
				   "\"unit\"");
		return ph_sitedb_note_unit(db, dir, unit, true);
	}
	s.name = ph_record_str(v, "name", &ok);
	kind = ph_record_str(v, "type_kind", &ok);
	if (!ok || !*s.name)
		return bad(origin, lineno, "without a \"name\"");
	if (!ph_kind_parse(kind, &s.kind))
		return bad(origin, lineno, "with an unknown \"type_kind\"");
	x = json_object_get(v, "typedef");
	s.typedef_name = json_is_true(x);
	s.file = ph_record_str(v, "file", &ok);
	s.line = (unsigned)ph_record_num(v, "line", UINT32_MAX, &ok);
	s.dir = ph_record_str(v, "dir", &ok);
	s.unit = ph_record_str(v, "unit", &ok);
	s.size = ph_record_num(v, "size", UINT64_MAX >> 4, &ok);
	s.new_size = ph_record_num(v, "new_size", UINT64_MAX >> 4, &ok);
	order = ph_record_list(v, "order", &ok);
	sites = ph_record_list(v, "sites", &ok);
	edits = ph_record_list(v, "edits", &ok);
	if (!ok)
		return bad(origin, lineno, "with a key of the wrong type");

	s.nr_order = order ? json_array_size(order) : 0;
	s.nr_sites = sites ? json_array_size(sites) : 0;
	s.nr_edits = edits ? json_array_size(edits) : 0;
	s.order = calloc(s.nr_order + 1, sizeof(*s.order));
	s.sites = calloc(s.nr_sites + 1, sizeof(*s.sites));
	s.edits = calloc(s.nr_edits + 1, sizeof(*s.edits));
	if (!s.order || !s.sites || !s.edits) {
		err = &ph_error_nomem;
		goto out;
	}
	for (size_t i = 0; i < s.nr_order; i++) {
		const json_t *n = json_array_get(order, i);

		if (!json_is_string(n)) {
			err = bad(origin, lineno, "with an \"order\" that is "
				  "not names");
			goto out;
		}
		s.order[i] = json_string_value(n);
	}
	for (size_t i = 0; i < s.nr_sites; i++) {
		const json_t *e = json_array_get(sites, i);
		struct ph_site *d = &s.sites[i];

		if (!json_is_object(e) ||
		    !ph_site_kind_parse(ph_record_str(e, "site", &ok), &d->kind)) {
			err = bad(origin, lineno, "with a site of an unknown "
				  "kind");
			goto out;
		}
		ph_record_place(e, &d->file, &d->line, &d->column, &ok);
		d->member = ph_record_str(e, "member", &ok);
		d->other = ph_record_str(e, "other", &ok);
		d->why = ph_record_str(e, "why", &ok);
		d->rewrite = json_is_true(json_object_get(e, "rewrite"));
	}
	for (size_t i = 0; i < s.nr_edits; i++) {
		const json_t *e = json_array_get(edits, i);
		struct ph_edit *d = &s.edits[i];

		if (!json_is_object(e)) {
			err = bad(origin, lineno, "with an edit that is not an "
				  "object");
			goto out;
		}
		ph_record_place(e, &d->file, &d->line, &d->column, &ok);
		d->end_line = (uint32_t)ph_record_num(e, "end_line", UINT32_MAX, &ok);
		d->end_column = (uint32_t)ph_record_num(e, "end_column", UINT32_MAX, &ok);
		d->old_text = ph_record_str(e, "old", &ok);
		d->new_text = ph_record_str(e, "new", &ok);
		const json_t *from = json_object_get(e, "from");
		if (from) {
			uint32_t *to[4] = { &d->from_line, &d->from_column,
					    &d->from_end_line,
					    &d->from_end_column };
			if (!json_is_array(from) || json_array_size(from) != 4) {
				ok = false;
			} else {
				for (size_t k = 0; k < 4; k++) {
					const json_t *n = json_array_get(from, k);
					if (!json_is_integer(n) ||
					    json_integer_value(n) < 1 ||
					    json_integer_value(n) > UINT32_MAX)
						ok = false;
					else
						*to[k] = (uint32_t)
							json_integer_value(n);
				}
			}
			d->moves = ok;
		}
		if (ok && (!d->line || !d->column ||
			   d->end_line < d->line ||
			   (d->end_line == d->line &&
			    d->end_column < d->column))) {
			err = bad(origin, lineno, "with an edit that ends "
				  "before it starts");
			goto out;
		}
	}
	if (!ok) {
		err = bad(origin, lineno, "with a key of the wrong type");
		goto out;
	}
	err = ph_sitedb_add(db, &s);
out:
	free(s.order);
	free(s.sites);
	free(s.edits);
	return err;
}
