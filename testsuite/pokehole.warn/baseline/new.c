/* The second version of baseline/old.c, compiled with
   -fplugin-arg-pokehole-baseline= a baseline made from old.c (baseline.exp):
   only what old.c did not have is warned about.  */
/* { dg-do compile { target x86_64-*-* } } */
/* { dg-options "-fplugin-arg-pokehole-warn=all" } */

/* Unchanged: its hole, padding and packable order are in the baseline.  */
struct keep { char c; int i; short s; };

/* A new hole, and two more bytes.  */
struct grows {	/* { dg-warning "warning: 'struct grows' grew from 8 to 12 bytes \\\[-Wpokehole-growth\\\]" } */
	int i;
	char c;	/* { dg-warning "warning: 3-byte hole between 'c' and 'j' in 'struct grows'" } */
	int j;
};

/* The same size; the hole now after another member.  */
struct moved {
	short s;
	char d;	/* { dg-warning "warning: 1-byte hole between 'd' and 'i' in 'struct moved'" } */
	int i;
};

/* More tail padding than the baseline's.  */
struct padgrow { int i; char c; };	/* { dg-warning "warning: 3 bytes of tail padding in 'struct padgrow'" } */

/* A larger hole after the same member.  */
struct holegrow {
	char c;	/* { dg-warning "warning: 3-byte hole between 'c' and 'i' in 'struct holegrow'" } */
	int i;
};

/* A smaller hole after the same member: forgiven.  */
struct shrinks { char c; short s; int i; };

/* Not in the baseline: checked in full.  */
struct fresh {		/* { dg-warning "warning: 3 bytes of tail padding in 'struct fresh'" } */
	char c;	/* { dg-warning "warning: 3-byte hole between 'c' and 'i' in 'struct fresh'" } */
	int i;
	char d;
};
/* { dg-warning "warning: 'struct fresh' is 12 bytes; reordered it would be 8" "" { target x86_64-*-* } 37 } */
/* { dg-message "suggested order: c, d, i" "" { target x86_64-*-* } 37 } */

/* { dg-final { warn-check-numbers } } */
/* What the baseline forgives is warned about without it (every hole:
   struct shrinks is no smaller in any order).  */
/* { dg-final { warn-output-with {-fplugin-arg-pokehole-warn-all-holes} {-fplugin-arg-pokehole-baseline=*} "warning: 3-byte hole between 'c' and '\[^'\]+' in 'struct keep'" "warning: 2 bytes of tail padding in 'struct keep'" "warning: 'struct keep' is 12 bytes; reordered it would be 8" "warning: 1-byte hole between 'c' and '\[^'\]+' in 'struct shrinks'" } } */
