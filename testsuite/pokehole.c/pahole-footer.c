/* The text report is pahole's, line for line, on C structs where pahole
   is right: every footer line (sum members and holes, bitfield sums in
   both forms, padding, paddings, bit padding, forced alignments, last
   cacheline), bitfield columns (unit offset and bit in the unit), hole
   comments, the aligned attribute on a member and on the type.  */
/* { dg-do compile } */

struct inner { int i; char c; };
struct foot {
  char c;
  struct inner in;
  short s __attribute__ ((aligned (16)));
  unsigned int a:3;
  unsigned int b:4;
  char big[70];
  int x;
  int tail:5;
};
struct plain { char c; long l; int i; void *p; short s; };
struct nohole { int i; unsigned int a:3; unsigned char c; };

/* { dg-final { pokehole-check-layout inner foot plain nohole } } */
/* { dg-final { pokehole-check-report inner foot plain nohole } } */
/* { dg-final { pokehole-check-bits inner foot plain nohole } } */
/* { dg-final { pokehole-check-pahole inner foot plain nohole } } */
