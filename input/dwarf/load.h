/* The DWARF reader's entry (load.c), for input.c: no libdw type in it,
   so that the dispatcher needs none.  */
#ifndef PH_INPUT_DWARF_LOAD_H
#define PH_INPUT_DWARF_LOAD_H

#include "../input.h"

/* Reads PATH's DWARF (and the reports embedded in its modules, as
   OPTS's formats say) as ph_input_load does.  */
struct ph_error *ph_dw_load_file(const char *path, struct ph_model *model,
				 struct ph_dedup *dedup,
				 const struct ph_input_opts *opts);

#endif
