/* The layout JSON Lines contract (docs/layout-jsonl.md): one object per
   type, one type per line.  */
#ifndef PH_JSONL_H
#define PH_JSONL_H

#include "../reorg/layout.h"
#include "buf.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Appends T as one line, newline included.  */
struct ph_error *ph_render_jsonl(struct ph_buf *out, const struct ph_type *t,
				 unsigned cacheline);
/* The same for T, a reorganized layout of a type of ORIGINAL_SIZE bytes:
   the line also carries "original_size".  */
struct ph_error *ph_render_jsonl_reorg(struct ph_buf *out,
				       const struct ph_type *t,
				       unsigned cacheline,
				       uint64_t original_size);
/* What of T's record is its layout, as one JSON object: the record
   without "file" and "line" and without what the layout determines
   (holes, padding, cache lines).  No newline.  */
void ph_jsonl_layout(struct ph_buf *out, const struct ph_type *t);
/* S as a JSON string literal, quotes included.  */
void ph_json_string(struct ph_buf *out, const char *s);
/* ,"K": the key of a member after the first.  */
void ph_json_key(struct ph_buf *out, const char *k);
/* The same for K a string literal, in one append of a length known when
   compiling: the hot loops of every record, and the dedup key of every
   type (report/dedup.c), write these.  */
#define PH_JSON_KEY(out, k) \
	ph_buf_putn((out), ",\"" k "\":", sizeof(",\"" k "\":") - 1)
#define PH_JSON_KEY_U64(out, k, v) \
	(PH_JSON_KEY(out, k), ph_buf_put_u64((out), (v)))
/* S[0..N) as a JSON array of string literals.  */
void ph_json_strings(struct ph_buf *out, const char *const *s, size_t n);

#ifdef __cplusplus
}
#endif

#endif
