/* A growable text buffer.  Renderers write into one so that a whole
   translation unit's report can reach its file in a single write().  */
#ifndef PH_BUF_H
#define PH_BUF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../reorg/error.h"

#ifdef __cplusplus
extern "C" {
#endif

struct ph_buf {
	char *data;
	size_t len, cap;
	/* Set by the first allocation that fails; later writes do nothing,
	   so callers check once at the end.  */
	bool failed;
};

void ph_buf_init(struct ph_buf *buf);
void ph_buf_deinit(struct ph_buf *buf);
void ph_buf_putn(struct ph_buf *buf, const char *s, size_t n);
void ph_buf_puts(struct ph_buf *buf, const char *s);
void ph_buf_putc(struct ph_buf *buf, char c);
void ph_buf_printf(struct ph_buf *buf, const char *fmt, ...) PH_PRINTF(2, 3);
/* Appends V in decimal, without printf's cost.  */
void ph_buf_put_u64(struct ph_buf *buf, uint64_t v);
/* Appends C COUNT times.  */
void ph_buf_pad(struct ph_buf *buf, char c, size_t count);
/* NULL, or the out-of-memory error when any write failed.  */
struct ph_error *ph_buf_error(const struct ph_buf *buf);

#ifdef __cplusplus
}
#endif

#endif
