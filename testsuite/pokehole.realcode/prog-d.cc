// prog-d.cc - Task's key function (realcode.exp).
// SPDX-License-Identifier: GPL-3.0-or-later
#include "prog.h"

namespace rc {

void
Task::run ()
{
	state = State::busy;
	if (target)
		target->draw ();
	state = State::done;
}

} // namespace rc
