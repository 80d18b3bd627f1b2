/* Merging reports into a baseline (baseline.h).  */
#include "baseline.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lines.h"
#include "../reorg/array.h"

/* Merging keeps records as text: every distinct line once.  */
void ph_baseline_merge_init(struct ph_baseline_merge *m)
{
	memset(m, 0, sizeof(*m));
}

void ph_baseline_merge_deinit(struct ph_baseline_merge *m)
{
	for (size_t i = 0; i < m->n; i++)
		free(m->lines[i]);
	free(m->lines);
	memset(m, 0, sizeof(*m));
}

static struct ph_error *merge_line(void *arg, const char *line, size_t n,
				   size_t lineno)
{
	struct ph_baseline_merge *m = arg;

	(void)lineno;
	if (ph_array_reserve(&m->lines, &m->cap, m->n + 1,
			     sizeof(*m->lines)))
		return &ph_error_nomem;
	m->lines[m->n] = malloc(n + 1);
	if (!m->lines[m->n])
		return &ph_error_nomem;
	memcpy(m->lines[m->n], line, n);
	m->lines[m->n][n] = '\0';
	m->n++;
	return NULL;
}

struct ph_error *ph_baseline_merge_add(struct ph_baseline_merge *m,
				       const char *origin, char *text,
				       size_t len)
{
	struct ph_baseline *check;
	struct ph_error *err;
	char *copy = malloc(len + 1);

	/* Each input must be a baseline itself; checking cuts the lines
	   of a copy.  */
	if (!copy)
		return &ph_error_nomem;
	memcpy(copy, text, len);
	copy[len] = '\0';
	err = ph_baseline_load_text(origin, copy, len, &check);
	free(copy);
	if (err)
		return err;
	ph_baseline_destroy(check);
	return ph_lines_each(text, len, merge_line, m);
}

static struct ph_error *add_text(void *m, const char *path, char *text,
				 size_t len)
{
	return ph_baseline_merge_add(m, path, text, len);
}

struct ph_error *ph_baseline_merge_add_file(struct ph_baseline_merge *m,
					    const char *path)
{
	return ph_lines_with_file(path, add_text, m);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

struct ph_error *ph_baseline_merge_write(const struct ph_baseline_merge *m,
					 const char *output)
{
	struct ph_error *err = NULL;
	char **sorted = NULL;
	char *tmp = NULL;
	FILE *f = NULL;

	if (m->n) {
		sorted = malloc(m->n * sizeof(*sorted));
		if (!sorted)
			return &ph_error_nomem;
		memcpy(sorted, m->lines, m->n * sizeof(*sorted));
		qsort(sorted, m->n, sizeof(*sorted), cmp_str);
	}
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
	for (size_t i = 0; i < m->n; i++)
		if (i == 0 || strcmp(sorted[i], sorted[i - 1]))
			fprintf(f, "%s\n", sorted[i]);
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
	free(sorted);
	return err;
}

struct ph_error *ph_baseline_merge(const char *const *inputs, size_t n,
				   const char *output)
{
	struct ph_baseline_merge m;
	struct ph_error *err = NULL;

	ph_baseline_merge_init(&m);
	for (size_t i = 0; i < n && !err; i++)
		err = ph_baseline_merge_add_file(&m, inputs[i]);
	if (!err)
		err = ph_baseline_merge_write(&m, output);
	ph_baseline_merge_deinit(&m);
	return err;
}
