#include "frame.h"

#include <stdlib.h>
#include <string.h>
#include <zlib.h>

static void put_le32(struct ph_buf *out, uint32_t v)
{
	char b[4] = { (char)(v & 0xff), (char)((v >> 8) & 0xff),
		      (char)((v >> 16) & 0xff), (char)(v >> 24) };

	ph_buf_putn(out, b, 4);
}

static void header(struct ph_buf *out, int encoding, size_t stored,
		   size_t len)
{
	ph_buf_putn(out, PH_FRAME_MAGIC, 4);
	ph_buf_putc(out, (char)encoding);
	ph_buf_pad(out, '\0', 3);
	put_le32(out, (uint32_t)stored);
	put_le32(out, (uint32_t)len);
}

struct ph_error *ph_frame_encode(const char *text, size_t len,
				 struct ph_buf *out)
{
	uLongf zlen;
	Bytef *z;
	int rc;

	if (len > PH_FRAME_MAX_TEXT)
		return ph_error_create(PH_ERROR_LIMIT,
				       "a unit's report of %zu bytes is too "
				       "large to embed", len);
	zlen = compressBound((uLong)len);
	z = malloc(zlen ? zlen : 1);
	if (!z)
		return &ph_error_nomem;
	/* Level 6, zlib's default: 9 buys a few percent for twice the
	   time, in the compiler.  */
	rc = compress2(z, &zlen, (const Bytef *)text, (uLong)len, 6);
	if (rc == Z_OK && zlen < len) {
		header(out, PH_FRAME_ZLIB, zlen, len);
		ph_buf_putn(out, (const char *)z, zlen);
	} else if (rc == Z_OK || rc == Z_BUF_ERROR) {
		header(out, PH_FRAME_STORED, len, len);
		ph_buf_putn(out, text, len);
	} else {
		free(z);
		return &ph_error_nomem;
	}
	free(z);
	return ph_buf_error(out);
}
