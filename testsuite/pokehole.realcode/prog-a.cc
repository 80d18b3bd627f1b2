// prog-a.cc - Widget's key function (realcode.exp).
// SPDX-License-Identifier: GPL-3.0-or-later
#include "prog.h"

namespace rc {

Widget::Widget ()
	: handler_ (&Widget::poke), const_handler_ (&Widget::peek),
	  field_ (&Widget::width_), name_field_ (&Widget::name_), width_ (1),
	  height_ (2), flags_ (0), visible_ (1)
{
}

Widget::~Widget () { }

void
Widget::draw () const
{
	if (on_change_)
		on_change_ (width_);
}

int
unit_a (Registry &r)
{
	Widget w;
	w.on_change_ = [&r] (int v) { r.generation += v; };
	w.draw ();
	return (w.*w.handler_) (r.generation) + w.*w.field_;
}

} // namespace rc
