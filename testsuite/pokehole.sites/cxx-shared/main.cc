#include <cstdio>

#include "types.h"

static int twice(int x) { return 2 * x; }
static int thrice(int x) { return 3 * x; }

int main()
{
	pairs a = { "one", 'a', "two", 'b' };
	calls b;
	b.f = twice;
	b.g = thrice;
	b.x = std::make_pair(7, 'x');
	defaults c;
	to_member t = { 't', &inner::v, 5, nullptr, 'u' };
	inner in = { 9 };
	show(a, b, c);
	std::printf("to_member %c %d %d %d %c\n", t.c, in.*t.pm, t.n,
		    t.q == nullptr, t.d);
	return 0;
}
