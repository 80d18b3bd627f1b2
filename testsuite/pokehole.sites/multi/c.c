#include <stdio.h>
#include "types.h"

void triples(void)
{
	struct first f = TRIPLE(1, 2, 3);
	struct second s = TRIPLE(4, 5, 6);
	printf("first %d %ld %d second %d %ld %d\n", f.a, f.b, f.c, s.p, s.q,
	       s.r);
}
