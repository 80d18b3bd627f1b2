/* packed and aligned together, in every combination that GCC accepts or
   rejects.  */
struct pa1 { char c; int i; } __attribute__((packed, aligned(8)));
struct pa2 { char c; int i __attribute__((aligned(16))); } __attribute__((packed));
struct pa3 { char c; struct pa2 in; long l __attribute__((packed, aligned(2))); };
struct pa4 { char c; int i; } __attribute__((aligned(1), packed));
struct pa5 { char c; double d __attribute__((aligned(1))); };
#pragma pack(push, 1)
struct pa6 { char c; int i __attribute__((aligned(8))); long l; } __attribute__((aligned(4)));
#pragma pack(pop)
#pragma pack(push, 2)
struct pa7 { char c; struct pa1 x; long double ld; };
#pragma pack(pop)
struct pa10 { char c; int i; } __attribute__((aligned(1 << 28)));
struct pa11 { char c; int i; } __attribute__((packed, packed, aligned(2), aligned(64)));
typedef struct pa11 pa11_t __attribute__((aligned(1)));
struct pa12 { char c; pa11_t x; char d; };
struct pa13 { char c; char arr[3] __attribute__((aligned(4096))); char e; } __attribute__((packed));
#pragma pack(pop)
struct pa15 { _Alignas(32) char c; _Alignas(int) char d; int i; };
