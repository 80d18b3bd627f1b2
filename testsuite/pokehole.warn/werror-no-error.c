/* no-error keeps the plugin's warnings warnings under -Werror (GCC takes
   no -Wno-error=pokehole-holes): the compilation succeeds.  */
/* { dg-do compile { target x86_64-*-* } } */
/* { dg-options "-fplugin-arg-pokehole-warn=holes,padding -fplugin-arg-pokehole-warn-all-holes -Werror -fplugin-arg-pokehole-no-error" } */

struct two {
	char c;	/* { dg-warning "warning: 3-byte hole between 'c' and 'i' in 'struct two' \\\[-Wpokehole-holes\\\]" } */
	int i;
};
struct tail { int i; char c; };	/* { dg-warning "warning: 3 bytes of tail padding in 'struct tail' \\\[-Wpokehole-padding\\\]" } */

/* { dg-final { warn-check-numbers } } */
/* Without it, the same compilation fails.  */
/* { dg-final { warn-output-with {} {-fplugin-arg-pokehole-no-error} "error: \[0-9\]+-byte hole between 'c' and '\[^'\]+' in 'struct two' \\\[-Werror=pokehole-holes\\\]$" "all warnings being treated as errors" } } */
/* -w still silences them.  */
/* { dg-final { warn-output-with-not {-w} {} "hole" "padding" "error" } } */

void f (void)
{
	int v;
}

/* -Werror still makes GCC's own warnings errors.  */
/* { dg-final { warn-output-with {-Wunused-variable} {} "error: unused variable 'v' \\\[-Werror=unused-variable\\\]$" "warning: \[0-9\]+-byte hole between 'c' and '\[^'\]+' in 'struct two' \\\[-Wpokehole-holes\\\]$" } } */
