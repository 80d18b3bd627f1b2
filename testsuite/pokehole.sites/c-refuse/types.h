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

PH-CHAR-LONG-CHAR(struct wire: op len flags)			/* PH-REFUSED(struct wire) */

PH-CHAR-LONG-CHAR(struct stored: op len flags)			/* PH-REFUSED(struct stored) */

PH-CHAR-LONG-CHAR(struct checked: c l d)		/* PH-REFUSED(struct checked) */
_Static_assert(offsetof(struct checked, l) == sizeof(long), "l");
_Static_assert(offsetof(struct checked, d) == 2 * sizeof(long), "d");	/* PH-SITE(struct checked, assert) */

PH-CHAR-LONG-CHAR(struct sized: c l d)			/* PH-REFUSED(struct sized) */
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

PH-CHAR-LONG-CHAR(struct twos: c l d)			/* PH-REFUSED(struct twos) */
#define TWO 1, 2

PH-CHAR-LONG-CHAR(struct clash: c l d)			/* PH-REFUSED(struct clash) */
#define CLASH_INIT(c, l, d) { c, l, d }	/* PH-SITE(struct clash, positional) */

PH-CHAR-LONG-CHAR(struct cond: c l d)			/* PH-REFUSED(struct cond) */

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
