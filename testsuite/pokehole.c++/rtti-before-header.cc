/* A class the RTTI code declares for itself before its header defines
   it (__cxxabiv1::__class_type_info, once a typeid comes before
   <cxxabi.h>, as in Boost) is the header's class: reported, at the
   header's line, as DWARF has it.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-pokehole-system-headers -fplugin-arg-pokehole-types=V,__cxxabiv1::__class_type_info,__cxxabiv1::__si_class_type_info" } */

#include <typeinfo>

struct V { virtual ~V (); int v; };
V::~V () {}
struct W : V { int w; };
const std::type_info &tv = typeid (V);
const std::type_info &tw = typeid (W);

#include <cxxabi.h>

/* { dg-final { pokehole-check-layout V __cxxabiv1::__class_type_info __cxxabiv1::__si_class_type_info } } */
// { dg-final { scan-pokehole-json {"name":"__cxxabiv1::__class_type_info","kind":"class","typedef":false,"size":[0-9]+,"align":[0-9]+,"file":"[^"]*cxxabi.h","line":[1-9]} } }
// { dg-final { scan-pokehole-json {"name":"__cxxabiv1::__si_class_type_info","kind":"class","typedef":false,"size":[0-9]+,"align":[0-9]+,"file":"[^"]*cxxabi.h","line":[1-9]} } }
