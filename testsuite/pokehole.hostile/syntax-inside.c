/* Syntax and semantic errors inside struct bodies.  */
struct missing_semi { char c long l; int i; };
struct unknown_type { char c; undeclared_t u; long l; };
struct dup { int a; char a; long b; };
struct bad_bits { int a : -1; unsigned b : 99; char c : 9; int : 0; };
struct fn_member { int f(void); char c; };
struct void_member { void v; int i; };
struct init_member { int a = 3; char c; };
struct { char c; long l; } anon_var_error = { 1, 2, 3 };
struct nested_broken { struct { char c; int } n; long tail; };
union bad_union { int a; struct missing_semi m; };
struct empty_body_error { ; };
struct trailing { char c; } struct after { int i; };
