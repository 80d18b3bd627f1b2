#include "types.h"

struct grp g;
struct aligned_m am;
struct hotm hm;
named_t nt;
struct plain p;

int use(void)
{
	return local_type();
}
