/* Members declared together, and several declarations on one line: a
   declaration the new order keeps whole moves whole; one it parts
   gives each member a declaration of its own (the specifiers repeated,
   the declarator as written), on a line of its own.  fixit.exp applies
   the patch and checks each struct against the warning's promise.
   Lines defining macros between the members stay where they are.  */

struct decl {
	char c, e;
	int i;
	char d;
};

struct crowded {
	char c;
	long l; char e;
	char d;
};

struct two_pairs {
	char *p, c;
	char *q, d;
};

struct calls {
	int (*fp)(int), n;
	int (*fq)(int), m;
};

struct quals {
	const char *p, c;
	const char *const q, d;
	volatile short s[3], *t;
};

struct one_line { char *p, c; char *q, d; };

struct commented {
	/* the first pair */
	char *p, c;	// which stays together

	char *q,
	     d;
	long l;		/* a long */
};

/* Lines defining macros stay in place.  */
struct flagged {
	char kind;
	long value;
#define FLAGGED_ON 1		/* for on */
#define FLAGGED_OFF 0
	char on;
};
