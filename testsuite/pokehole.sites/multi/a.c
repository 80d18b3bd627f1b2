#include "types.h"

struct conf conf_a = CONF_DEFAULT;
struct conf conf_b[2] = { { 5, 6, 7, 8 }, CONF_DEFAULT };
