/* Lambda closures are types the compiler made: left out of the report.  */
/* { dg-do compile } */

struct Real { int r; char c; };

int
use (int k)
{
  auto add = [k] (int x) { return x + k; };
  return add (1);
}

Real r;

/* { dg-final { pokehole-check-layout Real } } */
// { dg-final { scan-pokehole-json-not {"name":"[^"]*lambda} } }
