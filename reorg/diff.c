#include "diff.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "array.h"

const char *ph_diff_change_name(enum ph_diff_change change)
{
	static const char *const names[] = {
		[PH_DIFF_ADDED] = "added",
		[PH_DIFF_REMOVED] = "removed",
		[PH_DIFF_GREW] = "grew",
		[PH_DIFF_SHRANK] = "shrank",
		[PH_DIFF_CHANGED] = "changed",
	};

	return names[change];
}

static bool members_equal(const struct ph_member *a, const struct ph_member *b,
			  size_t n);

static bool member_equal(const struct ph_member *a, const struct ph_member *b)
{
	return strcmp(a->name, b->name) == 0 &&
	       strcmp(a->type, b->type) == 0 &&
	       strcmp(a->name_pre, b->name_pre) == 0 &&
	       strcmp(a->name_post, b->name_post) == 0 &&
	       a->bit_offset == b->bit_offset && a->bit_size == b->bit_size &&
	       a->size == b->size && a->align == b->align &&
	       a->bitfield == b->bitfield && a->base == b->base &&
	       a->nested == b->nested && a->nr_members == b->nr_members &&
	       members_equal(a->members, b->members, a->nr_members);
}

static bool members_equal(const struct ph_member *a, const struct ph_member *b,
			  size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!member_equal(&a[i], &b[i]))
			return false;
	return true;
}

static bool types_equal(const struct ph_type *a, const struct ph_type *b)
{
	return a->kind == b->kind && a->size == b->size &&
	       a->align == b->align && a->nr_members == b->nr_members &&
	       members_equal(a->members, b->members, a->nr_members);
}

/* A member as the diff names it.  */
struct entry {
	const char *path;
	const struct ph_member *m;
	bool leaf;	/* not a named aggregate whose members are entries */
	bool used;
};

struct entries {
	struct entry *v;
	size_t n, cap;
};

static const char *join(struct ph_arena *arena, const char *a, const char *b,
			const char *c)
{
	size_t la = strlen(a), lb = strlen(b), lc = strlen(c);
	char *s = ph_arena_alloc(arena, la + lb + lc + 1);

	if (!s)
		return NULL;
	memcpy(s, a, la);
	memcpy(s + la, b, lb);
	memcpy(s + la + lb, c, lc + 1);
	return s;
}

/* What names member M among its siblings, PREFIX ("" or "s.") before
   it; NULL for an anonymous aggregate, whose members are named in its
   place.  *ERR on want of memory.  */
static const char *label(struct ph_arena *arena, const char *prefix,
			 const struct ph_member *m, bool *nomem)
{
	const char *s = NULL;

	if (m->base)
		s = join(arena, "base ", m->type, "");
	else if (*m->name)
		s = join(arena, prefix, m->name, "");
	else
		return NULL;
	if (!s)
		*nomem = true;
	return s;
}

static bool flatten(struct ph_arena *arena, const struct ph_member *ms,
		    size_t n, const char *prefix, struct entries *out)
{
	for (size_t i = 0; i < n; i++) {
		const struct ph_member *m = &ms[i];
		bool nomem = false;
		const char *path = label(arena, prefix, m, &nomem);
		const char *inner = prefix;

		if (nomem)
			return false;
		if (path) {
			if (ph_array_reserve(&out->v, &out->cap, out->n + 1,
					     sizeof(*out->v)))
				return false;
			out->v[out->n++] = (struct entry){
				path, m, !(m->nested && m->nr_members), false
			};
			if (m->nested && !(inner = join(arena, path, ".", "")))
				return false;
		}
		if (m->nested &&
		    !flatten(arena, m->members, m->nr_members, inner, out))
			return false;
	}
	return true;
}

static struct entry *find(struct entries *es, const char *path)
{
	for (size_t i = 0; i < es->n; i++)
		if (!es->v[i].used && strcmp(es->v[i].path, path) == 0)
			return &es->v[i];
	return NULL;
}

static bool crosses(const struct ph_member *m, unsigned cacheline)
{
	uint64_t bits = 8ull * cacheline;

	if (!m->bit_size)
		return false;
	return m->bit_offset / bits !=
	       (m->bit_offset + m->bit_size - 1) / bits;
}

/* The byte holes of T (analysis A), named by the member they follow.  */
struct hole {
	const char *follows;
	uint64_t size, offset;
	bool used;
};

struct holes {
	struct hole *v;
	size_t n, cap;
};

/* The name of top-level member M for its holes: its label, or for an
   anonymous aggregate "anonymous union with 'x'", x its first member's.
   A label with a space is not a member's path (paths have none).  */
static const char *hole_label(struct ph_arena *arena, const struct ph_member *m,
			      bool *nomem)
{
	const char *s = label(arena, "", m, nomem);

	if (s || *nomem)
		return s;
	for (size_t i = 0; i < m->nr_members && !s && !*nomem; i++)
		s = label(arena, "", &m->members[i], nomem);
	if (*nomem)
		return NULL;
	if (s && !(s = join(arena, " with '", s, "'"))) {
		*nomem = true;
		return NULL;
	}
	s = join(arena, "anonymous ", ph_kind_name(m->nested_kind),
		 s ? s : "");
	if (!s)
		*nomem = true;
	return s;
}

static bool holes_of(struct ph_arena *arena, const struct ph_type *t,
		     const struct ph_analysis *a, struct holes *out)
{
	bool nomem = false;

	if (a->leading_hole) {
		if (ph_array_reserve(&out->v, &out->cap, out->n + 1,
				     sizeof(*out->v)))
			return false;
		out->v[out->n++] = (struct hole){ "", a->leading_hole, 0,
						  false };
	}
	for (size_t i = 0; i < t->nr_members; i++) {
		if (!a->gaps[i].hole)
			continue;
		const char *l = hole_label(arena, &t->members[i], &nomem);

		if (nomem || ph_array_reserve(&out->v, &out->cap, out->n + 1,
					       sizeof(*out->v)))
			return false;
		out->v[out->n++] = (struct hole){ l, a->gaps[i].hole,
						  a->gaps[i].hole_offset,
						  false };
	}
	return true;
}

struct type_vecs {
	struct ph_diff_member *members;
	size_t cap_members;
	struct ph_diff_hole *holes;
	size_t cap_holes;
	struct ph_diff_member *crossing;
	size_t cap_crossing;
};

static struct ph_error *push_member(struct ph_diff_type *d,
				    struct type_vecs *v,
				    const struct ph_diff_member *m)
{
	struct ph_error *err = ph_array_reserve(&v->members, &v->cap_members,
						 d->nr_members + 1,
						 sizeof(*v->members));

	if (err)
		return err;
	v->members[d->nr_members++] = *m;
	return NULL;
}

static struct ph_error *member_changes(struct ph_diff_type *d,
				       struct type_vecs *v,
				       struct entries *eb, struct entries *ea,
				       unsigned cacheline)
{
	struct ph_error *err;
	char tb[512], ta[512];

	/* The last named aggregate that moved: its members that moved
	   with it, and nothing else, are not listed.  */
	const char *moved_path = NULL;
	size_t moved_len = 0;
	int64_t moved_by = 0;

	for (size_t i = 0; i < eb->n; i++) {
		struct entry *b = &eb->v[i];
		struct entry *a = find(ea, b->path);
		struct ph_diff_member dm = { b->path, b->m, NULL, false,
					     false, false };

		b->used = true;
		if (a) {
			int64_t by = (int64_t)(a->m->bit_offset -
					       b->m->bit_offset);

			a->used = true;
			dm.after = a->m;
			dm.moved = by != 0;
			dm.resized = a->m->bit_size != b->m->bit_size ||
				     a->m->size != b->m->size;
			ph_member_type_name(b->m, tb, sizeof(tb));
			ph_member_type_name(a->m, ta, sizeof(ta));
			dm.retyped = strcmp(tb, ta) != 0;
			if (!dm.moved && !dm.resized && !dm.retyped)
				continue;
			if (moved_path && !dm.resized && !dm.retyped &&
			    by == moved_by &&
			    strncmp(b->path, moved_path, moved_len) == 0 &&
			    b->path[moved_len] == '.')
				continue;
			if (!b->leaf && dm.moved) {
				moved_path = b->path;
				moved_len = strlen(b->path);
				moved_by = by;
			}
		}
		if ((err = push_member(d, v, &dm)))
			return err;
	}
	for (size_t i = 0; i < ea->n; i++) {
		struct entry *a = &ea->v[i];
		struct ph_diff_member dm = { a->path, NULL, a->m, false,
					     false, false };

		if (!a->used && (err = push_member(d, v, &dm)))
			return err;
	}
	/* Crossing now: a leaf of the new layout, not crossing before.  */
	for (size_t i = 0; i < ea->n; i++) {
		const struct entry *a = &ea->v[i];
		const struct ph_member *was = NULL;

		if (!a->leaf || !crosses(a->m, cacheline))
			continue;
		for (size_t j = 0; j < eb->n && !was; j++)
			if (strcmp(eb->v[j].path, a->path) == 0)
				was = eb->v[j].m;
		if (was && crosses(was, cacheline))
			continue;
		if (ph_array_reserve(&v->crossing, &v->cap_crossing,
				     d->nr_crossing + 1, sizeof(*v->crossing)))
			return &ph_error_nomem;
		v->crossing[d->nr_crossing++] = (struct ph_diff_member){
			a->path, was, a->m, false, false, false
		};
	}
	return NULL;
}

static struct ph_error *hole_changes(struct ph_diff_type *d,
				     struct type_vecs *v, struct holes *hb,
				     struct holes *ha)
{
	for (size_t i = 0; i < hb->n; i++) {
		struct hole *b = &hb->v[i], *a = NULL;
		struct ph_diff_hole dh = { b->follows, b->size, 0, b->offset,
					   0 };

		for (size_t j = 0; j < ha->n && !a; j++)
			if (!ha->v[j].used &&
			    strcmp(ha->v[j].follows, b->follows) == 0)
				a = &ha->v[j];
		if (a) {
			a->used = true;
			dh.new_size = a->size;
			dh.new_offset = a->offset;
			if (a->size == b->size)
				continue;
		}
		if (ph_array_reserve(&v->holes, &v->cap_holes, d->nr_holes + 1,
				     sizeof(*v->holes)))
			return &ph_error_nomem;
		v->holes[d->nr_holes++] = dh;
	}
	for (size_t j = 0; j < ha->n; j++) {
		struct hole *a = &ha->v[j];

		if (a->used)
			continue;
		if (ph_array_reserve(&v->holes, &v->cap_holes, d->nr_holes + 1,
				     sizeof(*v->holes)))
			return &ph_error_nomem;
		v->holes[d->nr_holes++] = (struct ph_diff_hole){
			a->follows, 0, a->size, 0, a->offset
		};
	}
	return NULL;
}

/* Moves a vector into the arena, so that the diff owns one block.  */
static struct ph_error *keep(struct ph_arena *arena, void **v, size_t n,
			     size_t size)
{
	void *p = NULL;

	if (n && !(p = ph_arena_memdup(arena, *v, n * size))) {
		free(*v);
		*v = NULL;
		return &ph_error_nomem;
	}
	free(*v);
	*v = p;
	return NULL;
}

static struct ph_error *diff_pair(struct ph_arena *arena,
				  const struct ph_type *before,
				  const struct ph_type *after,
				  unsigned cacheline, struct ph_diff_type *d)
{
	struct ph_analysis ab, aa;
	struct entries eb = { 0 }, ea = { 0 };
	struct holes hb = { 0 }, ha = { 0 };
	struct type_vecs v;
	struct ph_error *err;

	memset(d, 0, sizeof(*d));
	memset(&v, 0, sizeof(v));
	memset(&ab, 0, sizeof(ab));
	memset(&aa, 0, sizeof(aa));
	d->before = before;
	d->after = after;
	d->change = after->size > before->size   ? PH_DIFF_GREW :
		    after->size < before->size ? PH_DIFF_SHRANK :
						 PH_DIFF_CHANGED;
	if ((err = ph_analyze_type(before, cacheline, &ab)) ||
	    (err = ph_analyze_type(after, cacheline, &aa)))
		goto out;
	err = &ph_error_nomem;
	if (!flatten(arena, before->members, before->nr_members, "", &eb) ||
	    !flatten(arena, after->members, after->nr_members, "", &ea) ||
	    !holes_of(arena, before, &ab, &hb) ||
	    !holes_of(arena, after, &aa, &ha))
		goto out;
	if ((err = member_changes(d, &v, &eb, &ea, cacheline)) ||
	    (err = hole_changes(d, &v, &hb, &ha)))
		goto out;
	d->old_padding = ab.padding;
	d->new_padding = aa.padding;
	d->old_cachelines = ab.cachelines;
	d->new_cachelines = aa.cachelines;
	d->old_nr_holes = ab.nr_holes;
	d->new_nr_holes = aa.nr_holes;
	d->old_sum_holes = ab.sum_holes;
	d->new_sum_holes = aa.sum_holes;
	if (after->size > before->size)
		d->regressions |= PH_DIFF_FAIL_GROWTH;
	if (aa.nr_holes > ab.nr_holes || aa.sum_holes > ab.sum_holes)
		d->regressions |= PH_DIFF_FAIL_HOLES;
	if (aa.padding > ab.padding)
		d->regressions |= PH_DIFF_FAIL_PADDING;
	if (aa.cachelines > ab.cachelines || d->nr_crossing)
		d->regressions |= PH_DIFF_FAIL_CACHELINES;
	err = keep(arena, (void **)&v.members, d->nr_members,
		   sizeof(*v.members));
	if (!err)
		err = keep(arena, (void **)&v.holes, d->nr_holes,
			   sizeof(*v.holes));
	if (!err)
		err = keep(arena, (void **)&v.crossing, d->nr_crossing,
			   sizeof(*v.crossing));
	d->members = v.members;
	d->holes = v.holes;
	d->crossing = v.crossing;
	v.members = NULL;
	v.holes = NULL;
	v.crossing = NULL;
out:
	free(v.members);
	free(v.holes);
	free(v.crossing);
	free(eb.v);
	free(ea.v);
	free(hb.v);
	free(ha.v);
	ph_analysis_deinit(&ab);
	ph_analysis_deinit(&aa);
	return err;
}

static int by_name(const void *x, const void *y)
{
	const struct ph_type *a = *(const struct ph_type *const *)x;
	const struct ph_type *b = *(const struct ph_type *const *)y;

	return strcmp(a->name, b->name);
}

static struct ph_error *sorted(const struct ph_model *m,
			       const struct ph_type ***ret)
{
	const struct ph_type **v = malloc((m->nr_types + 1) * sizeof(*v));

	if (!v)
		return &ph_error_nomem;
	for (size_t i = 0; i < m->nr_types; i++)
		v[i] = m->types[i];
	/* Stable enough: equal names keep no order worth keeping, and
	   pairing below does not depend on it but for the last rule.  */
	qsort(v, m->nr_types, sizeof(*v), by_name);
	*ret = v;
	return NULL;
}

struct pairing {
	struct ph_diff *diff;
	size_t cap;
};

static struct ph_error *push_type(struct pairing *p,
				  const struct ph_diff_type *d)
{
	struct ph_error *err = ph_array_reserve(&p->diff->types, &p->cap,
						 p->diff->nr_types + 1,
						 sizeof(*p->diff->types));

	if (err)
		return err;
	p->diff->types[p->diff->nr_types++] = *d;
	return NULL;
}

static bool same_file(const struct ph_type *a, const struct ph_type *b)
{
	return a->file && b->file && strcmp(a->file, b->file) == 0;
}

/* The layouts of one name: B[NB] before, A[NA] after.  */
static struct ph_error *pair_group(struct pairing *p,
				   const struct ph_type **b, size_t nb,
				   const struct ph_type **a, size_t na)
{
	bool *ub = calloc(nb + 1, 1), *ua = calloc(na + 1, 1);
	struct ph_error *err = NULL;

	if (!ub || !ua) {
		free(ub);
		free(ua);
		return &ph_error_nomem;
	}
	/* The same layout: unchanged.  */
	for (size_t i = 0; i < nb; i++)
		for (size_t j = 0; j < na && !ub[i]; j++)
			if (!ua[j] && types_equal(b[i], a[j])) {
				ub[i] = ua[j] = true;
				p->diff->unchanged++;
			}
	/* Then the same file, then in order.  */
	for (int rule = 0; rule < 2 && !err; rule++)
		for (size_t i = 0; i < nb && !err; i++)
			for (size_t j = 0; j < na && !ub[i] && !err; j++) {
				struct ph_diff_type d;

				if (ua[j] || (rule == 0 && !same_file(b[i], a[j])))
					continue;
				ub[i] = ua[j] = true;
				err = diff_pair(&p->diff->arena, b[i], a[j],
						p->diff->cacheline, &d);
				if (!err)
					err = push_type(p, &d);
			}
	for (size_t i = 0; i < nb && !err; i++) {
		struct ph_diff_type d = { .change = PH_DIFF_REMOVED,
					  .before = b[i] };

		if (!ub[i])
			err = push_type(p, &d);
	}
	for (size_t j = 0; j < na && !err; j++) {
		struct ph_diff_type d = { .change = PH_DIFF_ADDED,
					  .after = a[j] };

		if (!ua[j])
			err = push_type(p, &d);
	}
	free(ub);
	free(ua);
	return err;
}

struct ph_error *ph_diff_models(const struct ph_model *before,
				const struct ph_model *after, unsigned cacheline,
				struct ph_diff *ret)
{
	const struct ph_type **b = NULL, **a = NULL;
	struct pairing p = { ret, 0 };
	struct ph_error *err;
	size_t i = 0, j = 0;

	memset(ret, 0, sizeof(*ret));
	ph_arena_init(&ret->arena);
	ret->cacheline = cacheline;
	if ((err = sorted(before, &b)) || (err = sorted(after, &a)))
		goto out;
	while (!err && (i < before->nr_types || j < after->nr_types)) {
		const char *name;
		size_t ei = i, ej = j;

		if (j >= after->nr_types ||
		    (i < before->nr_types && strcmp(b[i]->name, a[j]->name) <= 0))
			name = b[i]->name;
		else
			name = a[j]->name;
		while (ei < before->nr_types && strcmp(b[ei]->name, name) == 0)
			ei++;
		while (ej < after->nr_types && strcmp(a[ej]->name, name) == 0)
			ej++;
		err = pair_group(&p, b + i, ei - i, a + j, ej - j);
		i = ei;
		j = ej;
	}
out:
	free(b);
	free(a);
	if (err) {
		ph_diff_deinit(ret);
		memset(ret, 0, sizeof(*ret));
	}
	return err;
}

void ph_diff_deinit(struct ph_diff *diff)
{
	free(diff->types);
	ph_arena_deinit(&diff->arena);
}

bool ph_diff_fails(const struct ph_diff_type *t, unsigned fail_on)
{
	if (fail_on & PH_DIFF_FAIL_ANY)
		return true;
	return (t->regressions & fail_on) != 0;
}
