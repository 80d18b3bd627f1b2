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
	show(a, b, c);
	return 0;
}
