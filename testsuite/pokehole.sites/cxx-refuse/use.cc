#include <memory>
#include <vector>
#include "types.h"

static int counter;

int next_value()
{
	return ++counter;
}

void use_all()
{
	auto [bx, by, bz] = bound{1, 2, 3};	// PH-SITE(struct bound, binding)
	std::printf("bound %d %ld %d\n", bx, by, bz);

	std::vector<placed> v;
	v.emplace_back(4, 5, 6);	// PH-SITE(struct placed, forwarded)
	std::printf("placed %d %ld %d\n", v[0].x, v[0].y, v[0].z);

	auto m = std::make_unique<made>(7, 8, 9);	// PH-SITE(struct made, forwarded)
	std::printf("made %d %ld %d\n", m->x, m->y, m->z);

	order_dep od(7);
	std::printf("order_dep %d %ld %d\n", od.a, od.b, od.c);

	{
		lifetimes lt;
		std::printf("lifetimes %ld\n", lt.pad);
	}

	// Elements evaluated in order, each with an effect.
	effects e{char(next_value()), next_value(), char(next_value())};	// PH-SITE(struct effects, positional)
	std::printf("effects %d %ld %d\n", e.a, e.b, e.c);
}
