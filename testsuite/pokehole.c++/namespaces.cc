/* Namespaces: fully qualified names, nested namespaces, an anonymous
   namespace ({anonymous}::, printed by the probe as (anonymous)::), a
   class nested in a class, and a typedef'd anonymous struct (named by
   the typedef, "typedef":true).  */
/* { dg-do compile } */

namespace outer {
namespace inner { struct Deep { char c; double d; }; }
struct Mid { int m; struct In { char x; short y; } in; };
}
namespace {
struct Hidden { char h; int k; };
}
typedef struct { char t; long u; } Named;

outer::inner::Deep v1;
outer::Mid v2;
Hidden v3;
Named v4;

/* { dg-final { pokehole-check-layout outer::inner::Deep outer::Mid outer::Mid::In (anonymous)::Hidden Named } } */
// { dg-final { scan-pokehole-json {"name":"\x7banonymous\x7d::Hidden"} } }
// { dg-final { scan-pokehole-json {"name":"Named","kind":"struct","typedef":true} } }
/* { dg-final { pokehole-check-lies {outer::Mid::In {"name":"y"} offset 2} {Named "" align 4} } } */
