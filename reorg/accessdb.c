/* A program's member accesses (accessdb.h).  */
#include "accessdb.h"
#include "array.h"
#include "hashtab.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

void ph_accessdb_init(struct ph_accessdb *db)
{
	memset(db, 0, sizeof(*db));
	ph_arena_init(&db->arena);
}

void ph_accessdb_deinit(struct ph_accessdb *db)
{
	ph_arena_deinit(&db->arena);
	free(db->v);
	ph_name_index_deinit(&db->by_name);
	memset(db, 0, sizeof(*db));
}

/* The copies into DB's arena; *OOM set when one fails.  */
struct copier {
	struct ph_accessdb *db;
	bool oom;
};

static const char *copy_str(struct copier *c, const char *s)
{
	char *r = ph_arena_strdup(&c->db->arena, s ? s : "");

	c->oom |= !r;
	return r ? r : "";
}

static const char **copy_strs(struct copier *c, const char *const *v,
			      size_t n)
{
	const char **r;

	if (!n)
		return NULL;
	if (!(r = ph_arena_alloc(&c->db->arena, n * sizeof(*r)))) {
		c->oom = true;
		return NULL;
	}
	for (size_t i = 0; i < n; i++)
		r[i] = copy_str(c, v[i]);
	return r;
}

static void *copy_mem(struct copier *c, const void *p, size_t n, size_t size)
{
	void *r;

	if (!n)
		return NULL;
	if (!(r = ph_arena_memdup(&c->db->arena, p, n * size)))
		c->oom = true;
	return r;
}

struct ph_error *ph_accessdb_add(struct ph_accessdb *db,
				 const struct ph_type_access *a)
{
	struct copier c = { db, false };
	struct ph_type_access r = *a;

	if (ph_array_reserve(&db->v, &db->cap, db->n + 1, sizeof(*db->v)))
		return &ph_error_nomem;
	r.name = copy_str(&c, a->name);
	r.file = copy_str(&c, a->file);
	r.dir = copy_str(&c, a->dir);
	r.unit = copy_str(&c, a->unit);
	r.locks = copy_strs(&c, a->locks, a->nr_locks);
	r.atomics = copy_strs(&c, a->atomics, a->nr_atomics);
	r.functions = copy_mem(&c, a->functions, a->nr_functions,
			       sizeof(*a->functions));
	for (size_t i = 0; r.functions && i < a->nr_functions; i++) {
		struct ph_function_access *f = &r.functions[i];

		f->fn = copy_str(&c, f->fn);
		f->symbol = copy_str(&c, f->symbol);
		f->file = copy_str(&c, f->file);
		f->threads = copy_strs(&c, f->threads, f->nr_threads);
		f->locks = copy_strs(&c, f->locks, f->nr_locks);
		f->members = copy_mem(&c, f->members, f->nr_members,
				      sizeof(*f->members));
		for (size_t j = 0; f->members && j < f->nr_members; j++)
			f->members[j].path = copy_str(&c, f->members[j].path);
	}
	if (c.oom)
		return &ph_error_nomem;
	db->v[db->n++] = r;
	return NULL;
}

/* What a merge has seen once: a function by its symbol, or by its
   name and place; a unit by its directory and source.  */
struct seen_key {
	const char *a, *b;
	uint64_t n;
	uint64_t hash;
};

static uint64_t seen_hash(struct seen_key k)
{
	return k.hash;
}

static bool seen_eq(struct seen_key k, const struct seen_key *e)
{
	return e->hash == k.hash && e->n == k.n && strcmp(e->a, k.a) == 0 &&
	       strcmp(e->b, k.b) == 0;
}

static uint64_t seen_entry_hash(const struct seen_key *e)
{
	return e->hash;
}

PH_HASH_TABLE(seen_table, struct seen_key, struct seen_key, seen_hash,
	      seen_eq, seen_entry_hash)

static struct ph_error *first_time(struct seen_table *tab, const char *a,
				   const char *b, uint64_t n, bool *first)
{
	struct seen_key k = {
		a, b, n,
		ph_hash_combine(ph_hash_combine(ph_hash_string(a),
						ph_hash_string(b)), n)
	}, *e;
	bool found;
	struct ph_error *err = seen_table_insert(tab, k, &e, &found);

	if (err)
		return err;
	if (!found)
		*e = k;
	*first = !found;
	return NULL;
}

/* Appends the paths of V[0..n) not in *LIST yet.  */
static struct ph_error *union_paths(const char ***list, size_t *nr,
				    size_t *cap, const char *const *v,
				    size_t n)
{
	for (size_t i = 0; i < n; i++) {
		size_t k = 0;

		while (k < *nr && strcmp((*list)[k], v[i]) != 0)
			k++;
		if (k < *nr)
			continue;
		if (ph_array_reserve(list, cap, *nr + 1, sizeof(**list)))
			return &ph_error_nomem;
		(*list)[(*nr)++] = v[i];
	}
	return NULL;
}

static bool is_types(const struct ph_type_access *a, const struct ph_type *t)
{
	/* The model keeps one layout of a name however many places
	   define it alike: their accesses are all its.  */
	return a->kind == t->kind && a->typedef_name == t->typedef_name &&
	       (!a->size || a->size == t->size) &&
	       (!a->align || !t->align || a->align == t->align);
}

/* Adds the record A to the view *RET.  */
static struct ph_error *merge_one(struct ph_type_access *ret,
				  const struct ph_type_access *a,
				  struct seen_table *symbols,
				  size_t caps[3])
{
	struct ph_error *err;

	if ((err = union_paths(&ret->locks, &ret->nr_locks, &caps[0],
			       a->locks, a->nr_locks)) ||
	    (err = union_paths(&ret->atomics, &ret->nr_atomics, &caps[1],
			       a->atomics, a->nr_atomics)))
		return err;
	for (size_t i = 0; i < a->nr_functions; i++) {
		const struct ph_function_access *f = &a->functions[i];
		bool first = true;

		/* One function of the program: by its symbol; a unit's
		   own defined in a header (a static inline function) by
		   its name and place, the same code in every unit.  */
		if (*f->symbol)
			err = first_time(symbols, f->symbol, "", 0, &first);
		else if (strcmp(f->file, a->unit) != 0)
			err = first_time(symbols, f->fn, f->file,
					 (uint64_t)f->line + 1, &first);
		if (err)
			return err;
		if (!first)
			continue;
		if (ph_array_reserve(&ret->functions, &caps[2],
				     ret->nr_functions + 1,
				     sizeof(*ret->functions)))
			return &ph_error_nomem;
		ret->functions[ret->nr_functions++] = *f;
	}
	return NULL;
}

struct ph_error *ph_accessdb_merged(struct ph_accessdb *db,
				    const struct ph_type *t,
				    struct ph_type_access *ret,
				    struct ph_access_merge_info *info)
{
	struct seen_table symbols, units;
	size_t caps[3] = { 0, 0, 0 }, lo, end;
	struct ph_error *err;

	memset(ret, 0, sizeof(*ret));
	memset(info, 0, sizeof(*info));
	if ((err = ph_name_index_update(&db->by_name, db->v, db->n,
					sizeof(*db->v),
					offsetof(struct ph_type_access, name))))
		return err;
	lo = ph_name_index_find(&db->by_name, db->v, sizeof(*db->v),
				offsetof(struct ph_type_access, name), t->name,
				&end);
	seen_table_init(&symbols);
	seen_table_init(&units);
	for (size_t i = lo; i < end && !err; i++) {
		const struct ph_type_access *a = &db->v[db->by_name.v[i]];
		bool first;

		if (!is_types(a, t))
			continue;
		/* A record without its unit cannot be told from another
		   unit's: kept.  */
		first = true;
		if (*a->unit &&
		    ((err = first_time(&units, a->dir, a->unit, 0, &first)) ||
		     !first))
			continue;
		if (!info->records++) {
			*ret = *a;
			ret->locks = ret->atomics = NULL;
			ret->functions = NULL;
			ret->nr_locks = ret->nr_atomics = ret->nr_functions = 0;
		} else if (a->weights != ret->weights) {
			info->mixed_weights = true;
		}
		err = merge_one(ret, a, &symbols, caps);
	}
	seen_table_deinit(&symbols);
	seen_table_deinit(&units);
	info->functions = ret->nr_functions;
	if (err)
		ph_accessdb_merged_free(ret);
	return err;
}

void ph_accessdb_merged_free(struct ph_type_access *a)
{
	free(a->locks);
	free(a->atomics);
	free(a->functions);
	a->locks = a->atomics = NULL;
	a->functions = NULL;
	a->nr_locks = a->nr_atomics = a->nr_functions = 0;
}

double ph_access_function_hot(const struct ph_function_access *f)
{
	double w = 0;

	for (size_t i = 0; !f->cold && i < f->nr_members; i++)
		w += f->members[i].reads + f->members[i].writes;
	return w;
}

struct ph_error *ph_access_member_sums(const struct ph_type *t,
				       const struct ph_type_access *a,
				       struct ph_member_sums *ret,
				       size_t *unplaced)
{
	/* The last function that touched each member: another path of
	   the same member in one function (buf[].len, buf[].cap) is one
	   function.  */
	size_t *last = malloc((t->nr_members + 1) * sizeof(*last));

	if (!last)
		return &ph_error_nomem;
	memset(ret, 0, t->nr_members * sizeof(*ret));
	for (size_t k = 0; k < t->nr_members; k++)
		last[k] = SIZE_MAX;
	if (unplaced)
		*unplaced = 0;
	for (size_t i = 0; i < a->nr_functions; i++) {
		const struct ph_function_access *f = &a->functions[i];

		for (size_t j = 0; j < f->nr_members; j++) {
			const struct ph_member_access *m = &f->members[j];
			size_t k = ph_access_top_member(t, m->path);
			struct ph_member_sums *s;

			if (k == SIZE_MAX) {
				if (unplaced)
					(*unplaced)++;
				continue;
			}
			s = &ret[k];
			/* A cold function's accesses are all on cold
			   paths, whatever its record says.  */
			s->reads += f->cold ? 0 : m->reads;
			s->writes += f->cold ? 0 : m->writes;
			s->cold_reads += m->cold_reads + (f->cold ? m->reads : 0);
			s->cold_writes += m->cold_writes +
					  (f->cold ? m->writes : 0);
			s->atomic_reads += m->atomic_reads;
			s->atomic_writes += m->atomic_writes;
			s->sites += m->sites;
			s->functions += last[k] != i;
			last[k] = i;
		}
	}
	for (size_t k = 0; k < t->nr_members; k++) {
		ret[k].hot = ret[k].reads + ret[k].writes;
		ret[k].cold = ret[k].cold_reads + ret[k].cold_writes;
	}
	free(last);
	return NULL;
}
