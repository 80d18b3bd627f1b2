/* The reorganize/pack engine: a smaller order for a struct's members.

   Guarantees, for every struct it is given:
   - valid: every member lands where the compiler would put it in the new
     order (the engine replays the ABI's placement rules, and first checks
     that replaying them on the original order gives the original layout
     exactly; when it does not, the type is left alone and `refused` says
     why);
   - never larger than the original (but with ranks, below: the
     ranked order is the answer whatever its size, for the caller to
     weigh);
   - optimal whenever the search can prove it (the lower bound reached, or
     the search finished), else the smallest order it found;
   - least change: among the smallest orders it finds, one reached by
     moving few members, keeping the others in their original order.

   Bitfields move in runs (adjacent bitfields stay together, in order);
   C++ bases and the vptr stay first, a flexible array member stays last;
   a member aligned to a cacheline or more starts a group that no member
   leaves; the kernel's cacheline group markers (groups.h) are fences:
   members stay in their group, members outside every group stay
   outside, groups keep their order; hot members are packed first (in
   their group), then members by rank.  The original type is never
   touched: the result is a new type in the model's arena.  */
#ifndef PH_REORGANIZE_H
#define PH_REORGANIZE_H

#include "layout.h"

#ifdef __cplusplus
extern "C" {
#endif

struct ph_reorg_options {
	unsigned cacheline;		/* bytes; 0 means 64 */
	/* Names of members to pack at the front, or NULL.  */
	const char *const *hot;
	size_t nr_hot;
	/* Per member of the type (T->members[i], NR_RANKS of them: T's
	   nr_members), a rank, or NULL: lower ranks go first, after the
	   hot members, in each stretch between what is fixed (cacheline
	   group markers, cacheline-aligned members, bases); the members of
	   one rank are packed together by the size search as the hot ones
	   are (a bitfield run takes its lowest rank).  With ranks the
	   result is the ranked order whenever it moved a member, smaller
	   or not (the access-aware order, accessorder.h, weighs it against
	   the size-optimal one).  Untagged aggregates inside are
	   reorganized without them.  */
	const unsigned *ranks;
	size_t nr_ranks;
	/* Opt-in: a bitfield whose declared type is wider than its width
	   needs gets the smallest integer type of its signedness that holds
	   it (int flag:1 becomes signed char flag:1): a change of type, so
	   never done unasked.  */
	bool demote_bitfields;
	/* Opt-in: members may leave the group a cacheline-aligned member
	   heads (and others join it), as pahole moves them: by default such
	   a member stays where it is with the members after it, which are
	   there to share its cacheline or to stay off the one before.  */
	bool cross_groups;
	/* Build each step's layout (for --show_reorg_steps); without it
	   the steps name the moves only, and cost nothing to keep.  */
	bool steps;
	/* Work the search may do per group, in member placements; 0: the
	   default, a few milliseconds.  */
	unsigned long search_budget;
	/* Groups of up to this many units are searched through every order;
	   larger ones by a bounded search for the size, then for the fewest
	   moves.  0: 16.  (Tests lower it to check the bounded searches
	   against every order on groups small enough to try them all.)  */
	size_t exhaustive_max;
};

struct ph_reorg_step {
	const char *moved;	/* the member moved */
	const char *from_after;	/* the member it followed; "" when first */
	const char *to_after;	/* the member it follows now; "" when first */
	/* The whole type after this step; NULL unless options.steps.  */
	const struct ph_type *layout;
};

struct ph_reorg_result {
	/* The suggested layout; the original itself when nothing is
	   gained or the type was refused.  */
	const struct ph_type *type;
	uint64_t original_size;
	/* The lower bound: member sizes (bitfields in bits) rounded up to
	   the alignment, per cacheline group.  */
	uint64_t lower_bound;
	/* type->size is the smallest any order can reach.  */
	bool optimal;
	/* No order reaching type->size moves fewer members (searched
	   through, not only tried).  */
	bool least_change;
	/* NULL, or why the type was left as it is.  */
	const char *refused;
	size_t nr_steps;
	struct ph_reorg_step *steps;
	/* options.steps was asked, but the layouts after the steps would
	   have been too many members in all: each step's layout is NULL.  */
	bool step_layouts_omitted;
};

struct ph_error *ph_reorganize(struct ph_model *model, const struct ph_type *t,
			       const struct ph_reorg_options *opts,
			       struct ph_reorg_result *ret);

#ifdef __cplusplus
}
#endif

#endif
