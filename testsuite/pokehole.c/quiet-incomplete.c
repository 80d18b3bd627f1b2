/* Incomplete types are not reported (there is no layout), and cost no
   diagnostic; a type completed later is reported once.  */
/* { dg-do compile } */

struct never_completed;
union never_either;
struct later;

struct holder {
  struct never_completed *p;
  union never_either *u;
  struct later *l;
};

struct later { int x; char c; };

extern struct never_completed nc;
struct holder h;

/* { dg-final { pokehole-check-layout holder later !never_completed !never_either } } */
/* { dg-final { pokehole-check-same-output } } */
