/* The structs html.exp draws: each kind of block the map has.  Their
   layouts come from the compiler (the probe), never from here.  */
typedef unsigned char __u8;
#define __cacheline_group_begin(G) __u8 __cacheline_group_begin__##G[0]
#define __cacheline_group_end(G) __u8 __cacheline_group_end__##G[0]
#define __struct_group(TAG, NAME, ATTRS, MEMBERS...) \
	union { struct { MEMBERS } ATTRS; struct TAG { MEMBERS } ATTRS NAME; } ATTRS
#define struct_group(NAME, MEMBERS...) __struct_group(, NAME, , MEMBERS)
#define struct_group_tagged(TAG, NAME, MEMBERS...) __struct_group(TAG, NAME, , MEMBERS)

struct bits { char a; int b:3; int c:7; long d; char e; unsigned f:1; };
/* A bitfield across the first cacheline's end.  */
struct straddle { char pad[63]; unsigned short b:12; char c; };
struct nest { char a; struct { char b; int c; } in; short d; union { char x; long y; } u; char g; };
struct anon { char a; struct { char b; long c; }; union { int i; char s[5]; }; short z; };
struct deep { char a; struct { char b; struct { char c; long long d; } two; } one; int e; };
struct sg { int a; struct_group(hdr, char x; long long y;); char z; };
struct sgt { char a; struct_group_tagged(sgt_keys, keys, short k1; int k2; char k3;); long long v; };
/* Lines 2 to 14 are one array's: drawn once.  */
struct big { char c; char buf[1000]; int tail; char flex[]; };
struct zero { int n; char d[0]; };
struct grp {
	char a;
	__cacheline_group_begin(hot); long b; char c; __cacheline_group_end(hot);
	int d;
	__cacheline_group_begin(empty); __cacheline_group_end(empty);
	__cacheline_group_begin(cold); char e; long f[9]; char g; __cacheline_group_end(cold);
	short h;
};
struct __attribute__((packed)) packed { char a; int b; short c:5; long d; };
struct aligned { char a; int b __attribute__((aligned(32))); char c; };
union un { char a; int b; struct { char c; long d; } s; };
typedef struct { char a; double b; char c; } typedef_only;
struct empty { };
struct wide { char a; long b[20]; char c; int d; char e; };
/* Short members and bitfields of one bit: each named, in its block or
   magnified under its row.  */
struct flags { char kind; unsigned int ready:1, dirty:1, locked:1, mode:3,
  prio:5; short id; char a, b, c; unsigned char tiny_flag:1; long counter;
  unsigned long long big_field:40, small:4; char tail; };
struct bits v1; struct straddle v2; struct nest v3; struct anon v4;
struct deep v5; struct sg v6; struct sgt v7; struct big v8; struct zero v9;
struct grp v10; struct packed v11; struct aligned v12; union un v13;
typedef_only v14; struct empty v15; struct wide v16; struct flags v17;
