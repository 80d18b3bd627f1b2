// prog-c.cc - Circle's key function (realcode.exp).
// SPDX-License-Identifier: GPL-3.0-or-later
#include "prog.h"

namespace rc {

Circle::Circle (double r) : radius_ (r) { cache_.valid = false; }

double
Circle::area () const
{
	return 3.0 * radius_ * radius_;
}

double
Circle::perimeter () const
{
	return 6.0 * radius_;
}

int
unit_c (Registry &r)
{
	Circle c (2.0);
	c.handlers_["poke"] = &Widget::poke;
	r.timers[1] = [] { };
	return static_cast<int> (c.area () + c.perimeter ()) + (int) c.label_.size ();
}

} // namespace rc
