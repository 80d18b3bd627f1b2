/* -Werror makes the false sharing warning an error;
   no-error=false-sharing keeps it a warning (the compilation succeeds),
   no-error of another kind does not; -w silences it.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-pokehole-warn=false-sharing -Werror" } */

#include <pthread.h>

struct pair {
	long x;
	long y;	/* { dg-error "error: 'x' and 'y' of 'struct pair' share the cacheline at bytes \[0-9\]+-\[0-9\]+ and are written by different threads \\('set_x', 'set_y'\\) \\\[-Werror=pokehole-false-sharing\\\]" } */
};
/* { dg-message "give 'y' a cacheline of its own" "" { target *-*-* } 11 } */
/* { dg-error "all warnings being treated as errors" "" { target *-*-* } 0 } */

static struct pair p;

static void *set_x(void *arg) { __atomic_store_n(&p.x, 1, __ATOMIC_RELEASE); return arg; }
static void *set_y(void *arg) { __atomic_store_n(&p.y, 1, __ATOMIC_RELEASE); return arg; }

int main(void)
{
	pthread_t a, b;

	pthread_create(&a, 0, set_x, 0);
	pthread_create(&b, 0, set_y, 0);
	pthread_join(a, 0);
	pthread_join(b, 0);
	return 0;
}

/* { dg-final { fs-check-lines } } */
/* { dg-final { warn-output-with {-fplugin-arg-pokehole-no-error=false-sharing} {} "warning: 'x' and 'y' of 'struct pair' share the cacheline at bytes \[0-9\]+-\[0-9\]+ and are written by different threads \\('set_x', 'set_y'\\) \\\[-Wpokehole-false-sharing\\\]$" } } */
/* { dg-final { warn-output-with-not {-fplugin-arg-pokehole-no-error=false-sharing} {} "error:" } } */
/* { dg-final { warn-output-with {-fplugin-arg-pokehole-no-error=holes,padding} {} "error: 'x' and 'y' of 'struct pair' share the cacheline" "all warnings being treated as errors" } } */
/* { dg-final { warn-output-with-not {-w} {} "share the cacheline" "error:" } } */
