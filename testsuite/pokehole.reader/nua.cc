/* nua.cc - [[no_unique_address]] members whose tail the next member
   reuses, by GCC version; a [[no_unique_address]] int that makes P no POD
   for layout, which DWARF shows only where something is placed in its tail
   (DP, NP; VP's sizeof holds C1 only at 13).  VQ is the one DWARF cannot
   show (corpus.exp, reader_nua_twin).
   SPDX-License-Identifier: GPL-3.0-or-later  */
struct E {};
struct F : E {};
struct Bits { Bits() {} int x, y; int a : 14; int b : 7; };
struct NC { [[no_unique_address]] Bits m; char c; };
struct NS { [[no_unique_address]] Bits m; short s; };
struct BL { BL() {} long long x; int a : 14; int b : 7; };
struct NL { [[no_unique_address]] BL m; int i; };
struct NLS { [[no_unique_address]] BL m; short s; };
struct V0 { int v; char vc; };
struct WV : virtual V0 { WV() {} char q; };
struct NV { [[no_unique_address]] WV m; long long l; };
struct TE : F, virtual E { TE() {} int i; char c; };
struct NT { [[no_unique_address]] TE m; char c; };
struct In { In() {} [[no_unique_address]] Bits b; };
struct NIn { [[no_unique_address]] In m; char c; };
struct DIn : In { char d; };
struct Z { Z() {} [[no_unique_address]] Bits b; bool z[0]; };
struct DZ : Z { char d; };
struct P { [[no_unique_address]] int i; char c; };
struct DP : P { char d; };
struct NP { [[no_unique_address]] P p; char d; };
struct C1 { C1() {} char c; };
struct VP : virtual P, virtual C1 { };
struct Pt { int i; char c; };
struct alignas(32) VQ : virtual P, virtual C1 { };
struct alignas(32) VQt : virtual Pt, virtual C1 { };
NL nl; NLS nls; NC nc; NS ns; NV nv; NT nt; NIn nin; DIn din; DZ dz; DP dp;
NP np; VP vp; VQ vq; VQt vqt;
