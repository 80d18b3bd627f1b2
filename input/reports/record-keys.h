/* The keys of the plugin's per-type records ("sites", "allocs", "access";
   docs/layout-jsonl.md), read with a running verdict: each call clears
   *OK when its key is there with the wrong type or out of range, so a
   record is read whole and then judged once.  An absent key reads as
   "", 0, false or NULL.  */
#ifndef PH_INPUT_REPORTS_RECORD_KEYS_H
#define PH_INPUT_REPORTS_RECORD_KEYS_H

#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>

#include "../../reorg/layout.h"

/* Lists longer than this are not the plugin's.  */
enum { PH_RECORD_MAX_LIST = 1 << 20 };

const char *ph_record_str(const json_t *v, const char *key, bool *ok);
uint64_t ph_record_num(const json_t *v, const char *key, uint64_t max,
		       bool *ok);
bool ph_record_flag(const json_t *v, const char *key, bool *ok);
/* An array of at most PH_RECORD_MAX_LIST elements.  */
const json_t *ph_record_list(const json_t *v, const char *key, bool *ok);
/* A weight: a number, integer or not, finite, not negative.  */
double ph_record_weight(const json_t *v, const char *key, bool *ok);
/* A list of at most PH_RECORD_MAX_LIST strings: in *RET (malloc'd, *N
   of them, the strings V's; NULL and 0 when the key is absent).  Only
   out of memory is an error; a list of the wrong type clears *OK.  */
struct ph_error *ph_record_strings(const json_t *v, const char *key,
				   const char ***ret, size_t *n, bool *ok);

/* The type a per-type record is of, as its layout record names it, and
   the unit that wrote it: "name", "type_kind", "typedef", "file",
   "line", "dir", "unit", "size", "align".  */
struct ph_record_type {
	const char *name;
	enum ph_kind kind;
	bool typedef_name;
	const char *file;
	uint32_t line;
	const char *dir, *unit;
	uint64_t size;
	uint32_t align;
};

/* Reads them into *RET: NULL, or what is wrong with them, as the words
   after "a KIND record" ("without a \"name\"", ...).  */
const char *ph_record_type_read(const json_t *v, struct ph_record_type *ret);
/* Their values into *DST, a record of the model (struct ph_type_allocs,
   struct ph_type_access: the same keys, their own types).  */
#define PH_RECORD_TYPE_SET(dst, h)					\
	((dst)->name = (h)->name, (dst)->kind = (h)->kind,		\
	 (dst)->typedef_name = (h)->typedef_name, (dst)->file = (h)->file, \
	 (dst)->line = (h)->line, (dst)->dir = (h)->dir,		\
	 (dst)->unit = (h)->unit, (dst)->size = (h)->size,		\
	 (dst)->align = (h)->align)

/* A place in a source: "file", "line", "column".  */
void ph_record_place(const json_t *v, const char **file, uint32_t *line,
		     uint32_t *column, bool *ok);

#endif
