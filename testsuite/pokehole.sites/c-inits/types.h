/* Types whose members a reorder moves, initialized in every way C has
   (inits.c, locals.c, and here), printed member by member (main.c).  */
#ifndef TYPES_H
#define TYPES_H

PH-CHAR-LONG-CHAR(struct pair: c l d)			/* PH-PATCHED(struct pair) */

struct inner {			/* PH-PATCHED(struct inner) */
	char a;
	double b;
	char z;
};

/* Not packable itself: its lists set inner's members by elision.  */
struct outer {
	struct inner in;
	int x;
};

struct named {			/* PH-PATCHED(struct named) */
	char tag;
	double v;		/* the value */
	short n;
	/* A name; this comment goes with it.  */
	char name[8];
};

struct anon {			/* PH-PATCHED(struct anon) */
	char k;
	union {
		long u1;
		char u2;
	};
	char m;
	struct {
		char p;
		long q;
	};
};

typedef struct {		/* PH-PATCHED(rec_t) */
	char flag;
	long long big;
	short small;
} rec_t;

struct flex {			/* PH-PATCHED(struct flex) */
	char kind;
	long count;
	char mark;
	int data[];
};

struct bits {			/* PH-PATCHED(struct bits) */
	char c;
	long l;
	unsigned u : 3;
	unsigned v : 5;
};

/* Its hot member goes first, so its first member moves: a list that
   reaches it by brace elision with one element still sets 'a'.  */
struct hotin {			/* PH-PATCHED(struct hotin) */
	char a;
	long b;
	char c __attribute__((pokehole_hot));
};

struct hotout {
	struct hotin in;
	int x;
};

#define PAIR_INIT(x, y, w) { x, y, w }
#define INNER_ZERO { 0 }
#define SEVEN 7

/* A list in a header, in a function each unit may call.  */
static inline struct pair header_pair(int v)
{
	struct pair p = { v, v * 2, v + 1 };
	return p;
}

extern struct pair g1, g2[2], g3[2], mac, *gp;
extern struct outer o1, o2, o3, o4, o5;
extern struct named n1, n2;
extern struct anon a1, a2;
extern rec_t r1, rs[];
extern struct bits b1;
extern struct hotout ho;
extern const struct pair cs;
void locals(void);

#endif
