/* pokehole --slabinfo: each slab cache tied to a struct, its objects
   now and with the struct packed (the reorganizer's size, as -P gives
   it), laid out by SLUB's model (reorg/alloc.h), and the memory that
   would save for the objects in use now.  The model is checked on
   each cache against what slabinfo says: a cache it does not match is
   shown, marked, and left out of the total.  */
#include "slabinfo-cmd.h"
#include "pokehole-print.h"
#include "slabinfo-read.h"
#include "../reorg/alloc.h"
#include "../reorg/reorganize.h"
#include "../report/buf.h"
#include "../report/jsonl.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *progname = PH_POKEHOLE_NAME;

/* Why a cache is tied to no struct: the reasons the summary counts.  */
enum untied_why {
	UNTIED_NO_STRUCT,	/* no struct of that name */
	UNTIED_SIZE,		/* struct size unknown */
	UNTIED_CLASH,		/* a name clash */
	UNTIED_NO_ATTRS,	/* not in the slab directory */
	NR_UNTIED_WHY
};

static const char *const untied_names[NR_UNTIED_WHY] = {
	"no struct of that name", "struct size unknown", "a name clash",
	"not in the slab directory",
};

/* A cache tied to a struct, and its figures: "now" as slabinfo has
   them, "packed" as the model lays out the packed objects.  */
struct row {
	const struct ph_slab_line *c;
	const struct ph_type *t;
	uint64_t packed_size;		/* the struct's */
	uint64_t object, packed_object;
	uint64_t packed_slot;
	unsigned order, packed_order;
	unsigned packed_per;
	/* What the model makes of the object now, against slabinfo's
	   objsize, objperslab and pagesperslab.  */
	uint64_t model_slot;
	unsigned model_per, model_order;
	bool trusted;
	/* The files read are not the running kernel (FILEs named) and the
	   struct is not the size of the cache's objects: another kernel's
	   layout, whose figures are not this machine's.  */
	bool other_kernel;
	const char **merged;		/* the caches merged with it */
	size_t nr_merged;
	uint64_t memory, packed_memory, saved;
};

struct untied {
	const struct ph_slab_line *c;
	enum untied_why why;
	char *detail;			/* the reason in full */
};

struct slab_ctx {
	const struct ph_pokehole_options *o;
	struct ph_model *model;
	struct ph_slab_dir dir;
	/* MODEL's structs, unions and classes by name.  */
	const struct ph_type **types;
	size_t nr_types;
	unsigned nr_cpus, page_size;
	struct row *rows;
	size_t nr_rows;
	struct untied *untied;
	size_t nr_untied;
};

static int type_cmp(const void *a, const void *b)
{
	const struct ph_type *x = *(const struct ph_type *const *)a;
	const struct ph_type *y = *(const struct ph_type *const *)b;

	return strcmp(x->name, y->name);
}

/* The tagged types of MODEL, sorted by name: a cache names a struct by
   its tag (KMEM_CACHE), never by a typedef of an untagged one.  */
static struct ph_error *index_types(struct slab_ctx *x)
{
	x->types = malloc((x->model->nr_types + 1) * sizeof(*x->types));
	if (!x->types)
		return &ph_error_nomem;
	for (size_t i = 0; i < x->model->nr_types; i++) {
		const struct ph_type *t = x->model->types[i];

		if (!t->typedef_name && *t->name)
			x->types[x->nr_types++] = t;
	}
	qsort(x->types, x->nr_types, sizeof(*x->types), type_cmp);
	return NULL;
}

/* The layouts named NAME: the first in *RET, how many the return.  */
static size_t find_types(const struct slab_ctx *x, const char *name,
			 const struct ph_type **ret, size_t *at)
{
	size_t lo = 0, hi = x->nr_types, n = 0;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (strcmp(x->types[mid]->name, name) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	*ret = lo < x->nr_types ? x->types[lo] : NULL;
	if (at)
		*at = lo;
	while (lo + n < x->nr_types && strcmp(x->types[lo + n]->name, name) == 0)
		n++;
	return n;
}

/* Of the N layouts named NAME, the largest no bigger than OBJECT (the
   cache's object size), and in *TIES how many have that size.  */
static const struct ph_type *pick_layout(const struct slab_ctx *x,
					 const char *name, size_t n,
					 uint64_t object, size_t *ties)
{
	const struct ph_type *first, *best = NULL;
	size_t at;

	find_types(x, name, &first, &at);
	*ties = 0;
	for (size_t i = at; i < at + n && i < x->nr_types; i++) {
		const struct ph_type *u = x->types[i];
		if (!u->size || u->size > object)
			continue;
		if (!best || u->size > best->size) {
			best = u;
			*ties = 1;
		} else if (u->size == best->size) {
			(*ties)++;
		}
	}
	return best;
}

/* The struct the cache NAME holds: the pair naming it first, else its
   own name; *PAIRED when a pair named it.  */
static const char *struct_name(const struct ph_pokehole_options *o,
			       const char *name, bool *paired)
{
	for (size_t i = 0; i < o->nr_cache_pairs; i++)
		if (strcmp(o->cache_pairs[2 * i], name) == 0) {
			*paired = true;
			return o->cache_pairs[2 * i + 1];
		}
	*paired = false;
	return name;
}

static struct ph_error *add_untied(struct slab_ctx *x,
				   const struct ph_slab_line *c,
				   enum untied_why why, const char *fmt, ...)
	PH_PRINTF(4, 5);

static struct ph_error *add_untied(struct slab_ctx *x,
				   const struct ph_slab_line *c,
				   enum untied_why why, const char *fmt, ...)
{
	struct untied *u = &x->untied[x->nr_untied];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vasprintf(&u->detail, fmt, ap);
	va_end(ap);
	if (n < 0)
		return &ph_error_nomem;
	u->c = c;
	u->why = why;
	x->nr_untied++;
	return NULL;
}

/* Whether SLUB keeps the free pointer after the object: a constructor
   needs the object whole, and so does SLAB_TYPESAFE_BY_RCU unless its
   creator gave a freeptr_offset (Linux 6.12 and later).  sysfs does not
   show that offset, but the slot does: one with no room for a pointer
   after the object keeps it inside (vm_area_struct).  */
static bool freeptr_outside(const struct ph_slab_attrs *a)
{
	if (a->ctor)
		return true;
	if (!a->rcu)
		return false;
	return ph_slub_slot(a->object_size, a->align, 1) == a->slab_size ||
	       ph_slub_slot(a->object_size, a->align, 0) != a->slab_size;
}

/* What ACTIVE objects take in slabs of PER objects and PAGES pages.  */
static uint64_t slab_memory(uint64_t active, uint64_t per, uint64_t pages,
			    unsigned page_size)
{
	return (active + per - 1) / per * pages * page_size;
}

static unsigned log2_u64(uint64_t v)
{
	unsigned n = 0;

	while (v > 1) {
		v >>= 1;
		n++;
	}
	return n;
}

/* The cache C tied to a struct and its figures into a new row, or the
   reason it is not into a new untied entry.  */
static struct ph_error *tie(struct slab_ctx *x, const struct ph_slab_line *c)
{
	struct ph_reorg_options ropts = ph_pokehole_reorg_options(x->o);
	struct ph_reorg_result r;
	struct ph_slab_attrs a;
	const struct ph_type *t;
	struct ph_error *err;
	bool paired;
	const char *sname = struct_name(x->o, c->name, &paired);
	size_t n = find_types(x, sname, &t, NULL);

	if (!n && paired)
		return add_untied(x, c, UNTIED_NO_STRUCT, "no struct %s (paired "
				  "with it)", sname);
	if (!n)
		return add_untied(x, c, UNTIED_NO_STRUCT, "no struct of that "
				  "name");
	if (!t->size && n == 1)
		return add_untied(x, c, UNTIED_SIZE, "struct size unknown: "
				  "%s %s has no size", ph_kind_name(t->kind),
				  sname);
	if (!ph_slab_dir_attrs(&x->dir, c->name, &a))
		return add_untied(x, c, UNTIED_NO_ATTRS, "not in the slab "
				  "directory: no %s/%s, so its object size, "
				  "alignment and free pointer are unknown",
				  x->dir.path, c->name);
	/* Several layouts of the name (a build's -m32 unit, the kernel's
	   vDSO, has its own): the largest that the cache's objects hold;
	   two of that size that differ are a clash.  */
	if (n > 1) {
		size_t ties = 0;
		const struct ph_type *best = pick_layout(x, sname, n,
							 a.object_size, &ties);
		if (!best || ties > 1)
			return add_untied(x, c, UNTIED_CLASH, "a name clash: "
					  "%zu layouts named %s", n, sname);
		t = best;
	}
	/* A struct cut short at run time (kmem_cache's node array) or
	   another type: the reorganizer's order would not fit it.  */
	if (a.object_size < t->size)
		return add_untied(x, c, UNTIED_SIZE, "struct size unknown: "
				  "its objects (%" PRIu64 " bytes) are smaller "
				  "than %s %s (%" PRIu64 "): cut short at run "
				  "time, or another type", a.object_size,
				  ph_kind_name(t->kind), sname, t->size);
	/* A run-time tail (a flexible array, task_struct's FPU state) is
	   some of the object; the struct under half of it is rather
	   another type of the same name (nf_conntrack's objects are
	   struct nf_conn).  */
	if (!paired && a.object_size > 2 * t->size)
		return add_untied(x, c, UNTIED_CLASH, "a name clash: %s %s "
				  "(%" PRIu64 " bytes) is under half its "
				  "objects (%" PRIu64 ")",
				  ph_kind_name(t->kind), sname, t->size,
				  a.object_size);
	if ((err = ph_reorganize(x->model, t, &ropts, &r)))
		return err;

	struct row *w = &x->rows[x->nr_rows];
	bool outside = freeptr_outside(&a);

	memset(w, 0, sizeof(*w));
	w->c = c;
	w->t = t;
	w->packed_size = r.type->size < t->size ? r.type->size : t->size;
	w->object = a.object_size;
	/* The run-time tail stays: only the struct's bytes shrink.  */
	w->packed_object = a.object_size - (t->size - w->packed_size);
	w->order = log2_u64(c->pages);
	w->model_slot = ph_slub_slot(w->object, a.align, outside);
	w->model_order = ph_slub_order(w->model_slot, x->nr_cpus,
				       x->page_size, &w->model_per);
	w->trusted = w->model_slot == c->slot && w->model_per == c->per_slab &&
		     (1ull << w->model_order) == c->pages;
	w->other_kernel = x->o->nr_args > 0 && a.object_size != t->size;
	if (w->other_kernel)
		w->trusted = false;
	w->packed_slot = ph_slub_slot(w->packed_object, a.align, outside);
	w->packed_order = ph_slub_order(w->packed_slot, x->nr_cpus,
					x->page_size, &w->packed_per);
	w->memory = slab_memory(c->active, c->per_slab, c->pages,
				x->page_size);
	w->packed_memory = slab_memory(c->active, w->packed_per,
				       1ull << w->packed_order, x->page_size);
	/* A packed layout SLUB would spread over more memory is no
	   saving: it is not one to make.  */
	w->saved = w->memory > w->packed_memory ? w->memory - w->packed_memory
						: 0;
	if ((err = ph_slab_dir_merged(&x->dir, c->name, &w->merged,
				      &w->nr_merged)))
		return err;
	x->nr_rows++;
	return NULL;
}

static bool counted(const struct row *w)
{
	return w->trusted && !w->nr_merged;
}

/* The counted rows first, then by the memory saved, most first, then
   by name.  */
static int row_cmp(const void *a, const void *b)
{
	const struct row *x = a, *y = b;

	if (counted(x) != counted(y))
		return counted(x) ? -1 : 1;
	if (x->saved != y->saved)
		return x->saved > y->saved ? -1 : 1;
	return strcmp(x->c->name, y->c->name);
}

struct totals {
	size_t counted, merged, untrusted;
	uint64_t memory, packed_memory, saved;
	size_t untied[NR_UNTIED_WHY];
};

static void add_up(const struct slab_ctx *x, struct totals *s)
{
	memset(s, 0, sizeof(*s));
	for (size_t i = 0; i < x->nr_rows; i++) {
		const struct row *w = &x->rows[i];

		if (!w->trusted) {
			s->untrusted++;
			continue;
		}
		if (w->nr_merged) {
			s->merged++;
			continue;
		}
		s->counted++;
		s->memory += w->memory;
		s->packed_memory += w->packed_memory;
		s->saved += w->saved;
	}
	for (size_t i = 0; i < x->nr_untied; i++)
		s->untied[x->untied[i].why]++;
}

/* Why W's figures are not trusted: the model against slabinfo.  */
static void why_untrusted(struct ph_buf *out, const struct row *w)
{
	if (w->other_kernel) {
		ph_buf_printf(out, "%s %s is %" PRIu64 " bytes, the cache's "
			      "objects %" PRIu64 ": the files read are not "
			      "the running kernel's", ph_kind_name(w->t->kind),
			      w->t->name, w->t->size, w->object);
		return;
	}
	ph_buf_printf(out, "the model gives objsize %" PRIu64 ", objperslab "
		      "%u, pagesperslab %llu; slabinfo says %" PRIu64 ", %"
		      PRIu64 ", %" PRIu64, w->model_slot, w->model_per,
		      1ull << w->model_order, w->c->slot, w->c->per_slab,
		      w->c->pages);
}

static void list_merged(struct ph_buf *out, const struct row *w)
{
	for (size_t i = 0; i < w->nr_merged; i++)
		ph_buf_printf(out, "%s%s", i ? ", " : "", w->merged[i]);
}

/* BYTES for people: "1.5 MiB".  */
static void human(struct ph_buf *out, uint64_t bytes)
{
	static const char *const units[] = { "KiB", "MiB", "GiB", "TiB" };
	double v = (double)bytes / 1024;
	unsigned u = 0;

	if (bytes < 1024) {
		ph_buf_printf(out, "%" PRIu64 " bytes", bytes);
		return;
	}
	while (v >= 1024 && u < 3) {
		v /= 1024;
		u++;
	}
	ph_buf_printf(out, "%.1f %s", v, units[u]);
}

static void print_text(struct ph_buf *out, const struct slab_ctx *x,
		       const char *path)
{
	int wc = 5, ws = 6;
	struct totals s;

	add_up(x, &s);
	for (size_t i = 0; i < x->nr_rows; i++) {
		int lc = (int)strlen(x->rows[i].c->name);
		int ls = (int)strlen(x->rows[i].t->name);

		wc = lc > wc ? lc : wc;
		ws = ls > ws ? ls : ws;
	}
	ph_buf_printf(out, "slab caches of %s tied to structs (%u CPUs "
		      "present, %u-byte pages)\n", path, x->nr_cpus,
		      x->page_size);
	if (x->nr_rows) {
		ph_buf_printf(out, "%-*s  %-*s  %9s  %15s  %15s  %11s  %9s\n",
			      wc, "", ws, "", "", "object size", "slot",
			      "objs/slab", "order");
		ph_buf_printf(out, "%-*s  %-*s  %9s  %7s %7s  %7s %7s  %5s "
			      "%5s  %4s %4s  %12s\n", wc, "cache", ws,
			      "struct", "active", "now", "packed", "now",
			      "packed", "now", "packed", "now", "packed",
			      "saved");
	}
	for (size_t i = 0; i < x->nr_rows; i++) {
		const struct row *w = &x->rows[i];

		ph_buf_printf(out, "%-*s  %-*s  %9" PRIu64 "  %7" PRIu64
			      " %7" PRIu64 "  %7" PRIu64 " %7" PRIu64
			      "  %5" PRIu64 " %5u  %4u %4u  %12" PRIu64 "%s\n",
			      wc, w->c->name, ws, w->t->name, w->c->active,
			      w->object, w->packed_object, w->c->slot,
			      w->packed_slot, w->c->per_slab, w->packed_per,
			      w->order, w->packed_order, w->saved,
			      !w->trusted ? "  not trusted"
			      : w->nr_merged ? "  merged" : "");
	}
	for (size_t i = 0; i < x->nr_rows; i++) {
		const struct row *w = &x->rows[i];

		if (!w->trusted) {
			ph_buf_printf(out, "%s: not trusted: ", w->c->name);
			why_untrusted(out, w);
			ph_buf_puts(out, "; not in the total\n");
		} else if (w->nr_merged) {
			ph_buf_printf(out, "%s: merged with ", w->c->name);
			list_merged(out, w);
			ph_buf_printf(out, ": its %" PRIu64 " objects are not "
				      "all %s %s's; not in the total\n",
				      w->c->active, ph_kind_name(w->t->kind),
				      w->t->name);
		}
	}
	ph_buf_printf(out, "total: %" PRIu64 " bytes saved (", s.saved);
	human(out, s.saved);
	ph_buf_printf(out, ") of %" PRIu64 " (", s.memory);
	human(out, s.memory);
	ph_buf_printf(out, ") by %zu %s", s.counted,
		      s.counted == 1 ? "cache" : "caches");
	if (s.merged || s.untrusted)
		ph_buf_printf(out, "; %zu merged and %zu not trusted left out",
			      s.merged, s.untrusted);
	ph_buf_putc(out, '\n');
	if (x->nr_untied) {
		ph_buf_printf(out, "%zu %s tied to no struct:", x->nr_untied,
			      x->nr_untied == 1 ? "cache" : "caches");
		for (unsigned k = 0, first = 1; k < NR_UNTIED_WHY; k++)
			if (s.untied[k]) {
				ph_buf_printf(out, "%s %zu %s", first ? "" : ",",
					      s.untied[k], untied_names[k]);
				first = 0;
			}
		ph_buf_puts(out, x->o->verbose ? "\n" : " (-V names them)\n");
	}
	for (size_t i = 0; x->o->verbose && i < x->nr_untied; i++)
		ph_buf_printf(out, "%s: not tied: %s\n", x->untied[i].c->name,
			      x->untied[i].detail);
}

static void json_row(struct ph_buf *out, const struct row *w)
{
	ph_buf_puts(out, "{\"kind\":\"slab_cache\",\"cache\":");
	ph_json_string(out, w->c->name);
	PH_JSON_KEY(out, "struct");
	ph_json_string(out, w->t->name);
	PH_JSON_KEY(out, "struct_kind");
	ph_json_string(out, ph_kind_name(w->t->kind));
	PH_JSON_KEY_U64(out, "active_objs", w->c->active);
	PH_JSON_KEY_U64(out, "struct_size", w->t->size);
	PH_JSON_KEY_U64(out, "packed_struct_size", w->packed_size);
	PH_JSON_KEY_U64(out, "object_size", w->object);
	PH_JSON_KEY_U64(out, "packed_object_size", w->packed_object);
	PH_JSON_KEY_U64(out, "slot", w->c->slot);
	PH_JSON_KEY_U64(out, "packed_slot", w->packed_slot);
	PH_JSON_KEY_U64(out, "objs_per_slab", w->c->per_slab);
	PH_JSON_KEY_U64(out, "packed_objs_per_slab", w->packed_per);
	PH_JSON_KEY_U64(out, "order", w->order);
	PH_JSON_KEY_U64(out, "packed_order", w->packed_order);
	PH_JSON_KEY_U64(out, "memory", w->memory);
	PH_JSON_KEY_U64(out, "packed_memory", w->packed_memory);
	PH_JSON_KEY_U64(out, "saved", w->saved);
	PH_JSON_KEY(out, "trusted");
	ph_buf_puts(out, w->trusted ? "true" : "false");
	PH_JSON_KEY(out, "merged");
	ph_json_strings(out, w->merged, w->nr_merged);
	PH_JSON_KEY(out, "counted");
	ph_buf_puts(out, counted(w) ? "true" : "false");
	if (!w->trusted) {
		PH_JSON_KEY_U64(out, "model_slot", w->model_slot);
		PH_JSON_KEY_U64(out, "model_objs_per_slab", w->model_per);
		PH_JSON_KEY_U64(out, "model_order", w->model_order);
	}
	ph_buf_puts(out, "}\n");
}

static void print_json(struct ph_buf *out, const struct slab_ctx *x)
{
	struct totals s;

	add_up(x, &s);
	for (size_t i = 0; i < x->nr_rows; i++)
		json_row(out, &x->rows[i]);
	for (size_t i = 0; x->o->verbose && i < x->nr_untied; i++) {
		ph_buf_puts(out, "{\"kind\":\"slab_untied\",\"cache\":");
		ph_json_string(out, x->untied[i].c->name);
		PH_JSON_KEY(out, "why");
		ph_json_string(out, untied_names[x->untied[i].why]);
		PH_JSON_KEY(out, "detail");
		ph_json_string(out, x->untied[i].detail);
		ph_buf_puts(out, "}\n");
	}
	ph_buf_puts(out, "{\"kind\":\"slab_total\"");
	PH_JSON_KEY_U64(out, "caches", x->nr_rows);
	PH_JSON_KEY_U64(out, "counted", s.counted);
	PH_JSON_KEY_U64(out, "merged", s.merged);
	PH_JSON_KEY_U64(out, "untrusted", s.untrusted);
	PH_JSON_KEY_U64(out, "untied", x->nr_untied);
	PH_JSON_KEY_U64(out, "memory", s.memory);
	PH_JSON_KEY_U64(out, "packed_memory", s.packed_memory);
	PH_JSON_KEY_U64(out, "saved", s.saved);
	PH_JSON_KEY_U64(out, "nr_cpus", x->nr_cpus);
	PH_JSON_KEY_U64(out, "page_size", x->page_size);
	ph_buf_puts(out, "}\n");
}

static void ctx_deinit(struct slab_ctx *x)
{
	for (size_t i = 0; i < x->nr_rows; i++)
		free(x->rows[i].merged);
	for (size_t i = 0; i < x->nr_untied; i++)
		free(x->untied[i].detail);
	free(x->rows);
	free(x->untied);
	free(x->types);
	ph_slab_dir_deinit(&x->dir);
}

struct ph_error *ph_pokehole_slabinfo(struct ph_model *model,
				      const struct ph_pokehole_options *o,
				      int *status)
{
	const char *path = o->slabinfo_file ? o->slabinfo_file
					    : PH_SLABINFO_PATH;
	const char *dir = getenv(PH_SLAB_DIR_ENV);
	struct slab_ctx x = { .o = o, .model = model };
	struct ph_slabinfo si;
	struct ph_error *err;
	struct ph_buf out;
	long page = sysconf(_SC_PAGESIZE);

	if ((err = ph_slabinfo_read(path, &si))) {
		if (err == &ph_error_nomem)
			return err;
		/* Only root reads the kernel's: say so, once.  */
		fprintf(stderr, "%s: %s: %s%s\n", progname, path, err->message,
			err->errno_value == EACCES && !o->slabinfo_file
				? " (only root can read it)" : "");
		ph_error_destroy(err);
		*status = 1;
		return NULL;
	}
	x.nr_cpus = ph_present_cpus();
	x.page_size = page > 0 ? (unsigned)page : 4096;
	ph_buf_init(&out);
	if ((err = ph_slab_dir_open(dir && *dir ? dir : PH_SLAB_DIR, &x.dir)) ||
	    (err = index_types(&x)))
		goto done;
	x.rows = calloc(si.nr, sizeof(*x.rows));
	x.untied = calloc(si.nr, sizeof(*x.untied));
	if (!x.rows || !x.untied) {
		err = &ph_error_nomem;
		goto done;
	}
	for (size_t i = 0; i < si.nr && !err; i++)
		err = tie(&x, &si.caches[i]);
	if (err)
		goto done;
	qsort(x.rows, x.nr_rows, sizeof(*x.rows), row_cmp);
	if (o->output == OUT_JSON)
		print_json(&out, &x);
	else
		print_text(&out, &x, path);
	if (!(err = ph_buf_error(&out)) && ph_pokehole_write_buf(&out))
		err = ph_error_errno(errno, "cannot write");
done:
	ph_buf_deinit(&out);
	ctx_deinit(&x);
	ph_slabinfo_deinit(&si);
	return err;
}
