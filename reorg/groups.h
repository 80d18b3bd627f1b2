/* The kernel's cacheline groups: a struct's members between the
   zero-length markers __cacheline_group_begin__NAME and
   __cacheline_group_end__NAME (include/linux/cache.h), whose offsets and
   sizes its CACHELINE_ASSERT_GROUP_* checks and the net_cachelines
   tables keep by hand.  */
#ifndef PH_GROUPS_H
#define PH_GROUPS_H

#include "layout.h"

#ifdef __cplusplus
extern "C" {
#endif

#define PH_GROUP_BEGIN "__cacheline_group_begin__"
#define PH_GROUP_END "__cacheline_group_end__"

struct ph_group {
	const char *name;	/* after the prefix, in the member's name */
	size_t name_len;
	uint64_t offset;	/* of the begin marker */
	uint64_t size;		/* to the end marker */
	uint64_t cachelines;	/* the lines its bytes touch */
	uint64_t min_cachelines;	/* the fewest its size needs */
	bool ended;		/* an end marker was found */
};

/* The groups of T's members in the order of their begin markers: *RET
   (malloc'd, N of them; NULL and 0 for none).  A begin marker without
   its end is a group that is not ENDED, of size 0.  */
struct ph_error *ph_groups_of(const struct ph_type *t, unsigned cacheline,
			      struct ph_group **ret, size_t *n);

#ifdef __cplusplus
}
#endif

#endif
