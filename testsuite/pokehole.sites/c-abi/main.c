#include "api.h"

int main(void)
{
	struct handle h = { .open = 1, .fd = 2, .mode = 3 };
	return api_use(&h);
}
