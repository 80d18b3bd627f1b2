/* Untagged aggregates defined in place: anonymous (C11) and named ones,
   nested two deep.  Offsets count from the outermost type.  */
/* { dg-do compile } */

struct nest_anon {
  char kind;
  union {
    int i;
    double d;
    char bytes[3];
  };
  struct {
    short x;
    long y;
  };
  char last;
};

struct nest_named {
  char c;
  struct {
    int a;
    char b;
    union {
      short s;
      long l;
    } inner;
  } outer;
  struct {
    char p;
    struct {
      char q;
      int r;
    };
  } second;
  int tail;
};

/* Arrays of untagged structs (not expanded), bitfields in a nested
   struct, an anonymous struct inside an anonymous union, an aligned
   nested struct.  */
struct nest_edge {
  char c;
  struct { int a; char b; } arr[2];
  struct { unsigned int x : 3; unsigned int y : 9; } flags;
  union { struct { short lo, hi; }; int both; };
  struct { char z; } __attribute__ ((aligned (16))) al;
};

struct nest_anon n1;
struct nest_named n2;
struct nest_edge n3;

/* { dg-final { pokehole-check-layout nest_anon nest_named nest_edge } } */
/* { dg-final { pokehole-check-report nest_anon nest_named nest_edge } } */
// { dg-final { scan-pokehole-report "^\t\} outer; +/\\* +\[0-9\]+ +\[0-9\]+ \\*/$" } }
