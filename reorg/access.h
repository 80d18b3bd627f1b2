/* Which members of a type the code reads and writes, how often, on which
   paths, atomically or under which lock (issue 36).  The plugin counts
   them in each function's body (plugin/access-walk.cc) and writes one
   "access" record per type and unit (docs/layout-jsonl.md, "Member
   accesses"); the reader gathers those of a program (accessdb.h).  Both
   fill this model; the access-aware order (accessorder.h) and the false
   sharing check (sharing.h) read it.  */
#ifndef PH_ACCESS_H
#define PH_ACCESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "layout.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What an access weighs (the record's "weights").  */
enum ph_access_weights {
	/* No frequencies (-O0, -Og): each access weighs 1.  */
	PH_WEIGHTS_NONE,
	/* GCC's static estimate: a function's entry weighs 1.  */
	PH_WEIGHTS_ESTIMATE,
	/* -fprofile-use's counts.  */
	PH_WEIGHTS_PROFILE,
};

const char *ph_access_weights_name(enum ph_access_weights w);
bool ph_access_weights_parse(const char *s, enum ph_access_weights *ret);

/* One member path as one function touches it.  Weights are doubles:
   estimates are fractions, profiles counts.  */
struct ph_member_access {
	/* "fd", "buf[].len", "base node.next" (docs/layout-jsonl.md).  */
	const char *path;
	double reads, writes;		/* on hot paths */
	double cold_reads, cold_writes;	/* on cold paths */
	/* Of all the above, the atomic ones.  */
	double atomic_reads, atomic_writes;
	/* Accesses in the function's code.  */
	uint32_t sites;
};

struct ph_function_access {
	const char *fn;		/* as GCC prints it */
	/* Its symbol when other units may have it too (public, inline),
	   "" for a unit's own.  */
	const char *symbol;
	const char *file;
	uint32_t line;
	bool cold;
	/* The unit's thread roots that reach it ("main", a start routine);
	   none: unknown (any thread may call it).  */
	const char **threads;
	size_t nr_threads;
	/* The lock members of the type it takes, by path.  */
	const char **locks;
	size_t nr_locks;
	struct ph_member_access *members;
	size_t nr_members;
};

/* A type's accesses in one unit (a record), or merged.  */
struct ph_type_access {
	const char *name;
	enum ph_kind kind;
	bool typedef_name;
	const char *file;
	uint32_t line;
	const char *dir, *unit;
	uint64_t size;
	uint32_t align;
	enum ph_access_weights weights;
	/* Members that are locks, of an atomic type: paths.  */
	const char **locks;
	size_t nr_locks;
	const char **atomics;
	size_t nr_atomics;
	struct ph_function_access *functions;
	size_t nr_functions;
};

/* The index of the top-level member of T that PATH is in (through an
   anonymous aggregate's members, "base NAME" for a base), or SIZE_MAX
   when T has none of that name.  */
size_t ph_access_top_member(const struct ph_type *t, const char *path);

#ifdef __cplusplus
}
#endif

#endif
