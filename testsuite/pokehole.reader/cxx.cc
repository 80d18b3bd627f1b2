/* cxx.cc - C++ namespaces, bases, templates, references and an anonymous
   namespace, for corpus.exp and elsewhere.exp (type units, split DWARF).
   SPDX-License-Identifier: GPL-3.0-or-later  */
namespace ns {
struct Base { int b; virtual ~Base() {} };
struct Empty {};
class C : public Base, public Empty { public: char c; static int s; long l; };
namespace inner { struct D { short s; ns::C *p; const char *name;
	int (*fn)(char); int &r; }; }
template <typename T> struct Box { T v; char tag; };
}
struct Pod { int a; char b; };
struct NP { NP(); int a; char b; };
struct Derived : NP { char c; };
struct PD : Pod { char c; };
typedef struct { int x; } TD;
namespace { struct Hidden { int h; }; }
ns::C c; ns::inner::D *d; ns::Box<int> bi; ns::Box<const char *> bc;
Derived dd; PD pd; TD td; Hidden hh;
