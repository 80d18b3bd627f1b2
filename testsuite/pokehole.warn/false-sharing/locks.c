/* pthread_mutex_t members: the lock words two threads take, on one
   line (struct locks); counters on a line of their own, written under
   different locks (struct guarded); a counter written under one lock
   beside the lock another thread takes (struct beside).  Control:
   counters written by two threads under the same lock (struct same):
   one -D (-DSAME_SPLIT) gives them a lock each and the warning.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-pokehole-warn=false-sharing" } */

#include <pthread.h>

#define LINE __attribute__((aligned(64)))

struct locks {
	pthread_mutex_t la;
	pthread_mutex_t lb;	/* { dg-warning "warning: 'la' and 'lb' of 'struct locks' share the cacheline at bytes \[0-9\]+-\[0-9\]+ and are written by different threads \\('lock_a', 'lock_b'\\)" } */
};
/* { dg-message "give 'lb' a cacheline of its own" "" { target *-*-* } 16 } */

struct guarded {
	pthread_mutex_t la LINE;
	pthread_mutex_t lb LINE;
	long a LINE;
	long b;	/* { dg-warning "warning: 'a' and 'b' of 'struct guarded' share the cacheline at bytes \[0-9\]+-\[0-9\]+ and are written under different locks \\('la', 'lb'\\)" } */
};
/* { dg-message "give 'b' a cacheline of its own" "" { target *-*-* } 24 } */

struct beside {
	pthread_mutex_t la;
	long a LINE;
	pthread_mutex_t lb;	/* { dg-warning "warning: 'a' and 'lb' of 'struct beside' share the cacheline at bytes \[0-9\]+-\[0-9\]+ and are written by different threads \\('beside_a', 'beside_b'\\)" } */
	long b LINE;
};
/* { dg-message "give 'lb' a cacheline of its own" "" { target *-*-* } 31 } */

struct same {
	pthread_mutex_t l;
#ifdef SAME_SPLIT
	pthread_mutex_t l2 LINE;
#endif
	long a LINE;	/* { dg-bogus "share the cacheline" } */
	long b;		/* { dg-bogus "share the cacheline" } */
};

static struct locks l;
static struct guarded g;
static struct beside s;
static struct same same;

static void *lock_a(void *arg)
{
	for (int i = 0; i < 1000; i++) {
		pthread_mutex_lock(&l.la);
		pthread_mutex_unlock(&l.la);
	}
	return arg;
}

static void *lock_b(void *arg)
{
	for (int i = 0; i < 1000; i++) {
		pthread_mutex_lock(&l.lb);
		pthread_mutex_unlock(&l.lb);
	}
	return arg;
}

static void *guarded_a(void *arg)
{
	for (int i = 0; i < 1000; i++) {
		pthread_mutex_lock(&g.la);
		g.a++;
		pthread_mutex_unlock(&g.la);
	}
	return arg;
}

static void *guarded_b(void *arg)
{
	for (int i = 0; i < 1000; i++) {
		pthread_mutex_lock(&g.lb);
		g.b++;
		pthread_mutex_unlock(&g.lb);
	}
	return arg;
}

static void *beside_a(void *arg)
{
	for (int i = 0; i < 1000; i++) {
		pthread_mutex_lock(&s.la);
		s.a++;
		pthread_mutex_unlock(&s.la);
	}
	return arg;
}

static void *beside_b(void *arg)
{
	for (int i = 0; i < 1000; i++) {
		pthread_mutex_lock(&s.lb);
		s.b++;
		pthread_mutex_unlock(&s.lb);
	}
	return arg;
}

static void *same_a(void *arg)
{
	for (int i = 0; i < 1000; i++) {
		pthread_mutex_lock(&same.l);
		same.a++;
		pthread_mutex_unlock(&same.l);
	}
	return arg;
}

#ifdef SAME_SPLIT
#define SAME_B_LOCK same.l2
#else
#define SAME_B_LOCK same.l
#endif

static void *same_b(void *arg)
{
	for (int i = 0; i < 1000; i++) {
		pthread_mutex_lock(&SAME_B_LOCK);
		same.b++;
		pthread_mutex_unlock(&SAME_B_LOCK);
	}
	return arg;
}

static pthread_t t[8];

static void start(int i, void *(*fn)(void *))
{
	pthread_create(&t[i], 0, fn, 0);
}

int main(void)
{
	start(0, lock_a);
	start(1, lock_b);
	start(2, guarded_a);
	start(3, guarded_b);
	start(4, beside_a);
	start(5, beside_b);
	start(6, same_a);
	start(7, same_b);
	for (int i = 0; i < 8; i++)
		pthread_join(t[i], 0);
	return 0;
}

/* { dg-final { fs-check-lines } } */
/* { dg-final { fs-check-fixit } } */
/* { dg-final { warn-output-with {-DSAME_SPLIT} {} "warning: 'a' and 'b' of 'struct same' share the cacheline at bytes \[0-9\]+-\[0-9\]+ and are written under different locks \\('l', 'l2'\\)" } } */
