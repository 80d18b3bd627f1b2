/* A flexible array member: size 0, at the end, after any padding.  */
/* { dg-do compile } */

struct flex {
  int len;
  char kind;
  double data[];
};

struct flex_chars {
  short n;
  char s[];
};

struct flex f1;

/* { dg-final { pokehole-check-layout flex flex_chars } } */
/* { dg-final { pokehole-check-report flex flex_chars } } */
