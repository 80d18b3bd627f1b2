#include "types.h"

struct pair g1 = { 1, 2, 3 };
struct pair g2[2] = { { 4, 5, 6 }, { 7, 8, 9 } };
struct pair g3[2] = { 10, 11, 12, 13, 14, 15 };
struct pair mac = PAIR_INIT(SEVEN, SEVEN + 1, 9);
struct pair *gp = &(struct pair){ 21, 22, 23 };
const struct pair cs = {
	31,
	32,
	33,
};
struct outer o1 = { { 1, 2.5, 3 }, 4 };
struct outer o2 = { 5, 6.5, 7, 8 };
struct outer o3 = { .in = { 9, 10.5, 11 }, .x = 12 };
struct outer o4 = { .in.b = 13.5, 14 };
struct outer o5 = { INNER_ZERO, 16 };
struct named n1 = { 'x', 1.5, 3, "hi" };
struct named n2 = { .v = 2.5, 3, .tag = 'y', .name = "nm" };
struct anon a1 = { 1, { 2 }, 3, { 4, 5 } };
struct anon a2 = { 1, 2, 3, 4, 5 };
rec_t r1 = { 1, 1LL << 40, -3 };
rec_t rs[] = { { 2, 3, 4 }, [2] = { 5, 6, 7 }, { 8, 9, 10 } };
struct bits b1 = { 'b', 100, 5, 17 };
struct hotout ho = { 5 };
static struct flex f1 = { 1, 2, 3, { 4, 5 } };

int flex_sum(void)
{
	return f1.kind + (int)f1.count + f1.mark + f1.data[0] + f1.data[1];
}
