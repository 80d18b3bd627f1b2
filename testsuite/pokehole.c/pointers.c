/* Pointers, function pointers, arrays of pointers and of function
   pointers, and members of tagged types (not expanded).  */
/* { dg-do compile } */

struct node;

struct ptrs {
  char c;
  void *p;
  const char *name;
  struct node *next;
  int (*cmp) (const void *, const void *);
  void (*handlers[4]) (int);
  char *argv[3];
  int (*matrix)[4];
  short s;
};

struct node {
  struct node *next;
  struct ptrs payload;
  int tag;
};

struct node list_head;

/* { dg-final { pokehole-check-layout ptrs node } } */
/* { dg-final { pokehole-check-report ptrs node } } */
