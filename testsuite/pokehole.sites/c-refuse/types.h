/* Types a reorder would change the meaning of: each refused, naming the
   places that stop it (PH-SITE).  */
#ifndef TYPES_H
#define TYPES_H
#include <stddef.h>

struct base {
	long id;
	char kind;
};

/* Its hot member goes first, and 'b' leaves offset 0.  */
struct derived {		/* PH-REFUSED(struct derived) */
	struct base b;
	char tag;
	long extra __attribute__((pokehole_hot));
	char more;
};

struct wire {			/* PH-REFUSED(struct wire) */
	char op;
	long len;
	char flags;
};

struct stored {			/* PH-REFUSED(struct stored) */
	char op;
	long len;
	char flags;
};

struct checked {		/* PH-REFUSED(struct checked) */
	char c;
	long l;
	char d;
};
_Static_assert(offsetof(struct checked, l) == sizeof(long), "l");
_Static_assert(offsetof(struct checked, d) == 2 * sizeof(long), "d");	/* PH-SITE(struct checked, assert) */

struct sized {			/* PH-REFUSED(struct sized) */
	char c;
	long l;
	char d;
};
#define CHECK_SIZE(t, n) _Static_assert(sizeof(t) == (n), #t)
CHECK_SIZE(struct sized, 3 * sizeof(long));	/* PH-SITE(struct sized, assert) */

/* A reorder keeps 'head' first: the cast to it stays good.  */
struct keeps_head {		/* PH-PATCHED(struct keeps_head) */
	struct base head;
	char c;
	long l;
	char d;
};

struct __attribute__((pokehole_abi)) exported {	/* PH-REFUSED(struct exported) PH-SITE(struct exported, abi) */
	char c;
	long l;
	char d;
};

struct twos {			/* PH-REFUSED(struct twos) */
	char c;
	long l;
	char d;
};
#define TWO 1, 2

struct clash {			/* PH-REFUSED(struct clash) */
	char c;
	long l;
	char d;
};
#define CLASH_INIT(c, l, d) { c, l, d }	/* PH-SITE(struct clash, positional) */

struct cond {			/* PH-REFUSED(struct cond) */
	char c;
	long l;
	char d;
};

/* A packed type's bytes are a format: a new order (its two nibbles
   together) is never applied.  */
struct __attribute__((packed)) nibbles {	/* PH-REFUSED(struct nibbles) PH-SITE(struct nibbles, packed) */
	unsigned char lo : 4;
	unsigned int mid;
	unsigned char hi : 4;
};

int use_wire(void);
int use_stored(void);
int use_derived(void);
int use_misc(void);

#endif
