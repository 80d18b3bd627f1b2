#include "buf.h"

#include "../reorg/array.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void ph_buf_init(struct ph_buf *buf)
{
	buf->data = NULL;
	buf->len = buf->cap = 0;
	buf->failed = false;
}

void ph_buf_deinit(struct ph_buf *buf)
{
	free(buf->data);
	ph_buf_init(buf);
}

/* Room for EXTRA bytes more and the NUL after them; false, and the
   buffer failed for good, when there is none.  */
static bool reserve(struct ph_buf *buf, size_t extra)
{
	size_t need;

	if (buf->failed)
		return false;
	if (buf->cap - buf->len > extra)
		return true;
	if (extra >= SIZE_MAX - buf->len) {
		buf->failed = true;
		return false;
	}
	/* Most buffers hold a line or a type: the first allocation is
	   256 bytes, not the 8 of a list's.  */
	need = buf->len + extra + 1;
	if (need < 256)
		need = 256;
	if (ph_array_reserve(&buf->data, &buf->cap, need, 1)) {
		buf->failed = true;
		return false;
	}
	return true;
}

void ph_buf_putn(struct ph_buf *buf, const char *s, size_t n)
{
	if (!reserve(buf, n))
		return;
	memcpy(buf->data + buf->len, s, n);
	buf->len += n;
	buf->data[buf->len] = '\0';
}

void ph_buf_puts(struct ph_buf *buf, const char *s)
{
	ph_buf_putn(buf, s, strlen(s));
}

void ph_buf_putc(struct ph_buf *buf, char c)
{
	ph_buf_putn(buf, &c, 1);
}

void ph_buf_pad(struct ph_buf *buf, char c, size_t count)
{
	if (!reserve(buf, count))
		return;
	memset(buf->data + buf->len, c, count);
	buf->len += count;
	buf->data[buf->len] = '\0';
}

void ph_buf_printf(struct ph_buf *buf, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (buf->failed)
		return;
	/* Format straight into the free space; only when it does not fit,
	   grow and format again.  */
	if (!buf->data && !reserve(buf, 64))
		return;
	va_start(ap, fmt);
	n = vsnprintf(buf->data + buf->len, buf->cap - buf->len, fmt, ap);
	va_end(ap);
	if (n < 0) {
		buf->failed = true;
		return;
	}
	if ((size_t)n >= buf->cap - buf->len) {
		if (!reserve(buf, (size_t)n))
			return;
		va_start(ap, fmt);
		vsnprintf(buf->data + buf->len, (size_t)n + 1, fmt, ap);
		va_end(ap);
	}
	buf->len += (size_t)n;
}

void ph_buf_put_u64(struct ph_buf *buf, uint64_t v)
{
	char tmp[24];
	size_t i = sizeof(tmp);

	do {
		tmp[--i] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	ph_buf_putn(buf, tmp + i, sizeof(tmp) - i);
}

struct ph_error *ph_buf_error(const struct ph_buf *buf)
{
	return buf->failed ? &ph_error_nomem : NULL;
}
