/* Counters that different threads write atomically, on one cacheline:
   two threads, __atomic_fetch_add; three threads, __sync_fetch_and_add
   (one warning a member moved off the line: at 'b' and at 'c').  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-pokehole-warn=false-sharing" } */

#include <pthread.h>
#include <stdio.h>

struct counters {
	long a;
	long b;	/* { dg-warning "warning: 'a' and 'b' of 'struct counters' share the cacheline at bytes \[0-9\]+-\[0-9\]+ and are written by different threads \\('run_a', 'run_b'\\) \\\[-Wpokehole-false-sharing\\\]" } */
};
/* { dg-message "give 'b' a cacheline of its own: '__attribute__\\(\\(aligned\\(64\\)\\)\\)' on it" "" { target *-*-* } 12 } */

static struct counters counters;

static void *run_a(void *arg)
{
	for (long i = 0; i < 1000000; i++)
		__atomic_fetch_add(&counters.a, 1, __ATOMIC_RELAXED);
	return arg;
}

static void *run_b(void *arg)
{
	for (long i = 0; i < 1000000; i++)
		__atomic_fetch_add(&counters.b, 1, __ATOMIC_RELAXED);
	return arg;
}

typedef struct {
	int a;
	int b;	/* { dg-warning "warning: 'a' and 'b' of 'three' share the cacheline at bytes \[0-9\]+-\[0-9\]+ and are written by different threads \\('add_a', 'add_b'\\)" } */
	int c;	/* { dg-warning "warning: 'a' and 'c' of 'three' share the cacheline at bytes \[0-9\]+-\[0-9\]+ and are written by different threads \\('add_a', 'add_c'\\)" } */
} three;
/* { dg-message "give 'b' a cacheline of its own" "" { target *-*-* } 34 } */
/* { dg-message "give 'c' a cacheline of its own" "" { target *-*-* } 35 } */

static three t;

static void *add_a(void *arg) { __sync_fetch_and_add(&t.a, 1); return arg; }
static void *add_b(void *arg) { __sync_fetch_and_add(&t.b, 1); return arg; }
static void *add_c(void *arg) { __sync_fetch_and_add(&t.c, 1); return arg; }

int main(void)
{
	pthread_t x, y, z;

	pthread_create(&x, 0, run_a, 0);
	pthread_create(&y, 0, run_b, 0);
	pthread_join(x, 0);
	pthread_join(y, 0);
	pthread_create(&x, 0, add_a, 0);
	pthread_create(&y, 0, add_b, 0);
	pthread_create(&z, 0, add_c, 0);
	pthread_join(x, 0);
	pthread_join(y, 0);
	pthread_join(z, 0);
	printf("%ld %ld %d %d %d\n", counters.a, counters.b, t.a, t.b, t.c);
	return 0;
}

/* { dg-final { fs-check-lines } } */
/* { dg-final { fs-check-fixit } } */
