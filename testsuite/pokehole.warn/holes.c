/* Holes: warned at the member that follows the hole, with its size and
   the member before it.  Only int and smaller: the same layout natively
   and with -m32.  */
/* { dg-do compile { target x86_64-*-* } } */
/* { dg-options "-fplugin-arg-pokehole-warn=holes" } */

struct two {
	char c;
	int i;		/* { dg-warning "warning: 3-byte hole after 'c' in 'struct two'" } */
	short s;
	int j;		/* { dg-warning "warning: 2-byte hole after 's' in 'struct two'" } */
	char tail;	/* tail padding: not a hole, not warned with warn=holes */
};

struct arr {
	char name[5];
	int id;		/* { dg-warning "warning: 3-byte hole after 'name' in 'struct arr'" } */
};

struct aligned {
	char c;
	int x __attribute__((aligned(16)));	/* { dg-warning "warning: 15-byte hole after 'c' in 'struct aligned'" } */
};

/* No hole: no warning.  */
struct packed_tight { int i; short s; char c, d; };
union u { char c; int i; };

/* { dg-final { warn-check-numbers } } */
/* { dg-final { pokehole-check-layout two arr aligned packed_tight } } */
