/* A lock word beside a member another thread only reads: the producer
   takes the lock and counts under it, the watcher reads the limit
   (struct queue).  Control: the reader is the thread that takes the
   lock (struct own); -DOWN_WATCHED reads its limit from the watcher
   too, and the warning comes.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-pokehole-warn=false-sharing" } */

#include <pthread.h>

struct queue {
	pthread_mutex_t lock;
	long count;
	long limit;	/* { dg-warning "warning: 'lock' and 'limit' of 'struct queue' share the cacheline at bytes \[0-9\]+-\[0-9\]+, one written \\(by 'producer'\\), the other read \\(by 'watcher'\\)" } */
};
/* { dg-message "give 'limit' a cacheline of its own" "" { target *-*-* } 14 } */

struct own {
	pthread_mutex_t lock;
	long count;
	long limit;	/* { dg-bogus "share the cacheline" } */
};

static struct queue q = { PTHREAD_MUTEX_INITIALIZER, 0, 100 };
static struct own o = { PTHREAD_MUTEX_INITIALIZER, 0, 100 };
static long seen;

static void *producer(void *arg)
{
	for (long i = 0; i < 1000; i++) {
		pthread_mutex_lock(&q.lock);
		q.count++;
		pthread_mutex_unlock(&q.lock);
		pthread_mutex_lock(&o.lock);
		if (o.count < o.limit)
			o.count++;
		pthread_mutex_unlock(&o.lock);
	}
	return arg;
}

static void *watcher(void *arg)
{
	long s = 0;

	for (long i = 0; i < 1000; i++) {
		s += q.limit;
#ifdef OWN_WATCHED
		s += o.limit;
#endif
	}
	seen = s;
	return arg;
}

int main(void)
{
	pthread_t x, y;

	pthread_create(&x, 0, producer, 0);
	pthread_create(&y, 0, watcher, 0);
	pthread_join(x, 0);
	pthread_join(y, 0);
	return seen == 0;
}

/* { dg-final { fs-check-lines } } */
/* { dg-final { fs-check-fixit } } */
/* { dg-final { warn-output-with {-DOWN_WATCHED} {} "warning: '\[a-z\]+' and 'limit' of 'struct own' share the cacheline at bytes \[0-9\]+-\[0-9\]+, one written \\(by 'producer'\\), the other read \\(by 'watcher'\\)" } } */
