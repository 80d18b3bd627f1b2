// Aggregates whose members a reorder moves, initialized in every
// spelling C++ has (lists.cc, main.cc), and classes with constructors
// whose mem-initializer lists the reorder rewrites.
#ifndef TYPES_H
#define TYPES_H
#include <cstdio>

PH-CHAR-LONG-CHAR(struct pair: c l d)			// PH-PATCHED(struct pair)

struct named {			// PH-PATCHED(struct named)
	char tag;
	double v;		// the value
	short n;
};

struct withinit {		// PH-PATCHED(struct withinit)
	char a;
	long b = 7;
	char c;
};

// 'c' reads 'a', which the new order still initializes first.
struct reads {			// PH-PATCHED(struct reads)
	char a;
	long b;
	char c = a + 1;
};

PH-CHAR-LONG-CHAR(struct desig: p q r)			// PH-PATCHED(struct desig)

struct holder {			// PH-PATCHED(struct holder)
	char tag;
	pair inner;
	char more;
};

class ctor {			// PH-PATCHED(class ctor)
public:
	char a;
	long b;
	char c;
	ctor(int v) : a(v), b(v * 2), c(v + 1) {}
};

class outside {			// PH-PATCHED(class outside)
public:
	char a;
	long b;
	char c;
	outside(int v);
};

struct base_part {
	long id;
};

struct derived : base_part {	// PH-PATCHED(struct derived)
	char x;
	long y;
	char z;
};

// The template is patched through its one instantiation.
namespace ns {
template <typename T>
struct box {			// PH-PATCHED(struct ns::box<long int>)
	char flag;
	T value;
	char mark;
};
}

inline pair header_pair(int v)
{
	return {char(v), v * 2L, char(v + 1)};
}

void lists();
void show(const char *w, const pair &p);

#endif
