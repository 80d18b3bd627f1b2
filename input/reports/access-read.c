/* "access" records into a program's accesses (access-read.h).  A record
   is checked whole before it is added: the weights the contract names,
   numbers finite and not negative, lists of bounded length, every
   function and member access an object with its name or path.  */
#include "access-read.h"
#include "record-keys.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static struct ph_error *bad(const char *origin, size_t lineno,
			    const char *what)
{
	return ph_error_create(PH_ERROR_INVALID, "%s:%zu: an access record %s",
			       origin, lineno, what);
}

/* What the record's lists were read into, freed once it is added.  */
static void free_lists(struct ph_type_access *a)
{
	for (size_t i = 0; a->functions && i < a->nr_functions; i++) {
		free(a->functions[i].threads);
		free(a->functions[i].locks);
		free(a->functions[i].members);
	}
	free(a->functions);
	free(a->locks);
	free(a->atomics);
}

/* E's string KEY, which names it, into *RET: false when E is no object
   or KEY no string of one character or more.  */
static bool named(const json_t *e, const char *key, const char **ret)
{
	bool ok = json_is_object(e);

	*ret = ok ? ph_record_str(e, key, &ok) : "";
	return ok && **ret;
}

/* The member access E into *M; NULL, or what is wrong.  */
static const char *member_access(const json_t *e, struct ph_member_access *m)
{
	bool ok = true;

	if (!named(e, "path", &m->path))
		return "with a member access without a \"path\"";
	m->reads = ph_record_weight(e, "reads", &ok);
	m->writes = ph_record_weight(e, "writes", &ok);
	m->cold_reads = ph_record_weight(e, "cold_reads", &ok);
	m->cold_writes = ph_record_weight(e, "cold_writes", &ok);
	m->atomic_reads = ph_record_weight(e, "atomic_reads", &ok);
	m->atomic_writes = ph_record_weight(e, "atomic_writes", &ok);
	m->sites = (uint32_t)ph_record_num(e, "sites", UINT32_MAX, &ok);
	return ok ? NULL : "with a weight or a count that is not a number "
			   "of 0 or more";
}

/* The function E into *F; NULL, or what is wrong (*ERR set when memory
   ran out).  */
static const char *function(const json_t *e, struct ph_function_access *f,
			    struct ph_error **err)
{
	bool ok = true;
	const json_t *members;

	if (!named(e, "fn", &f->fn))
		return "with a function without an \"fn\"";
	f->symbol = ph_record_str(e, "symbol", &ok);
	f->file = ph_record_str(e, "file", &ok);
	f->line = (uint32_t)ph_record_num(e, "line", UINT32_MAX, &ok);
	f->cold = ph_record_flag(e, "cold", &ok);
	members = ph_record_list(e, "members", &ok);
	if ((*err = ph_record_strings(e, "threads", &f->threads,
				      &f->nr_threads, &ok)) ||
	    (*err = ph_record_strings(e, "locks", &f->locks, &f->nr_locks,
				      &ok)))
		return "";
	if (!ok)
		return "with a function whose key is of the wrong type";
	f->nr_members = members ? json_array_size(members) : 0;
	if (!(f->members = calloc(f->nr_members + 1, sizeof(*f->members)))) {
		*err = &ph_error_nomem;
		return "";
	}
	for (size_t i = 0; i < f->nr_members; i++) {
		const char *why = member_access(json_array_get(members, i),
						&f->members[i]);

		if (why)
			return why;
	}
	return NULL;
}

struct ph_error *ph_access_load_record(const char *origin, size_t lineno,
				       const json_t *v, struct ph_accessdb *db)
{
	struct ph_type_access a;
	struct ph_record_type h;
	const char *why = ph_record_type_read(v, &h);
	const json_t *functions;
	struct ph_error *err = NULL;
	bool ok = true;

	if (why)
		return bad(origin, lineno, why);
	memset(&a, 0, sizeof(a));
	PH_RECORD_TYPE_SET(&a, &h);
	if (!ph_access_weights_parse(ph_record_str(v, "weights", &ok),
				     &a.weights))
		return bad(origin, lineno, "with an unknown \"weights\"");
	functions = ph_record_list(v, "functions", &ok);
	if ((err = ph_record_strings(v, "locks", &a.locks, &a.nr_locks,
				     &ok)) ||
	    (err = ph_record_strings(v, "atomics", &a.atomics, &a.nr_atomics,
				     &ok)))
		goto out;
	if (!ok) {
		err = bad(origin, lineno, "with a key of the wrong type");
		goto out;
	}
	a.nr_functions = functions ? json_array_size(functions) : 0;
	if (!(a.functions = calloc(a.nr_functions + 1, sizeof(*a.functions)))) {
		err = &ph_error_nomem;
		goto out;
	}
	for (size_t i = 0; i < a.nr_functions && !why; i++)
		why = function(json_array_get(functions, i), &a.functions[i],
			       &err);
	if (!err && why)
		err = bad(origin, lineno, why);
	if (!err)
		err = ph_accessdb_add(db, &a);
out:
	free_lists(&a);
	return err;
}
