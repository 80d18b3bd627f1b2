#include <stdio.h>
#include <string.h>
#include "types.h"

static struct wire w0 = { .op = 1, .len = 2, .flags = 3 };
static struct stored s0 = { .op = 4, .len = 5, .flags = 6 };

int use_wire(void)
{
	FILE *f = fopen("/dev/null", "wb");

	if (!f)
		return 1;
	fwrite(&w0, sizeof w0, 1, f);	/* PH-SITE(struct wire, io) */
	fclose(f);
	printf("wire %d %ld %d\n", w0.op, w0.len, w0.flags);
	return 0;
}

int use_stored(void)
{
	unsigned char buf[sizeof(struct stored)];
	struct stored copy;

	memcpy(buf, &s0, sizeof s0);	/* PH-SITE(struct stored, io) */
	/* A copy between two objects of the type: not a site.  */
	memcpy(&copy, &s0, sizeof s0);
	printf("stored %d %ld %d %d\n", copy.op, copy.len, copy.flags, buf[0]);
	return 0;
}
