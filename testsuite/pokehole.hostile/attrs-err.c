/* attrs.c, then attributes where they do not belong, the plugin's own
   included.  */
#include "attrs.c"
struct s12 { char c; int i __attribute__((mode(XX))); };
struct s14 { char c; long l __attribute__((section(".x"))); };
struct s15 { char c; long l __attribute__((aligned("8"))); };
struct s16 { char c; long l __attribute__((aligned(-8))); };
struct s18 { char c; long l; } __attribute__((vector_size(16)));
/* After the errors.  */
struct after_errors { char c; struct s3 s; long l; } __attribute__((pokehole_hot));
