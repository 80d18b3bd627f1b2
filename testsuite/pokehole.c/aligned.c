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

/* The alignment a typedef forces on its members: explicit too.  */
typedef int aligned_int __attribute__ ((aligned (8)));
struct with_typedef { char c; aligned_int x; char d; };

/* A member whose type holds an aligned member: aligned as that type
   is, explicitly (GCC's DECL_USER_ALIGN).  */
struct holds_with_aligned { char c; struct with_aligned w; };

struct with_aligned a1;
struct holds_aligned a2;
struct with_typedef a3;
struct holds_with_aligned a4;

/* { dg-final { pokehole-check-layout with_aligned aligned_type holds_aligned with_typedef holds_with_aligned } } */
/* { dg-final { pokehole-check-report with_aligned aligned_type holds_aligned with_typedef holds_with_aligned } } */
// { dg-final { scan-pokehole-json {^\x7b"name":"with_typedef",.*"name":"x"[^\x7d]*"explicit_align":8\x7d} } }
// { dg-final { scan-pokehole-report "__attribute__\\(\\(__aligned__\\(64\\)\\)\\)" } }
// { dg-final { scan-pokehole-report "/\\* --- cacheline \[0-9\]+ boundary \\(\[0-9\]+ bytes\\) --- \\*/" } }
