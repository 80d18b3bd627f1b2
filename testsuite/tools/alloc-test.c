/* alloc-test - reorg/alloc.c's allocator models against the allocators
   themselves (testsuite/pokehole.reorg/alloc.exp).
   Copyright (C) 2026 The pokehole authors.
   SPDX-License-Identifier: GPL-3.0-or-later

       alloc-test glibc             every request from 1 to 4096 bytes,
                                    and a spread to 1 MiB: the model's
                                    usable size against malloc_usable_size
                                    (built -m32 too: the i386 model)
       alloc-test jemalloc          every request to 64 KiB and a spread
                                    to 64 MiB: the model's class against
                                    jemalloc's nallocx, run with
                                    LD_PRELOAD=libjemalloc.so.2 (its
                                    thread-local storage is initial-exec:
                                    it cannot be dlopen'ed)
       alloc-test kmalloc SLABINFO  the kmalloc-N lines of SLABINFO (a
                                    /proc/slabinfo): the model's caches are
                                    theirs, and each cache's objects a
                                    slab and pages a slab are SLUB's order
                                    for this machine's CPUs
       alloc-test slub SLABDIR      every cache of SLABDIR (a
                                    /sys/kernel/slab): the model's slot
                                    for its object_size, align, ctor and
                                    destroy_by_rcu is its slab_size, and
                                    SLUB's order for that slot its order
                                    and objs_per_slab

   Prints each difference (at most 20) and a last line "MODEL: N
   checked, N differ"; exit 0 when none differ, 1 when some do, 2 when
   the allocator cannot be asked.  */
#define _GNU_SOURCE
#include <dirent.h>
#include <dlfcn.h>
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../reorg/alloc.h"

static unsigned long checked, differ;

static void result(const char *what, unsigned long long n, unsigned long long model,
		   unsigned long long real)
{
	checked++;
	if (model == real)
		return;
	if (differ++ < 20)
		printf("%s %llu: the model says %llu, the allocator %llu\n", what, n, model, real);
}

/* 1 to 4096 one by one, then steps growing by an eighth, to LIMIT.  */
static unsigned long long next_size(unsigned long long n)
{
	return n < 4096 ? n + 1 : n + n / 8 + 1;
}

static int test_glibc(void)
{
	struct ph_alloc_model m;
	struct ph_alloc_class c;
	ph_alloc_glibc(&m, sizeof(void *));
	/* None freed before the end, and nothing else allocated: each
	   chunk comes from the top of the heap, as the model's (a free
	   chunk reused whole may be larger), and freeing a mapped chunk
	   would raise the mmap threshold.  */
	static void *keep[8192];
	size_t nkeep = 0;
	for (unsigned long long n = 1; n <= 1 << 20 && nkeep < 8192; n = next_size(n)) {
		void *p = malloc(n);
		if (!p) {
			printf("out of memory\n");
			return 2;
		}
		keep[nkeep++] = p;
		ph_alloc_class(&m, n, &c);
		result("malloc_usable_size of", n, c.usable, malloc_usable_size(p));
	}
	for (size_t i = 0; i < nkeep; i++)
		free(keep[i]);
	printf("glibc (%u-byte pointers): %lu checked, %lu differ\n", (unsigned)sizeof(void *),
	       checked, differ);
	return differ != 0;
}

static int test_jemalloc(void)
{
	size_t (*nallocx)(size_t, int) = (size_t (*)(size_t, int))dlsym(RTLD_DEFAULT, "nallocx");
	if (!nallocx) {
		printf("no nallocx: run with LD_PRELOAD=libjemalloc.so.2\n");
		return 2;
	}
	struct ph_alloc_model m;
	struct ph_alloc_class c;
	ph_alloc_jemalloc(&m);
	for (unsigned long long n = 1; n <= 64ull << 20; n = n < 65536 ? n + 1 : next_size(n)) {
		ph_alloc_class(&m, n, &c);
		result("nallocx of", n, c.size, nallocx(n, 0));
	}
	printf("jemalloc: %lu checked, %lu differ\n", checked, differ);
	return differ != 0;
}

/* kmalloc-N or kmalloc-Nk: N in bytes, 0 for another name.  */
static unsigned long cache_size(const char *name)
{
	char *end;
	if (strncmp(name, "kmalloc-", 8) != 0 || name[8] < '0' || name[8] > '9')
		return 0;
	unsigned long n = strtoul(name + 8, &end, 10);
	if (*end == 'k' && end[1] == 0)
		return n * 1024;
	return *end == 0 ? n : 0;
}

/* The CPUs SLUB counts (num_present_cpus): /sys's present list.  */
static unsigned present_cpus(void)
{
	FILE *f = fopen("/sys/devices/system/cpu/present", "r");
	unsigned n = 0, a, b;
	int c;
	if (f) {
		while (fscanf(f, "%u", &a) == 1) {
			b = a;
			if ((c = fgetc(f)) == '-') {
				if (fscanf(f, "%u", &b) != 1)
					break;
				c = fgetc(f);
			}
			n += b - a + 1;
			if (c != ',')
				break;
		}
		fclose(f);
	}
	return n ? n : (unsigned)sysconf(_SC_NPROCESSORS_CONF);
}

static int test_kmalloc(const char *path)
{
	FILE *f = fopen(path, "r");
	if (!f) {
		printf("cannot read %s\n", path);
		return 2;
	}
	struct ph_alloc_model m;
	struct ph_alloc_class c;
	unsigned cpus = present_cpus();
	ph_alloc_kmalloc(&m, cpus);
	uint32_t sizes[PH_ALLOC_MAX_CACHES];
	unsigned n = 0;
	char line[1024], name[256];
	while (fgets(line, sizeof line, f)) {
		unsigned long active, num, objsize, perslab, pages;
		if (sscanf(line, "%255s %lu %lu %lu %lu %lu", name, &active, &num, &objsize,
			   &perslab, &pages) != 6 || cache_size(name) == 0)
			continue;
		if (cache_size(name) != objsize || n == PH_ALLOC_MAX_CACHES) {
			printf("%s: objects of %lu bytes\n", name, objsize);
			differ++;
			continue;
		}
		sizes[n++] = (uint32_t)objsize;
		unsigned per;
		unsigned order = ph_slub_order(objsize, cpus, m.page_size, &per);
		result("objects a slab of kmalloc-", objsize, per, perslab);
		result("pages a slab of kmalloc-", objsize, 1ull << order, pages);
	}
	fclose(f);
	if (n == 0) {
		printf("no kmalloc-N lines in %s\n", path);
		return 2;
	}
	/* the model's caches are the kernel's: each request's cache */
	struct ph_alloc_model k = m;
	ph_alloc_kmalloc_caches(&k, sizes, n);
	for (unsigned long long req = 1; req <= 3 * 8192; req++) {
		struct ph_alloc_class kc;
		ph_alloc_class(&m, req, &c);
		ph_alloc_class(&k, req, &kc);
		result("the kmalloc cache of", req, c.size, kc.size);
	}
	printf("kmalloc (%u CPUs, %u caches): %lu checked, %lu differ\n", cpus, n, checked, differ);
	return differ != 0;
}

/* SLABDIR/CACHE/FILE: its number, or -1; for ctor, 1 when it names
   one.  */
static long sys_value(const char *dir, const char *cache, const char *file)
{
	char path[1024], buf[256];
	snprintf(path, sizeof path, "%s/%s/%s", dir, cache, file);
	FILE *f = fopen(path, "r");
	long v = -1;
	if (f && fgets(buf, sizeof buf, f))
		v = strcmp(file, "ctor") == 0 ? (buf[0] != '\n' && buf[0] != 0) : strtol(buf, NULL, 10);
	else if (f && strcmp(file, "ctor") == 0)
		v = 0;
	if (f)
		fclose(f);
	return v;
}

static int test_slub(const char *dir)
{
	DIR *d = opendir(dir);
	if (!d) {
		printf("cannot read %s\n", dir);
		return 2;
	}
	unsigned cpus = present_cpus(), caches = 0, inside = 0;
	struct dirent *e;
	while ((e = readdir(d))) {
		const char *c = e->d_name;
		if (c[0] == '.')
			continue;
		long os = sys_value(dir, c, "object_size"), slot = sys_value(dir, c, "slab_size");
		long align = sys_value(dir, c, "align"), rcu = sys_value(dir, c, "destroy_by_rcu");
		long ctor = sys_value(dir, c, "ctor"), order = sys_value(dir, c, "order");
		long per = sys_value(dir, c, "objs_per_slab");
		if (os <= 0 || slot <= 0 || align <= 0 || order < 0 || per <= 0)
			continue;
		caches++;
		uint64_t model = ph_slub_slot((uint64_t)os, (unsigned)align, ctor == 1 || rcu == 1);
		/* SLAB_TYPESAFE_BY_RCU with a freeptr_offset (Linux 6.12 and
		   later: its creator's choice, which sysfs does not show)
		   keeps the free pointer inside */
		if (model != (uint64_t)slot && rcu == 1 && ctor != 1 &&
		    ph_slub_slot((uint64_t)os, (unsigned)align, 0) == (uint64_t)slot) {
			model = (uint64_t)slot;
			inside++;
		}
		char what[300];
		snprintf(what, sizeof what, "the slot of %s, object", c);
		result(what, (unsigned long long)os, model, (unsigned long long)slot);
		unsigned n;
		unsigned o = ph_slub_order((uint64_t)slot, cpus, 4096, &n);
		snprintf(what, sizeof what, "the order of %s, slot", c);
		result(what, (unsigned long long)slot, o, (unsigned long long)order);
		snprintf(what, sizeof what, "the objects a slab of %s, slot", c);
		result(what, (unsigned long long)slot, n, (unsigned long long)per);
	}
	closedir(d);
	if (caches == 0) {
		printf("no caches in %s\n", dir);
		return 2;
	}
	printf("slub (%u CPUs, %u caches, %u with the free pointer inside by RCU's freeptr_offset): %lu checked, %lu differ\n",
	       cpus, caches, inside, checked, differ);
	return differ != 0;
}

int main(int argc, char **argv)
{
	if (argc == 2 && strcmp(argv[1], "glibc") == 0)
		return test_glibc();
	if (argc == 2 && strcmp(argv[1], "jemalloc") == 0)
		return test_jemalloc();
	if (argc == 3 && strcmp(argv[1], "kmalloc") == 0)
		return test_kmalloc(argv[2]);
	if (argc == 3 && strcmp(argv[1], "slub") == 0)
		return test_slub(argv[2]);
	fprintf(stderr, "usage: alloc-test glibc | jemalloc | kmalloc SLABINFO | slub SLABDIR\n");
	return 2;
}
