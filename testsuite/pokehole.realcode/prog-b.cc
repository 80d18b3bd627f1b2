// prog-b.cc - Shape's key function (realcode.exp).
// SPDX-License-Identifier: GPL-3.0-or-later
#include "prog.h"

namespace rc {

Shape::Shape () : x_ (0), y_ (0), after_tail_ (0) { rgb_[0] = rgb_[1] = rgb_[2] = 0; }

Shape::~Shape () { }

double
Shape::area () const
{
	return 0;
}

void
Shape::draw () const
{
	Widget::draw ();
}

int
unit_b (Registry &r)
{
	Pool<double> p;
	p.count = 0;
	p.reset = &Pool<double>::clear;
	(p.*p.reset) ();
	r.doubles.count = p.count;
	r.current.id = 3;
	return r.current.id;
}

} // namespace rc
