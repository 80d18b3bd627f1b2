/* -fplugin-arg-pokehole-cacheline=32: the boundaries every 32 bytes.  */
/* { dg-do compile { target x86_64-*-* } } */
/* { dg-options "-fplugin-arg-pokehole-warn=cacheline -fplugin-arg-pokehole-cacheline=32" } */

struct s32 {
	char pad[28];
	int arr[2];	/* { dg-warning "warning: 'arr' straddles the 32-byte cacheline boundary at byte 32 in 'struct s32'" } */
	char pad2[24];
	short sh[3];	/* { dg-warning "warning: 'sh' straddles the 32-byte cacheline boundary at byte 64 in 'struct s32'" } */
};

/* { dg-final { warn-check-numbers } } */
/* With 64-byte lines only the second is across one.  */
/* { dg-final { warn-output-with {} {-fplugin-arg-pokehole-cacheline=*} "warning: 'sh' straddles the 64-byte cacheline boundary" } } */
/* { dg-final { warn-output-with-not {} {-fplugin-arg-pokehole-cacheline=*} "'arr' straddles" } } */
