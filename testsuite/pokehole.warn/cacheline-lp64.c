/* long long and long: where x86_64 and i386 differ (cacheline-ilp32.c).  */
/* { dg-do compile { target x86_64-*-* } } */
/* { dg-options "-fplugin-arg-pokehole-warn=cacheline" } */

/* x86_64 aligns long long to 8: x starts at 64.  */
struct ll { char pad[60]; long long x; };

struct arr {
	char pad[56];
	long a[2];	/* { dg-warning "warning: 'a' straddles the 64-byte cacheline boundary at byte 64 in 'struct arr'" } */
};

/* { dg-final { warn-check-numbers } } */
