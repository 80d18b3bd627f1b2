/* Unions: every member at offset 0, the size of the largest, rounded up
   to the strictest alignment.  */
/* { dg-do compile } */

union u_basic {
  char c;
  short s;
  int i;
  double d;
  char buf[13];
};

union u_bits {
  unsigned int a : 3;
  unsigned long long b : 33;
  char c;
};

struct holds_union {
  char tag;
  union u_basic u;
  short after;
};

union u_basic g1;
union u_bits g2;
struct holds_union g3;

/* { dg-final { pokehole-check-layout u_basic u_bits holds_union } } */
/* { dg-final { pokehole-check-report u_basic u_bits holds_union } } */
// { dg-final { scan-pokehole-report "^union u_basic \{$" } }
