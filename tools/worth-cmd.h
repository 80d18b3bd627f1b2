/* pokehole --worth (worth-cmd.c): the types ranked by what packing
   saves where their memory is spent.  */
#ifndef PH_TOOLS_WORTH_CMD_H
#define PH_TOOLS_WORTH_CMD_H

#include "pokehole-options.h"

/* --worth over MODEL: a line per type the build's reports allocate or
   hold statically (--json: a record), ranked, and the total.  */
struct ph_error *ph_pokehole_worth(struct ph_model *model,
				   const struct ph_pokehole_options *o);

#endif
