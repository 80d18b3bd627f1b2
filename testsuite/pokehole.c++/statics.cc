/* Static data members are not part of the layout and are not listed;
   nor are member functions, types or enumerators declared in a class.  */
/* { dg-do compile } */

struct WithStatics {
  static int count;
  static const long limit = 10;
  char c;
  static double table[4];
  int i;
  void method () {}
  struct Nested { short n; };
  enum { ONE, TWO };
};

int WithStatics::count;
double WithStatics::table[4];
WithStatics ws;
WithStatics::Nested wn;

/* { dg-final { pokehole-check-layout WithStatics WithStatics::Nested } } */
// { dg-final { scan-pokehole-json-not {"name":"(count|limit|table|method)"} } }
// { dg-final { scan-pokehole-report-not "count|limit|table" } }
/* { dg-final { pokehole-check-lies {WithStatics {"name":"i"} offset 4} } } */
