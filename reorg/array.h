/* Arrays that grow by doubling, for the lists built one element at a
   time.  */
#ifndef PH_ARRAY_H
#define PH_ARRAY_H

#include <stddef.h>

#include "error.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Room for element N of the array at *(T **)VP, *CAP elements of SIZE
   bytes allocated: when full, the allocation doubles, or becomes FIRST
   elements when there is none.  */
struct ph_error *ph_array_reserve(void *vp, size_t n, size_t *cap,
				  size_t first, size_t size);

#ifdef __cplusplus
}
#endif

#endif
