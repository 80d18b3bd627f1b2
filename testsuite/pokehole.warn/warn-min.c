/* -fplugin-arg-pokehole-warn-min=4: holes and tail padding under 4 bytes
   are not warned about; 4 and more are.  */
/* { dg-do compile { target x86_64-*-* } } */
/* { dg-options "-fplugin-arg-pokehole-warn=holes,padding -fplugin-arg-pokehole-warn-all-holes -fplugin-arg-pokehole-warn-min=4" } */

struct small { char c; int i; };	/* a 3-byte hole */
struct smallpad { int i; char c; };	/* 3 bytes of padding */
struct edge {	/* { dg-warning "warning: 4 bytes of tail padding in 'struct edge'" } */
	char c[4];	/* { dg-warning "warning: 4-byte hole between 'c' and 'x' in 'struct edge'" } */
	int x __attribute__((aligned(8)));
};
struct large {
	char c;	/* { dg-warning "warning: 7-byte hole between 'c' and 'x' in 'struct large'" } */
	int x __attribute__((aligned(8)));
	short s;
	int y;		/* a 2-byte hole */
};
/* { dg-warning "warning: 4 bytes of tail padding in 'struct large'" "" { target x86_64-*-* } 12 } */

/* { dg-final { warn-check-numbers } } */
/* Without warn-min, and with 3, the small ones are warned about.  */
/* { dg-final { warn-output-with {} {-fplugin-arg-pokehole-warn-min=*} "warning: \[0-9\]+-byte hole between 'c' and '\[^'\]+' in 'struct small'" "warning: \[0-9\]+ bytes of tail padding in 'struct smallpad'" "warning: \[0-9\]+-byte hole between 's' and '\[^'\]+' in 'struct large'" } } */
/* { dg-final { warn-output-with {-fplugin-arg-pokehole-warn-min=3} {-fplugin-arg-pokehole-warn-min=*} "hole between 'c' and '\[^'\]+' in 'struct small'" } } */
