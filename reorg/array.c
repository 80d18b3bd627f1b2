#include "array.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct ph_error *ph_array_reserve(void *vp, size_t *cap, size_t n,
				  size_t size)
{
	size_t want = *cap ? *cap : 8;
	void *v;

	if (n <= *cap)
		return NULL;
	while (want < n) {
		if (want > SIZE_MAX / 2)
			return &ph_error_nomem;
		want *= 2;
	}
	if (want > SIZE_MAX / size)
		return &ph_error_nomem;
	/* The pointer is read and written as bytes: VP points to a T *,
	   not to a void *.  */
	memcpy(&v, vp, sizeof(v));
	v = realloc(v, want * size);
	if (!v)
		return &ph_error_nomem;
	memcpy(vp, &v, sizeof(v));
	*cap = want;
	return NULL;
}
