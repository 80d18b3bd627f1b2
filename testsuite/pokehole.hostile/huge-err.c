/* huge.c, then arrays too large on LP64 too (huge.c's types are errors
   on ILP32 already).  */
#include "huge.c"
struct too_big { char a[1ULL << 62]; char b[1ULL << 62]; };
struct over { struct max_ok m[16]; };
/* After the errors.  */
struct after_errors { char c; struct huge2 h; };
