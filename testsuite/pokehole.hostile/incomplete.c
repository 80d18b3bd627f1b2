/* Incomplete types: declared but never defined, used as members (errors)
   and through pointers (fine).  */
struct never_defined;
union never_union;
struct uses_ptr { struct never_defined *p; union never_union *u; char c; };
struct uses_value { char c; struct never_defined v; };
struct self { int i; struct self s; };
struct arr_incomplete { int n; struct never_defined arr[4]; };
struct flex_middle { int n; char f[]; int after; };
struct only_flex { char f[]; };
struct flex_in_array { int n; char f[]; } fa[2];
struct holds_flex { char c; struct flex_in_array inner; long l; };
enum never_enum;
struct enum_incomplete { enum never_enum e; char c; };
typedef struct never_defined nd_t;
struct via_typedef { nd_t x; int i; };
extern struct never_defined external_object;
struct ok_after { char c; long l; };
