/* The one growth helper of the whole tree: arrays that grow by doubling,
   for the lists built one element (or a few) at a time.  */
#ifndef PH_ARRAY_H
#define PH_ARRAY_H

#include <stddef.h>

#include "error.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Room for N elements in all in the array at *(T **)VP, of which *CAP
   elements of SIZE bytes are allocated: when N > *CAP the allocation
   doubles (from 8 elements when there is none) until it holds N, the
   first *CAP elements kept, and *CAP becomes its size.  Returns
   &ph_error_nomem, the array and *CAP as they were, when the memory or
   the size does not suffice.  The usual call, before storing element
   *N: ph_array_reserve(&v, &cap, n + 1, sizeof(*v)).  */
struct ph_error *ph_array_reserve(void *vp, size_t *cap, size_t n,
				  size_t size);

#ifdef __cplusplus
}
#endif

#endif
