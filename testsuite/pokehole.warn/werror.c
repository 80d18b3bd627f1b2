/* -Werror makes the warnings errors.  */
/* { dg-do compile { target x86_64-*-* } } */
/* { dg-options "-fplugin-arg-pokehole-warn=holes,padding -fplugin-arg-pokehole-warn-all-holes -Werror" } */

struct two {
	char c;	/* { dg-error "error: 3-byte hole between 'c' and 'i' in 'struct two' \\\[-Werror=pokehole-holes\\\]" } */
	int i;
};
struct tail { int i; char c; };	/* { dg-error "error: 3 bytes of tail padding in 'struct tail' \\\[-Werror=pokehole-padding\\\]" } */
/* { dg-error "all warnings being treated as errors" "" { target *-*-* } 0 } */

/* { dg-final { warn-check-numbers } } */
/* -Wno-error: warnings again, and the compilation succeeds.  */
/* { dg-final { warn-output-with {-Wno-error} {} "warning: 3-byte hole between 'c' and '\[^'\]+' in 'struct two' \\\[-Wpokehole-holes\\\]$" } } */
