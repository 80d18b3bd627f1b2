/* The DWARF reader's own declarations: what the files of the walk
   (walk.c, workers.c, deferred.c, scan*.c, lines.c, fprint.c) share.

   The reader turns the struct, union and class DIEs of already-built
   objects into the layout model (reorg/layout.h), one distinct layout
   once, in the order they first appear.  The modules that lay a type
   out (members.c, align.c, cxx*.c, names.c, resolve.c, defs.c) have
   their own headers; this one includes only those that lead to no call
   back into the walk (the context, util.h, offmap.h, defs.h, names.h),
   so that members.c, which calls lines.c, may include it: not align.h,
   cxx.h nor members.h, which walk.c and deferred.c include themselves.  */
#ifndef PH_INPUT_DWARF_DW_H
#define PH_INPUT_DWARF_DW_H

#include <stdbool.h>
#include <stdint.h>

#include <dwarf.h>
#include <elfutils/libdw.h>

#include "../input.h"
#include "../../report/buf.h"
#include "ctx.h"
#include "defs.h"
#include "names.h"
#include "offmap.h"
#include "util.h"


#endif
