/* No uninlined warning about a function defined in a system header;
   its twin outside is warned about.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-pokehole-warn=uninlined" } */

extern volatile int in;
# 1 "uninlined-sys.h" 3
static inline int sysfib(int n)
{
	return n < 3 ? n - in : sysfib(n - 1) + sysfib(n - 3);
}
# 13 "uninlined-sys.c"
static inline int fib(int n)	/* { dg-warning "'fib' is declared inline but keeps an out-of-line body \\(recursive\\)" } */
{
	return n < 2 ? n + in : fib(n - 1) + fib(n - 2);
}

int main(void)
{
	return fib(in) + sysfib(in);
}
/* { dg-final { warn-output-with-not {-fplugin-arg-pokehole-system-headers} {} "sysfib" } } */
