/* Cacheline boundaries that fall inside nested aggregates are announced
   inside them, before the first member past the boundary, as pahole does:
   lmdb's MDB_txninfo look-alike (unions padding each part to a cacheline
   multiple), anonymous ones, and a union whose members cross different
   boundaries.  */
/* { dg-do compile } */

typedef struct txninfo {
  union {
    struct {
      unsigned int magic;
      unsigned int format;
      unsigned int lock;
      unsigned long long txnid;
    } mtb;
    char pad[64];
  } mt1;
  union {
    long mutex[5];
    char pad[64];
  } mt2;
  union {
    struct {
      long mutex[5];
      char pad[40];
      int x;
      char y[60];
      int z;
    } mtb;
    char pad[192];
  } mt3;
  int tail;
} txninfo;

struct anon_cl {
  int a;
  union {
    struct { char b[60]; int c; long d[10]; };
    char pad[200];
  };
  struct { char e[70]; int f; char g[70]; int h; };
  int z;
};

struct union_cl {
  union {
    struct { char a[130]; int b; } s1;
    struct { char c[70]; int d; } s2;
  } u;
  int after;
  char x[100];
  struct { unsigned int lo : 4; unsigned int hi : 20; } bits;
  int y;
};

txninfo t1;
struct anon_cl t2;
struct union_cl t3;

/* { dg-final { pokehole-check-layout txninfo anon_cl union_cl } } */
/* { dg-final { pokehole-check-report txninfo anon_cl union_cl } } */
/* { dg-final { pokehole-check-cachelines txninfo anon_cl union_cl } } */
/* { dg-final { pokehole-check-cachelines-pahole txninfo anon_cl union_cl } } */
// { dg-final { scan-pokehole-report "^\t\t\t/\\* --- cacheline \[0-9\]+ boundary \\(\[0-9\]+ bytes\\) was \[0-9\]+ bytes ago --- \\*/$" } }
