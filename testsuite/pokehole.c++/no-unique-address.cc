/* [[no_unique_address]]: a member's size is its type's; what it takes
   ("occupied") is less for an empty class (0) and for a class whose tail
   padding a later member uses (its data size).  */
/* { dg-do compile } */

struct E {};
struct Empty1 { int i; [[no_unique_address]] E e; };
struct Empty2 { [[no_unique_address]] E e; int i; };
/* Not POD for layout: its tail padding may be reused.  */
struct NonPod { long l; char c; NonPod () : l (0), c (0) {} };
struct Reused { [[no_unique_address]] NonPod t; char d; };
struct Unused { [[no_unique_address]] NonPod t; long d; };

Empty1 e1; Empty2 e2; Reused r; Unused u;

/* { dg-final { pokehole-check-layout Empty1 Empty2 Reused Unused } } */
// { dg-final { scan-pokehole-json {"name":"e","type":"E","offset":0,"size":1,[^\n]*"occupied":0} } }
// { dg-final { scan-pokehole-json {"name":"t","type":"NonPod","offset":0,"size":(16|8),[^\n]*"occupied":(9|5)(,"type_padding":[1-9])?..."name":"d"} } }
// { dg-final { scan-pokehole-json {"name":"Unused".*"name":"t","type":"NonPod","offset":0,"size":(16|8),"bit_offset":0,"bit_size":(128|64),"bitfield":false,"align":[48](,"type_padding":[1-9])?..."name":"d"} } }
// { dg-final { scan-pokehole-json {"name":"Empty1",[^\n]*"sum_members":4,} } }
/* { dg-final { pokehole-check-lies {Empty1 {"name":"e"} size -1} {Reused {"name":"d"} offset 1} } } */
