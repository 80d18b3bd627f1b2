/* Two packable structs: one whose fix-it keeps the program's meaning
   (its positional initializer becomes designated), one a new order
   would break (a structured binding in C++, here a static assertion on
   its layout), which gets no fix-it and a note naming why.  */
#include <stddef.h>

struct point {
	char tag;
	double x;
	char flag;
};

struct point origin = { 'o', 0.5, 1 };

struct header {
	char kind;
	long length;
	char version;
};

_Static_assert(offsetof(struct header, version) == 2 * sizeof(long),
	       "the wire format");
