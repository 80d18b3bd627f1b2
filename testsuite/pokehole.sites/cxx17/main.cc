#include "types.h"

int main()
{
	defaults d{1, 2};	// PH-SITE(struct defaults, positional)
	fills f{1, 2};
	std::printf("d %d %ld %d f %d %ld %d\n", d.a, d.b, d.c, f.a, f.b, f.c);
	return 0;
}
