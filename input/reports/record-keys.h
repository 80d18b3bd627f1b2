/* The keys of the plugin's per-type records ("sites", "allocs";
   docs/layout-jsonl.md), read with a running verdict: each call clears
   *OK when its key is there with the wrong type or out of range, so a
   record is read whole and then judged once.  An absent key reads as
   "", 0, false or NULL.  */
#ifndef PH_INPUT_REPORTS_RECORD_KEYS_H
#define PH_INPUT_REPORTS_RECORD_KEYS_H

#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>

/* Lists longer than this are not the plugin's.  */
enum { PH_RECORD_MAX_LIST = 1 << 20 };

const char *ph_record_str(const json_t *v, const char *key, bool *ok);
uint64_t ph_record_num(const json_t *v, const char *key, uint64_t max,
		       bool *ok);
bool ph_record_flag(const json_t *v, const char *key, bool *ok);
/* An array of at most PH_RECORD_MAX_LIST elements.  */
const json_t *ph_record_list(const json_t *v, const char *key, bool *ok);
/* A place in a source: "file", "line", "column".  */
void ph_record_place(const json_t *v, const char **file, uint32_t *line,
		     uint32_t *column, bool *ok);

#endif
