/* Directories among FILEs (dir-args.h).  */
#define _XOPEN_SOURCE 700
#include "dir-args.h"

#include <errno.h>
#include <ftw.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../reorg/array.h"

/* nftw has no argument for its callback.  */
static struct ph_dir_args *walking;
static size_t cap_owned;
static bool walk_failed;

static int found(const char *path, const struct stat *st, int type,
		 struct FTW *f)
{
	(void)st;
	(void)f;
	size_t len = strlen(path);

	if (type != FTW_F || len < 6 || strcmp(path + len - 6, ".jsonl") != 0)
		return 0;
	char *copy = strdup(path);
	if (!copy || ph_array_reserve(&walking->owned, &cap_owned,
				      walking->nr_owned + 1,
				      sizeof(*walking->owned))) {
		free(copy);
		walk_failed = true;
		return 1;
	}
	walking->owned[walking->nr_owned++] = copy;
	return 0;
}

static int by_path(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

struct ph_error *ph_dir_args_expand(char **files, int n,
				    struct ph_dir_args *ret)
{
	struct stat st;
	bool any = false;
	size_t cap = 0;

	memset(ret, 0, sizeof(*ret));
	for (int i = 0; i < n; i++)
		any |= stat(files[i], &st) == 0 && S_ISDIR(st.st_mode);
	if (!any) {
		ret->files = files;
		ret->nr_files = n;
		return NULL;
	}
	char **v = NULL;
	size_t k = 0;
	cap_owned = 0;
	for (int i = 0; i < n; i++) {
		if (stat(files[i], &st) != 0 || !S_ISDIR(st.st_mode)) {
			if (ph_array_reserve(&v, &cap, k + 1, sizeof(*v)))
				goto nomem;
			v[k++] = files[i];
			continue;
		}
		size_t first = ret->nr_owned;
		walking = ret;
		walk_failed = false;
		if (nftw(files[i], found, 16, FTW_PHYS) != 0 || walk_failed) {
			walking = NULL;
			if (walk_failed)
				goto nomem;
			free(v);
			ph_dir_args_free(ret);
			return ph_error_errno(errno ? errno : EIO,
					      "%s: cannot read the directory",
					      files[i]);
		}
		walking = NULL;
		if (ret->nr_owned == first) {
			free(v);
			ph_dir_args_free(ret);
			return ph_error_create(PH_ERROR_INVALID, "%s: a directory "
					       "without reports (no *.jsonl "
					       "under it)", files[i]);
		}
		qsort(ret->owned + first, ret->nr_owned - first,
		      sizeof(*ret->owned), by_path);
		for (size_t j = first; j < ret->nr_owned; j++) {
			if (ph_array_reserve(&v, &cap, k + 1, sizeof(*v)))
				goto nomem;
			v[k++] = ret->owned[j];
		}
	}
	ret->files = v;
	ret->nr_files = (int)k;
	return NULL;
nomem:
	free(v);
	ph_dir_args_free(ret);
	return &ph_error_nomem;
}

void ph_dir_args_free(struct ph_dir_args *a)
{
	for (size_t i = 0; i < a->nr_owned; i++)
		free(a->owned[i]);
	free(a->owned);
	a->owned = NULL;
	a->nr_owned = 0;
}
