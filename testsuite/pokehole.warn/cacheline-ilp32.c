/* long long and long: where i386 and x86_64 differ (cacheline-lp64.c).  */
/* { dg-do compile { target x86_64-*-* } } */
/* { dg-options "-fplugin-arg-pokehole-warn=cacheline" } */

/* i386 aligns long long in structs to 4: x is bytes 60 to 67.  */
struct ll {
	char pad[60];
	long long x;	/* { dg-warning "warning: 'x' straddles the 64-byte cacheline boundary at byte 64 in 'struct ll'" } */
};

/* long is 4 bytes: a ends at 63.  */
struct arr {
	char pad[56];
	long a[2];
};

/* { dg-final { warn-check-numbers } } */
