/* packed-aligned.c, then the combinations GCC rejects.  */
#include "packed-aligned.c"
struct pa8 { char c; int i; } __attribute__((aligned(3)));
struct pa9 { char c; int i __attribute__((aligned(1 << 29))); };
#pragma pack(push, 3)
struct pa14 { char c; int i; };
#pragma pack(pop)
struct pa16 { _Alignas(3) char c; };
/* After the errors.  */
struct after_errors { char c; struct pa11 x; } __attribute__((packed, aligned(4)));
