/* Lambda closures are types the compiler made: left out of the report,
   even where a typedef names one (the reader's too: pokehole.reader/
   corpus.exp compares the two on this file).  */
/* { dg-do compile } */

struct Real { int r; char c; };
template<typename T> struct id { typedef T type; };

int
use (int k)
{
  auto add = [k] (int x) { return x + k; };
  id<decltype (add)>::type same = add;
  return add (1) + same (2);
}

Real r;

/* { dg-final { pokehole-check-layout Real } } */
// { dg-final { scan-pokehole-json-not {"name":"[^"]*<lambda\([^"]*\)>"} } }
// { dg-final { scan-pokehole-json {"name":"id<use\(int\)::<lambda\(int\)> >"} } }
