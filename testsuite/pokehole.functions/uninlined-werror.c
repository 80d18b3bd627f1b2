/* -Werror makes the uninlined warning an error; no-error=uninlined keeps
   it a warning; -w silences it.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-pokehole-warn=uninlined -Werror" } */

extern volatile int in;

static inline int fib(int n)	/* { dg-error "error: 'fib' is declared inline but keeps an out-of-line body \\(recursive\\); \[0-9\]+ of \[0-9\]+ calls inlined \\\[-Werror=pokehole-uninlined\\\]" } */
{
	return n < 2 ? n + in : fib(n - 1) + fib(n - 2);
}

int main(void)
{
	return fib(in);
}
/* { dg-error "all warnings being treated as errors" "" { target *-*-* } 0 } */

/* { dg-final { warn-output-with {-fplugin-arg-pokehole-no-error=uninlined} {} "warning: 'fib' is declared inline but keeps an out-of-line body \\(recursive\\); \[0-9\]+ of \[0-9\]+ calls inlined \\\[-Wpokehole-uninlined\\\]$" } } */
/* { dg-final { warn-output-with-not {-w} {-Werror} "fib" } } */
/* { dg-final { warn-output-with-not {-O0} {-O2} "fib" } } */
