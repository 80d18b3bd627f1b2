#include <stdio.h>
#include "api.h"

static struct private_state st = { 1, 2, 3 };

int api_use(struct handle *h)	/* PH-SITE(struct handle, abi) */
{
	printf("handle %d %ld %d state %d %ld %d\n", h->open, h->fd, h->mode,
	       st.a, st.b, st.c);
	return 0;
}
