/* -fdiagnostics-format=json carries the warnings, at the same places,
   the notes as children.  */
/* { dg-do compile { target x86_64-*-* } } */
/* { dg-options "-fplugin-arg-pokehole-warn=all" } */

struct two {	/* { dg-warning "warning: 3 bytes of tail padding in 'struct two'" } */
	char c;	/* { dg-warning "warning: 3-byte hole between 'c' and 'i' in 'struct two'" } */
	int i;
	char d;
};
/* { dg-warning "warning: 'struct two' is 12 bytes; reordered it would be 8" "" { target x86_64-*-* } 6 } */
/* { dg-message "suggested order: c, d, i" "" { target x86_64-*-* } 6 } */

/* { dg-final { warn-check-numbers } } */
/* { dg-final { warn-check-json } } */
