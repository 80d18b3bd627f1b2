/* Anonymous types named by a typedef carry the typedef's name, and its
   alignment when it has one (glibc's __pthread_unwind_buf_t).  */
/* { dg-do compile } */

typedef struct {
  char c;
  double d;
  short s;
} anon_t;

typedef union {
  int i;
  char c[6];
} anon_u;

typedef struct {
  long l;
  char c;
} aligned_t __attribute__ ((aligned (32)));

typedef struct named_tag { int a; char b; } named_t;	/* the tag names it */

anon_t t1;
anon_u t2;
named_t t3;
aligned_t t4;
struct holder { char c; aligned_t a; } t5;

/* { dg-final { pokehole-check-layout anon_t anon_u aligned_t holder named_tag } } */
/* { dg-final { pokehole-check-report anon_t anon_u aligned_t holder named_tag } } */
