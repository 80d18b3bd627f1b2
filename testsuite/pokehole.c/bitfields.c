/* Bitfields: mixed with plain members, :0, unnamed ones, fields that cannot
   share a storage unit, _Bool and enum bitfields.  Bit positions are
   measured by setting the bits in a compiled program.  */
/* { dg-do compile } */

enum colour { RED, GREEN, BLUE };

struct bf_mixed {
  char c;
  unsigned int a : 3;
  unsigned int b : 10;
  int s : 5;
  short h;
  unsigned char u : 4;
  _Bool flag : 1;
  enum colour col : 2;
  long tail;
};

struct bf_zero {
  unsigned int a : 5;
  unsigned int : 0;		/* next field starts a new unit */
  unsigned int b : 3;
  unsigned int : 4;		/* unnamed: a bit hole, not a member */
  unsigned int c : 7;
};

struct bf_cross {
  unsigned int a : 30;
  unsigned int b : 4;		/* does not fit in a's unit: next unit */
  unsigned long long w : 40;
  unsigned long long x : 30;	/* 40 + 30 > 64: next unit */
  char tail;
};

struct bf_small {
  unsigned char a : 7;
  unsigned char b : 2;		/* crosses a char unit boundary: new unit */
  unsigned short s : 9;
};

struct bf_mixed v1;
struct bf_zero v2;
struct bf_cross v3;
struct bf_small v4;

/* { dg-final { pokehole-check-layout bf_mixed bf_zero bf_cross bf_small } } */
/* { dg-final { pokehole-check-report bf_mixed bf_zero bf_cross bf_small } } */
// { dg-final { scan-pokehole-report "^\tunsigned int +a:3; +/\\* +\[0-9\]+: ?\[0-9\]+ +\[0-9\]+ \\*/$" } }
// { dg-final { scan-pokehole-report "XXX \[0-9\]+ bits? hole, try to pack" } }
// { dg-final { scan-pokehole-report "sum bitfield members: \[0-9\]+ bits" } }
