#include <stdio.h>

#include "types.h"

void show(void)
{
	printf("fl %c %ld %d\n", fl.kind, fl.value, fl.on);
	printf("sb %c %ld %ld %c\n", sb.a, sb.b[0], sb.b[1], sb.c);
	printf("tp %s %c %s %c\n", tp.p, tp.c, tp.q, tp.d);
	printf("cl %d %d %d %d\n", cl.fp(1), cl.n, cl.fq(1), cl.m);
	printf("qu %s %c %s %c %d %d %d %d\n", qu.p, qu.c, qu.q, qu.d,
	       qu.s[0], qu.s[1], qu.s[2], qu.t == 0);
	printf("ol %s %c %s %c\n", ol.p, ol.c, ol.q, ol.d);
	printf("sp %s %c %s %c %ld\n", sp.p, sp.c, sp.q, sp.d, sp.l);
	printf("at %s %c %s %c\n", at.p, at.c, at.q, at.d);
	printf("no %s %c %s %c\n", no.p, no.c, no.q, no.d);
	printf("in %s %c %d %d\n", in.p, in.c, in.q == 0, in.d.x);
}

int main(void)
{
	struct two_pairs local = { "l", 'x', "m", 'y' };

	show();
	printf("local %s %c %s %c\n", local.p, local.c, local.q, local.d);
	return 0;
}
