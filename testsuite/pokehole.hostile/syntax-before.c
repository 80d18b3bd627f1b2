/* A syntax error before any struct: the structs after it are parsed in
   GCC's error recovery.  */
int x = ;
struct after_error { char c; long l; int i; };
struct after_error2 { char c; struct after_error in; };
int (*broken)(int = 3;
struct late { short s; double d; };
