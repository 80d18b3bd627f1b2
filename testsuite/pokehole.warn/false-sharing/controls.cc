// No false sharing, no warning, in C++: one std::thread writes both
// std::atomic counters (struct one); two only read (struct ro, and
// struct ro_atomic: std::atomic members read through their conversion
// and load()); the members are alignas(64) already (struct sep).  Each
// is one -D from the warning: -DSPLIT, -DRO_WRITE, -DNOT_ALIGNED.
// { dg-do compile }
// { dg-options "-fplugin-arg-pokehole-warn=false-sharing" }

#include <atomic>
#include <thread>

#ifdef NOT_ALIGNED
#define LINE
#else
#define LINE alignas(64)
#endif

struct one {
	std::atomic<long> a;	// { dg-bogus "share the cacheline" }
	std::atomic<long> b;	// { dg-bogus "share the cacheline" }
};

struct ro {
	long a;	// { dg-bogus "share the cacheline" }
	long b;	// { dg-bogus "share the cacheline" }
};

struct ro_atomic {
	std::atomic<long> a;	// { dg-bogus "share the cacheline" }
	std::atomic<long> b;	// { dg-bogus "share the cacheline" }
};

struct sep {
	std::atomic<long> a;		// { dg-bogus "share the cacheline" }
	LINE std::atomic<long> b;	// { dg-bogus "share the cacheline" }
};

static one o;
static ro r = { 1, 2 };
static ro_atomic ra;
static sep s;
static long sums[2];

static void one_run()
{
	for (int i = 0; i < 1000; i++) {
		o.a++;
#ifndef SPLIT
		o.b++;
#endif
	}
}

static void one_run_b()
{
#ifdef SPLIT
	for (int i = 0; i < 1000; i++)
		o.b++;
#endif
}

static void ro_a()
{
	for (int i = 0; i < 1000; i++)
		sums[0] += r.a + ra.a;
}

static void ro_b()
{
	for (int i = 0; i < 1000; i++)
#ifdef RO_WRITE
		__atomic_fetch_add(&r.b, 1, __ATOMIC_RELAXED);
#else
		sums[1] += r.b + ra.b.load(std::memory_order_relaxed);
#endif
}

static void sep_a()
{
	for (int i = 0; i < 1000; i++)
		s.a++;
}

static void sep_b()
{
	for (int i = 0; i < 1000; i++)
		s.b++;
}

int main()
{
	std::thread t[] = { std::thread(one_run), std::thread(one_run_b),
			    std::thread(ro_a), std::thread(ro_b),
			    std::thread(sep_a), std::thread(sep_b) };
	for (auto &x : t)
		x.join();
	return o.a != o.b || sums[0] == sums[1] || s.a != s.b;
}

// { dg-final { warn-output-with {-DSPLIT} {} "warning: 'a' and 'b' of 'struct one' share the cacheline at bytes \[0-9\]+-\[0-9\]+ and are written by different threads \\('void one_run\\(\\)', 'void one_run_b\\(\\)'\\)" } }
// { dg-final { warn-output-with {-DRO_WRITE} {} "warning: 'a' and 'b' of 'struct ro' share the cacheline at bytes \[0-9\]+-\[0-9\]+, one written \\(by 'void ro_b\\(\\)'\\), the other read \\(by 'void ro_a\\(\\)'\\)" } }
// { dg-final { warn-output-with {-DNOT_ALIGNED} {} "warning: 'a' and 'b' of 'struct sep' share the cacheline at bytes \[0-9\]+-\[0-9\]+ and are written by different threads \\('void sep_a\\(\\)', 'void sep_b\\(\\)'\\)" } }
