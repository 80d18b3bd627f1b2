// The C++ types of assertgen.exp: standard-layout classes get their
// members' offsets asserted, the others (private and public members, a
// base, a vptr, a reference) only their size and alignment; a template
// whose name holds a comma; a class named by a typedef; what code
// outside cannot name (a private member class, an anonymous namespace's,
// a function's) is left out.
namespace ns {
struct Q {
	int a;
	alignas(64) long b;
	char name[10];
	union {
		int u1;
		short u2;
	};
	struct {
		int x;
		long y;
	} in;
};

class Priv {
	int p;

public:
	alignas(64) int q;
	int get() const { return p; }
};

template <typename T, int N> struct Box {
	T t;
	alignas(64) char data[N];
};

struct Base {
	int b0;
};
struct Derived : Base {
	alignas(64) int d;
};

struct Poly {
	virtual ~Poly() {}
	alignas(64) int v;
};

class Outer {
	struct Inner {
		alignas(64) int i;
	};

public:
	Inner in;
};

namespace {
struct Hidden {
	alignas(64) int h;
};
}
inline int hidden() { return Hidden().h; }
}

typedef struct {
	short s;
	double d;
} named_t;

inline int local_type()
{
	struct L {
		alignas(64) int l;
	} l = {};
	return l.l;
}
