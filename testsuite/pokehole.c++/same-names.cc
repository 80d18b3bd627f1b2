/* GCC spells some distinct classes alike, in its DWARF too: a template
   argument const std::nullptr_t prints as std::nullptr_t (libstdc++ 15
   specializes is_null_pointer for each cv std::nullptr_t).  The report,
   as the reader's, has each distinct name and layout once: two classes
   so named with the same layout are one entry, another layout is
   another entry.  Each is still warned about at its own place.  */
/* { dg-do compile } */
/* { dg-options "-std=gnu++17 -fplugin-arg-pokehole-warn=padding -fplugin-arg-pokehole-warn-all-holes" } */

template<typename T> struct W { char c; };
template<> struct W<decltype (nullptr)> { int x; };
template<> struct W<const decltype (nullptr)> { int x; };
template<> struct W<volatile decltype (nullptr)> { long y; char c; }; /* { dg-warning "bytes of tail padding" } */
template<> struct W<const volatile decltype (nullptr)> { long y; char c; }; /* { dg-warning "bytes of tail padding" } */

W<decltype (nullptr)> w0;
W<const decltype (nullptr)> w1;
W<volatile decltype (nullptr)> w2;
W<const volatile decltype (nullptr)> w3;

// { dg-final { scan-pokehole-json {"name":"W<std::nullptr_t>","kind":"struct","typedef":false,"size":4,} } }
// { dg-final { scan-pokehole-json {"name":"W<std::nullptr_t>","kind":"struct","typedef":false,"size":(16|8),} } }
// { dg-final { scan-pokehole-json-not {(?s)"name":"W<std::nullptr_t>","kind".*"name":"W<std::nullptr_t>","kind".*"name":"W<std::nullptr_t>","kind"} } }
