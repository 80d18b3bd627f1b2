#include <stdio.h>
#include "types.h"

struct conf conf_c(void)
{
	struct conf c = { 9, 10, 11, 12 };
	return c;
}

void show_conf(const char *w, const struct conf *c)
{
	printf("%s %d %ld %d %d\n", w, c->verbose, c->level, c->quiet,
	       c->retries);
}
