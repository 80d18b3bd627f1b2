/* Packable structs whose member lines cannot simply be permuted: the
   warning and the suggested order, then a note saying why there is no
   fix-it.  */
/* { dg-do compile { target x86_64-*-* } } */
/* { dg-options "-fplugin-arg-pokehole-warn=packable" } */

struct decl {	/* { dg-warning "warning: 'struct decl' is 12 bytes; reordered it would be 8" } */
	char c, e;
	int i;
	char d;
};
/* { dg-message "suggested order: c, e, d, i" "" { target x86_64-*-* } 7 } */
/* { dg-message "no fix-it: several declarators share a declaration" "" { target x86_64-*-* } 7 } */

struct comment {	/* { dg-warning "warning: 'struct comment' is 12 bytes; reordered it would be 8" } */
	char c;
	int i; /* the count */
	char d;
};
/* { dg-message "suggested order: c, d, i" "" { target x86_64-*-* } 15 } */
/* { dg-message "no fix-it: a comment shares a line with a member" "" { target x86_64-*-* } 15 } */

#define MEMBER(type, name) type name;
struct macro {	/* { dg-warning "warning: 'struct macro' is 12 bytes; reordered it would be 8" } */
	char c;
	MEMBER(int, i)
	char d;
};
/* { dg-message "suggested order: c, d, i" "" { target x86_64-*-* } 24 } */
/* { dg-message "no fix-it: a member comes from a macro" "" { target x86_64-*-* } 24 } */

struct nested {	/* { dg-warning "warning: 'struct nested' is 12 bytes; reordered it would be 8" } */
	char c;
	struct { int x; } in;
	char d;
};
/* { dg-message "suggested order: c, d, in" "" { target x86_64-*-* } 32 } */
/* { dg-message "no fix-it: a member is a struct or union defined in place" "" { target x86_64-*-* } 32 } */

struct oneline { char c; int i; char d; };
/* { dg-warning "warning: 'struct oneline' is 12 bytes; reordered it would be 8" "" { target x86_64-*-* } 40 } */
/* { dg-message "suggested order: c, d, i" "" { target x86_64-*-* } 40 } */
/* { dg-message "no fix-it: several members are declared on one line" "" { target x86_64-*-* } 40 } */

struct bits {	/* { dg-warning "warning: 'struct bits' is \[0-9\]+ bytes; reordered it would be \[0-9\]+" } */
	char c;
	int i;
	unsigned a : 4, b : 4;
};
/* { dg-message "suggested order: c, a, b, i" "" { target x86_64-*-* } 45 } */
/* { dg-message "no fix-it: several declarators share a declaration" "" { target x86_64-*-* } 45 } */

/* Where moving whole member lines would break the source, no fix-it
   either: a directive between the members (the members would move across
   #ifdef), a declaration over two lines, a member on the brace's line.  */
#define CONFIG_FOO 1
struct conf {	/* { dg-warning "warning: 'struct conf' is \[0-9\]+ bytes; reordered it would be \[0-9\]+" } */
	char c;
#ifdef CONFIG_FOO
	long l;
#endif
	char d;
	long m;
};
/* { dg-message "suggested order: " "" { target *-*-* } 57 } */
/* { dg-message "no fix-it: other lines stand between the members" "" { target *-*-* } 57 } */

struct split {	/* { dg-warning "warning: 'struct split' is \[0-9\]+ bytes; reordered it would be \[0-9\]+" } */
	char c;
	unsigned long
		l;
	char d;
};
/* { dg-message "suggested order: " "" { target *-*-* } 68 } */
/* { dg-message "no fix-it: other lines stand between the members" "" { target *-*-* } 68 } */

struct brace { char c;
	long l;
	char d;
};
/* { dg-warning "warning: 'struct brace' is \[0-9\]+ bytes; reordered it would be \[0-9\]+" "" { target *-*-* } 77 } */
/* { dg-message "suggested order: " "" { target *-*-* } 77 } */
/* { dg-message "no fix-it: a member shares its line with a brace" "" { target *-*-* } 77 } */

/* { dg-final { warn-check-numbers } } */
/* Without a fix-it, -fdiagnostics-parseable-fixits prints none.  */
/* { dg-final { warn-output-with-not {-fdiagnostics-parseable-fixits} {} "^fix-it:" } } */
