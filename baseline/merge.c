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
struct lines {
	char **v;
	size_t n, cap;
};

static struct ph_error *merge_line(void *arg, const char *line, size_t n,
				   size_t lineno)
{
	struct lines *l = arg;

	(void)lineno;
	if (ph_array_reserve(&l->v, l->n, &l->cap, 256, sizeof(*l->v)))
		return &ph_error_nomem;
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
		if ((err = ph_lines_read_file(inputs[i], &text, &len)))
			break;
		err = ph_lines_each(text, len, merge_line, &l);
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
