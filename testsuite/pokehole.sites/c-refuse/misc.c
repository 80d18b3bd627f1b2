#include <stdio.h>
#include "types.h"
#include "uapi/msg.h"

static struct checked ch = { .c = 1, .l = 2, .d = 3 };
static struct sized sz = { .c = 4, .l = 5, .d = 6 };
static struct exported ex = { .c = 7, .l = 8, .d = 9 };
static struct msg m0 = { .type = 1, .stamp = 2, .len = 3 };
static struct nibbles nb = { 1, 2, 3 };
static struct twos t2 = { TWO, 3 };	/* PH-SITE(struct twos, initializer) */
static struct clash cl = CLASH_INIT(1, 2, 3);
static struct cond co = {	/* PH-SITE(struct cond, initializer) */
	1,
#if 1
	2,
#endif
	3,
};

int use_misc(void)
{
	printf("ch %d %ld %d\n", ch.c, ch.l, ch.d);
	printf("sz %d %ld %d\n", sz.c, sz.l, sz.d);
	printf("ex %d %ld %d\n", ex.c, ex.l, ex.d);
	printf("m0 %d %lld %d\n", m0.type, m0.stamp, m0.len);
	printf("nb %u %u %u\n", nb.lo, nb.mid, nb.hi);
	printf("t2 %d %ld %d\n", t2.c, t2.l, t2.d);
	printf("cl %d %ld %d\n", cl.c, cl.l, cl.d);
	printf("co %d %ld %d\n", co.c, co.l, co.d);
	return 0;
}
