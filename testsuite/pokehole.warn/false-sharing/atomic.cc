// std::atomic members written by two std::threads: functions
// (struct counters) and lambdas (struct flags).
// { dg-do compile }
// { dg-options "-fplugin-arg-pokehole-warn=false-sharing" }

#include <atomic>
#include <cstdio>
#include <thread>

struct counters {
	std::atomic<long> a;
	std::atomic<long> b;	// { dg-warning "warning: 'a' and 'b' of 'struct counters' share the cacheline at bytes \[0-9\]+-\[0-9\]+ and are written by different threads \\('void run_a\\(\\)', 'void run_b\\(\\)'\\)" }
};
// { dg-message "give 'b' a cacheline of its own" "" { target *-*-* } 12 }

struct flags {
	std::atomic<bool> ready;
	std::atomic<int> done;	// { dg-warning "warning: 'ready' and 'done' of 'struct flags' share the cacheline at bytes \[0-9\]+-\[0-9\]+ and are written by different threads \\('main\\(\\)::<lambda\\(\\)> \[^']*', 'main\\(\\)::<lambda\\(\\)> \[^']*'\\)" }
};
// { dg-message "give 'done' a cacheline of its own" "" { target *-*-* } 18 }

static counters c;
static flags f;

static void run_a()
{
	for (long i = 0; i < 1000; i++)
		c.a.fetch_add(1, std::memory_order_relaxed);
}

static void run_b()
{
	for (long i = 0; i < 1000; i++)
		c.b++;
}

int main()
{
	std::thread x(run_a), y(run_b);
	std::thread z([] { f.ready.store(true, std::memory_order_release); });
	std::thread w([] { f.done.fetch_add(1); });
	x.join();
	y.join();
	z.join();
	w.join();
	std::printf("%ld %ld %d %d\n", c.a.load(), c.b.load(), (int) f.ready,
		    f.done.load());
	return 0;
}

// { dg-final { fs-check-lines } }
// { dg-final { fs-check-fixit } }
