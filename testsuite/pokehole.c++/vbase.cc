/* Virtual bases: offsets as in a complete object of each class (measured
   by a cast on a constructed object), a diamond, a class that is both a
   virtual and a direct non-virtual base path, and an abstract class with
   a virtual base (only checked to lie inside the object).  */
/* { dg-do compile } */

struct Root { int r; char rc; };
struct Left : virtual Root { char l; };
struct Right : virtual Root { long rr; };
struct Diamond : Left, Right { short d; };
struct VEmpty {};
struct WithVEmpty : virtual VEmpty { int x; };
struct AbsV : virtual Root { virtual void f () = 0; char a; };
struct TwoV : virtual Root, virtual VEmpty { char t; };

/* A nearly empty virtual base (only a vptr) is the primary base of the
   class that names it: it shares that class's vptr at offset 0, and its
   bytes are those of the vptr in every class derived from it too.  */
struct NearlyEmpty { virtual void f () {} };
struct VPrimary : virtual NearlyEmpty {};
struct VPrimaryUser : VPrimary { int x; };

/* A virtual base whose data ends inside a byte (a bitfield): the next
   virtual base goes into its tail, from the byte after.  */
class BitsV { int i; unsigned char b : 3; public: int get () { return i + b; } };
struct VSmall { char s; };
struct TwoVirt : virtual BitsV, virtual VSmall { char d; };
/* The same two inherited (GCC gives them no field here).  */
struct FromTwoVirt : TwoVirt { char e; };

Left l1; Right r1; Diamond dm; WithVEmpty we; TwoV tv; VPrimaryUser vpu;
TwoVirt tvt; FromTwoVirt ftv;

/* { dg-final { pokehole-check-layout Root Left Right Diamond WithVEmpty AbsV TwoV NearlyEmpty VPrimary VPrimaryUser BitsV VSmall TwoVirt FromTwoVirt } } */
// { dg-final { scan-pokehole-json {"name":"Diamond",.*"type":"Root",[^\x7d]*"base":true,"virtual":true} } }
/* A virtual base's offset (measured, and merely plausible in the abstract
   class: a claim outside the object), and its bytes.  */
/* { dg-final { pokehole-check-lies {Diamond {"type":"Root"} offset 4} {Left {"type":"Root"} bit_size 8} {AbsV {"type":"Root"} offset 64} {TwoV {"type":"Root"} offset 4} } } */
/* An empty virtual base is a base like any other: listed, as empty
   non-virtual bases are (its offset is checked above once listed).  */
// { dg-final { scan-pokehole-json {"name":"WithVEmpty",.*"type":"VEmpty",[^\x7d]*"base":true,"virtual":true} } }
// { dg-final { scan-pokehole-json {"name":"TwoV",.*"type":"VEmpty",[^\x7d]*"base":true,"virtual":true} } }
