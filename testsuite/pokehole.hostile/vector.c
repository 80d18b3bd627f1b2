/* Vector, complex, __int128, _Atomic and other unusual member types.  */
typedef int v4si __attribute__((vector_size(16)));
typedef float v8sf __attribute__((vector_size(32)));
typedef char v64qi __attribute__((vector_size(64)));
typedef short v2hi __attribute__((vector_size(4)));
struct vecs { char c; v4si a; short s; v8sf b; char d; v64qi e; v2hi f; };
struct vec_member { char c; int v __attribute__((vector_size(8))); };
struct cplx { char c; _Complex float cf; _Complex double cd; _Complex long double cld; _Complex char cc; _Complex short cs; };
struct i128 { char c; __int128 i; unsigned __int128 u; short s; };
struct atomics { char c; _Atomic long al; _Atomic char ac; _Atomic(struct i128) as; _Atomic long double ald; };
struct atomic_ptr { char c; _Atomic(int *) p; _Atomic(void (*)(void)) fp; };
struct float128 { char c; __float128 f; _Float128 g; _Float16 h; long double ld; };
struct dfp { char c; _Decimal32 d32; _Decimal64 d64; _Decimal128 d128; };
struct mixed { char c; struct vecs v; struct cplx x; struct atomics a; };
