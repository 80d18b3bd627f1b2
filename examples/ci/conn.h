#ifndef CONN_H
#define CONN_H

/* A connection.  Put a member before bytes_in and layout-check fails. */
struct conn {
	int fd;
	unsigned short port;
	unsigned short flags;
	long long bytes_in;
	long long bytes_out;
	char name[16];
	void *user;
};

void conn_init(struct conn *c, int fd, unsigned short port);
long long conn_total(const struct conn *c);

#endif
