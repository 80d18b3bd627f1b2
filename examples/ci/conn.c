#include <string.h>

#include "conn.h"

void conn_init(struct conn *c, int fd, unsigned short port)
{
	memset(c, 0, sizeof(*c));
	c->fd = fd;
	c->port = port;
}

long long conn_total(const struct conn *c)
{
	return c->bytes_in + c->bytes_out;
}
