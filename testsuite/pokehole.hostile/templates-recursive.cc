// Recursive templates hitting the instantiation depth limit.
// { dg-options "-ftemplate-depth=60" } -- the .exp passes this option.
template <int N> struct Rec { Rec<N + 1> next; char c; };
Rec<0> r;
template <typename T> struct Grow { Grow<T *> g; T t; };
Grow<int> g;
template <int N> struct Fib { static const int value = Fib<N - 1>::value + Fib<N - 2>::value; char pad[value % 7 + 1]; };
template <> struct Fib<0> { static const int value = 0; };
template <> struct Fib<1> { static const int value = 1; };
Fib<30> fib;
template <int N> struct Deep : Deep<N - 1> { char c[N]; };
template <> struct Deep<0> { long base; };
Deep<40> deep;
template <typename T, int N> struct Nest { Nest<Nest<T, N - 1>, N - 1> x; };
template <typename T> struct Nest<T, 0> { T t; char c; };
Nest<int, 3> nest;
