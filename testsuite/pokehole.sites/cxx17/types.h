// C++17 has no designated initializers: a positional list that a new
// order would make name a member left to its default member initializer
// cannot be rewritten.
#ifndef TYPES_H
#define TYPES_H
#include <cstdio>

struct defaults {		// PH-REFUSED(struct defaults)
	char a;
	long b;
	char c = 'q';
};

// Members without default initializers are named "{}" where a new
// order needs them: the same value-initialization.
PH-CHAR-LONG-CHAR(struct fills: a b c)			// PH-PATCHED(struct fills)

#endif
