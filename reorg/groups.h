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
#define PH_GROUP_PAD "__cacheline_group_pad__"

struct ph_group {
	const char *name;	/* after the prefix, in the member's name */
	size_t name_len;
	const struct ph_member *begin;	/* the markers, in T's members */
	const struct ph_member *end;	/* NULL: no end marker found */
	uint64_t offset;	/* of the begin marker */
	uint64_t size;		/* to the end marker */
	uint64_t cachelines;	/* the lines its bytes touch */
	uint64_t min_cachelines;	/* the fewest its size needs */
};

/* M is one of the markers (a begin, an end, or the padding an _aligned
   end declares): a fence the reorganizer does not move members across.  */
bool ph_group_marker(const struct ph_member *m);

/* M is what the kernel's struct_group() writes: a union of an anonymous
   struct and a struct named like the group with the same members at the
   same offsets (struct_group_tagged(): that one of a tagged type, whose
   tag *TAG gets, when TAG is not NULL; NULL for an untagged one).  */
bool ph_struct_group(const struct ph_member *m, const char **tag);

/* The groups of T's members in the order of their begin markers: *RET
   (malloc'd, N of them; NULL and 0 for none).  A begin marker without
   its end is a group without END, of size 0.  */
struct ph_error *ph_groups_of(const struct ph_type *t, unsigned cacheline,
			      struct ph_group **ret, size_t *n);

#ifdef __cplusplus
}
#endif

#endif
