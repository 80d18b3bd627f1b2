#include <stdio.h>

#include "conn.h"

/* An old hole (3 bytes after verbose): the baseline has it, so
   layout-check lets it be; a new one would fail.  */
struct options {
	char verbose;
	int port;
	int backlog;
};

int main(void)
{
	struct options o = { 0, 8080, 16 };
	struct conn c;

	conn_init(&c, 3, (unsigned short)o.port);
	printf("%d %lld %d\n", c.fd, conn_total(&c), o.backlog + o.verbose);
	return 0;
}
