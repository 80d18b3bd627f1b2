/* bitfield-enum.c, then bitfields too wide for their type and a named
   zero-width one.  */
#include "bitfield-enum.c"
struct bool_too_wide { _Bool b : 2; };
struct enum_too_wide { enum small s : 33; };
struct zero_named { enum small z : 0; };
/* After the errors.  */
struct after_errors { char c; struct ebits e; struct odd o; };
