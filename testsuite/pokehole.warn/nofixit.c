/* Packable structs whose member declarations cannot be moved as they
   are written: the warning and the suggested order, then a note saying
   why there is no fix-it.  */
/* { dg-do compile { target x86_64-*-* } } */
/* { dg-options "-fplugin-arg-pokehole-warn=packable" } */

struct noted {	/* { dg-warning "warning: 'struct noted' is \[0-9\]+ bytes; reordered it would be \[0-9\]+" } */
	/* Parted, "q, d" would leave the comment to one of them.  */
	char *p, c;
	char *q, d;	/* both */
};
/* { dg-message "suggested order: p, c, d, q" "" { target x86_64-*-* } 7 } */
/* { dg-message "no fix-it: a comment stands on the lines of members the new order parts" "" { target x86_64-*-* } 7 } */

#define MEMBER(type, name) type name;
struct macro {	/* { dg-warning "warning: 'struct macro' is 12 bytes; reordered it would be 8" } */
	char c;
	MEMBER(int, i)
	char d;
};
/* { dg-message "suggested order: c, d, i" "" { target x86_64-*-* } 16 } */
/* { dg-message "no fix-it: a member comes from a macro" "" { target x86_64-*-* } 16 } */

struct inside {	/* { dg-warning "warning: 'struct inside' is \[0-9\]+ bytes; reordered it would be \[0-9\]+" } */
	/* Parted, q and d would have two types.  */
	char *p, c;
	struct { char x; } *q, d;
};
/* { dg-message "suggested order: p, c, d, q" "" { target x86_64-*-* } 24 } */
/* { dg-message "no fix-it: the declaration defines the type its members share" "" { target x86_64-*-* } 24 } */

/* Where moving the declarations would break the source, no fix-it
   either: a directive between the members (they would move across
   #ifdef), a member on the brace's line, two members on one line with
   a comment that the new order parts, an unnamed bitfield between
   members (it would move with the next one).  */
#define CONFIG_FOO 1
struct conf {	/* { dg-warning "warning: 'struct conf' is \[0-9\]+ bytes; reordered it would be \[0-9\]+" } */
	char c;
#ifdef CONFIG_FOO
	long l;
#endif
	char d;
	long m;
};
/* { dg-message "suggested order: " "" { target *-*-* } 38 } */
/* { dg-message "no fix-it: a directive stands between the members" "" { target *-*-* } 38 } */

struct brace { char c;
	long l;
	char d;
};
/* { dg-warning "warning: 'struct brace' is \[0-9\]+ bytes; reordered it would be \[0-9\]+" "" { target *-*-* } 49 } */
/* { dg-message "suggested order: " "" { target *-*-* } 49 } */
/* { dg-message "no fix-it: a member shares its line with a brace" "" { target *-*-* } 49 } */

struct crowded {	/* { dg-warning "warning: 'struct crowded' is \[0-9\]+ bytes; reordered it would be \[0-9\]+" } */
	char c;
	long l; char e;	/* the two */
	char d;
};
/* { dg-message "suggested order: " "" { target *-*-* } 57 } */
/* { dg-message "no fix-it: a comment stands on the lines of members the new order parts" "" { target *-*-* } 57 } */

struct unnamed {	/* { dg-warning "warning: 'struct unnamed' is \[0-9\]+ bytes; reordered it would be \[0-9\]+" } */
	char c;
	long l;
	char d;
	int : 3;
	long m;
	char e;
};
/* { dg-message "suggested order: " "" { target *-*-* } 65 } */
/* { dg-message "no fix-it: an unnamed bitfield is among the members" "" { target *-*-* } 65 } */

/* { dg-final { warn-check-numbers } } */
/* Without a fix-it, -fdiagnostics-parseable-fixits prints none.  */
/* { dg-final { warn-output-with-not {-fdiagnostics-parseable-fixits} {} "^fix-it:" } } */
