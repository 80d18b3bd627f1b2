/* Unnamed and untagged structs and unions inside classes are opened up
   in place (their "members"), as in C: C++ names them with an anonymous
   identifier of its own, which is no name to users or to DWARF.  */
/* { dg-do compile } */

struct B { int k; union { int a; float f; }; struct { char x, y; } s; };
class C {
public:
  char c;
  union { struct { short lo, hi; }; int both; };
  double d;
  struct { union { char b[3]; short h; } u; long l; } deep;
};
template<typename T> struct InTemplate { char c; union { T t; char raw[sizeof (T)]; }; };

B b; C c; InTemplate<double> it;

/* { dg-final { pokehole-check-layout B C InTemplate<double> } } */
// { dg-final { scan-pokehole-json {"name":"","type":"union","offset":4,[^\n]*"kind":"union","members":.."name":"a"} } }
// { dg-final { scan-pokehole-json {"name":"s","type":"struct",[^\n]*"kind":"struct","members":.."name":"x"} } }
// { dg-final { scan-pokehole-json-not {_anon|unnamed} } }
/* { dg-final { pokehole-check-lies {C {"name":"hi"} offset 2} {B {"name":"y"} offset -1} } } */
