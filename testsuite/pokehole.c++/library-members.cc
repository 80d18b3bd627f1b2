/* Members of library types are spelled as DWARF spells them: typedef
   names kept, no diagnostics' "aka" suffix; std::string's own union
   (_M_local_buf) is opened up.  A '&' in a parameter list is no
   reference member; one in a declarator group is.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-pokehole-system-headers -fplugin-arg-pokehole-types=S,R,std::__cxx11::basic_string<char,std::char_traits<char>,std::allocator<char>>" } */

#include <string>
#include <functional>

struct S { char c; std::string s; std::function<void (int)> f; std::size_t n;
	   std::function<int (const std::string &, double)> g; char d; };
struct R { char c; int (&ra)[3]; char d; void (&rf) (int); short e; };

S s;
int arr[3];
void fn (int) {}
R r { 0, arr, 0, fn, 0 };

/* { dg-final { pokehole-check-layout S R std::__cxx11::basic_string<char,~std::char_traits<char>,~std::allocator<char>~> } } */
// { dg-final { scan-pokehole-json {"name":"s","type":"std::string",} } }
// { dg-final { scan-pokehole-json {"name":"f","type":"std::function<void\(int\)>",} } }
// { dg-final { scan-pokehole-json {"name":"n","type":"std::size_t",} } }
// { dg-final { scan-pokehole-json {"kind":"union","members":.."name":"_M_local_buf","type":"char\[16\]"} } }
// { dg-final { scan-pokehole-json {"name":"_M_dataplus","type":"std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >::_Alloc_hider"} } }
// { dg-final { scan-pokehole-json-not {aka|unnamed} } }
