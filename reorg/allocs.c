/* The names of allocs.h's kinds.  */
#include "allocs.h"

#include <string.h>

static const char *const how_names[PH_HOW_NR] = {
	[PH_HOW_MALLOC] = "malloc",
	[PH_HOW_KMALLOC] = "kmalloc",
	[PH_HOW_CACHE] = "cache",
	[PH_HOW_NEW] = "new",
	[PH_HOW_NEW_ARRAY] = "new[]",
	[PH_HOW_LIBRARY] = "library",
	[PH_HOW_OTHER] = "other",
};

const char *ph_alloc_how_name(enum ph_alloc_how how)
{
	return (unsigned)how < PH_HOW_NR ? how_names[how] : "?";
}

bool ph_alloc_how_parse(const char *s, enum ph_alloc_how *ret)
{
	for (unsigned h = 0; h < PH_HOW_NR; h++) {
		if (strcmp(s, how_names[h]) == 0) {
			*ret = (enum ph_alloc_how)h;
			return true;
		}
	}
	return false;
}
