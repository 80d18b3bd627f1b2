/* Class template instantiations each have their own line, named as GCC
   prints them; the template itself has none, nor has a template that is
   never instantiated.  */
/* { dg-do compile } */

namespace ns {
template<typename T> struct Box { char tag; T value; };
template<typename T, int N> struct Arr { T items[N]; char n; };
}
template<typename T> struct Never { T t; char c; };
template<typename T> struct Derived : ns::Box<T> { T more; };

ns::Box<int> b1;
ns::Box<double> b2;
ns::Box<ns::Box<char> > b3;
ns::Box<const char *> b4;
ns::Box<unsigned long> b5;
ns::Arr<short, 3> a1;
Derived<long long> d1;

/* { dg-final { pokehole-check-layout ns::Box<int> ns::Box<double> ns::Box<char> ns::Box<ns::Box<char>~> ns::Box<const~char*> ns::Box<long~unsigned~int> ns::Arr<short~int,~3> Derived<long~long~int> !Never !ns::Box !ns::Box<T> } } */
// { dg-final { scan-pokehole-json-not {"name":"Never} } }
/* { dg-final { pokehole-check-lies {ns::Box<double> "" size 8} {{ns::Arr<short int, 3>} {"name":"n"} offset 1} {{Derived<long long int>} {"type":"ns::Box<long long int>"} offset 8} } } */
