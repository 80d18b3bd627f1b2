/* A member with a cacheline alignment, and an aligned type.  */
/* { dg-do compile } */

struct with_aligned {
  char flag;
  int counter __attribute__ ((aligned (64)));
  char after;
  long tail;
};

struct aligned_type {
  int x;
} __attribute__ ((aligned (32)));

struct holds_aligned {
  char c;
  struct aligned_type at;
  short s;
};

struct with_aligned a1;
struct holds_aligned a2;

/* { dg-final { pokehole-check-layout with_aligned aligned_type holds_aligned } } */
/* { dg-final { pokehole-check-report with_aligned aligned_type holds_aligned } } */
// { dg-final { scan-pokehole-report "__attribute__\\(\\(__aligned__\\(64\\)\\)\\)" } }
// { dg-final { scan-pokehole-report "/\\* --- cacheline \[0-9\]+ boundary \\(\[0-9\]+ bytes\\) --- \\*/" } }
