#include "types.h"

int main(void)
{
	struct conf c = conf_c();
	struct conf s = conf_scaled(3);

	show_conf("a", &conf_a);
	show_conf("b0", &conf_b[0]);
	show_conf("b1", &conf_b[1]);
	show_conf("c", &c);
	show_conf("s", &s);
	triples();
	return 0;
}
