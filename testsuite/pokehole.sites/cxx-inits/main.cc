#include "types.h"

void show(const char *w, const pair &p)
{
	std::printf("%s %d %ld %d\n", w, p.c, p.l, p.d);
}

int main()
{
	lists();
	pair m{char(1), 2L, char(3)};
	show("main", m);
	return 0;
}
