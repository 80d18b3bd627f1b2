/* Each warning ends with its kind as GCC names an option, so the line
   has the shape of GCC's own (-fdiagnostics-plain-output); notes carry
   none.  Only int and smaller: the same layout natively and with -m32.  */
/* { dg-do compile { target x86_64-*-* } } */
/* { dg-options "-fplugin-arg-pokehole-warn=all -fplugin-arg-pokehole-warn-all-holes" } */

struct kinds {	/* { dg-warning "warning: 'struct kinds' is 16 bytes; reordered it would be 12 \\\[-Wpokehole-packable\\\]" } */
	char c;	/* { dg-warning "warning: 3-byte hole between 'c' and 'i' in 'struct kinds' \\\[-Wpokehole-holes\\\]" } */
	int i;
	char d;	/* { dg-warning "warning: 3-byte hole between 'd' and 'j' in 'struct kinds' \\\[-Wpokehole-holes\\\]" } */
	int j;
};
/* { dg-message "suggested order: c, d, i, j" "" { target *-*-* } 7 } */

struct tail { int i; char c; };	/* { dg-warning "warning: 3 bytes of tail padding in 'struct tail' \\\[-Wpokehole-padding\\\]" } */

struct straddle {
	char pad[60];
	int arr[2];	/* { dg-warning "warning: 'arr' straddles the 64-byte cacheline boundary at byte 64 in 'struct straddle' \\\[-Wpokehole-cacheline\\\]" } */
};

void f (void)
{
	int unused;
}

/* { dg-final { warn-check-numbers } } */
/* GCC's line and ours, the same shape, whole.  */
/* { dg-final { warn-output-with {-Wunused-variable} {} "^\[^ :\]+:\[0-9\]+:\[0-9\]+: warning: unused variable 'unused' \\\[-Wunused-variable\\\]$" "^\[^ :\]+:\[0-9\]+:\[0-9\]+: warning: \[0-9\]+-byte hole between 'c' and '\[^'\]+' in 'struct kinds' \\\[-Wpokehole-holes\\\]$" } } */
/* { dg-final { warn-output-with-not {} {} "note: .*\\\[-W" } } */
/* -fno-diagnostics-show-option drops them, as it drops GCC's.  */
/* { dg-final { warn-output-with-not {-fno-diagnostics-show-option} {} "\\\[-W" } } */
/* -Werror: GCC's spelling of an option made an error.  */
/* { dg-final { warn-output-with {-Werror -Wunused-variable} {} "error: \[0-9\]+-byte hole between 'c' and '\[^'\]+' in 'struct kinds' \\\[-Werror=pokehole-holes\\\]$" "error: unused variable 'unused' \\\[-Werror=unused-variable\\\]$" } } */
/* The JSON diagnostics name the option too.  */
/* { dg-final { warn-output-with {-fdiagnostics-format=json} {-fdiagnostics-plain-output} "\"option\": \"-Wpokehole-holes\"" "\"option\": \"-Wpokehole-padding\"" "\"option\": \"-Wpokehole-cacheline\"" "\"option\": \"-Wpokehole-packable\"" } } */
