/* False sharing (sharing.h): each member path's writers and readers by
   thread, then each pair on one cacheline weighed by the rules.  */
#include "sharing.h"

#include <stdlib.h>
#include <string.h>

/* A small set of strings (threads, locks): pointers compared by text.  */
struct strset {
	const char **v;
	size_t n, cap;
	bool nomem;
};

static void strset_add(struct strset *s, const char *x)
{
	for (size_t i = 0; i < s->n; i++)
		if (strcmp(s->v[i], x) == 0)
			return;
	if (s->n == s->cap) {
		size_t cap = s->cap ? 2 * s->cap : 4;
		const char **v = realloc(s->v, cap * sizeof(*v));
		if (!v) {
			s->nomem = true;
			return;
		}
		s->v = v;
		s->cap = cap;
	}
	s->v[s->n++] = x;
}

static bool strset_has(const struct strset *s, const char *x)
{
	for (size_t i = 0; i < s->n; i++)
		if (strcmp(s->v[i], x) == 0)
			return true;
	return false;
}

/* An element of A that B lacks, or NULL.  */
static const char *strset_minus(const struct strset *a, const struct strset *b)
{
	for (size_t i = 0; i < a->n; i++)
		if (!strset_has(b, a->v[i]))
			return a->v[i];
	return NULL;
}

static const char *strset_disjoint(const struct strset *a,
				   const struct strset *b)
{
	for (size_t i = 0; i < a->n; i++)
		if (strset_has(b, a->v[i]))
			return NULL;
	return a->n && b->n ? a->v[0] : NULL;
}

struct path_facts {
	const char *path;
	uint64_t offset, size;
	size_t top;
	struct strset writers;		/* atomic writes, locks taken */
	struct strset lock_writers;	/* threads writing it under a lock */
	struct strset locks;		/* the locks held when written */
	struct strset readers;		/* hot reads */
	/* The writers (atomic or locked) and the hot readers that are
	   threads the unit starts: a thread of one function only is not
	   known to run beside another that reads.  */
	struct strset known_writers, known_readers;
	double hot_writes;
};

/* The member of MS[0..nr) named NAME (N bytes), or inside their
   anonymous aggregates.  */
static const struct ph_member *find_member(const struct ph_member *ms,
					   size_t nr, const char *name,
					   size_t n, unsigned depth)
{
	for (size_t i = 0; i < nr; i++)
		if (strlen(ms[i].name) == n && strncmp(ms[i].name, name, n) == 0)
			return &ms[i];
	for (size_t i = 0; depth < 16 && i < nr; i++)
		if (!*ms[i].name && ms[i].nested) {
			const struct ph_member *m =
				find_member(ms[i].members, ms[i].nr_members,
					    name, n, depth + 1);
			if (m)
				return m;
		}
	return NULL;
}

bool ph_access_path_range(const struct ph_type *t, const char *path,
			  uint64_t *offset, uint64_t *size, size_t *top)
{
	size_t index = ph_access_top_member(t, path);
	if (index == SIZE_MAX)
		return false;
	const struct ph_member *m = &t->members[index];
	*top = index;
	/* Down the untagged aggregates the path names: past the first
	   name (whose member ph_access_top_member found), each one's
	   members by name.  */
	const char *p = path;
	bool first = true;
	while (*p) {
		size_t n = strcspn(p, ".[");
		if (!first) {
			if (!m->nested)
				break;
			const struct ph_member *in =
				find_member(m->members, m->nr_members, p, n, 0);
			if (!in)
				break;
			m = in;
		} else if (m->nested && !*m->name) {
			/* The path's first name is inside this anonymous
			   aggregate.  */
			const struct ph_member *in =
				find_member(m->members, m->nr_members, p, n, 0);
			if (in)
				m = in;
		}
		first = false;
		p += n;
		/* An array's element is the whole array here.  */
		if (*p == '[')
			break;
		if (*p == '.')
			p++;
		if (strncmp(p, "base ", 5) == 0)
			break;
	}
	*offset = m->bit_offset / 8;
	*size = m->bitfield ? (m->bit_offset % 8 + m->bit_size + 7) / 8
			    : m->size;
	if (!*size)
		*size = 1;
	return true;
}

static struct path_facts *facts_for(struct path_facts **v, size_t *n,
				    size_t *cap, const struct ph_type *t,
				    const char *path, bool *nomem)
{
	for (size_t i = 0; i < *n; i++)
		if (strcmp((*v)[i].path, path) == 0)
			return &(*v)[i];
	struct path_facts f;
	memset(&f, 0, sizeof(f));
	f.path = path;
	if (!ph_access_path_range(t, path, &f.offset, &f.size, &f.top))
		return NULL;
	if (*n == *cap) {
		size_t c = *cap ? 2 * *cap : 16;
		struct path_facts *nv = realloc(*v, c * sizeof(*nv));
		if (!nv) {
			*nomem = true;
			return NULL;
		}
		*v = nv;
		*cap = c;
	}
	(*v)[*n] = f;
	return &(*v)[(*n)++];
}

static bool lines_shared(const struct path_facts *a,
			 const struct path_facts *b, unsigned line,
			 uint64_t *which)
{
	uint64_t a0 = a->offset / line, a1 = (a->offset + a->size - 1) / line;
	uint64_t b0 = b->offset / line, b1 = (b->offset + b->size - 1) / line;
	uint64_t lo = a0 > b0 ? a0 : b0, hi = a1 < b1 ? a1 : b1;

	if (lo > hi)
		return false;
	*which = lo;
	return true;
}

static int cmp_sharing(const void *x, const void *y)
{
	const struct ph_sharing *a = x, *b = y;

	if (a->a_offset != b->a_offset)
		return a->a_offset < b->a_offset ? -1 : 1;
	if (a->b_offset != b->b_offset)
		return a->b_offset < b->b_offset ? -1 : 1;
	return strcmp(a->a, b->a) ? strcmp(a->a, b->a) : strcmp(a->b, b->b);
}

/* Whether P and Q conflict; fills the why and the sides.  */
static bool conflict(const struct path_facts *p, const struct path_facts *q,
		     struct ph_sharing *s)
{
	const char *x, *y;

	/* A thread writes a member atomically, takes it (a lock) or
	   writes it under a lock; one side at least atomically or taken
	   (both only under locks: the next rule's).  Threads the unit
	   starts only: in a unit that starts none (a library, the kernel)
	   two functions are not known to run at once, and a layout kept
	   that way (a lock beside the counters it guards) is no error.  */
	if ((p->writers.n || q->writers.n) &&
	    (x = strset_minus(&p->known_writers, &q->known_writers)) &&
	    (y = strset_minus(&q->known_writers, &p->known_writers))) {
		s->why = PH_SHARING_WRITERS;
		s->a_by = x;
		s->b_by = y;
		return true;
	}
	if ((x = strset_disjoint(&p->locks, &q->locks))) {
		s->why = PH_SHARING_LOCKS;
		s->a_by = x;
		s->b_by = q->locks.v[0];
		return true;
	}
	/* A written member beside one that other threads, started by the
	   unit, only read.  */
	for (int side = 0; side < 2; side++) {
		const struct path_facts *w = side ? q : p, *r = side ? p : q;

		if (r->hot_writes > 0 || r->writers.n || !w->known_writers.n)
			continue;
		if ((y = strset_minus(&r->known_readers, &w->known_writers))) {
			s->why = PH_SHARING_READ_MOSTLY;
			s->a_read = side;
			s->a_by = side ? y : w->known_writers.v[0];
			s->b_by = side ? w->known_writers.v[0] : y;
			return true;
		}
	}
	return false;
}

struct ph_error *ph_false_sharing(const struct ph_type *t,
				  const struct ph_type_access *a,
				  unsigned cacheline,
				  struct ph_sharing **ret, size_t *n)
{
	struct path_facts *v = NULL;
	size_t nv = 0, cap = 0, nout = 0, capout = 0;
	struct ph_sharing *out = NULL;
	bool nomem = false;
	unsigned line = cacheline ? cacheline : 64;

	*ret = NULL;
	*n = 0;
	for (size_t i = 0; i < a->nr_functions && !nomem; i++) {
		const struct ph_function_access *f = &a->functions[i];

		for (size_t k = 0; k < f->nr_members && !nomem; k++) {
			const struct ph_member_access *m = &f->members[k];
			struct path_facts *pf = facts_for(&v, &nv, &cap, t,
							  m->path, &nomem);
			if (!pf)
				continue;
			double plain_writes = m->writes + m->cold_writes -
					      m->atomic_writes;
			/* The function's threads, or itself.  */
			size_t nt = f->nr_threads ? f->nr_threads : 1;
			for (size_t j = 0; j < nt; j++) {
				const char *th = f->nr_threads ? f->threads[j]
							       : f->fn;
				bool known = f->nr_threads > 0;
				if (m->atomic_writes > 0)
					strset_add(&pf->writers, th);
				if (plain_writes > 0 && f->nr_locks)
					strset_add(&pf->lock_writers, th);
				if (known && (m->atomic_writes > 0 ||
					      (plain_writes > 0 && f->nr_locks)))
					strset_add(&pf->known_writers, th);
				if (m->reads > 0 && !f->cold) {
					strset_add(&pf->readers, th);
					if (known)
						strset_add(&pf->known_readers, th);
				}
			}
			if (plain_writes > 0)
				for (size_t j = 0; j < f->nr_locks; j++)
					strset_add(&pf->locks, f->locks[j]);
			if (!f->cold)
				pf->hot_writes += m->writes;
			nomem = nomem || pf->writers.nomem ||
				pf->lock_writers.nomem || pf->locks.nomem ||
				pf->readers.nomem || pf->known_writers.nomem ||
				pf->known_readers.nomem;
		}
	}
	for (size_t i = 0; i < nv && !nomem; i++)
		for (size_t j = 0; j < nv && !nomem; j++) {
			struct path_facts *p = &v[i], *q = &v[j];
			struct ph_sharing s;
			uint64_t which;

			if (i == j || p->offset > q->offset ||
			    (p->offset == q->offset && i > j))
				continue;
			/* One inside the other: the same bytes.  */
			if (q->offset < p->offset + p->size)
				continue;
			if (!lines_shared(p, q, line, &which))
				continue;
			memset(&s, 0, sizeof(s));
			if (!conflict(p, q, &s))
				continue;
			s.a = p->path;
			s.b = q->path;
			s.a_offset = p->offset;
			s.a_size = p->size;
			s.b_offset = q->offset;
			s.b_size = q->size;
			s.a_member = p->top;
			s.b_member = q->top;
			s.line = which;
			if (nout == capout) {
				size_t c = capout ? 2 * capout : 8;
				struct ph_sharing *o = realloc(out, c * sizeof(*o));
				if (!o) {
					nomem = true;
					break;
				}
				out = o;
				capout = c;
			}
			out[nout++] = s;
		}
	for (size_t i = 0; i < nv; i++) {
		free(v[i].writers.v);
		free(v[i].lock_writers.v);
		free(v[i].locks.v);
		free(v[i].readers.v);
		free(v[i].known_writers.v);
		free(v[i].known_readers.v);
	}
	free(v);
	if (nomem) {
		free(out);
		return &ph_error_nomem;
	}
	if (nout)
		qsort(out, nout, sizeof(*out), cmp_sharing);
	*ret = out;
	*n = nout;
	return NULL;
}

void ph_false_sharing_free(struct ph_sharing *v)
{
	free(v);
}
