// prog-main.cc - main (realcode.exp); the probe program links the other
// units with a main of its own.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "prog.h"

int
main ()
{
	rc::Registry r;
	r.generation = 0;
	r.tasks.push_back (std::make_unique<rc::Task> ());
	r.tasks[0]->shape = std::make_shared<rc::Shape> ();
	r.tasks[0]->run ();
	return (rc::unit_a (r) + rc::unit_b (r) + rc::unit_c (r)) > 0 ? 0 : 1;
}
