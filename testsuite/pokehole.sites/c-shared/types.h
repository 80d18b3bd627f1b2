/* Members declared together ("char *p, c;") that the new order parts:
   each declared alone, the specifiers repeated, the declarator read
   back as written; comments moving with their members; lines defining
   macros staying in place.  What cannot be done soundly is refused: a
   comment on the shared line, a type defined in the shared declaration,
   a member declared with a macro defined among the members.  */
#ifndef TYPES_H
#define TYPES_H

struct two_pairs {		/* PH-PATCHED(struct two_pairs) */
	char *p, c;
	char *q, d;
};

struct calls {			/* PH-PATCHED(struct calls) */
	int (*fp)(int), n;
	int (*fq)(int), m;
};

struct quals {			/* PH-PATCHED(struct quals) */
	const char *p, c;
	const char *const q, d;
	volatile short s[3], *t;
};

struct one_line { char *p, c; char *q, d; };	/* PH-PATCHED(struct one_line) */

struct spread {			/* PH-PATCHED(struct spread) */
	/* the first pair, whose comment
	   stays with it */
	char *p, c;	// the p and c

	/* a section: stays in place */

	char *q,
	     d;
	long l;		/* a long */
};

struct attrs {			/* PH-PATCHED(struct attrs) */
	__attribute__((aligned(4))) char *p, c;
	char *q __attribute__((aligned(8))), d;
};

struct noted {			/* PH-REFUSED(struct noted) PH-SITE(struct noted, definition) */
	char *p, c;
	char *q, d;	/* both */
};

struct inside {			/* PH-REFUSED(struct inside) PH-SITE(struct inside, definition) */
	char *p, c;
	struct { char x; } *q, d;
};

struct flagged {		/* PH-PATCHED(struct flagged) */
	char kind;
	long value;
#define FLAGGED_ON 1		/* for on */
#define FLAGGED_OFF 0
	char on;
};

struct sized_by {		/* PH-REFUSED(struct sized_by) PH-SITE(struct sized_by, definition) */
	char a;
#define SIZED_BY_N 2
	long b[SIZED_BY_N];
	char c;
};

extern struct flagged fl;
extern struct sized_by sb;
extern struct two_pairs tp;
extern struct calls cl;
extern struct quals qu;
extern struct one_line ol;
extern struct spread sp;
extern struct attrs at;
extern struct noted no;
extern struct inside in;
void show(void);

#endif
