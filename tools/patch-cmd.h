/* pokehole --patch (patch-cmd.c): the whole build's patch.  */
#ifndef PH_TOOLS_PATCH_CMD_H
#define PH_TOOLS_PATCH_CMD_H

#include <stdbool.h>

#include "../reorg/reorganize.h"
#include "../reorg/sitedb.h"
#include "../report/buf.h"

struct ph_patch_filter {
	bool (*want)(void *arg, const struct ph_type *t);
	void *arg;
};

/* Appends to OUT the patch of every type of MODEL (those FILTER wants)
   that the engine (ROPTS) makes smaller and DB calls safe; says on
   standard error what became of each.  Returns the exit status: 0, 1
   (a type was refused: the patch has the others), 2 (an error).  */
int ph_patch_main(const char *progname, struct ph_model *model,
		  struct ph_sitedb *db, const struct ph_reorg_options *ropts,
		  const struct ph_patch_filter *filter, struct ph_buf *out);

#endif
