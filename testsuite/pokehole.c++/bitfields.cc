/* C++ bitfields: bool, scoped and unscoped enums with fixed underlying
   types, and members that are private.  Positions are measured by
   setting the bits (all ones of the declared type).  */
/* { dg-do compile } */

enum class Colour : unsigned char { red, green, blue };
enum Wide : long long { w0, w1 = 1LL << 40 };

class Flags {
  unsigned a : 3;
  bool b : 1;
  Colour c : 2;
  Wide w : 41;
  int s : 7;
public:
  char tail;
};

Flags f;

/* { dg-final { pokehole-check-layout Flags } } */
/* { dg-final { pokehole-check-lies {Flags {"name":"c"} bit_offset 1} {Flags {"name":"w"} bit_size 1} {Flags {"name":"b"} size 1} {Flags {"name":"s"} bit_offset -1} } } */
