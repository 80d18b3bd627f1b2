/* Distinct layouts: the one rule by which both sources print a type once
   for each distinct name and layout, however many compile units (or, in
   the plugin, classes GCC spells alike) repeat it.  */
#ifndef PH_REPORT_DEDUP_H
#define PH_REPORT_DEDUP_H

#include <stdbool.h>

#include "../reorg/error.h"
#include "../reorg/layout.h"

#ifdef __cplusplus
extern "C" {
#endif

struct ph_dedup;
struct ph_error *ph_dedup_create(struct ph_dedup **ret);
void ph_dedup_destroy(struct ph_dedup *d);
/* True when a type with T's name and layout was seen already; otherwise
   remembers it.  Where it was defined does not count.  */
struct ph_error *ph_dedup_seen(struct ph_dedup *d, const struct ph_type *t,
			       bool *ret);
/* The same for T that stays where it is, unchanged, until D is
   destroyed (a type in a model): its key is made only once a second type
   of its name comes, since no other can be the same layout.  */
struct ph_error *ph_dedup_seen_stable(struct ph_dedup *d,
				      const struct ph_type *t, bool *ret);

#ifdef __cplusplus
}
#endif

#endif
