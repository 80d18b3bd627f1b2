#include <stdio.h>
#include "types.h"

int flex_sum(void);

static void show(const char *w, const struct pair *p)
{
	printf("%s %d %ld %d\n", w, p->c, p->l, p->d);
}

static void show_outer(const char *w, const struct outer *o)
{
	printf("%s %d %g %d %d\n", w, o->in.a, o->in.b, o->in.z, o->x);
}

int main(void)
{
	show("g1", &g1);
	show("g2a", &g2[0]);
	show("g2b", &g2[1]);
	show("g3a", &g3[0]);
	show("g3b", &g3[1]);
	show("mac", &mac);
	show("gp", gp);
	show("cs", &cs);
	show_outer("o1", &o1);
	show_outer("o2", &o2);
	show_outer("o3", &o3);
	show_outer("o4", &o4);
	show_outer("o5", &o5);
	printf("n1 %c %g %d %s\n", n1.tag, n1.v, n1.n, n1.name);
	printf("n2 %c %g %d %s\n", n2.tag, n2.v, n2.n, n2.name);
	printf("a1 %d %ld %d %d %ld\n", a1.k, a1.u1, a1.m, a1.p, a1.q);
	printf("a2 %d %ld %d %d %ld\n", a2.k, a2.u1, a2.m, a2.p, a2.q);
	printf("r1 %d %lld %d\n", r1.flag, r1.big, r1.small);
	for (int i = 0; i < 4; i++)
		printf("rs%d %d %lld %d\n", i, rs[i].flag, rs[i].big, rs[i].small);
	printf("b1 %c %ld %u %u\n", b1.c, b1.l, b1.u, b1.v);
	printf("ho %d %ld %d %d\n", ho.in.a, ho.in.b, ho.in.c, ho.x);
	printf("flex %d\n", flex_sum());
	locals();
	return 0;
}
