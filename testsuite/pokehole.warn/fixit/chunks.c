/* Member declarations moved as they are written: comments after a
   member and comment lines above it move with it, a declaration over
   two lines moves whole, an aggregate defined in place moves as one
   member, and the members of a definition on one line are permuted in
   place.  fixit.exp applies the patch and checks each struct against
   the warning's promise.  */

struct commented {
	char c;		/* the kind */
	/* The count, which
	   the comment above belongs to.  */
	long count;
	char d;		/* the flag */
};

struct oneline { char c; long l; char d; };

struct split {
	char c;
	unsigned long
		l;
	char d;
};

struct inplace {
	char c;
	struct {
		long x;
		long y;
	} in;
	char d;
	union {
		long u;
		char b;
	};
	char e;
};

struct blank {

	char c;

	long l;

	char d;
};
