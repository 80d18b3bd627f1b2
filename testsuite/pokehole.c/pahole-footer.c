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
/* Bitfields and no hole at all: no sum lines; bitfields that fill their
   unit after a byte hole: the bitfield sum in bytes.  */
struct full { unsigned int a:3; unsigned int b:5; char c; short s; };
struct holebits { char c; int i; unsigned int a:8; unsigned int b:24; };
/* aligned(N) where no hole comes before: a forced alignment, no forced
   hole.  */
struct forced { long l; int x __attribute__ ((aligned (8))); char c; };

/* { dg-final { pokehole-check-layout inner foot plain nohole full holebits forced } } */
/* { dg-final { pokehole-check-report inner foot plain nohole full holebits forced } } */
/* { dg-final { pokehole-check-bits inner foot plain nohole full holebits forced } } */
/* { dg-final { pokehole-check-pahole inner foot plain nohole full holebits forced } } */
