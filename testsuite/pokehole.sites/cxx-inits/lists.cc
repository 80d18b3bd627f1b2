#include <vector>
#include <memory>
#include "types.h"

pair g1{1, 2, 3};
pair g2 = {4, 5, 6};
pair garr[] = {{7, 8, 9}, {10, 11, 12}};
named n1{'x', 1.5, 3};
holder h1{1, {2, 3, 4}, 5};
derived dv{{99}, 1, 2, 3};
ns::box<long> bx{1, 2, 3};

outside::outside(int v)
	: a(v), b(v + 100), c(v + 2)
{
}

static pair make()
{
	return {21, 22, 23};
}

static void take(const pair &p)
{
	show("arg", p);
}

void lists()
{
	int v = 5;
	pair l1{31, 32, 33};
	pair *hp = new pair{41, 42, 43};
	take({51, 52, 53});
	pair p20(61, 62, 63);
	std::vector<pair> vec;
	vec.push_back(pair{71, 72, 73});
	pair q;
	q = {81, 82, 83};
	auto u = std::unique_ptr<pair>(new pair{91, 92, 93});
	withinit w{1};
	withinit w2{1, 2, 3};
	reads r{1, 2};
	desig d{.p = 1, .q = 2, .r = 3};
	desig d2{.p = 4, .r = 6};
	ctor c1(5);
	outside o1(6);
	pair lv{char(v), v * 3L, char(v + 1)};
	show("g1", g1);
	show("g2", g2);
	show("ga0", garr[0]);
	show("ga1", garr[1]);
	show("make", make());
	show("header", header_pair(v));
	show("l1", l1);
	show("hp", *hp);
	show("p20", p20);
	show("vec", vec[0]);
	show("q", q);
	show("u", *u);
	show("lv", lv);
	show("pexpr", pair(101, 102, 103));
	show("pbrace", pair{111, 112, 113});
	show("h1.inner", h1.inner);
	std::printf("n1 %c %g %d\n", n1.tag, n1.v, n1.n);
	std::printf("h1 %d %d\n", h1.tag, h1.more);
	std::printf("dv %ld %d %ld %d\n", dv.id, dv.x, dv.y, dv.z);
	std::printf("bx %d %ld %d\n", bx.flag, bx.value, bx.mark);
	std::printf("w %d %ld %d w2 %d %ld %d\n", w.a, w.b, w.c, w2.a, w2.b, w2.c);
	std::printf("r %d %ld %d\n", r.a, r.b, r.c);
	std::printf("d %d %ld %d d2 %d %ld %d\n", d.p, d.q, d.r, d2.p, d2.q, d2.r);
	std::printf("c1 %d %ld %d o1 %d %ld %d\n", c1.a, c1.b, c1.c, o1.a, o1.b,
		    o1.c);
	delete hp;
}
