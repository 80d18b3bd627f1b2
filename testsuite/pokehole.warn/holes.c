/* Holes: warned at the member before the hole (each dg-warning is on
   its line), with its size and the members on both sides.  Every hole,
   as pahole shows them (warn-all-holes): struct arr and struct aligned
   are no smaller in any order (actionable.c).  Only int and smaller:
   the same layout natively and with -m32.  */
/* { dg-do compile { target x86_64-*-* } } */
/* { dg-options "-fplugin-arg-pokehole-warn=holes -fplugin-arg-pokehole-warn-all-holes" } */

struct two {
	char c;	/* { dg-warning "warning: 3-byte hole between 'c' and 'i' in 'struct two'" } */
	int i;
	short s;	/* { dg-warning "warning: 2-byte hole between 's' and 'j' in 'struct two'" } */
	int j;
	char tail;	/* tail padding: not a hole, not warned with warn=holes */
};

struct arr {
	char name[5];	/* { dg-warning "warning: 3-byte hole between 'name' and 'id' in 'struct arr'" } */
	int id;
};

struct aligned {
	char c;	/* { dg-warning "warning: 15-byte hole between 'c' and 'x' in 'struct aligned'" } */
	int x __attribute__((aligned(16)));
};

/* No hole: no warning.  */
struct packed_tight { int i; short s; char c, d; };
union u { char c; int i; };

/* { dg-final { warn-check-numbers } } */
/* { dg-final { pokehole-check-layout two arr aligned packed_tight } } */
