#include "types.h"

int main()
{
	use_all();
	return 0;
}
