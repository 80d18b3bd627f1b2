/* A class template that fails to instantiate: the user's error only, no
   crash, no error from the plugin, and no report.  */
/* { dg-do compile } */

template<typename T> struct Needs { typename T::type member; char c; };

struct Fine { int f; };

Needs<int> bad;
/* { dg-error "is not a class, struct, or union type" "" { target *-*-* } 5 } */

/* { dg-final { pokehole-check-no-report } } */
