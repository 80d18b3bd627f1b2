/* Local classes are reported, named after their function (f()::Local).
   The probe cannot name them outside the function and skips them, so
   they are checked by scans; the file-scope type is checked by the
   probe.  */
/* { dg-do compile } */

struct Outer { char c; int i; };

int
local_user (int k)
{
  struct Local { char a; long b; };
  Local l = { 1, k };
  return l.a + (int) l.b;
}

namespace space {
int
other ()
{
  class Hidden { public: short s; double d; };
  Hidden h = { 1, 2.0 };
  return h.s;
}
}

Outer o;

/* { dg-final { pokehole-check-layout Outer } } */
// { dg-final { scan-pokehole-json {"name":"local_user\(int\)::Local","kind":"struct"} } }
// { dg-final { scan-pokehole-json {"name":"space::other\(\)::Hidden","kind":"class"} } }
// { dg-final { scan-pokehole-report "^struct local_user\\(int\\)::Local \\x7b" } }
