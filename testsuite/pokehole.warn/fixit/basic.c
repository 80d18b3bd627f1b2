/* Structs whose member lines can be permuted: each member alone on its
   line, one declarator, no comment.  fixit.exp compiles this with
   -fplugin-arg-pokehole-warn=packable -fdiagnostics-generate-patch,
   applies the patch with patch(1) and checks each patched struct against
   the warning's promise (sizeof and member order, from the compiler).  */

/* The article's sample, its members in another order.  */
struct sample {
	int i;
	char c[2];
	void *p;
	short s;
	long l;
};

typedef struct {
	char flag;
	double d;
	short n;
	float f;
	char tag[3];
	long long big;
} record_t;

struct hot {
	char c;
	long l;
	char d;
	int i __attribute__((pokehole_hot));
};

struct attrs {
	char c;
	int x __attribute__((aligned(8)));
	char d;
	unsigned short u;
};

/* Members of aggregate types no fix-it here changes (a patched member
   type would make the outer struct smaller than its own promise).  */
struct pair { long a; long b; };
union holder { long l; char c[12]; };

struct outer {
	char kind;
	struct pair p;
	char more;
	union holder h;
	short last;
};
