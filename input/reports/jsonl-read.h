/* The reader's other input: layout JSON Lines (docs/layout-jsonl.md), as
   the plugin writes them and as `pokehole --json` does, read back into
   the model that DWARF fills, so that every mode works on them.  */
#ifndef PH_INPUT_REPORTS_JSONL_READ_H
#define PH_INPUT_REPORTS_JSONL_READ_H

#include <stdbool.h>
#include <stddef.h>

#include "../input.h"

/* Adds the layout records of the JSON Lines text TEXT (LEN bytes, need
   not be NUL-terminated) to MODEL: each distinct layout once through
   DEDUP (as DWARF's are: ph_dedup_seen, then ph_model_add_type), in
   order, those OPTS->filter wants (NULL filter: all); records of other
   kinds ("function", unknown) are skipped, and so are blank lines.
   ORIGIN names the text in errors.  A bad line does not stop the others:
   the good records are added and the first error is returned at the end,
   "ORIGIN:LINE: why" ("ORIGIN:LINE:COLUMN: why" for text that is not
   JSON), with the count of further bad lines when there are more.  Out
   of memory stops the reading.  Empty text is no error: the plugin
   writes a unit without types so.  */
struct ph_error *ph_report_load_text(const char *origin, const char *text,
				     size_t len, struct ph_model *model,
				     struct ph_dedup *dedup,
				     const struct ph_input_opts *opts);
/* The same for the file PATH; its errors name PATH too.  */
struct ph_error *ph_report_load_file(const char *path,
				     struct ph_model *model,
				     struct ph_dedup *dedup,
				     const struct ph_input_opts *opts);
/* Whether PATH is to be read as a report: not ELF nor an ar archive, and
   its first non-blank byte is '{' or its name ends in .jsonl or .json.
   False when it cannot be read: the object reader says why.  */
bool ph_report_is_file(const char *path);

#endif
