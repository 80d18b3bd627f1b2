#include <stdio.h>
#include "types.h"

static long base_id(const struct base *b)
{
	return b->id;
}

static struct derived d0 = { .b = { 42, 'k' }, .tag = 1, .extra = 3, .more = 2 };
static struct keeps_head k0 = { .head = { 7, 'h' }, .c = 1, .l = 2, .d = 3 };

int use_derived(void)
{
	/* A struct used as the "base" of another, its first member: the
	   casts, direct or through void *, rely on it at offset 0.  */
	long b = base_id((struct base *)(void *)&d0);	/* PH-SITE(struct derived, first-member) */
	long c = base_id((struct base *)&k0);
	printf("derived %ld %ld %d %d %ld\n", b, c, d0.tag, d0.more,
	       d0.extra);
	return 0;
}
