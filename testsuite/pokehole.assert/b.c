#include "types.h"
#include "types2.h"

struct grp g2;
struct other o;
