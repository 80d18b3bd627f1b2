/* vla.c, then a variably modified type at file scope.  */
#include "vla.c"
struct file_scope_vla { int a[g(1)]; };
/* After the error.  */
void after_errors(int n) { struct after { char c; int a[n]; } a; (void)a; }
