/* Single and multiple inheritance, empty bases (empty base optimization,
   and an empty base that cannot share an address with a member of its own
   type), a private base (class key "class": private by default) and
   private members.  Base offsets are measured by casting a pointer.  */
/* { dg-do compile } */

struct A { int a; char ac; };
struct B { double b; };
struct Empty {};
struct Empty2 {};

struct Single : A { char s; };
struct Multi : A, B { short m; };
struct WithEmpty : Empty, A { char w; };
struct TwoEmpty : Empty, Empty2 { int t; };
/* Empty cannot sit at offset 0: the member e has that type and address.  */
struct EmptyClash : Empty { Empty e; int x; };
class PrivBase : A { char p; int q; public: int r; };
struct Deep : Single, Empty2 { char deep; };

Single v1; Multi v2; WithEmpty v3; TwoEmpty v4; EmptyClash v5; PrivBase v6;
Deep v7;

/* { dg-final { pokehole-check-layout A B Empty Single Multi WithEmpty TwoEmpty EmptyClash PrivBase Deep } } */
// { dg-final { scan-pokehole-json {"name":"PrivBase","kind":"class"} } }
// { dg-final { scan-pokehole-json {"name":"Multi",.*"type":"A",[^\x7d]*"base":true.*"type":"B",[^\x7d]*"base":true} } }
// { dg-final { scan-pokehole-report "^class PrivBase \\x7b" } }
/* Each kind of member above can be caught lying: a base's offset, an empty
   base's bytes, an empty base moved off 0, a private member.  */
/* { dg-final { pokehole-check-lies {Multi {"type":"B"} offset 4} {Multi {"type":"B"} align 4} {WithEmpty {"type":"Empty"} bit_size 8} {EmptyClash {"type":"Empty"} offset 1} {PrivBase {"name":"q"} offset 4} {PrivBase {"type":"A"} size 4} } } */
