/* vbase.cc - virtual bases at their complete-object offsets, bases' bytes
   (data size when the class reuses their tail padding): diamonds, virtual
   bases of virtual bases, empty and nearly empty (primary) virtual bases,
   POD and non-POD virtual bases, aligned ones (corpus.exp).
   SPDX-License-Identifier: GPL-3.0-or-later  */
struct E {}; struct E2 {}; struct F : E {}; struct G : E {};
struct NE { virtual void f() {} };
struct NE2 { virtual void g() {} };
struct Root { int r; char rc; };
struct NP { NP() {} int r; char rc; };
struct A : virtual Root { char a; };
struct B : virtual Root { long b; };
struct Dia : A, B { short d; };
struct VV : virtual A, virtual B { char v; };
struct VV2 : virtual VV, virtual Dia { int w; };
struct TwoE : virtual E, virtual E2 { char t; };
struct EE : G, virtual E { int x; };
struct EF : F, virtual E { int x; };
struct P1 : virtual NE { int x; };
struct P2 : virtual NE, virtual NE2 { int y; };
struct P3 : P1, virtual NE2 { char z; };
struct Steal : virtual P1 { };
struct NE3 : virtual NE { };
struct S2 : virtual NE3, virtual NE { char s; };
struct Adv : virtual NP, virtual E2 { char q; };
struct Adv3 : virtual NP { char c; };
struct Adv4 : Adv3, virtual Root { char d; };
struct CH { char h; };
struct X1 : virtual NP, virtual CH { };
struct Y1 : X1 { char y; };
struct Z1 : virtual Y1, virtual NE { char z; };
struct __attribute__((aligned(16))) AL { char c; };
struct VA : virtual AL { char d; };
struct VA2 : VA, virtual E { };
struct MemE { E e; virtual void h() {} };
struct ME : MemE, virtual E { char k; };
class Priv { int i; char c; };
struct AfterPriv : Priv { char d; short e; };
struct Lvl2 : AfterPriv { char f; };
Dia d1; VV v1; X1 x1; VV2 v2; TwoE t1; EE e1; EF f1; P1 p1; P2 p2; P3 p3; Steal s1;
NE3 n3; S2 s2; Adv a1; Adv4 a4; Y1 yy1; Z1 z1; VA va; VA2 va2; ME me;
Lvl2 l2;
