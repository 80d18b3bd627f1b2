#include "types.hh"

ns::Q q;
ns::Priv pv;
ns::Box<long, 3> bx;
ns::Derived dv;
ns::Poly po;
ns::Outer ou;
named_t nt;

int use()
{
	return local_type() + ns::hidden();
}
