/* Variably modified types in functions (GNU C allows VLA members in
   structs local to a function).  */
void f(int n, int m)
{
	struct vla_member { char c; int a[n]; long tail; } v;
	struct vla_2d { char c; double a[n][m]; } w;
	struct vm_ptr { char c; int (*p)[n]; short s; } x;
	typedef int row[m];
	struct row_holder { row r; char z; } y;
	struct nested_vla { struct { char b[n]; } in; int k; } z;
	union vla_union { char a[n]; long l; } u;
	(void)v; (void)w; (void)x; (void)y; (void)z; (void)u;
	struct vla_member copy[2];
	(void)copy;
}
int g(int n) { struct s { int a[n]; char c; }; return (int)sizeof(struct s); }
void h(int n, int (*arr)[n]) { struct p { int (*q)[n]; char c; } p = { arr, 0 }; (void)p; }
struct file_scope_vla { int a[g(1)]; };
