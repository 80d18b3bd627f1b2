/* -flto with C++: lto1 loads the plugin and adds nothing to the report.  */
/* { dg-do compile } */

namespace lto { struct Base { virtual ~Base () {} int b; }; }
struct Derived : lto::Base { char d; };
Derived obj;

int
main ()
{
  return obj.d;
}

/* { dg-final { pokehole-check-lto lto::Base Derived } } */
/* { dg-final { pokehole-check-same-output } } */
