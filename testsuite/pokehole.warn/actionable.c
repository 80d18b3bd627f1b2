/* By default, holes and tail padding are warned about only in a type
   that some order of its members makes smaller: elsewhere no order closes
   a hole without opening another or growing the tail (which
   warn-check-no-order-shrinks checks against every order the compiler lays
   out).  warn-all-holes warns about every one, as pahole shows them.  */
/* { dg-do compile { target x86_64-*-* } } */
/* { dg-options "-fplugin-arg-pokehole-warn=holes,padding" } */

/* Quiet: the hole only moves to the tail.  */
struct moves {
	char a;
	int b;
};

/* Quiet: padding the alignment forces.  */
struct forced { int x; char y; };

/* Quiet: the array's 3 bytes are left over whatever the order.  */
struct arr { char name[5]; int id; };

/* Warned: another order is smaller.  */
struct shrinks {	/* { dg-warning "warning: 3 bytes of tail padding in 'struct shrinks'" } */
	char a;		/* { dg-warning "warning: 3-byte hole between 'a' and 'b' in 'struct shrinks'" } */
	int b;
	char c;
};

/* { dg-final { warn-check-numbers } } */
/* { dg-final { warn-check-no-order-shrinks "struct moves" "struct forced" "struct arr" } } */
/* { dg-final { warn-output-with {-fplugin-arg-pokehole-warn-all-holes} {} "warning: \[0-9\]+-byte hole between 'a' and 'b' in 'struct moves'" "warning: \[0-9\]+ bytes of tail padding in 'struct forced'" "warning: \[0-9\]+-byte hole between 'name' and 'id' in 'struct arr'" } } */
