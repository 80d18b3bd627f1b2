/* The article's example: on x86_64 it wastes 16 of its 40 bytes.  */
struct sample {
	char c[2];
	long l;
	int i;
	void *p;
	short s;
};

struct sample sample;
