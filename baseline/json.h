/* Reading JSON Lines records with jansson: what the baseline loader
   (load.c), the reader's report loader (input/reports/jsonl-read.c) and
   pokefunct's (funct/funcs-json.c) share, so that one line is taken,
   and refused, the same way by each.  */
#ifndef PH_BASELINE_JSON_H
#define PH_BASELINE_JSON_H

#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>

#include "../reorg/error.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The nesting the parser before jansson allowed, kept: jansson's own
   bound (2048) is compiled in, and the readers recurse.  */
enum { PH_JSON_MAX_DEPTH = 200 };

/* json_loadb of S[0..N) with FLAGS into *RET; *RET NULL and JE filled
   when it is not JSON.  Out of memory is &ph_error_nomem, also where
   jansson's lexer calls a failed allocation of its own an invalid
   token.  */
struct ph_error *ph_json_loadb(const char *s, size_t n, size_t flags,
			       json_t **ret, json_error_t *je);

/* LINE[0..N), line LINENO of ORIGIN, as one JSON value of any kind (a
   repeated key keeps its last value; "\u0000" is read, for ph_json_name
   to refuse) into *RET, json_decref() it.  An error
   "ORIGIN:LINENO:COLUMN: why" when it is not JSON or nests deeper than
   PH_JSON_MAX_DEPTH.  */
struct ph_error *ph_json_parse_line(const char *origin, size_t lineno,
				    const char *line, size_t n,
				    json_t **ret);

/* Why a field was refused: missing or of another type, or a string
   holding a NUL, which gets a message of its own.  */
enum ph_json_field { PH_JSON_OK, PH_JSON_BAD, PH_JSON_NUL };

/* V's string KEY, refused when missing, not a string, or holding a NUL
   (as a C string "a\u0000b" would silently be another name, "a").  */
enum ph_json_field ph_json_name(const json_t *v, const char *key,
				const char **ret);
/* V's KEY, an integer from 0 to MAX.  */
bool ph_json_uint(const json_t *v, const char *key, uint64_t max,
		  uint64_t *ret);
/* The same, 0 when V has no KEY: a key a writer leaves out when it is
   0.  */
bool ph_json_opt_uint(const json_t *v, const char *key, uint64_t max,
		      uint64_t *ret);
/* V's KEY, true or false; false when V has no KEY.  */
bool ph_json_flag(const json_t *v, const char *key, bool *ret);

#ifdef __cplusplus
}
#endif

#endif
