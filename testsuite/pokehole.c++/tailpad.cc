/* Tail padding of a base reused by a derived class: GCC (the Itanium ABI)
   places the derived class's members in the tail padding of a base that
   is not POD for the purpose of layout (here: private members, or a
   user-provided constructor), and not in that of a POD base.  The probe
   measures the bytes the base takes as where a char after it lands.  */
/* { dg-do compile } */

struct PodBase { int i; char c; };
struct AfterPod : PodBase { char d; };

class PrivMembers { int i; char c; public: int get () { return i + c; } };
struct AfterPriv : PrivMembers { char d; short e; };

struct WithCtor { long l; char c; WithCtor () : l (0), c (0) {} };
struct AfterCtor : WithCtor { char d[3]; int e; };

/* Two levels: each level reuses the tail of the one below.  */
struct Level2 : AfterPriv { char f; };

/* A base whose data ends inside a byte (a bitfield): it takes that byte
   whole, and what follows starts in the next.  */
class BitTail { int i; unsigned char b : 3; public: int get () { return i + b; } };
struct AfterBits : BitTail { char d; };

AfterPod a1; AfterPriv a2; AfterCtor a3; Level2 a4; AfterBits a5;

/* { dg-final { pokehole-check-layout PodBase AfterPod PrivMembers AfterPriv WithCtor AfterCtor Level2 BitTail AfterBits } } */
/* A base's bytes (its data size here) and a member in its tail.  */
/* { dg-final { pokehole-check-lies {AfterPriv {"type":"PrivMembers"} bit_size 24} {AfterPriv {"name":"d"} offset 3} {AfterPod {"type":"PodBase"} bit_size -24} } } */
