/* _Atomic members: every access atomic, written by two threads (++ and
   atomic_fetch_add_explicit).  warn=all does not include the warning;
   warn=all,false-sharing does.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-pokehole-warn=false-sharing" } */

#include <pthread.h>
#include <stdatomic.h>

struct hits {
	_Atomic long hits;
	_Atomic long misses;	/* { dg-warning "warning: 'hits' and 'misses' of 'struct hits' share the cacheline at bytes \[0-9\]+-\[0-9\]+ and are written by different threads \\('hit', 'miss'\\)" } */
};
/* { dg-message "give 'misses' a cacheline of its own" "" { target *-*-* } 12 } */

static struct hits h;

static void *hit(void *arg)
{
	for (int i = 0; i < 1000; i++)
		h.hits++;
	return arg;
}

static void *miss(void *arg)
{
	for (int i = 0; i < 1000; i++)
		atomic_fetch_add_explicit(&h.misses, 1, memory_order_relaxed);
	return arg;
}

int main(void)
{
	pthread_t x, y;

	pthread_create(&x, 0, hit, 0);
	pthread_create(&y, 0, miss, 0);
	pthread_join(x, 0);
	pthread_join(y, 0);
	return h.hits != h.misses;
}

/* { dg-final { fs-check-lines } } */
/* { dg-final { fs-check-fixit } } */
/* { dg-final { warn-output-with-not {-fplugin-arg-pokehole-warn=all} {-fplugin-arg-pokehole-warn=false-sharing} "share the cacheline" } } */
/* { dg-final { warn-output-with {-fplugin-arg-pokehole-warn=all,false-sharing} {-fplugin-arg-pokehole-warn=false-sharing} "warning: 'hits' and 'misses' of 'struct hits' share the cacheline" } } */
