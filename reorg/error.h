/* Errors as values: a function that can fail returns struct ph_error *
   (NULL on success) and hands its result back through a last 'ret'
   parameter.  */
#ifndef PH_ERROR_H
#define PH_ERROR_H

#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

enum ph_error_code {
	PH_ERROR_NOMEM = 1,
	PH_ERROR_INVALID,	/* bad input: malformed file, impossible value */
	PH_ERROR_OS,		/* a system call failed; errno_value says why */
	PH_ERROR_LIMIT,		/* input beyond what we agree to process */
};

struct ph_error {
	enum ph_error_code code;
	int errno_value;
	char *message;
};

/* Never allocated, never freed: out of memory must not need memory.  */
extern struct ph_error ph_error_nomem;

#if defined(__GNUC__)
#define PH_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define PH_PRINTF(f, a)
#endif

struct ph_error *ph_error_create(enum ph_error_code code, const char *fmt, ...)
	PH_PRINTF(2, 3);
/* Message followed by ": strerror(errno)".  */
struct ph_error *ph_error_errno(int errno_value, const char *fmt, ...)
	PH_PRINTF(2, 3);
void ph_error_destroy(struct ph_error *err);

#ifdef __cplusplus
}
#endif

#endif
