#include <stdio.h>
#include "api.h"

static struct private_state st = { 1, 2, 3 };

/* Defined here, not in the interface: users hold only a pointer.  */
PH-CHAR-LONG-CHAR(struct opaque: a b c)			/* PH-PATCHED(struct opaque) */

int api_opaque(struct opaque *o)
{
	return o->a + o->c;
}

int api_use_opaque(void)
{
	struct opaque o = { 4, 5, 6 };
	return api_opaque(&o);
}

int api_use(struct handle *h)	/* PH-SITE(struct handle, abi) */
{
	printf("handle %d %ld %d state %d %ld %d opaque %d\n", h->open, h->fd,
	       h->mode, st.a, st.b, st.c, api_use_opaque());
	return 0;
}
