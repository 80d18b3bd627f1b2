/* An index of records by name: the records' places in an array, sorted
   by the name each holds, so that those of a name are found by binary
   search.  The collections of a build's per-type records (sitedb.h,
   allocdb.h) keep one, made when first asked and again once records
   were added.  */
#ifndef PH_NAMEIDX_H
#define PH_NAMEIDX_H

#include <stddef.h>

#include "error.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Records of STRIDE bytes from BASE, each with its name (a const char *)
   NAME_OFF bytes in.  */
struct ph_name_index {
	size_t *v;
	size_t n;	/* records indexed */
};

/* The index of the N records at BASE, made again when N changed
   (ties kept in record order).  */
struct ph_error *ph_name_index_update(struct ph_name_index *idx,
				      const void *base, size_t n,
				      size_t stride, size_t name_off);
/* The first place in IDX->v of a record named NAME, and in *END the
   place after the last.  */
size_t ph_name_index_find(const struct ph_name_index *idx, const void *base,
			  size_t stride, size_t name_off, const char *name,
			  size_t *end);
void ph_name_index_deinit(struct ph_name_index *idx);

#ifdef __cplusplus
}
#endif

#endif
