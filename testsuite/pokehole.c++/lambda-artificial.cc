/* -fplugin-arg-pokehole-artificial: types the compiler made, such as a
   lambda's closure, are reported too.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-pokehole-artificial" } */

struct Real { int r; char c; };

int
use (int k)
{
  long big = k;
  auto add = [k, big] (int x) { return x + k + big; };
  return add (1);
}

Real r;

/* { dg-final { pokehole-check-layout Real } } */
// { dg-final { scan-pokehole-json {"name":"use\(int\)::<lambda\(int\)>"} } }
