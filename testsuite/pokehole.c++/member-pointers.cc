/* Pointers to members: a data member's is one ptrdiff_t, a member
   function's two words (never GCC's internal {__pfn, __delta} record),
   spelled as C++ writes them.  */
/* { dg-do compile } */

struct K { int x; int f (int) { return x; } int g (int) const { return x; } };
struct MP {
  char c;
  int K::*dm;
  int (K::*fm) (int);
  char c2;
  int (K::*cf) (int) const;
  const char *K::*pm;
};
union UMP { int K::*dm; int (K::*fm) (int); char c; };

MP mp; UMP ump;

/* { dg-final { pokehole-check-layout MP UMP } } */
// { dg-final { scan-pokehole-json {"name":"dm","type":"int K::\*","offset":[0-9]+,"size":(4|8),} } }
// { dg-final { scan-pokehole-json {"name":"fm","type":"int \(K::\*\)\(int\)","offset":[0-9]+,"size":(8|16),} } }
// { dg-final { scan-pokehole-json {"name":"cf","type":"int \(K::\*\)\(int\) const"} } }
// { dg-final { scan-pokehole-json {"name":"pm","type":"const char \*K::\*"} } }
// { dg-final { scan-pokehole-json-not {__pfn|__delta|unnamed type} } }
/* { dg-final { pokehole-check-lies {MP {"name":"fm"} size 4} {MP {"name":"cf"} offset -4} } } */
