#include "error.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

struct ph_error ph_error_nomem = {
	.code = PH_ERROR_NOMEM,
	.message = (char *)"out of memory",
};

static struct ph_error *error_vcreate(enum ph_error_code code, int errnum,
				      const char *fmt, va_list ap)
{
	struct ph_error *err = malloc(sizeof(*err));
	va_list aq;
	int n;

	if (!err)
		return &ph_error_nomem;
	va_copy(aq, ap);
	n = vsnprintf(NULL, 0, fmt, aq);
	va_end(aq);
	const char *tail = errnum ? strerror(errnum) : NULL;
	size_t len = (size_t)(n < 0 ? 0 : n) + (tail ? strlen(tail) + 2 : 0);
	err->message = malloc(len + 1);
	if (!err->message) {
		free(err);
		return &ph_error_nomem;
	}
	vsnprintf(err->message, len + 1, fmt, ap);
	if (tail) {
		strcat(err->message, ": ");
		strcat(err->message, tail);
	}
	err->code = code;
	err->errno_value = errnum;
	return err;
}

struct ph_error *ph_error_create(enum ph_error_code code, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	struct ph_error *err = error_vcreate(code, 0, fmt, ap);
	va_end(ap);
	return err;
}

struct ph_error *ph_error_errno(int errno_value, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	struct ph_error *err = error_vcreate(PH_ERROR_OS, errno_value, fmt, ap);
	va_end(ap);
	return err;
}

void ph_error_destroy(struct ph_error *err)
{
	if (!err || err == &ph_error_nomem)
		return;
	free(err->message);
	free(err);
}
