/* The kernel's slab caches as pokehole --slabinfo reads them: the
   lines of a slabinfo file, a slab directory's attributes and links,
   the CPUs present.  */
#include "slabinfo-read.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* /proc/slabinfo is some tens of KB; a file past this is not one.  */
#define SLABINFO_MAX (64u << 20)

/* The whole file at PATH, NUL-terminated: /proc files have no size to
   stat, so it is read until its end.  */
static struct ph_error *read_all(const char *path, char **ret)
{
	size_t len = 0, cap = 1 << 16;
	char *buf = malloc(cap);
	int fd, e;

	if (!buf)
		return &ph_error_nomem;
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0) {
		e = errno;
		free(buf);
		return ph_error_errno(e, "cannot read");
	}
	for (;;) {
		ssize_t n;

		if (len + 1 == cap) {
			char *nb = cap < SLABINFO_MAX ? realloc(buf, cap * 2)
						      : NULL;

			if (!nb) {
				close(fd);
				free(buf);
				return cap < SLABINFO_MAX
					       ? &ph_error_nomem
					       : ph_error_create(PH_ERROR_LIMIT,
								 "not a slabinfo: "
								 "over 64 MiB");
			}
			buf = nb;
			cap *= 2;
		}
		n = read(fd, buf + len, cap - 1 - len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			e = errno;
			close(fd);
			free(buf);
			return ph_error_errno(e, "cannot read");
		}
		if (n == 0)
			break;
		len += (size_t)n;
	}
	close(fd);
	buf[len] = '\0';
	*ret = buf;
	return NULL;
}

/* The number at *P, skipping blanks before it; *P moves past it.  */
static bool take_number(char **p, uint64_t *ret)
{
	char *end;

	while (**p == ' ' || **p == '\t')
		(*p)++;
	if (**p < '0' || **p > '9')
		return false;
	errno = 0;
	*ret = strtoull(*p, &end, 10);
	if (errno || (*end != ' ' && *end != '\t' && *end != '\n' &&
		      *end != '\0'))
		return false;
	*p = end;
	return true;
}

/* LINE (NUL-terminated, writable) as a cache's line: its name ended
   in place.  */
static bool parse_line(char *line, struct ph_slab_line *c)
{
	char *p = line;

	c->name = p;
	while (*p && *p != ' ' && *p != '\t')
		p++;
	if (p == line || !*p)
		return false;
	*p++ = '\0';
	uint64_t num;
	return take_number(&p, &c->active) && take_number(&p, &num) &&
	       take_number(&p, &c->slot) && take_number(&p, &c->per_slab) &&
	       take_number(&p, &c->pages) && c->active <= num &&
	       c->slot && c->per_slab && c->pages;
}

struct ph_error *ph_slabinfo_read(const char *path, struct ph_slabinfo *ret)
{
	struct ph_slabinfo si = { NULL, 0, NULL };
	struct ph_error *err;
	size_t cap = 0;
	unsigned lineno = 0;

	memset(ret, 0, sizeof(*ret));
	if ((err = read_all(path, &si.text)))
		return err;
	for (char *line = si.text, *next; line && *line; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		lineno++;
		if (lineno == 1) {
			/* The kernel has written 2.1 since 2.6.x; a 3 would
			   have other columns.  */
			if (strncmp(line, "slabinfo - version: 2.", 22) != 0) {
				err = ph_error_create(PH_ERROR_INVALID,
						      "not a slabinfo: its "
						      "first line is not "
						      "'slabinfo - version: "
						      "2.N'");
				goto fail;
			}
			continue;
		}
		if (*line == '#' || *line == '\0')
			continue;
		if (si.nr == cap) {
			size_t ncap = cap ? 2 * cap : 256;
			struct ph_slab_line *v =
				reallocarray(si.caches, ncap, sizeof(*v));

			if (!v) {
				err = &ph_error_nomem;
				goto fail;
			}
			si.caches = v;
			cap = ncap;
		}
		if (!parse_line(line, &si.caches[si.nr])) {
			err = ph_error_create(PH_ERROR_INVALID,
					      "line %u is not a cache's (name, "
					      "active_objs, num_objs, objsize, "
					      "objperslab, pagesperslab)",
					      lineno);
			goto fail;
		}
		si.nr++;
	}
	if (!si.nr) {
		err = ph_error_create(PH_ERROR_INVALID, lineno
				      ? "no cache in it"
				      : "empty: not a slabinfo");
		goto fail;
	}
	*ret = si;
	return NULL;
fail:
	ph_slabinfo_deinit(&si);
	return err;
}

void ph_slabinfo_deinit(struct ph_slabinfo *si)
{
	free(si->caches);
	free(si->text);
	memset(si, 0, sizeof(*si));
}

static int link_cmp(const void *a, const void *b)
{
	const struct ph_slab_link *x = a, *y = b;

	return strcmp(x->name, y->name);
}

struct ph_error *ph_slab_dir_open(const char *path, struct ph_slab_dir *ret)
{
	struct ph_slab_dir d = { path, NULL, 0 };
	size_t cap = 0;
	DIR *dir = opendir(path);
	struct dirent *e;

	*ret = d;
	if (!dir)
		return NULL;
	while ((e = readdir(dir))) {
		char target[PATH_MAX];
		ssize_t n;

		if (e->d_name[0] == '.' || e->d_name[0] == ':' ||
		    (e->d_type != DT_LNK && e->d_type != DT_UNKNOWN))
			continue;
		n = readlinkat(dirfd(dir), e->d_name, target,
			       sizeof(target) - 1);
		if (n <= 0)
			continue;
		target[n] = '\0';
		if (d.nr_links == cap) {
			size_t ncap = cap ? 2 * cap : 256;
			struct ph_slab_link *v =
				reallocarray(d.links, ncap, sizeof(*v));

			if (!v)
				goto nomem;
			d.links = v;
			cap = ncap;
		}
		struct ph_slab_link *l = &d.links[d.nr_links];

		l->name = strdup(e->d_name);
		l->target = strdup(target);
		if (!l->name || !l->target) {
			free(l->name);
			free(l->target);
			goto nomem;
		}
		d.nr_links++;
	}
	closedir(dir);
	if (d.nr_links)
		qsort(d.links, d.nr_links, sizeof(*d.links), link_cmp);
	*ret = d;
	return NULL;
nomem:
	closedir(dir);
	ph_slab_dir_deinit(&d);
	return &ph_error_nomem;
}

void ph_slab_dir_deinit(struct ph_slab_dir *d)
{
	for (size_t i = 0; i < d->nr_links; i++) {
		free(d->links[i].name);
		free(d->links[i].target);
	}
	free(d->links);
	d->links = NULL;
	d->nr_links = 0;
}

/* D's FILE of the cache NAME, its first line in BUF; false when there
   is none.  */
static bool read_attr(const struct ph_slab_dir *d, const char *name,
		      const char *file, char *buf, size_t size)
{
	char path[PATH_MAX];
	FILE *f;
	bool ok;

	if ((size_t)snprintf(path, sizeof(path), "%s/%s/%s", d->path, name,
			     file) >= sizeof(path) ||
	    !(f = fopen(path, "re")))
		return false;
	/* An empty file (ctor without one) leaves BUF as it was.  */
	ok = fgets(buf, (int)size, f) != NULL || !ferror(f);
	fclose(f);
	return ok;
}

static bool attr_number(const struct ph_slab_dir *d, const char *name,
			const char *file, uint64_t *ret)
{
	char buf[64] = "", *p = buf;

	return read_attr(d, name, file, buf, sizeof(buf)) &&
	       take_number(&p, ret);
}

bool ph_slab_dir_attrs(const struct ph_slab_dir *d, const char *name,
		       struct ph_slab_attrs *ret)
{
	char buf[256] = "";
	uint64_t align, rcu;

	if (!attr_number(d, name, "object_size", &ret->object_size) ||
	    !attr_number(d, name, "slab_size", &ret->slab_size) ||
	    !attr_number(d, name, "align", &align) ||
	    !attr_number(d, name, "destroy_by_rcu", &rcu) ||
	    !read_attr(d, name, "ctor", buf, sizeof(buf)) ||
	    align == 0 || align > 1u << 20 || (align & (align - 1)))
		return false;
	ret->align = (unsigned)align;
	ret->rcu = rcu != 0;
	/* An empty file, or an empty line (a copied directory's), is no
	   constructor; SLUB writes the function's name.  */
	ret->ctor = buf[0] != '\0' && buf[0] != '\n';
	return true;
}

static const struct ph_slab_link *find_link(const struct ph_slab_dir *d,
					    const char *name)
{
	struct ph_slab_link key = { (char *)name, NULL };

	if (!d->nr_links)
		return NULL;
	return bsearch(&key, d->links, d->nr_links, sizeof(*d->links),
		       link_cmp);
}

struct ph_error *ph_slab_dir_merged(const struct ph_slab_dir *d,
				    const char *name, const char ***ret,
				    size_t *nr)
{
	const struct ph_slab_link *self = find_link(d, name);
	const char **v = NULL;
	size_t n = 0;

	*ret = NULL;
	*nr = 0;
	if (!self)
		return NULL;
	for (size_t i = 0; i < d->nr_links; i++) {
		const struct ph_slab_link *l = &d->links[i];

		if (l == self || strcmp(l->target, self->target) != 0)
			continue;
		const char **nv = reallocarray(v, n + 1, sizeof(*nv));

		if (!nv) {
			free(v);
			return &ph_error_nomem;
		}
		v = nv;
		v[n++] = l->name;
	}
	*ret = v;
	*nr = n;
	return NULL;
}

unsigned ph_present_cpus(void)
{
	FILE *f = fopen("/sys/devices/system/cpu/present", "re");
	unsigned long a, b;
	unsigned n = 0;
	int c;

	/* A list of ranges: "0-3,8,10-11".  */
	while (f && fscanf(f, "%lu", &a) == 1) {
		b = a;
		c = fgetc(f);
		if (c == '-') {
			if (fscanf(f, "%lu", &b) != 1 || b < a)
				break;
			c = fgetc(f);
		}
		n += (unsigned)(b - a + 1);
		if (c != ',')
			break;
	}
	if (f)
		fclose(f);
	if (!n) {
		long conf = sysconf(_SC_NPROCESSORS_CONF);

		n = conf > 0 ? (unsigned)conf : 1;
	}
	return n;
}
