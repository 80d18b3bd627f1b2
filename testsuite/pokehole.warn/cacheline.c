/* A member that straddles a cacheline boundary (64 bytes by default).
   Arrays of int: the same offsets natively and with -m32.  */
/* { dg-do compile { target x86_64-*-* } } */
/* { dg-options "-fplugin-arg-pokehole-warn=cacheline" } */

struct straddle {
	char pad[60];
	int arr[2];	/* { dg-warning "warning: 'arr' straddles the 64-byte cacheline boundary at byte 64 in 'struct straddle'" } */
	int after;
};

/* Ends right at the boundary, starts right at it: no warning.  */
struct edges {
	char pad[62];
	short s;
	int arr[4];
	char two[108];
	int at_192[2];	/* { dg-warning "warning: 'at_192' straddles the 64-byte cacheline boundary at byte 192 in 'struct edges'" } */
};

/* Larger than a cacheline: always across one, never warned.  */
struct big { char c; char block[100]; };

/* { dg-final { warn-check-numbers } } */
/* { dg-final { warn-output-with-not {-fplugin-arg-pokehole-cacheline=128} {-fplugin-arg-pokehole-cacheline=*} "straddles the 64-byte" "'arr' straddles" } } */
