#include <stdio.h>
#include "types.h"

static void show_pair(const char *w, struct pair p)
{
	printf("%s %d %ld %d\n", w, p.c, p.l, p.d);
}

static struct pair twice(struct pair p)
{
	return (struct pair){ p.c * 2, p.l * 2, p.d * 2 };
}

void locals(void)
{
	int v = 5;
	struct pair l1 = { 41, 42, 43 };
	static struct pair l2 = { 44, 45 };
	struct pair l3 = (struct pair){ 46, 47, 48 };
	struct outer lo = { 1, 2, 3, 4 };
	struct inner li = { v, v + 1.5, v + 2 };
	struct pair arr[] = { { 1, 2, 3 }, { v, v, v } };
	rec_t r = { .big = 9, 8 };

	show_pair("l1", l1);
	show_pair("l2", l2);
	show_pair("l3", l3);
	show_pair("twice", twice(l1));
	show_pair("header", header_pair(v));
	show_pair("arr0", arr[0]);
	show_pair("arr1", arr[1]);
	printf("lo %d %g %d %d\n", lo.in.a, lo.in.b, lo.in.z, lo.x);
	printf("li %d %g %d\n", li.a, li.b, li.z);
	printf("r %d %lld %d\n", r.flag, r.big, r.small);
}
