/* vector.c, then a vector size that is not a power of two and an atomic
   array.  */
#include "vector.c"
struct bad_vec { int x __attribute__((vector_size(12))); };
struct bad_atomic { _Atomic(int[4]) arr; };
/* After the errors.  */
struct after_errors { char c; v4si v; struct cplx x; };
