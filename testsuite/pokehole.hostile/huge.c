/* Huge arrays and offsets past 2^32 bytes (LP64); compiled with -m32 these are
   errors ("size of array is too large"): the plugin must not change
   that either.  */
struct huge1 { char c; char a[1ULL << 40]; int after; };
struct huge2 { char c; struct huge1 h; long tail; };
struct huge3 { struct huge2 x[3]; char y; };
struct huge_bits { char a[1ULL << 33]; unsigned b : 3; unsigned long long w : 60; };
union huge_u { char a[1ULL << 41]; long l; };
struct huge_nest { char c; struct { char big[(1ULL << 35) + 1]; int i; } n; short s; };
struct max_ok { char a[(1ULL << 60)]; char b; };
typedef char big_t[1ULL << 36];
struct from_typedef { int i; big_t b; big_t c; char d; };
struct huge_align { char c; char a[1ULL << 34] __attribute__((aligned(1 << 20))); int i; };
