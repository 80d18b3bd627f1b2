/* Packed types: no holes, members at unaligned offsets.  */
/* { dg-do compile } */

struct packed_all {
  char c;
  int i;
  short s;
  long l;
  unsigned int bits : 5;
  unsigned int more : 9;
} __attribute__ ((packed));

struct packed_member {
  char c;
  long l __attribute__ ((packed));
  int i;
};

#pragma pack(push, 2)
struct pragma_packed {
  char c;
  int i;
  double d;
};
#pragma pack(pop)

struct packed_all p1;
struct packed_member p2;
struct pragma_packed p3;

/* { dg-final { pokehole-check-layout packed_all packed_member pragma_packed } } */
/* { dg-final { pokehole-check-report packed_all packed_member pragma_packed } } */
