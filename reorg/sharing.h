/* False sharing, found from the accesses (access.h) and the layout:
   members that different threads write, on one cacheline, so that each
   write takes the line from the other thread's cache although neither
   reads the other's member.  What counts as written by a thread
   (issue 36): an atomic write (a lock taken is one), or a write under a
   lock; a member no lock guards and no atomic writes is left alone (a
   data race, or one thread's).  Threads are the unit's thread roots
   that reach a function ("main", a pthread_create start routine...);
   the writers and readers compared are those threads only (a function
   no root reaches is not known to run beside another): a unit that
   starts no thread is checked for different locks alone.  */
#ifndef PH_SHARING_H
#define PH_SHARING_H

#include "access.h"
#include "layout.h"

#ifdef __cplusplus
extern "C" {
#endif

enum ph_sharing_why {
	/* Both written, one at least atomically (or a lock taken), each
	   by a thread that does not write the other (a write under a lock
	   counts for its thread).  */
	PH_SHARING_WRITERS,
	/* Both written under locks, never the same one.  */
	PH_SHARING_LOCKS,
	/* One written atomically (or a lock), the other read on hot paths
	   and never written there, by a thread that does not write the
	   first.  */
	PH_SHARING_READ_MOSTLY,
};

struct ph_sharing {
	/* The two member paths, A before B in the layout, their bytes.  */
	const char *a, *b;
	uint64_t a_offset, a_size, b_offset, b_size;
	/* The top-level members of T they are in.  */
	size_t a_member, b_member;
	uint64_t line;			/* the cacheline they share */
	enum ph_sharing_why why;
	/* A thread (or lock) on each side that the other lacks.  */
	const char *a_by, *b_by;
	/* PH_SHARING_READ_MOSTLY: A is the member read, B the one
	   written (else the other way round).  */
	bool a_read;
};

/* Where PATH (access.h's form) lies in T: the member it names, through
   untagged aggregates, else the top-level member holding it.  False
   when T has no such member.  */
bool ph_access_path_range(const struct ph_type *t, const char *path,
			  uint64_t *offset, uint64_t *size, size_t *top);

/* The pairs of A's members that share a CACHELINE-byte line in T and
   are written by different threads, in *RET (malloc'd; strings A's), *N
   of them: each pair of members once, ordered by the first member's
   offset, then the second's.  */
struct ph_error *ph_false_sharing(const struct ph_type *t,
				  const struct ph_type_access *a,
				  unsigned cacheline,
				  struct ph_sharing **ret, size_t *n);

void ph_false_sharing_free(struct ph_sharing *v);

#ifdef __cplusplus
}
#endif

#endif
