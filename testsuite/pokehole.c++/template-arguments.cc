/* Template arguments spelled as GCC's DWARF spells them, and so the
   reader: default arguments written out, enumerators as casts.  */
/* { dg-do compile } */

#include <vector>

enum class Mode { A, B };
template<Mode M, int N> struct Tuned { int x[N]; char m; };
template<typename T, typename U = long> struct Def { T t; U u; };
namespace ns { enum Level { low, high }; template<Level L> struct At { short s[L + 1]; }; }
struct User { std::vector<int> v; Tuned<Mode::B, 3> t; Def<char> d; ns::At<ns::high> a; };

Tuned<Mode::B, 3> t1; Def<char> d1; User u;

/* { dg-final { pokehole-check-layout Tuned<(Mode)1,~3> Def<char,~long~int> ns::At<(ns::Level)1> User } } */
// { dg-final { scan-pokehole-json {"name":"v","type":"std::vector<int, std::allocator<int> >",} } }
// { dg-final { scan-pokehole-json {"name":"t","type":"Tuned<\(Mode\)1, 3>",} } }
// { dg-final { scan-pokehole-json {"name":"d","type":"Def<char, long int>",} } }
// { dg-final { scan-pokehole-json {"name":"a","type":"ns::At<\(ns::Level\)1>",} } }
