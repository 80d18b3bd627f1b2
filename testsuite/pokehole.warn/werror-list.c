/* no-error=LIST takes warn='s kinds (and growth): only those stay
   warnings under -Werror.  */
/* { dg-do compile { target x86_64-*-* } } */
/* { dg-options "-fplugin-arg-pokehole-warn=holes,padding -fplugin-arg-pokehole-warn-all-holes -Werror -fplugin-arg-pokehole-no-error=padding,growth" } */

struct two {
	char c;	/* { dg-error "error: 3-byte hole between 'c' and 'i' in 'struct two' \\\[-Werror=pokehole-holes\\\]" } */
	int i;
};
struct tail { int i; char c; };	/* { dg-warning "warning: 3 bytes of tail padding in 'struct tail' \\\[-Wpokehole-padding\\\]" } */
/* { dg-error "all warnings being treated as errors" "" { target *-*-* } 0 } */

/* { dg-final { warn-check-numbers } } */
/* { dg-final { warn-output-with {} {-fplugin-arg-pokehole-no-error=*} "error: \[0-9\]+ bytes of tail padding in 'struct tail' \\\[-Werror=pokehole-padding\\\]$" } } */
