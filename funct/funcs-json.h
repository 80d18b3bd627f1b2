/* pokefunct's functions from the plugin's reports (funcs-json.c): a
   JSON Lines file, or the reports embedded in objects.  */
#ifndef PH_FUNCT_FUNCS_JSON_H
#define PH_FUNCT_FUNCS_JSON_H

#include <stdbool.h>

#include "fntable.h"

/* Adds the "function" records of the plugin's JSON Lines report at PATH
   to T, merging a function's records (one per unit) by name, file and
   line.  A file with a bad line adds nothing.  Unlike
   ph_fn_load_file's, an error names the path itself, and the line.  */
struct ph_error *ph_fn_load_report(struct ph_fn_table *t, const char *path);
/* The function records embedded in the objects of the file at PATH
   (-fplugin-arg-pokehole-embed with functions), as ph_fn_load_report's
   are; *ANY whether it has any.  An error names the report (the frame,
   counted from 1) and the line, not the path.  */
struct ph_error *ph_fn_load_embedded(struct ph_fn_table *t, const char *path,
				     bool *any);

#endif
