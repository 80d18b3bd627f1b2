/* pokehole --slabinfo (slabinfo-cmd.c): the slab caches of the running
   kernel (or of a saved slabinfo) tied to the structs read, and what
   packing each struct would save in memory on this machine now.  */
#ifndef PH_TOOLS_SLABINFO_CMD_H
#define PH_TOOLS_SLABINFO_CMD_H

#include "pokehole-options.h"
#include "../reorg/layout.h"

/* The table of the caches of O's slabinfo tied to structs of MODEL (as
   O's output asks: text, or --json's records), sorted by the memory
   packing saves, with a total.  A slabinfo that cannot be read is said
   on standard error in one line and makes *STATUS 1; a cache tied to
   no struct is not a failure.  The error is one of memory or of
   writing.  */
struct ph_error *ph_pokehole_slabinfo(struct ph_model *model,
				      const struct ph_pokehole_options *o,
				      int *status);

#endif
