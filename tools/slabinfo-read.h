/* What pokehole --slabinfo reads of a kernel's slab caches
   (slabinfo-read.c): the lines of /proc/slabinfo (or of a saved copy),
   what SLUB shows of each cache under /sys/kernel/slab, and the CPUs
   it sizes its slabs for.  */
#ifndef PH_TOOLS_SLABINFO_READ_H
#define PH_TOOLS_SLABINFO_READ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../reorg/error.h"

#define PH_SLABINFO_PATH "/proc/slabinfo"
#define PH_SLAB_DIR "/sys/kernel/slab"
/* Names another slab directory: a saved one, or the tests' own.  */
#define PH_SLAB_DIR_ENV "POKEHOLE_SLAB_DIR"

/* One cache's line of slabinfo.  */
struct ph_slab_line {
	const char *name;
	uint64_t active;	/* active_objs */
	uint64_t slot;		/* objsize: the slot, not the object */
	uint64_t per_slab;	/* objperslab */
	uint64_t pages;		/* pagesperslab */
};

struct ph_slabinfo {
	struct ph_slab_line *caches;
	size_t nr;
	char *text;		/* the file; the names point into it */
};

/* The caches of the slabinfo at PATH (format 2.x).  An error says why
   it could not be read, without naming PATH.  */
struct ph_error *ph_slabinfo_read(const char *path, struct ph_slabinfo *ret);
void ph_slabinfo_deinit(struct ph_slabinfo *si);

/* A slab directory: its path, and its entries that are links to a
   directory of shared slabs (":a-0000168"), sorted by name.  SLUB
   names every mergeable cache so; the caches merged into one are the
   links to the same directory.  */
struct ph_slab_link {
	char *name;
	char *target;
};

struct ph_slab_dir {
	const char *path;
	struct ph_slab_link *links;
	size_t nr_links;
};

/* What SLUB shows of a cache: object_size, slab_size (its slot),
   align, and whether it has a constructor or SLAB_TYPESAFE_BY_RCU
   (ctor, destroy_by_rcu).  */
struct ph_slab_attrs {
	uint64_t object_size, slab_size;
	unsigned align;
	bool ctor, rcu;
};

/* The slab directory at PATH (kept, not copied).  One that cannot be
   read is an empty one: its caches then have no attributes.  */
struct ph_error *ph_slab_dir_open(const char *path, struct ph_slab_dir *ret);
void ph_slab_dir_deinit(struct ph_slab_dir *d);
/* The attributes of the cache NAME; false when D has no such cache or
   one of them is missing.  */
bool ph_slab_dir_attrs(const struct ph_slab_dir *d, const char *name,
		       struct ph_slab_attrs *ret);
/* The other caches merged with NAME, *NR of them in *RET (an array to
   free, pointing into D); none when NAME shares its slabs with no
   other.  */
struct ph_error *ph_slab_dir_merged(const struct ph_slab_dir *d,
				    const char *name, const char ***ret,
				    size_t *nr);

/* The CPUs SLUB sizes slabs for (num_present_cpus): those of
   /sys/devices/system/cpu/present, else those configured.  */
unsigned ph_present_cpus(void);

#endif
