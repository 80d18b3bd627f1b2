/* failing-alloc - an LD_PRELOAD library that makes one allocation fail,
   so that the testsuite can show out of memory to be an error of the
   program under test and never a silently different result
   (pokehole.dwarf/oom.exp).
   Copyright (C) 2026 The pokehole authors.
   SPDX-License-Identifier: GPL-3.0-or-later

   Environment:
     PH_FAIL_ALLOC=N         the Nth counted allocation (from 1) returns
                             NULL with errno ENOMEM; 0 or unset: none.
     PH_FAIL_ALLOC_ALL=1     every counted allocation from the Nth on fails
                             too (the memory stays gone, as it would).
     PH_FAIL_ALLOC_COUNT=F   at exit, write the number of counted
                             allocations to F, for a sweep to know its N.
     PH_FAIL_ALLOC_SCOPE=main  count only the calls made from the main
                             executable's code; otherwise every call, in
                             the libraries (libdw, libelf, libc) too.
     PH_FAIL_ALLOC_TRACE=1   on a failure, print its number and a
                             backtrace (backtrace_symbols_fd) to stderr;
                             on a crash after it (SIGSEGV, SIGABRT, ...),
                             the backtrace of the crash, to tell whose
                             it is.

   Wrapped: malloc, calloc, realloc, reallocarray, strdup, strndup,
   posix_memalign, aligned_alloc, memalign (libelf uses posix_memalign).
   A realloc to size 0 frees and is not counted, nor are allocations that
   this library makes for itself.  */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <execinfo.h>
#include <fcntl.h>
#include <link.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void *(*real_malloc)(size_t);
static void *(*real_calloc)(size_t, size_t);
static void *(*real_realloc)(void *, size_t);
static void (*real_free)(void *);
static int (*real_posix_memalign)(void **, size_t, size_t);
static void *(*real_aligned_alloc)(size_t, size_t);
static void *(*real_memalign)(size_t, size_t);

/* dlsym may allocate (its error buffer) before real_calloc is known:
   those few allocations come from here and are never freed.  */
static _Alignas(max_align_t) char boot_buf[8192];
static atomic_size_t boot_used;

static atomic_ulong counted;
static unsigned long fail_at;
static bool fail_all, scope_main, trace;
static const char *count_file;

/* The executable segments of the main program (scope "main").  */
enum { MAX_SEGS = 8 };
static uintptr_t seg_lo[MAX_SEGS], seg_hi[MAX_SEGS];
static int nsegs;
/* Set once the environment is read: until then nothing is counted, so
   that the dynamic loader's and libc's start-up allocations, made before
   our constructor, neither fail nor shift the numbers.  */
static atomic_bool ready;

/* Thread-local variables of the initial-exec model: the default one of
   a shared library may allocate on first access, inside malloc.  */
#define PH_TLS _Thread_local __attribute__((tls_model("initial-exec")))

/* Calls from this library's own code (backtrace's first use loads
   libgcc_s) pass through uncounted.  */
static PH_TLS int inside;

static void *boot_alloc(size_t size)
{
	size = (size + 15) & ~(size_t)15;
	size_t at = atomic_fetch_add(&boot_used, size);
	if (at + size > sizeof(boot_buf)) {
		errno = ENOMEM;
		return NULL;
	}
	return boot_buf + at;
}

static bool is_boot(const void *p)
{
	return (const char *)p >= boot_buf &&
	       (const char *)p < boot_buf + sizeof(boot_buf);
}

static void resolve(void)
{
	static PH_TLS bool resolving;

	if (real_malloc || resolving)
		return;
	resolving = true;
	real_calloc = (void *(*)(size_t, size_t))dlsym(RTLD_NEXT, "calloc");
	real_realloc = (void *(*)(void *, size_t))dlsym(RTLD_NEXT, "realloc");
	real_free = (void (*)(void *))dlsym(RTLD_NEXT, "free");
	real_posix_memalign = (int (*)(void **, size_t, size_t))
		dlsym(RTLD_NEXT, "posix_memalign");
	real_aligned_alloc = (void *(*)(size_t, size_t))
		dlsym(RTLD_NEXT, "aligned_alloc");
	real_memalign = (void *(*)(size_t, size_t))dlsym(RTLD_NEXT, "memalign");
	/* Last: the others test real_malloc to know that all are there.  */
	real_malloc = (void *(*)(size_t))dlsym(RTLD_NEXT, "malloc");
	resolving = false;
}

static int find_main(struct dl_phdr_info *info, size_t size, void *data)
{
	(void)size;
	(void)data;
	/* The first object is the main program.  */
	for (int i = 0; i < info->dlpi_phnum && nsegs < MAX_SEGS; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		if (ph->p_type == PT_LOAD && (ph->p_flags & PF_X)) {
			seg_lo[nsegs] = info->dlpi_addr + ph->p_vaddr;
			seg_hi[nsegs] = seg_lo[nsegs] + ph->p_memsz;
			nsegs++;
		}
	}
	return 1;
}

static void write_count(void)
{
	char line[32];
	int fd = open(count_file, O_WRONLY | O_CREAT | O_TRUNC, 0644);

	if (fd < 0)
		return;
	int n = snprintf(line, sizeof(line), "%lu\n", atomic_load(&counted));
	if (write(fd, line, (size_t)n) != n) {
		/* the sweep reads no count and says so */
	}
	close(fd);
}

static void say(const char *text, size_t len)
{
	if (write(2, text, len) != (ssize_t)len) {
		/* nothing to do about stderr */
	}
}

static void on_crash(int sig)
{
	char line[64];
	void *frames[64];

	int len = snprintf(line, sizeof(line), "failing-alloc: signal %d\n", sig);
	say(line, (size_t)len);
	backtrace_symbols_fd(frames, backtrace(frames, 64), 2);
	/* SA_RESETHAND: the default action now, as without us.  */
	raise(sig);
}

__attribute__((constructor)) static void init(void)
{
	const char *s;

	inside++;
	resolve();
	s = getenv("PH_FAIL_ALLOC");
	fail_at = s ? strtoul(s, NULL, 10) : 0;
	s = getenv("PH_FAIL_ALLOC_ALL");
	fail_all = s && *s == '1';
	s = getenv("PH_FAIL_ALLOC_SCOPE");
	scope_main = s && strcmp(s, "main") == 0;
	s = getenv("PH_FAIL_ALLOC_TRACE");
	trace = s && *s == '1';
	count_file = getenv("PH_FAIL_ALLOC_COUNT");
	if (scope_main)
		dl_iterate_phdr(find_main, NULL);
	if (trace) {
		/* Its first call loads libgcc_s, which allocates: not at
		   the moment of a failure.  */
		void *frames[2];
		backtrace(frames, 2);
		struct sigaction sa = { .sa_handler = on_crash,
					.sa_flags = SA_RESETHAND | SA_NODEFER };
		sigemptyset(&sa.sa_mask);
		for (int sig = 0; sig < 5; sig++)
			sigaction((int[]){ SIGSEGV, SIGBUS, SIGABRT, SIGFPE,
					  SIGILL }[sig], &sa, NULL);
	}
	if (count_file)
		atexit(write_count);
	inside--;
	atomic_store(&ready, true);
}

static bool in_main(uintptr_t pc)
{
	for (int i = 0; i < nsegs; i++)
		if (pc >= seg_lo[i] && pc < seg_hi[i])
			return true;
	return false;
}

/* Whether this allocation, called from CALLER, is to fail.  */
static bool should_fail(const void *caller, const char *what, size_t size)
{
	if (!atomic_load_explicit(&ready, memory_order_acquire) || inside)
		return false;
	if (scope_main && !in_main((uintptr_t)caller))
		return false;
	unsigned long n = atomic_fetch_add(&counted, 1) + 1;
	if (!fail_at || n < fail_at || (n > fail_at && !fail_all))
		return false;
	if (trace) {
		char line[96];
		inside++;
		int len = snprintf(line, sizeof(line),
				   "failing-alloc: allocation %lu (%s %zu) fails\n",
				   n, what, size);
		say(line, (size_t)len);
		void *frames[64];
		int depth = backtrace(frames, 64);
		backtrace_symbols_fd(frames, depth, 2);
		inside--;
	}
	return true;
}

#define CALLER __builtin_return_address(0)

void *malloc(size_t size)
{
	resolve();
	if (!real_malloc)
		return boot_alloc(size);
	if (should_fail(CALLER, "malloc", size)) {
		errno = ENOMEM;
		return NULL;
	}
	return real_malloc(size);
}

void *calloc(size_t n, size_t size)
{
	resolve();
	if (!real_malloc) {
		size_t total;
		if (__builtin_mul_overflow(n, size, &total)) {
			errno = ENOMEM;
			return NULL;
		}
		/* boot_buf is static: zero already.  */
		return boot_alloc(total);
	}
	if (should_fail(CALLER, "calloc", n * size)) {
		errno = ENOMEM;
		return NULL;
	}
	return real_calloc(n, size);
}

static void *do_realloc(void *p, size_t size, const void *caller,
			const char *what)
{
	resolve();
	if (is_boot(p) || !real_malloc) {
		void *q = real_malloc ? real_malloc(size) : boot_alloc(size);
		/* The old size is not kept: copy what the buffer holds at
		   most.  */
		if (q && p) {
			size_t avail = (size_t)(boot_buf + sizeof(boot_buf) -
						(char *)p);
			memcpy(q, p, size < avail ? size : avail);
		}
		return q;
	}
	if (size && should_fail(caller, what, size)) {
		errno = ENOMEM;
		return NULL;
	}
	return real_realloc(p, size);
}

void *realloc(void *p, size_t size)
{
	return do_realloc(p, size, CALLER, "realloc");
}

void *reallocarray(void *p, size_t n, size_t size)
{
	size_t total;

	if (__builtin_mul_overflow(n, size, &total)) {
		errno = ENOMEM;
		return NULL;
	}
	return do_realloc(p, total, CALLER, "reallocarray");
}

void free(void *p)
{
	if (!p || is_boot(p))
		return;
	resolve();
	real_free(p);
}

/* Ours rather than libc's wrapped: libc's would count its own malloc,
   whose caller is libc, not the program that called strdup.  */
static char *dup_n(const char *s, size_t len, const void *caller,
		   const char *what)
{
	resolve();
	if (should_fail(caller, what, len + 1)) {
		errno = ENOMEM;
		return NULL;
	}
	char *d = real_malloc ? real_malloc(len + 1) : boot_alloc(len + 1);
	if (!d)
		return NULL;
	memcpy(d, s, len);
	d[len] = '\0';
	return d;
}

char *strdup(const char *s)
{
	return dup_n(s, strlen(s), CALLER, "strdup");
}

char *strndup(const char *s, size_t n)
{
	return dup_n(s, strnlen(s, n), CALLER, "strndup");
}

int posix_memalign(void **ret, size_t align, size_t size)
{
	resolve();
	if (should_fail(CALLER, "posix_memalign", size))
		return ENOMEM;
	return real_posix_memalign(ret, align, size);
}

static void *do_aligned(void *(*fn)(size_t, size_t), size_t align,
			size_t size, const void *caller, const char *what)
{
	if (should_fail(caller, what, size)) {
		errno = ENOMEM;
		return NULL;
	}
	return fn(align, size);
}

void *aligned_alloc(size_t align, size_t size)
{
	resolve();
	return do_aligned(real_aligned_alloc, align, size, CALLER,
			  "aligned_alloc");
}

void *memalign(size_t align, size_t size)
{
	resolve();
	return do_aligned(real_memalign, align, size, CALLER, "memalign");
}
