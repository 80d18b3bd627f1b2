// Members declared together in C++ classes that the new order parts:
// each declared alone, the specifiers repeated (a template's arguments
// too), the declarator with its default member initializer as written;
// refused where the specifiers cannot be told from the declarators.
#ifndef TYPES_H
#define TYPES_H

#include <utility>

struct pairs {			// PH-PATCHED(struct pairs)
	const char *p, c;
	const char *q, d;
};

class calls {			// PH-PATCHED(class calls)
public:
	int (*f)(int), n = 3;
	int (*g)(int), m = 4;
	std::pair<int, char> x, *y = nullptr;
	char z = 'z';
};

struct defaults {		// PH-PATCHED(struct defaults)
	const char *p = "p", c = 'c';
	const char *q = "q", d{'d'};
};

// A pointer to member has its class in the declarator: "int inner::"
// repeated would declare another thing.
struct inner {
	int v;
};

struct to_member {		// PH-REFUSED(struct to_member) PH-SITE(struct to_member, definition)
	char c;
	int inner::*pm, n;
	char *q, d;
};

void show(const pairs &a, const calls &b, const defaults &c);

#endif
