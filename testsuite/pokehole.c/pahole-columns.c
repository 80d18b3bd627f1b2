/* The offset comments stay in pahole's column after a long type or
   name: pahole pads the type and the name as one field, so a type longer
   than its width takes from the name's, and only when the two overflow
   the field is the comment one space after the ';'.  Pointers to long
   struct names of each length around the field's width, long names,
   function pointers, arrays, and the same inside a nested struct and a
   union (whose field is a tab narrower).  */
/* { dg-do compile } */

struct t12345678901234 { int x; };
struct t123456789012345 { int x; };
struct t1234567890123456 { int x; };
struct t12345678901234567 { int x; };
struct t1234567890123456789012 { int x; };
struct t123456789012345678901234567 { int x; };
struct t1234567890123456789012345678901234 { int x; };
struct t12345678901234567890123456789012345 { int x; };

struct cols {
  struct t12345678901234 *a;
  struct t123456789012345 *b;
  struct t1234567890123456 *c;
  struct t12345678901234567 *d;
  struct t12345678901234567 *d_long_name;
  struct t1234567890123456789012 *e;
  struct t1234567890123456789012 *e_name;
  struct t123456789012345678901234567 *f;
  struct t1234567890123456789012345678901234 *g;
  struct t12345678901234567890123456789012345 *h;
  struct t12345678901234567890123456789012345 whole;
  int a_member_name_longer_than_twenty_one;
  int (*fp) (struct t1234567890123456789012 *, int);
  unsigned long an_array_of_longs[4][2];
  struct {
    struct t12345678901234 *na;
    struct t1234567890123456 *nb;
    struct t123456789012345678901234567 *nc;
    char nested_member_with_a_long_name[3];
  } in;
  union {
    struct t1234567890123456 *ua;
    struct t12345678901234567890123456789012345 *ub;
  } un;
  char z;
};

/* { dg-final { pokehole-check-layout cols } } */
/* { dg-final { pokehole-check-pahole cols } } */
