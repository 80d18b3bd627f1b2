// C++ types a reorder would change the meaning of: each refused, naming
// the places that stop it (PH-SITE).
#ifndef TYPES_H
#define TYPES_H
#include <cstdio>

PH-CHAR-LONG-CHAR(struct bound: x y z)			// PH-REFUSED(struct bound)

PH-CHAR-LONG-CHAR(struct placed: x y z)			// PH-REFUSED(struct placed)

PH-CHAR-LONG-CHAR(struct made: x y z)			// PH-REFUSED(struct made)

// 'c' is initialized from 'b', which the new order puts after it.
struct order_dep {		// PH-REFUSED(struct order_dep)
	char a;
	long b;
	char c;
	order_dep(int v) : a(v), b(v * 2), c(b + 1) {}	// PH-SITE(struct order_dep, reads)
};

// Members whose constructors print: they run in declaration order.
struct noisy {
	char id;
	noisy(char i) : id(i) { std::printf("construct %d\n", i); }
	~noisy() { std::printf("destroy %d\n", id); }
};

// Its hot member goes first: 'second' would be built before 'first'.
struct lifetimes {		// PH-REFUSED(struct lifetimes)
	noisy first;
	long pad;
	noisy second __attribute__((pokehole_hot));	// PH-SITE(struct lifetimes, lifetime)
	lifetimes() : first(1), pad(0), second(2) {}	// PH-SITE(struct lifetimes, lifetime)
};

int next_value();

PH-CHAR-LONG-CHAR(struct effects: a b c)		// PH-REFUSED(struct effects)


void use_all();

#endif
