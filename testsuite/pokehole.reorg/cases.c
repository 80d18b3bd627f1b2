/* Cases from pahole's known failures: the article's struct, an order
   pahole's greedy moves miss, one it makes bigger, a cacheline-aligned
   group, a flexible array member, bitfield runs, untagged aggregates.  Expected layouts come
   from compiling what the engine prints (reorg.exp).  */
struct sample { char c[2]; long l; int i; void *p; short s; };
struct miss { int a; short b; int c; char d; int e; long f; };
struct bigger { char a; short b; int c; short d; };
struct groups {
	char a;
	long b __attribute__((aligned(64)));
	char c;
	int d;
	char e;
	long g __attribute__((aligned(64)));
	char h;
	int i;
};
struct flex { char c; long l; short s; int tail[]; };
struct bits { char a; int b : 3; int c; char d; unsigned e : 5; long f; };
struct runs { unsigned a : 3, b : 7; long l; unsigned char c : 2; short s;
	      unsigned long long w : 40; char t; };
typedef struct { char c; double d; char e; } anon_t;
struct holder { char c; anon_t a; char d; struct { int x; char y; } in; };
/* Untagged aggregates are reorganized inside, unions through theirs.  */
struct outer { char z; struct { char a; long b; char c; } s; int y; };
union u { struct { char a; long b; char c; } s; int x; };
/* Unnamed bitfields: `:0` and reserved bits between bitfields, reserved
   fields at the end.  The engine keeps them where they act and spells
   them out in what it prints.  */
struct zero { char a; int b : 4; int : 0; int c : 4; char d; long e; char f; };
struct gap { char a; unsigned b : 3; unsigned : 9; unsigned c : 5; long l;
	     char z; };
struct reserved { unsigned modes; int : 32; long long off; char c; long g;
		  char h; int : 32; int : 32; int : 32; };
/* A packed struct whose bitfield crosses its storage unit: the engine
   must place it bit by bit, as the compiler does, to see the order that
   saves the hole.  { every-order pk_cross } */
struct pk_cross { char c; unsigned int b : 30; short x __attribute__((aligned(2)));
		  char d; } __attribute__((packed));
struct zero v12; struct gap v13; struct reserved v14; struct pk_cross v15;
struct sample v1; struct miss v2; struct bigger v3; struct groups v4;
struct flex *v5; struct bits v6; struct runs v7; anon_t v8; struct holder v9;
struct outer v10; union u v11;
