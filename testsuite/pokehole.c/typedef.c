/* Anonymous types named by a typedef carry the typedef's name.  */
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

typedef struct named_tag { int a; char b; } named_t;	/* the tag names it */

anon_t t1;
anon_u t2;
named_t t3;

/* { dg-final { pokehole-check-layout anon_t anon_u named_tag } } */
/* { dg-final { pokehole-check-report anon_t anon_u named_tag } } */
