/* The access-aware order (issue 36, "An order that serves the cache"):
   the members the program uses on hot paths first, those used together
   together, on the fewest cachelines; the members it uses only on cold
   paths, or not at all, last.  Used by the reader's `-R --access` over
   a program's merged records (accessdb.h) and by the plugin's
   `reorganize=access` over its unit's own.

   Tiers, from each top-level member's hot weight (the reads and writes
   on hot paths, over the functions; accessdb.h's sums):
   - hot: at least 1/16 of the hottest member's weight; inside it,
     members used together come together: the functions are walked from
     the one with the most hot weight on the type down, each appending
     its hot members not yet placed, heaviest first, as a rank of its
     own;
   - warm: the other members with hot accesses;
   - cold: only cold accesses, or none seen.
   The layout is the engine's (reorganize.h, ranks), so it is valid,
   keeps the cacheline-group fences and cacheline-aligned groups, and
   never touches T.  Its size: never more than the size-optimal order's
   (the engine without ranks) but for what keeping the hot members on
   fewer cachelines costs.  The orders tried, the first no larger than
   the size-optimal one taken: the three tiers; warm merged into cold;
   only the hot members first (all of them one rank).  When none is,
   the one whose hot members touch the fewest cachelines (the
   size-optimal order among them), and EXTRA says what it costs.  */
#ifndef PH_ACCESSORDER_H
#define PH_ACCESSORDER_H

#include "access.h"
#include "reorganize.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Cachelines (indexes: offset / cacheline) as N runs of consecutive
   ones, FROM[i] to TO[i], sorted, apart (a large array touches many:
   never one entry each); COUNT lines in all.  */
struct ph_access_lines {
	const uint64_t *from, *to;
	size_t n;
	uint64_t count;
};

enum ph_access_tier { PH_TIER_HOT, PH_TIER_WARM, PH_TIER_COLD };

/* One of the hottest functions: the lines of the members it reads or
   writes on hot paths.  */
struct ph_access_fn_lines {
	const char *fn;
	double weight;		/* its hot weight on the type */
	struct ph_access_lines now, then;
};

enum { PH_ACCESS_TOP_FUNCTIONS = 3 };

/* Which order was taken.  */
enum ph_access_choice {
	PH_ACCESS_TIERS,	/* hot, warm, cold */
	PH_ACCESS_WARM_COLD,	/* hot, then warm and cold as one */
	PH_ACCESS_HOT_FIRST,	/* the hot members first, as one */
	PH_ACCESS_SIZE_OPTIMAL,	/* the engine's, without ranks */
};

struct ph_access_order_result {
	/* The access-aware layout, in MODEL's arena; T itself when nothing
	   changed, and then UNCHANGED says why.  */
	const struct ph_type *type;
	const char *unchanged;
	enum ph_access_choice choice;
	/* The engine's answer that gave TYPE (its steps, for -S).  */
	struct ph_reorg_result reorg;
	/* Per member of T (T->nr_members): its tier, its weights.  */
	const enum ph_access_tier *tiers;
	const double *hot_weights, *cold_weights;
	/* The hot members as T's indexes, in the order the functions'
	   walk placed them, and their names (as an order names them: a
	   base "base NAME", an anonymous aggregate "{NAME}").  */
	const size_t *hot;
	const char *const *hot_names;
	size_t nr_hot;
	/* The lines the hot members touch in T and in TYPE.  */
	struct ph_access_lines hot_now, hot_then;
	/* The up to PH_ACCESS_TOP_FUNCTIONS hottest functions.  */
	struct ph_access_fn_lines fns[PH_ACCESS_TOP_FUNCTIONS];
	size_t nr_fns;
	/* The engine's size-optimal size, and what TYPE takes beyond it
	   (0 when nothing).  */
	uint64_t size_optimal, extra;
};

/* T's access-aware order from its accesses MERGED (one unit's record,
   or a program's view: accessdb.h), with OPTS's cacheline, hot
   members, budget and the like (its ranks ignored), into *RET, which
   points into MODEL's arena.  */
struct ph_error *ph_access_order(struct ph_model *model,
				 const struct ph_type *t,
				 const struct ph_type_access *merged,
				 const struct ph_reorg_options *opts,
				 struct ph_access_order_result *ret);

#ifdef __cplusplus
}
#endif

#endif
