/* warn=uninlined: at each function declared inline that keeps an
   out-of-line body, with GCC's reason and the calls inlined.  */
/* { dg-do compile } */
/* { dg-options "-O2 -Wno-attributes -fplugin-arg-pokehole-warn=uninlined" } */

extern volatile int in;

static inline int fib(int n)	/* { dg-warning "'fib' is declared inline but keeps an out-of-line body \\(recursive\\); \[0-9\]+ of \[0-9\]+ calls inlined \\\[-Wpokehole-uninlined\\\]" } */
{
	return n < 2 ? n + in : fib(n - 1) + fib(n - 2);
}

static inline int viaptr(int x)	/* { dg-warning "'viaptr' is declared inline but keeps an out-of-line body \\(address taken\\); no direct calls \\\[-Wpokehole-uninlined\\\]" } */
{
	return x * 3 + in;
}

/* Inlined everywhere and removed: no warning.  */
static inline int small(int x)
{
	return x + in;
}

/* Declared inline, noinline too: kept, for noinline.  */
static inline __attribute__((noinline)) int stubborn(int x)	/* { dg-warning "'stubborn' is declared inline but keeps an out-of-line body \\(noinline\\); 0 of \[0-9\]+ calls inlined" } */
{
	return x - in;
}

/* Not declared inline: never warned about.  */
int ext(int x)
{
	return x * in;
}

int (*volatile fp)(int) = viaptr;

int main(void)
{
	return fib(in) + fib(in) + small(in) + small(in) + stubborn(in) +
	       stubborn(in) + ext(in) + fp(in);
}

/* { dg-final { functions-check-warnings } } */
