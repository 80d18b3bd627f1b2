#include <cstdio>

#include "types.h"

void show(const pairs &a, const calls &b, const defaults &c)
{
	std::printf("pairs %s %c %s %c\n", a.p, a.c, a.q, a.d);
	std::printf("calls %d %d %d %d %d %c %d %c\n", b.f(1), b.n, b.g(1), b.m,
		    b.x.first, b.x.second, b.y == nullptr, b.z);
	std::printf("defaults %s %c %s %c\n", c.p, c.c, c.q, c.d);
}
