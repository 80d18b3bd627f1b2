/* pokehole --patch (patch-cmd.c): the whole build's patch.  */
#ifndef PH_TOOLS_PATCH_CMD_H
#define PH_TOOLS_PATCH_CMD_H

#include <stdbool.h>

#include "../reorg/reorganize.h"
#include "../reorg/sitedb.h"
#include "../report/buf.h"

/* Appends to OUT the patch of every type of MODEL (an untagged one
   named by a typedef too, which -R leaves out as pahole does: the patch
   is for the whole build) that the engine (ROPTS) makes smaller and DB
   calls safe; says on
   standard error what became of each.  Returns the exit status: 0, 1
   (a type was refused: the patch has the others), 2 (an error).  */
int ph_patch_main(const char *progname, struct ph_model *model,
		  struct ph_sitedb *db, const struct ph_reorg_options *ropts,
		  struct ph_buf *out);

#endif
