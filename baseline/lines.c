#include "lines.h"

#include "../reorg/array.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct ph_error *ph_lines_read_file(const char *path, char **ret,
				    size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t cap = 0, n = 0;

	if (!f)
		return ph_error_errno(errno, "%s", path);
	for (;;) {
		/* 64 KiB to read at least, and the NUL at the end.  */
		if (ph_array_reserve(&buf, &cap, n + 65536 + 1, 1)) {
			free(buf);
			fclose(f);
			return &ph_error_nomem;
		}
		size_t got = fread(buf + n, 1, cap - n - 1, f);
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

struct ph_error *ph_lines_with_file(const char *path, ph_lines_text_fn *fn,
				    void *arg)
{
	struct ph_error *err;
	char *text;
	size_t len;

	if ((err = ph_lines_read_file(path, &text, &len)))
		return err;
	err = fn(arg, path, text, len);
	free(text);
	return err;
}

static bool blank(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (s[i] != ' ' && s[i] != '\t' && s[i] != '\r')
			return false;
	return true;
}

struct ph_error *ph_lines_each(const char *text, size_t len, ph_lines_fn *fn,
			       void *arg)
{
	size_t lineno = 0;

	for (const char *p = text, *end = text + len; p < end;) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
		struct ph_error *err;

		lineno++;
		if (!blank(p, n) && (err = fn(arg, p, n, lineno)))
			return err;
		p += n + 1;
	}
	return NULL;
}
