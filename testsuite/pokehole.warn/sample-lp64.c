/* The example, as x86_64 lays it out: every kind at once.  */
/* { dg-do compile { target x86_64-*-* } } */
/* { dg-options "-fplugin-arg-pokehole-warn=all" } */

struct sample {
	char c[2];	/* { dg-warning "warning: 6-byte hole between 'c' and 'l' in 'struct sample'" } */
	long l;
	int i;	/* { dg-warning "warning: 4-byte hole between 'i' and 'p' in 'struct sample'" } */
	void *p;
	short s;
};
/* { dg-warning "warning: 6 bytes of tail padding in 'struct sample'" "" { target x86_64-*-* } 5 } */
/* { dg-warning "warning: 'struct sample' is 40 bytes; reordered it would be 24" "" { target x86_64-*-* } 5 } */
/* { dg-message "suggested order: c, s, i, l, p" "" { target x86_64-*-* } 5 } */

/* { dg-final { warn-check-numbers } } */
