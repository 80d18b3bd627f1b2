// names.cc - the C++ functions of names.exp: namespaces nested and
// anonymous, classes and a nested class, constructor, destructor,
// operators, a conversion operator, a static member function, a class
// template's and a function template's instances (default and
// cv-qualified arguments), a member template,
// functions declared inline and not.  Compiled with
// -fkeep-inline-functions, each inline function keeps a body.
// Copyright (C) 2026 The pokehole authors.
// SPDX-License-Identifier: GPL-3.0-or-later

namespace ns {
struct Pool {
	int n;
	Pool () : n (0) { }
	~Pool () { n = 1; }
	Pool &operator+= (int k) { n += k; return *this; }
	operator int () const { return n; }
	bool operator== (const Pool &o) const { return n == o.n; }
	inline void refresh ();
	static int count (int a) { return a + 1; }
	struct Inner {
		int f (int x) { return x * 2; }
	};
};
inline void Pool::refresh () { n++; }

template <typename T, int N> struct Box {
	T v[N];
	T get (int i) const { return v[i]; }
	template <typename U> U as () const { return U (v[0]); }
};

template <typename T> inline T twice (T x) { return x + x; }

// a default template argument (DWARF names the class with it) and
// cv-qualified ones (DWARF: "char const*")
template <typename T, typename U = long> struct Pair {
	T a;
	U b;
	T first () const { return a; }
};
template <typename T> inline int width (T) { return sizeof (T); }

// not declared inline, inlined into its caller
static int tiny (int x) { return x + 11; }
int outer_call (int x) { return tiny (x) * 2; }
}

namespace {
struct Hidden {
	int h;
	int get () const { return h; }
};
inline int helper (int x) { return x * 3; }
}

namespace outer { namespace inner {
inline int deep (int x) { return x - 1; }
} }

inline int plain (int x) { return x + 7; }
static inline int sfun (int x) { return x ^ 5; }
static int small (int x) { return x | 8; }

int use (int k)
{
	ns::Pool p;
	p += k;
	p.refresh ();
	ns::Pool q;
	bool e = p == q;
	ns::Pool::Inner in;
	ns::Box<int, 3> b = {{1, 2, 3}};
	Hidden h = {k};
	ns::Pair<int> pr = {k, 2};
	const char *cp = "x";
	return int (p) + e + ns::Pool::count (k) + in.f (k) + b.get (1)
	       + b.as<long> () + ns::twice (k) + ns::twice (2.0) + helper (k)
	       + h.get () + outer::inner::deep (k) + plain (k) + sfun (k)
	       + small (k) + ns::outer_call (k) + pr.first ()
	       + ns::width<const char *> (cp) + ns::width<const volatile int *> (0);
}
