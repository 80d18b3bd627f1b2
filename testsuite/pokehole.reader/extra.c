/* extra.c - C types the other corpora lack (qualified pointers and arrays,
   #pragma pack, packed bitfields and members, aligned typedefs, a type local
   to a function), for the reader against the plugin (corpus.exp) and the
   options and debug-information layouts (options.exp, elsewhere.exp).
   SPDX-License-Identifier: GPL-3.0-or-later  */
struct arrs { const char a[2]; char *const p; const char *q;
	char *const *pp; int (*fn)(char); int z0[0]; int m[2][3];
	void (*np)(); _Complex double cd; long double ld; long long ll;
	volatile int *vp; };
#pragma pack(push, 2)
struct pp2 { char c; int i; double d; };
#pragma pack(pop)
struct pbf { char c; unsigned a:3; unsigned b:7; long long ll; }
	__attribute__((packed));
struct pmem { char c; long l __attribute__((packed)); int i; };
typedef int aint __attribute__((aligned(8)));
struct ta { char c; aint x; int y[2]; };
typedef struct { int a; char b; } anon_t;
struct hold { char c; anon_t t; struct pbf p; const struct { int q; } cq; };
struct bfl { char c; unsigned long long w : 40; unsigned char t : 3; };
struct arrs v1; struct pp2 v2; struct pmem v3; struct ta v4; struct hold v5;
struct bfl v6;
void f(void) { struct local { char b; int a; char c; } l; (void)l; }
