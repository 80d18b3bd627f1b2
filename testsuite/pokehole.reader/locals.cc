/* locals.cc - classes local to functions, named as GCC's diagnostics name
   them (corpus.exp: names with "::" after a ")").
   SPDX-License-Identifier: GPL-3.0-or-later  */
namespace ns { struct T { int t; }; namespace in { struct U { int u; }; }
int g(const char *p, int *q) { struct L { int a; } l = {1}; return l.a + *p + *q; }
int h(T *t, unsigned long n, int a[3], const int *const c)
{ struct L2 { char c; } l = {1}; return l.c + t->t + (int)n + a[0] + *c; }
struct S { int m() const { struct LM { short s; } x = {1}; return x.s; }
  int n(T t, in::U u, int S::*pm) { struct LN { long l; } y = {2}; return (int)y.l + t.t + u.u + (pm ? 1 : 0); } };
template <typename V> int tf(V v) { struct LT { V v; } z = {v}; return (int)z.v; }
namespace in { int k(T t, U &u, U &&w) { struct LK { int v; } l = {0}; return l.v + t.t + u.u + w.u; } }
int uses() { S s; in::U u{}; return s.m() + s.n(T{}, in::U{}, nullptr) + tf<int>(3) + tf<double>(1.0) + in::k(T{}, u, in::U{}); }
}
int main() { struct M { int q; } m = {0}; { struct Inner { char i; } in = {0}; return m.q + in.i; } }
int f(void (*cb)(int), ...) { struct V { int v; } v = {0}; return v.v + (cb ? 1 : 0); }
namespace { int anon() { struct A { int x; } a = {0}; return a.x; } }
int usea() { return anon(); }
struct Top { static int st() { struct SL { int z; } s = {0}; return s.z; } };
int uset() { return Top::st(); }
int lam() { auto l = [](int) { struct InL { int w; } x = {0}; return x.w; }; return l(1); }
int ov(int) { struct O { int o; } o = {0}; return o.o; }
int ov(char) { struct O { char o; } o = {0}; return o.o; }
