#include "at.h"
#include "array.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct walk {
	const struct ph_model *model;
	struct ph_at *at;
	size_t cap;
	uint64_t target;	/* the byte, from the outermost type */
	unsigned depth;
};

static struct ph_error *push(struct walk *w, const struct ph_at_hit *h)
{
	struct ph_error *err = ph_array_reserve(&w->at->hits, &w->cap,
						 w->at->nr_hits + 1,
						 sizeof(*w->at->hits));

	if (err)
		return err;
	w->at->hits[w->at->nr_hits++] = *h;
	return NULL;
}

static const char *cat(struct walk *w, const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);
	char *s = ph_arena_alloc(&w->at->arena, la + lb + 1);

	if (s) {
		memcpy(s, a, la);
		memcpy(s + la, b, lb + 1);
	}
	return s;
}

/* The type a member of type TYPE (a head: "struct foo", "const bar_t")
   and SIZE bytes is, when the model has it.  */
static const struct ph_type *lookup(const struct ph_model *model,
				    const char *type, uint64_t size)
{
	static const char *const skip[] = { "const ", "volatile ", "struct ",
					    "union ", "class " };

	for (size_t i = 0; i < sizeof(skip) / sizeof(skip[0]); i++)
		if (strncmp(type, skip[i], strlen(skip[i])) == 0)
			type += strlen(skip[i]);
	for (size_t i = 0; i < model->nr_types; i++)
		if (model->types[i]->size == size &&
		    strcmp(model->types[i]->name, type) == 0)
			return model->types[i];
	return NULL;
}

/* The dimensions of an array member ("[2][3]" after its name): their
   number, at most MAX, 0 for none or one unknown.  */
static unsigned dims(const char *post, uint64_t *d, unsigned max)
{
	unsigned n = 0;

	while (*post == '[' && n < max) {
		char *end;
		unsigned long long v = strtoull(post + 1, &end, 10);

		if (end == post + 1 || *end != ']' || v == 0)
			return 0;
		d[n++] = v;
		post = end + 1;
	}
	return *post ? 0 : n;
}

static struct ph_error *members(struct walk *w, const struct ph_member *ms,
				size_t n, uint64_t base, uint64_t cstart,
				uint64_t cend, const char *prefix,
				bool *found);

/* Member M, covering the target, of a type starting at byte BASE.  */
static struct ph_error *member(struct walk *w, const struct ph_member *m,
			       uint64_t base, uint64_t start, uint64_t end,
			       const char *path)
{
	struct ph_at_hit h = { path, m, base + start, end - start,
			       base * 8 + m->bit_offset, false, false, false,
			       NULL, NULL };
	const struct ph_type *t;
	uint64_t d[8];
	unsigned nd;
	bool found = false;
	struct ph_error *err;

	if (w->depth >= 32)
		return push(w, &h);
	w->depth++;
	if (m->nested) {
		const char *inner = *m->name ? cat(w, path, ".") : path;

		if (!inner)
			return &ph_error_nomem;
		err = members(w, m->members, m->nr_members, base, start, end,
			      inner, &found);
		w->depth--;
		return err;
	}
	if (!m->bitfield && (nd = dims(m->name_post, d, 8))) {
		uint64_t count = 1, elem, idx;
		char buf[32];
		const char *p = path;

		for (unsigned i = 0; i < nd; i++)
			count *= d[i];
		elem = (end - start) / count;
		if (elem && (end - start) % count == 0) {
			uint64_t rest;

			idx = (w->target - base - start) / elem;
			rest = idx;
			for (unsigned i = 0; i < nd && p; i++) {
				uint64_t stride = 1;

				for (unsigned j = i + 1; j < nd; j++)
					stride *= d[j];
				snprintf(buf, sizeof(buf), "[%llu]",
					 (unsigned long long)(rest / stride));
				rest %= stride;
				p = cat(w, p, buf);
			}
			if (!p)
				return &ph_error_nomem;
			t = lookup(w->model, m->type, elem);
			h.path = p;
			h.offset = base + start + idx * elem;
			h.size = elem;
			h.bit_offset = h.offset * 8;
			h.element = true;
			if (!t || !(p = cat(w, p, "."))) {
				w->depth--;
				return t ? &ph_error_nomem : push(w, &h);
			}
			err = members(w, t->members, t->nr_members,
				      base + start + idx * elem, 0, t->size, p,
				      &found);
			w->depth--;
			return err;
		}
	}
	if (!m->bitfield && !*m->name_pre && !*m->name_post &&
	    (t = lookup(w->model, m->type, end - start)) && t->nr_members) {
		const char *inner = cat(w, path, ".");

		if (!inner)
			return &ph_error_nomem;
		err = members(w, t->members, t->nr_members, base + start, 0,
			      t->size, inner, &found);
		w->depth--;
		return err;
	}
	w->depth--;
	return push(w, &h);
}

static struct ph_error *members(struct walk *w, const struct ph_member *ms,
				size_t n, uint64_t base, uint64_t cstart,
				uint64_t cend, const char *prefix,
				bool *found)
{
	uint64_t rel = w->target - base;
	uint64_t prev_end = cstart, next_start = cend;
	const char *before = "", *after = "";
	struct ph_error *err;

	*found = false;
	for (size_t i = 0; i < n; i++) {
		const struct ph_member *m = &ms[i];
		uint64_t start = m->bit_offset / 8;
		uint64_t end = m->bitfield ? (m->bit_offset + m->bit_size + 7) / 8
		  : start + (m->occupies_less ? m->occupied : m->size);
		const char *path;

		if (end <= start)
			continue;
		if (rel >= start && rel < end) {
			*found = true;
			path = cat(w, prefix, *m->name ? m->name :
					      m->base ? m->type : "");
			if (!path)
				return &ph_error_nomem;
			if (!*m->name && !m->base && !m->nested)
				continue;
			if ((err = member(w, m, base, start, end, path)))
				return err;
			continue;
		}
		if (end <= rel && end >= prev_end) {
			prev_end = end;
			before = *m->name ? m->name : m->base ? m->type : "";
		}
		if (start > rel && start < next_start) {
			next_start = start;
			after = *m->name ? m->name : m->base ? m->type : "";
		}
	}
	if (*found)
		return NULL;
	/* In no member: a hole before the next one, or the tail padding. */
	struct ph_at_hit h = { prefix, NULL, base + prev_end, 0, 0, false,
			       next_start < cend, next_start >= cend, NULL,
			       NULL };
	h.size = (h.hole ? next_start : cend) - prev_end;
	h.before = *before ? cat(w, prefix, before) : "";
	h.after = *after ? cat(w, prefix, after) : "";
	if (!h.before || !h.after)
		return &ph_error_nomem;
	*found = true;
	return push(w, &h);
}

struct ph_error *ph_at(const struct ph_model *model, const struct ph_type *t,
		       uint64_t offset, struct ph_at *ret)
{
	struct walk w = { model, ret, 0, offset, 0 };
	struct ph_error *err;
	bool found;

	memset(ret, 0, sizeof(*ret));
	ph_arena_init(&ret->arena);
	if (offset >= t->size)
		return ph_error_create(PH_ERROR_INVALID,
				       "offset %llu is past the end of %s %s "
				       "(%llu bytes)",
				       (unsigned long long)offset,
				       ph_kind_name(t->kind), t->name,
				       (unsigned long long)t->size);
	err = members(&w, t->members, t->nr_members, 0, 0, t->size, "",
		      &found);
	/* A union's member that holds the byte says more than another's
	   padding there.  */
	size_t kept = 0;
	bool any_member = false;

	for (size_t i = 0; i < ret->nr_hits; i++)
		any_member |= ret->hits[i].m != NULL;
	for (size_t i = 0; i < ret->nr_hits; i++)
		if (!any_member || ret->hits[i].m)
			ret->hits[kept++] = ret->hits[i];
	ret->nr_hits = kept;
	if (err) {
		ph_at_deinit(ret);
		memset(ret, 0, sizeof(*ret));
	}
	return err;
}

void ph_at_deinit(struct ph_at *at)
{
	free(at->hits);
	ph_arena_deinit(&at->arena);
}
