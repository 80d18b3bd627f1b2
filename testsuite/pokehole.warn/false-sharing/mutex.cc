// std::mutex members taken through std::lock_guard (and
// std::scoped_lock): the mutexes two threads take, on one line (struct
// locks); counters on a line of their own written under different
// mutexes (struct guarded).  Control: counters written by two threads
// under the same mutex (struct same); -DSAME_SPLIT gives the second
// one a mutex of its own, and the warning comes.
// { dg-do compile }
// { dg-options "-fplugin-arg-pokehole-warn=false-sharing" }

#include <mutex>
#include <thread>

struct locks {
	std::mutex ma;
	std::mutex mb;	// { dg-warning "warning: 'ma' and 'mb' of 'struct locks' share the cacheline at bytes \[0-9\]+-\[0-9\]+ and are written by different threads \\('void lock_a\\(\\)', 'void lock_b\\(\\)'\\)" }
};
// { dg-message "give 'mb' a cacheline of its own" "" { target *-*-* } 15 }

struct guarded {
	alignas(64) std::mutex ma;
	alignas(64) std::mutex mb;
	alignas(64) long a;
	long b;	// { dg-warning "warning: 'a' and 'b' of 'struct guarded' share the cacheline at bytes \[0-9\]+-\[0-9\]+ and are written under different locks \\('ma', 'mb'\\)" }
};
// { dg-message "give 'b' a cacheline of its own" "" { target *-*-* } 23 }

struct same {
	std::mutex m;
#ifdef SAME_SPLIT
	alignas(64) std::mutex m2;
#endif
	alignas(64) long a;	// { dg-bogus "share the cacheline" }
	long b;			// { dg-bogus "share the cacheline" }
};

static locks l;
static guarded g;
static same s;

static void lock_a()
{
	for (int i = 0; i < 1000; i++)
		std::lock_guard<std::mutex> hold(l.ma);
}

static void lock_b()
{
	for (int i = 0; i < 1000; i++)
		std::lock_guard<std::mutex> hold(l.mb);
}

static void guarded_a()
{
	for (int i = 0; i < 1000; i++) {
		std::lock_guard<std::mutex> hold(g.ma);
		g.a++;
	}
}

static void guarded_b()
{
	for (int i = 0; i < 1000; i++) {
		std::scoped_lock<std::mutex> hold(g.mb);
		g.b++;
	}
}

static void same_a()
{
	for (int i = 0; i < 1000; i++) {
		std::lock_guard<std::mutex> hold(s.m);
		s.a++;
	}
}

static void same_b()
{
	for (int i = 0; i < 1000; i++) {
#ifdef SAME_SPLIT
		std::lock_guard<std::mutex> hold(s.m2);
#else
		std::lock_guard<std::mutex> hold(s.m);
#endif
		s.b++;
	}
}

int main()
{
	std::thread t[] = { std::thread(lock_a), std::thread(lock_b),
			    std::thread(guarded_a), std::thread(guarded_b),
			    std::thread(same_a), std::thread(same_b) };
	for (auto &x : t)
		x.join();
	return g.a != g.b || s.a != s.b;
}

// { dg-final { fs-check-lines } }
// { dg-final { fs-check-fixit } }
// { dg-final { warn-output-with {-DSAME_SPLIT} {} "warning: 'a' and 'b' of 'struct same' share the cacheline at bytes \[0-9\]+-\[0-9\]+ and are written under different locks \\('m', 'm2'\\)" } }
