#include "baseline.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "json.h"

struct ph_baseline {
	struct ph_arena arena;
	size_t n, cap;
	struct ph_baseline_type *types;	/* sorted by name once loaded */
};

static struct ph_error *read_file(const char *path, char **ret, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t cap = 0, n = 0;

	if (!f)
		return ph_error_errno(errno, "%s", path);
	for (;;) {
		if (cap - n < 65536) {
			size_t ncap = cap ? 2 * cap : 65536;
			char *p = realloc(buf, ncap + 1);

			if (!p) {
				free(buf);
				fclose(f);
				return &ph_error_nomem;
			}
			buf = p;
			cap = ncap;
		}
		size_t got = fread(buf + n, 1, cap - n, f);
		n += got;
		if (got == 0)
			break;
	}
	if (ferror(f)) {
		int e = errno;
		free(buf);
		fclose(f);
		return ph_error_errno(e, "%s", path);
	}
	fclose(f);
	buf[n] = '\0';
	*ret = buf;
	*len = n;
	return NULL;
}

static int kind_of(const char *s, enum ph_kind *k)
{
	if (strcmp(s, "struct") == 0)
		*k = PH_KIND_STRUCT;
	else if (strcmp(s, "union") == 0)
		*k = PH_KIND_UNION;
	else if (strcmp(s, "class") == 0)
		*k = PH_KIND_CLASS;
	else
		return 0;
	return 1;
}

static struct ph_baseline_type *find_or_add(struct ph_baseline *b,
					    const char *name,
					    enum ph_kind kind)
{
	for (size_t i = 0; i < b->n; i++)
		if (b->types[i].kind == kind &&
		    strcmp(b->types[i].name, name) == 0)
			return &b->types[i];
	if (b->n == b->cap) {
		size_t cap = b->cap ? 2 * b->cap : 64;
		struct ph_baseline_type *v = realloc(b->types,
						     cap * sizeof(*v));
		if (!v)
			return NULL;
		b->types = v;
		b->cap = cap;
	}
	struct ph_baseline_type *t = &b->types[b->n];
	memset(t, 0, sizeof(*t));
	t->name = ph_arena_strdup(&b->arena, name);
	t->kind = kind;
	if (!t->name)
		return NULL;
	b->n++;
	return t;
}

static struct ph_error *add_record(struct ph_baseline *b,
				   const struct ph_json_value *v,
				   const char *path, size_t line)
{
	const char *name, *kind_s;
	uint64_t size, padding = 0;
	enum ph_kind kind;

	if (!ph_json_get_string(v, "name", &name) ||
	    !ph_json_get_string(v, "kind", &kind_s) || !kind_of(kind_s, &kind) ||
	    !ph_json_get_uint(v, "size", &size))
		return ph_error_create(PH_ERROR_INVALID,
				       "%s:%zu: not a layout record", path,
				       line);
	ph_json_get_uint(v, "padding", &padding);
	struct ph_baseline_type *t = find_or_add(b, name, kind);
	if (!t)
		return &ph_error_nomem;
	if (size > t->size)
		t->size = size;
	if (padding > t->padding)
		t->padding = padding;
	const struct ph_json_value *holes = ph_json_get(v, "holes");
	if (!holes || holes->kind != PH_JSON_ARRAY)
		return NULL;
	for (size_t i = 0; i < holes->u.array.count; i++) {
		const struct ph_json_value *h = holes->u.array.items[i];
		const char *after;
		uint64_t hs;

		if (!ph_json_get_string(h, "after", &after) ||
		    !ph_json_get_uint(h, "size", &hs))
			return ph_error_create(PH_ERROR_INVALID,
					       "%s:%zu: a hole without "
					       "\"after\" and \"size\"",
					       path, line);
		size_t k = 0;
		while (k < t->nr_holes && strcmp(t->holes[k].after, after))
			k++;
		if (k < t->nr_holes) {
			if (hs > t->holes[k].size)
				t->holes[k].size = hs;
			continue;
		}
		struct ph_baseline_hole *nh = ph_arena_alloc(
			&b->arena, (t->nr_holes + 1) * sizeof(*nh));
		if (!nh)
			return &ph_error_nomem;
		if (t->nr_holes)
			memcpy(nh, t->holes, t->nr_holes * sizeof(*nh));
		nh[t->nr_holes].after = ph_arena_strdup(&b->arena, after);
		nh[t->nr_holes].size = hs;
		if (!nh[t->nr_holes].after)
			return &ph_error_nomem;
		t->holes = nh;
		t->nr_holes++;
	}
	return NULL;
}

static int cmp_type(const void *a, const void *b)
{
	const struct ph_baseline_type *x = a, *y = b;
	int c = strcmp(x->name, y->name);

	return c ? c : (int)x->kind - (int)y->kind;
}

/* Calls FN on each non-blank line of TEXT.  */
static struct ph_error *each_line(char *text, size_t len,
				  struct ph_error *(*fn)(void *, char *,
							 size_t, size_t),
				  void *arg)
{
	size_t lineno = 0;

	for (char *p = text, *end = text + len; p < end;) {
		char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
		struct ph_error *err;

		lineno++;
		if (n && (err = fn(arg, p, n, lineno)))
			return err;
		p += n + 1;
	}
	return NULL;
}

struct load_ctx {
	struct ph_baseline *b;
	const char *path;
};

static struct ph_error *load_line(void *arg, char *line, size_t n,
				  size_t lineno)
{
	struct load_ctx *ctx = arg;
	char msg[128];
	struct ph_json_value *v = ph_json_parse(line, n, msg, sizeof(msg));
	struct ph_error *err;

	if (!v)
		return ph_error_create(PH_ERROR_INVALID, "%s:%zu: %s",
				       ctx->path, lineno, msg);
	err = add_record(ctx->b, v, ctx->path, lineno);
	ph_json_free(v);
	return err;
}

struct ph_error *ph_baseline_load(const char *path, struct ph_baseline **ret)
{
	struct ph_baseline *b = calloc(1, sizeof(*b));
	struct ph_error *err;
	char *text;
	size_t len;

	if (!b)
		return &ph_error_nomem;
	ph_arena_init(&b->arena);
	if ((err = read_file(path, &text, &len))) {
		ph_baseline_destroy(b);
		return err;
	}
	struct load_ctx ctx = { b, path };
	err = each_line(text, len, load_line, &ctx);
	free(text);
	if (err) {
		ph_baseline_destroy(b);
		return err;
	}
	if (b->n)
		qsort(b->types, b->n, sizeof(*b->types), cmp_type);
	*ret = b;
	return NULL;
}

void ph_baseline_destroy(struct ph_baseline *b)
{
	if (!b)
		return;
	ph_arena_deinit(&b->arena);
	free(b->types);
	free(b);
}

const struct ph_baseline_type *ph_baseline_find(const struct ph_baseline *b,
						const char *name,
						enum ph_kind kind)
{
	struct ph_baseline_type key = { .name = name, .kind = kind };

	if (!b || !b->n)
		return NULL;
	return bsearch(&key, b->types, b->n, sizeof(*b->types), cmp_type);
}

bool ph_baseline_has_hole(const struct ph_baseline_type *t, const char *after,
			  uint64_t size)
{
	for (size_t i = 0; i < t->nr_holes; i++)
		if (strcmp(t->holes[i].after, after) == 0 &&
		    t->holes[i].size >= size)
			return true;
	return false;
}

/* Merging keeps records as text: every distinct line once.  */
struct lines {
	char **v;
	size_t n, cap;
};

static struct ph_error *merge_line(void *arg, char *line, size_t n,
				   size_t lineno)
{
	struct lines *l = arg;

	(void)lineno;
	if (l->n == l->cap) {
		size_t cap = l->cap ? 2 * l->cap : 256;
		char **v = realloc(l->v, cap * sizeof(*v));

		if (!v)
			return &ph_error_nomem;
		l->v = v;
		l->cap = cap;
	}
	l->v[l->n] = malloc(n + 1);
	if (!l->v[l->n])
		return &ph_error_nomem;
	memcpy(l->v[l->n], line, n);
	l->v[l->n][n] = '\0';
	l->n++;
	return NULL;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

struct ph_error *ph_baseline_merge(const char *const *inputs, size_t n,
				   const char *output)
{
	struct lines l = { 0 };
	struct ph_error *err = NULL;
	char *tmp = NULL;
	FILE *f = NULL;

	for (size_t i = 0; i < n && !err; i++) {
		char *text;
		size_t len;
		struct ph_baseline *check;

		/* Each input must be a baseline itself.  */
		if ((err = ph_baseline_load(inputs[i], &check)))
			break;
		ph_baseline_destroy(check);
		if ((err = read_file(inputs[i], &text, &len)))
			break;
		err = each_line(text, len, merge_line, &l);
		free(text);
	}
	if (err)
		goto out;
	if (l.n)
		qsort(l.v, l.n, sizeof(*l.v), cmp_str);
	tmp = malloc(strlen(output) + sizeof(".tmp.XXXXXX"));
	if (!tmp) {
		err = &ph_error_nomem;
		goto out;
	}
	strcpy(tmp, output);
	strcat(tmp, ".tmp.XXXXXX");
	int fd = mkstemp(tmp);
	if (fd < 0 || !(f = fdopen(fd, "w"))) {
		err = ph_error_errno(errno, "%s", tmp);
		if (fd >= 0)
			close(fd);
		free(tmp);
		tmp = NULL;
		goto out;
	}
	/* mkstemp's 0600 would hide the baseline from a build's other
	   users; give it what creating the file would.  */
	mode_t mask = umask(0);
	umask(mask);
	fchmod(fd, 0666 & ~mask);
	for (size_t i = 0; i < l.n; i++)
		if (i == 0 || strcmp(l.v[i], l.v[i - 1]))
			fprintf(f, "%s\n", l.v[i]);
	if (fflush(f) || ferror(f) || fsync(fileno(f))) {
		err = ph_error_errno(errno, "%s", tmp);
		fclose(f);
	} else if (fclose(f)) {
		err = ph_error_errno(errno, "%s", tmp);
	} else if (rename(tmp, output)) {
		err = ph_error_errno(errno, "%s", output);
	}
	if (err)
		unlink(tmp);
out:
	free(tmp);
	for (size_t i = 0; i < l.n; i++)
		free(l.v[i]);
	free(l.v);
	return err;
}
