/* No false sharing, no warning: one thread writes both counters
   (through helpers of its own: struct one); two threads only read
   (struct ro); the members are on lines of their own already (struct
   sep).  Each control is one -D from the warning, which the dg-final
   lines check: -DSPLIT gives one's second counter a thread of its own,
   -DRO_WRITE makes ro's second reader a writer, -DNOT_ALIGNED puts
   sep's members back on one line.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-pokehole-warn=false-sharing" } */

#include <pthread.h>
#include <stdio.h>

#ifdef NOT_ALIGNED
#define LINE
#else
#define LINE __attribute__((aligned(64)))
#endif

struct one {
	long a;	/* { dg-bogus "share the cacheline" } */
	long b;	/* { dg-bogus "share the cacheline" } */
};

struct ro {
	long a;	/* { dg-bogus "share the cacheline" } */
	long b;	/* { dg-bogus "share the cacheline" } */
};

struct sep {
	long a;		/* { dg-bogus "share the cacheline" } */
	long b LINE;	/* { dg-bogus "share the cacheline" } */
};

static struct one one;
static struct ro ro = { 1, 2 };
static struct sep sep;
static long sums[2];

static __attribute__((noinline)) void one_a(void)
{
	__atomic_fetch_add(&one.a, 1, __ATOMIC_RELAXED);
}

static __attribute__((noinline)) void one_b(void)
{
	__atomic_fetch_add(&one.b, 1, __ATOMIC_RELAXED);
}

static void *one_run(void *arg)
{
	for (int i = 0; i < 1000; i++) {
		one_a();
#ifndef SPLIT
		one_b();
#endif
	}
	return arg;
}

#ifdef SPLIT
static void *one_run_b(void *arg)
{
	for (int i = 0; i < 1000; i++)
		one_b();
	return arg;
}
#endif

static void *ro_a(void *arg)
{
	for (int i = 0; i < 1000; i++)
		sums[0] += ro.a;
	return arg;
}

static void *ro_b(void *arg)
{
	for (int i = 0; i < 1000; i++)
#ifdef RO_WRITE
		__atomic_fetch_add(&ro.b, 1, __ATOMIC_RELAXED);
#else
		sums[1] += ro.b;
#endif
	return arg;
}

static void *sep_a(void *arg)
{
	for (int i = 0; i < 1000; i++)
		__atomic_fetch_add(&sep.a, 1, __ATOMIC_RELAXED);
	return arg;
}

static void *sep_b(void *arg)
{
	for (int i = 0; i < 1000; i++)
		__atomic_fetch_add(&sep.b, 1, __ATOMIC_RELAXED);
	return arg;
}

int main(void)
{
	pthread_t t[7];

	pthread_create(&t[0], 0, one_run, 0);
	pthread_create(&t[1], 0, ro_a, 0);
	pthread_create(&t[2], 0, ro_b, 0);
	pthread_create(&t[3], 0, sep_a, 0);
	pthread_create(&t[4], 0, sep_b, 0);
#ifdef SPLIT
	pthread_create(&t[5], 0, one_run_b, 0);
	pthread_join(t[5], 0);
#endif
	for (int i = 0; i < 5; i++)
		pthread_join(t[i], 0);
	printf("%ld %ld %ld %ld %ld %ld\n", one.a, one.b, sums[0], sums[1],
	       sep.a, sep.b);
	return 0;
}

/* { dg-final { warn-output-with {-DSPLIT} {} "warning: 'a' and 'b' of 'struct one' share the cacheline at bytes \[0-9\]+-\[0-9\]+ and are written by different threads \\('one_run', 'one_run_b'\\)" } } */
/* { dg-final { warn-output-with {-DRO_WRITE} {} "warning: 'a' and 'b' of 'struct ro' share the cacheline at bytes \[0-9\]+-\[0-9\]+, one written \\(by 'ro_b'\\), the other read \\(by 'ro_a'\\)" } } */
/* { dg-final { warn-output-with {-DNOT_ALIGNED} {} "warning: 'a' and 'b' of 'struct sep' share the cacheline at bytes \[0-9\]+-\[0-9\]+ and are written by different threads \\('sep_a', 'sep_b'\\)" } } */
