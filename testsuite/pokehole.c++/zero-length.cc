/* Zero-length arrays (a GNU extension) and flexible array members in
   classes.  C++ bounds [0] by -1 in sizetype, on which the plugin once
   aborted the compiler (tree_to_shwi); system headers have them too
   (struct file_handle in <fcntl.h>).  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-pokehole-system-headers" } */

#include <fcntl.h>

struct Z { int n; char d[0]; };
struct ZLong { long l; short s[0]; };
struct Flex { int n; char d[]; };
class Twice { public: int k; int m[2][0]; };
template<int N> struct Sized { char c; int a[N]; };

Z z; ZLong zl; Twice tw; Sized<0> s0; Sized<2> s2;

/* { dg-final { pokehole-check-layout Z ZLong Flex Twice Sized<0> Sized<2> file_handle } } */
// { dg-final { scan-pokehole-json {"name":"d","type":"char\[0\]"} } }
// { dg-final { scan-pokehole-json {"name":"m","type":"int\[2\]\[0\]"} } }
// { dg-final { scan-pokehole-json {"name":"d","type":"char\[\]","offset":[0-9]+,"size":0,[^\n]*"flexible":true} } }
/* { dg-final { pokehole-check-lies {ZLong {"name":"s"} offset 2} } } */
