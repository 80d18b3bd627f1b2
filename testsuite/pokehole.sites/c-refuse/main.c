#include "types.h"

int main(void)
{
	return use_wire() + use_stored() + use_derived() + use_misc();
}
