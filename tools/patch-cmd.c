/* pokehole --patch: one patch for a whole build, from the units' reports
   (patch-cmd.h).

   For each type the engine makes smaller, the build's sites (every
   unit's "sites" record) decide: safe when every site of every unit
   keeps its meaning in the new order, by the edits its unit carries or
   because it does not depend on it.  The edits of the safe types are
   gathered: the definition's once however many units include it, every
   unit's initializers and lists; identical edits are one; edits that
   overlap and differ are a conflict, and every type with a part in one
   is refused; so is a type whose edit no longer matches the file (the
   source changed since it was compiled).  What is left is one unified
   diff per file, for patch -p0 in the current directory, as
   clang-apply-replacements makes one from clang's fix-its.  */
#include "patch-cmd.h"
#include "cli.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../baseline/lines.h"
#include "../report/patch.h"

/* "struct s", or a typedef's name alone: the type as C names it.  */
#define KIND_OF(t)                                                      \
	(t)->typedef_name ? "" : ph_kind_name((t)->kind),               \
		(t)->typedef_name ? "" : " "

/* One edit of the build, its file resolved.  */
struct edit {
	char *path;		/* as it is opened */
	const struct ph_edit *e;
	size_t type;		/* the type it is for */
	size_t rec;		/* the record (a unit's) it comes from */
	size_t off, end;	/* in the file, once read */
	size_t src_off, src_end;	/* a move's text; SIZE_MAX: none */
};

struct type_state {
	const struct ph_type *t;
	const struct ph_type *suggested;
	bool accepted;
	const char *refused;	/* why, when refused after the verdict */
	char *refused_detail;	/* malloc'd: a file and line */
	size_t records;
};

struct file_text {
	char *path;
	char *text;
	size_t len;
	bool read;		/* tried */
	size_t *lines;		/* offset of each line */
	size_t nr_lines;
};

struct patch {
	char cwd[4096];		/* paths are shown relative to it */
	struct ph_sitedb *db;
	struct type_state *types;
	size_t nr_types;
	struct edit *edits;
	size_t nr_edits, cap_edits;
	struct file_text *files;
	size_t nr_files;
};

static char *join_path(const char *dir, const char *file)
{
	char *s;

	if (file[0] == '/' || !*dir)
		return strdup(file);
	if (asprintf(&s, "%s/%s", dir, file) < 0)
		return NULL;
	return s;
}

static struct file_text *file_of(struct patch *p, const char *path)
{
	for (size_t i = 0; i < p->nr_files; i++)
		if (strcmp(p->files[i].path, path) == 0)
			return &p->files[i];
	struct file_text *v = realloc(p->files,
				      (p->nr_files + 1) * sizeof(*v));
	if (!v)
		return NULL;
	p->files = v;
	struct file_text *f = &v[p->nr_files++];
	memset(f, 0, sizeof(*f));
	f->path = strdup(path);
	return f->path ? f : (p->nr_files--, NULL);
}

/* F's text and where its lines start: false when it cannot be read.  */
static bool read_file(struct file_text *f)
{
	if (f->read)
		return f->text != NULL;
	f->read = true;
	struct ph_error *err = ph_lines_read_file(f->path, &f->text, &f->len);
	if (err) {
		ph_error_destroy(err);
		f->text = NULL;
		return false;
	}
	size_t n = 1;
	for (size_t i = 0; i < f->len; i++)
		n += f->text[i] == '\n';
	f->lines = malloc((n + 1) * sizeof(*f->lines));
	if (!f->lines) {
		free(f->text);
		f->text = NULL;
		return false;
	}
	f->nr_lines = 0;
	f->lines[f->nr_lines++] = 0;
	for (size_t i = 0; i < f->len; i++)
		if (f->text[i] == '\n')
			f->lines[f->nr_lines++] = i + 1;
	return true;
}

static bool offset(const struct file_text *f, uint32_t line, uint32_t col,
		   size_t *ret)
{
	if (!line || line > f->nr_lines || !col)
		return false;
	size_t off = f->lines[line - 1] + (col - 1);
	size_t end = line < f->nr_lines ? f->lines[line] : f->len;
	if (off > end)
		return false;
	*ret = off;
	return true;
}

/* PATH as the patch names it: relative to the current directory when
   it is inside it.  */
static const char *shown(const char *path, const char *cwd)
{
	size_t n = strlen(cwd);

	if (path[0] == '/' && strncmp(path, cwd, n) == 0 && path[n] == '/')
		return path + n + 1;
	if (strncmp(path, "./", 2) == 0)
		return path + 2;
	return path;
}

static void refuse(struct type_state *ts, const char *why, const char *path,
		   uint32_t line)
{
	if (!ts->accepted)
		return;
	ts->accepted = false;
	ts->refused = why;
	free(ts->refused_detail);
	ts->refused_detail = NULL;
	if (path && asprintf(&ts->refused_detail, "%s:%" PRIu32, path, line) < 0)
		ts->refused_detail = NULL;
}

static bool same_edit(const struct edit *a, const struct edit *b)
{
	return strcmp(a->path, b->path) == 0 && a->off == b->off &&
	       a->end == b->end && a->src_off == b->src_off &&
	       a->src_end == b->src_end &&
	       strcmp(a->e->new_text, b->e->new_text) == 0;
}

/* A inside B's place, which another accepted edit's move takes
   elsewhere: A is made there, so the two do not conflict.  */
static bool carried(const struct patch *p, const struct edit *a,
		    const struct edit *b)
{
	bool in = a->off == a->end ? b->off < a->off && a->off < b->end
				   : b->off <= a->off && a->end <= b->end;
	if (!in || (a->off == b->off && a->end == b->end))
		return false;
	for (size_t i = 0; i < p->nr_edits; i++) {
		const struct edit *m = &p->edits[i];

		if (m->src_off == SIZE_MAX || !p->types[m->type].accepted ||
		    strcmp(m->path, a->path) != 0)
			continue;
		if (a->off == a->end ? m->src_off < a->off && a->off < m->src_end
				     : m->src_off <= a->off &&
					       a->end <= m->src_end)
			return true;
	}
	return false;
}

static bool overlaps(const struct edit *a, const struct edit *b)
{
	bool ai = a->off == a->end, bi = b->off == b->end;

	if (strcmp(a->path, b->path) != 0)
		return false;
	if (ai && bi)
		return a->off == b->off;
	/* Two units' edits of one text meet even at an end: a header's
	   list compiled as C in one unit (designators inserted before the
	   elements) and as C++ in another (the elements moved) must not
	   both be made.  */
	if (a->rec != b->rec && ai)
		return b->off <= a->off && a->off <= b->end;
	if (a->rec != b->rec && bi)
		return a->off <= b->off && b->off <= a->end;
	return a->off < b->end && b->off < a->end;
}

/* The edits of every record of the accepted type TI.  */
static struct ph_error *gather(struct patch *p, size_t ti)
{
	const size_t *idx;
	size_t n;
	struct ph_error *err;

	if ((err = ph_sitedb_find(p->db, p->types[ti].t, &idx, &n)))
		return err;
	for (size_t i = 0; i < n; i++) {
		const struct ph_type_sites *rec = &p->db->v[idx[i]];

		/* A record with edits for another order has no part in it:
		   the verdict found its sites allowing this order without
		   them.  */
		if (!ph_order_is(p->types[ti].suggested, rec->order,
				 rec->nr_order))
			continue;
		for (size_t j = 0; j < rec->nr_edits; j++) {
			if (p->nr_edits == p->cap_edits) {
				size_t cap = p->cap_edits ? 2 * p->cap_edits
							  : 64;
				struct edit *v = realloc(p->edits,
							 cap * sizeof(*v));
				if (!v)
					return &ph_error_nomem;
				p->edits = v;
				p->cap_edits = cap;
			}
			char *path = join_path(rec->dir, rec->edits[j].file);
			if (!path)
				return &ph_error_nomem;
			p->edits[p->nr_edits++] = (struct edit){
				path, &rec->edits[j], ti, idx[i], 0, 0,
				SIZE_MAX, SIZE_MAX
			};
		}
	}
	return NULL;
}

/* Resolves each edit against its file; refuses the types whose edits
   the file no longer matches.  False when a type was refused.  */
static bool resolve(struct patch *p)
{
	bool stable = true;

	for (size_t i = 0; i < p->nr_edits; i++) {
		struct edit *e = &p->edits[i];
		struct type_state *ts = &p->types[e->type];
		struct file_text *f;

		if (!ts->accepted)
			continue;
		f = file_of(p, e->path);
		if (!f || !read_file(f)) {
			refuse(ts, "a file it edits cannot be read",
			       shown(e->path, p->cwd), e->e->line);
			stable = false;
			continue;
		}
		size_t len = strlen(e->e->old_text);
		bool from = !e->e->moves ||
			    (offset(f, e->e->from_line, e->e->from_column,
				    &e->src_off) &&
			     offset(f, e->e->from_end_line,
				    e->e->from_end_column, &e->src_end) &&
			     e->src_off <= e->src_end);
		if (!from ||
		    !offset(f, e->e->line, e->e->column, &e->off) ||
		    !offset(f, e->e->end_line, e->e->end_column, &e->end) ||
		    e->end < e->off || e->end - e->off != len ||
		    memcmp(f->text + e->off, e->e->old_text, len) != 0) {
			refuse(ts, "the source changed since it was compiled",
			       shown(e->path, p->cwd), e->e->line);
			stable = false;
		}
	}
	return stable;
}

/* Whether record REC of type TYPE makes edit E too.  */
static bool record_has(const struct patch *p, size_t type, size_t rec,
		       const struct edit *e)
{
	for (size_t i = 0; i < p->nr_edits; i++)
		if (p->edits[i].type == type && p->edits[i].rec == rec &&
		    same_edit(&p->edits[i], e))
			return true;
	return false;
}

/* Two records' edits that only meet at an end: an insertion where the
   other removes text, the other record making that insertion too (a
   list rewritten the same way by two units, or by two types' sites,
   one of which also takes an anonymous member's braces away).  */
static bool agree_at_end(const struct patch *p, const struct edit *a,
			 const struct edit *b)
{
	if (a->rec == b->rec || (a->off == b->off && a->end == b->end))
		return false;
	if (a->off < b->end && b->off < a->end)
		return false;
	if (a->off == a->end && record_has(p, b->type, b->rec, a))
		return true;
	return b->off == b->end && record_has(p, a->type, a->rec, b);
}

/* Refuses the types whose edits overlap another's and differ.  */
static bool conflicts(struct patch *p)
{
	bool stable = true;

	for (size_t i = 0; i < p->nr_edits; i++) {
		struct edit *a = &p->edits[i];

		if (!p->types[a->type].accepted)
			continue;
		for (size_t j = i + 1; j < p->nr_edits; j++) {
			struct edit *b = &p->edits[j];

			if (!p->types[b->type].accepted || !overlaps(a, b) ||
			    same_edit(a, b) || carried(p, a, b) ||
			    carried(p, b, a) || agree_at_end(p, a, b))
				continue;
			const char *why =
				a->type == b->type
					? "two units rewrite one text two ways "
					  "(a header's list compiled as C and "
					  "as C++?)"
					: "its edits conflict with another "
					  "type's (one text rewritten two "
					  "ways)";
			refuse(&p->types[a->type], why,
			       shown(a->path, p->cwd), a->e->line);
			refuse(&p->types[b->type], why,
			       shown(b->path, p->cwd), b->e->line);
			stable = false;
		}
	}
	return stable;
}

/* By file, then place, the larger of two at one place first (an edit
   inside another comes after it).  */
static int by_path_offset(const void *x, const void *y)
{
	const struct edit *a = x, *b = y;
	int c = strcmp(a->path, b->path);

	if (c)
		return c;
	if (a->off != b->off)
		return a->off < b->off ? -1 : 1;
	return (a->end < b->end) - (a->end > b->end);
}

/* The name a member's type spells, without qualifiers, a class-key or
   array bounds, compared with NAME.  */
static bool type_is(const char *type, const char *name)
{
	static const char *const skip[] = { "const ", "volatile ", "struct ",
					    "union ", "class " };
	size_t n;

	for (bool more = true; more;) {
		more = false;
		for (size_t i = 0; i < sizeof(skip) / sizeof(skip[0]); i++) {
			size_t k = strlen(skip[i]);
			if (strncmp(type, skip[i], k) == 0) {
				type += k;
				more = true;
			}
		}
	}
	n = strcspn(type, "[");
	while (n && type[n - 1] == ' ')
		n--;
	return strlen(name) == n && strncmp(type, name, n) == 0;
}

/* Whether T holds a U by value (in a member, an array, a nested
   aggregate): its size then changes again when U's does.  */
static bool holds(const struct ph_member *m, size_t n, const struct ph_type *u,
		  unsigned depth)
{
	for (size_t i = 0; i < n; i++) {
		if (m[i].nested && depth < 64 &&
		    holds(m[i].members, m[i].nr_members, u, depth + 1))
			return true;
		if (!m[i].nested && !strchr(m[i].type, '*') &&
		    !strchr(m[i].type, '&') && type_is(m[i].type, u->name))
			return true;
	}
	return false;
}

static void print_stops(FILE *err, const char *progname,
			const struct ph_type *t, const struct ph_site_stop *s,
			size_t n)
{
	for (size_t i = 0; i < n; i++) {
		const char *own = s[i].site->why;
		bool same = strcmp(own, s[i].why) == 0 || !*own;

		fprintf(err, "%s:   %s:%" PRIu32 ":%" PRIu32 ": %s: %s%s%s\n",
			progname, s[i].site->file, s[i].site->line,
			s[i].site->column, ph_site_kind_name(s[i].site->kind),
			s[i].why, same ? "" : " - ", same ? "" : own);
	}
	(void)t;
}

int ph_patch_main(const char *progname, struct ph_model *model,
		  struct ph_sitedb *db, const struct ph_reorg_options *ropts,
		  struct ph_buf *out)
{
	struct patch p = { .db = db };
	struct ph_error *err = NULL;
	size_t refused = 0, patched = 0;
	uint64_t saved = 0;
	int status = 0;

	if (!getcwd(p.cwd, sizeof(p.cwd)))
		strcpy(p.cwd, "/");
	p.types = calloc(model->nr_types + 1, sizeof(*p.types));
	if (!p.types)
		return ph_cli_error(progname, &ph_error_nomem, 2);
	for (size_t i = 0; i < model->nr_types && !err; i++) {
		const struct ph_type *t = model->types[i];
		struct ph_reorg_result r;
		struct ph_site_stop *stops;
		size_t nr, records;
		bool safe;

		if ((err = ph_reorganize(model, t, ropts, &r)))
			break;
		if (r.type->size >= t->size)
			continue;
		if ((err = ph_sitedb_verdict(db, t, r.type, &safe, &records,
					     &stops, &nr)))
			break;
		struct type_state *ts = &p.types[p.nr_types++];
		ts->t = t;
		ts->suggested = r.type;
		ts->records = records;
		ts->accepted = safe;
		if (!safe) {
			refused++;
			fprintf(stderr, "%s: %s%s%s: refused: ", progname,
				KIND_OF(t), t->name);
			if (!records)
				fprintf(stderr, "no unit's report has its "
					"sites\n");
			else if (!nr && db->nr_unreported)
				fprintf(stderr, "units of the build have no "
					"report of their sites\n");
			else if (!nr)
				fprintf(stderr, "no unit's report has the edits "
					"of its definition for this order\n");
			else
				fprintf(stderr, "%zu %s on its member order\n",
					nr, nr == 1 ? "place depends"
						    : "places depend");
			print_stops(stderr, progname, t, stops, nr);
		}
		free(stops);
	}
	for (size_t i = 0; i < p.nr_types && !err; i++)
		if (p.types[i].accepted)
			err = gather(&p, i);
	if (err) {
		fprintf(stderr, "%s: %s\n", progname, err->message);
		ph_error_destroy(err);
		status = 2;
		goto out;
	}
	/* Refusals can make room: a type refused takes its edits along,
	   so the checks run until nothing changes.  */
	while (!resolve(&p) || !conflicts(&p))
		;
	qsort(p.edits, p.nr_edits, sizeof(*p.edits), by_path_offset);

	for (size_t i = 0; i < p.nr_edits;) {
		size_t j = i;
		struct ph_patch_edit *pe =
			calloc(p.nr_edits - i + 1, sizeof(*pe));
		size_t n = 0;

		if (!pe) {
			status = 2;
			break;
		}
		while (j < p.nr_edits &&
		       strcmp(p.edits[j].path, p.edits[i].path) == 0) {
			const struct edit *e = &p.edits[j++];

			if (!p.types[e->type].accepted)
				continue;
			/* Identical edits of several units or types: once.  */
			if (n && pe[n - 1].off == e->off &&
			    pe[n - 1].end == e->end &&
			    pe[n - 1].src_off == e->src_off &&
			    strcmp(pe[n - 1].text, e->e->new_text) == 0)
				continue;
			pe[n++] = (struct ph_patch_edit){ e->off, e->end,
							  e->e->new_text,
							  e->src_off,
							  e->src_end };
		}
		struct file_text *f = n ? file_of(&p, p.edits[i].path) : NULL;
		if (f)
			ph_render_patch(out, shown(f->path, p.cwd), f->text,
					f->len, pe, n);
		free(pe);
		i = j;
	}
	/* The types whose size the patch changes: those patched (the
	   first NR_PATCHED), and those that hold one of them, however
	   deep.  */
	const struct ph_type **changed =
		calloc(model->nr_types + p.nr_types + 1, sizeof(*changed));
	size_t nr_changed = 0;
	if (!changed) {
		status = ph_cli_error(progname, &ph_error_nomem, 2);
		goto out;
	}
	for (size_t i = 0; i < p.nr_types; i++)
		if (p.types[i].accepted)
			changed[nr_changed++] = p.types[i].t;
	const size_t nr_patched = nr_changed;
	for (size_t grown = nr_changed, from = 0; grown;) {
		size_t before = nr_changed;
		for (size_t i = 0; i < model->nr_types; i++) {
			const struct ph_type *t = model->types[i];
			bool in = false;
			for (size_t j = 0; j < nr_changed && !in; j++)
				in = changed[j] == t;
			for (size_t j = from; j < before && !in; j++)
				if (holds(t->members, t->nr_members,
					  changed[j], 0)) {
					changed[nr_changed++] = t;
					in = true;
				}
		}
		from = before;
		grown = nr_changed - before;
	}
	for (size_t i = 0; i < p.nr_types; i++) {
		struct type_state *ts = &p.types[i];

		if (ts->accepted) {
			const struct ph_type *held = NULL;
			bool held_patched = false;
			for (size_t j = 0; j < nr_changed && !held; j++)
				if (changed[j] != ts->t &&
				    holds(ts->t->members, ts->t->nr_members,
					  changed[j], 0)) {
					held = changed[j];
					held_patched = j < nr_patched;
				}
			patched++;
			saved += ts->t->size - ts->suggested->size;
			char also[512] = "";
			if (held)
				snprintf(also, sizeof(also), " at most (it holds "
					 "%s%s%s, %s)", KIND_OF(held),
					 held->name,
					 held_patched
						 ? "patched too"
						 : "which holds a patched type");
			fprintf(stderr, "%s: %s%s%s: %" PRIu64 " -> %" PRIu64
				" bytes%s, safe: %zu %s\n", progname,
				KIND_OF(ts->t), ts->t->name, ts->t->size,
				ts->suggested->size, also, ts->records,
				ts->records == 1 ? "unit's sites"
						 : "units' sites");
		} else if (ts->refused) {
			refused++;
			fprintf(stderr, "%s: %s%s%s: refused: %s (%s)\n",
				progname, KIND_OF(ts->t),
				ts->t->name, ts->refused,
				ts->refused_detail ? ts->refused_detail : "");
		}
	}
	free(changed);
	fprintf(stderr, "%s: %zu %s patched (%" PRIu64 " bytes saved, one "
		"object of each), %zu refused\n", progname, patched,
		patched == 1 ? "type" : "types", saved, refused);
	if (refused && !status)
		status = 1;
out:
	for (size_t i = 0; i < p.nr_edits; i++)
		free(p.edits[i].path);
	free(p.edits);
	for (size_t i = 0; i < p.nr_files; i++) {
		free(p.files[i].path);
		free(p.files[i].text);
		free(p.files[i].lines);
	}
	free(p.files);
	for (size_t i = 0; i < p.nr_types; i++)
		free(p.types[i].refused_detail);
	free(p.types);
	return status;
}
