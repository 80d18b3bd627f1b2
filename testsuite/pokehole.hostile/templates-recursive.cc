// Recursive templates hitting the instantiation depth limit.
// { dg-options "-ftemplate-depth=60" } -- the .exp passes this option.
template <int N> struct Rec { Rec<N + 1> next; char c; };
Rec<0> r;
template <typename T> struct Grow { Grow<T *> g; T t; };
Grow<int> g;
// Then the deep but finite ones.
#include "templates-deep.cc"
