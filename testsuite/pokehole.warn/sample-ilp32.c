/* The example, as i386 (-m32) lays it out: every kind at once.  */
/* { dg-do compile { target x86_64-*-* } } */
/* { dg-options "-fplugin-arg-pokehole-warn=all" } */

struct sample {
	char c[2];	/* { dg-warning "warning: 2-byte hole between 'c' and 'l' in 'struct sample'" } */
	long l;
	int i;
	void *p;
	short s;
};
/* { dg-warning "warning: 2 bytes of tail padding in 'struct sample'" "" { target x86_64-*-* } 5 } */
/* { dg-warning "warning: 'struct sample' is 20 bytes; reordered it would be 16" "" { target x86_64-*-* } 5 } */
/* { dg-message "suggested order: c, s, l, i, p" "" { target x86_64-*-* } 5 } */

/* { dg-final { warn-check-numbers } } */
