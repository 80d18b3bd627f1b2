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
/* ,"K":[...]: ONE writes each of the N elements of SIZE bytes at V.  */
void ph_json_array(struct ph_buf *out, const char *k, const void *v, size_t n,
		   size_t size, void (*one)(struct ph_buf *, const void *));
/* The start of a per-type record of another kind than a layout
   ("allocs", "access"), up to its own keys: {"kind":KIND, then the type
   as its layout record names it and the unit that saw it: "name",
   "type_kind", "typedef", "file", "line", "dir", "unit", "size",
   "align".  */
void ph_json_record_head(struct ph_buf *out, const char *kind,
			 const char *name, enum ph_kind type_kind,
			 bool typedef_name, const char *file, uint64_t line,
			 const char *dir, const char *unit, uint64_t size,
			 uint64_t align);
/* The same for R, a record of the model with those keys.  */
#define PH_JSON_RECORD_HEAD(out, record, r)				\
	ph_json_record_head((out), (record), (r)->name, (r)->kind,	\
			    (r)->typedef_name, (r)->file, (r)->line,	\
			    (r)->dir, (r)->unit, (r)->size, (r)->align)

#ifdef __cplusplus
}
#endif

#endif
