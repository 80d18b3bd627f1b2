/* Tail padding: warned at the type, with its size.  */
/* { dg-do compile { target x86_64-*-* } } */
/* { dg-options "-fplugin-arg-pokehole-warn=padding -fplugin-arg-pokehole-warn-all-holes" } */

struct tail { int i; char c; };	/* { dg-warning "warning: 3 bytes of tail padding in 'struct tail'" } */

/* A hole but no padding: nothing with warn=padding.  */
struct hole { char c; int i; };

struct wide {	/* { dg-warning "warning: 11 bytes of tail padding in 'struct wide'" } */
	int x __attribute__((aligned(16)));
	char c;
};

typedef struct { short s; char c; } tailed_t;	/* { dg-warning "warning: 1 byte of tail padding in 'tailed_t'" } */

/* A union's padding is the part of its size no member fills.  */
union un { char c[5]; int i; };	/* { dg-warning "warning: 3 bytes of tail padding in 'union un'" } */

/* Bitfields alone: the bytes after the last one's storage unit.  */
struct bits_only { unsigned int a : 30; unsigned char b : 4; };	/* { dg-warning "warning: 3 bytes of tail padding in 'struct bits_only'" } */

/* A union whose widest member is a bitfield: what it does not use.  */
union ulast { char c; unsigned int a : 3; };	/* { dg-warning "warning: 3 bytes of tail padding in 'union ulast'" } */

/* { dg-final { warn-check-numbers } } */
