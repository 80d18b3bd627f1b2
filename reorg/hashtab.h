/* The one hash table of the whole tree: open addressing with linear
   probing, generated for an entry type by PH_HASH_TABLE, so that an
   entry is stored in the table itself (no node per entry, no void * nor
   call through a pointer per comparison: the readers look a DIE up in a
   table for nearly every reference they follow, and report/dedup.c one
   whole layout for every type read).

   PH_HASH_TABLE(table, entry_type, key_type, key_hash, key_eq,
		 entry_hash)

   defines struct table and its functions table_init, table_deinit,
   table_size, table_find, table_insert, table_add, table_delete,
   table_remove, table_reserve, table_first and table_next (below), for
   entries of entry_type looked up by a key_type (passed by value: a
   pointer, an integer or a small struct; a key may carry a hash made
   beforehand), given
     uint64_t key_hash(key_type key);
     bool key_eq(key_type key, const entry_type *entry);
     uint64_t entry_hash(const entry_type *entry);
   (functions or macros), entry_hash(E) being key_hash of the key E was
   stored under.  The hash's high bits pick the slot, those below them
   make a 7-bit tag kept per slot, so that most slots of another key are
   passed over without calling key_eq: a hash must mix into its high
   bits (hash.h's do).

   The state is the caller's (a member of its own structure), with
   _init and _deinit; the functions that can fail return a struct
   ph_error *, NULL on success, &ph_error_nomem when memory runs out,
   and the table is then as it was.  Entries move when the table grows
   and when one is deleted: a pointer to an entry is good until the next
   call that adds or deletes.  The slots' order (table_first,
   table_next) follows the hashes: a caller that prints in the order
   entries came keeps them in an array of its own and stores indexes
   into it.  At most half the slots are used, the capacity a power of
   two.  */
#ifndef PH_HASHTAB_H
#define PH_HASHTAB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "error.h"
#include "hash.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A table's functions that its user does not call are no mistake
   (clang warns of unused static inline functions a macro made).  */
#if defined(__GNUC__)
#define PH_HASHTAB_FN static inline __attribute__((unused))
#else
#define PH_HASHTAB_FN static inline
#endif

/* The first allocation's slots.  */
enum { PH_HASHTAB_MIN_SLOTS = 16 };

/* The slot a hash starts from in a table of 2^(64 - SHIFT) slots.  */
static inline size_t ph_hashtab_home(uint64_t h, unsigned shift)
{
	return (size_t)(h >> shift);
}

/* The tag of a used slot: never 0, which marks an empty one; taken from
   the bits below those that chose the slot, which the keys probed in a
   run of slots do not all share.  */
static inline unsigned char ph_hashtab_tag(uint64_t h, unsigned shift)
{
	return (unsigned char)(0x80 | ((h >> (shift - 7)) & 0x7f));
}

/* The slots for N entries at most half full, doubled from CAP (or
   PH_HASHTAB_MIN_SLOTS) with their SHIFT; false when the size does not
   fit.  */
static inline bool ph_hashtab_slots_for(size_t n, size_t cap, size_t size,
					size_t *slots, unsigned *shift)
{
	unsigned bits = 0;

	if (!cap)
		cap = PH_HASHTAB_MIN_SLOTS;
	while (cap / 2 < n) {
		if (cap > SIZE_MAX / 2 / size)
			return false;
		cap *= 2;
	}
	while (((size_t)1 << bits) < cap)
		bits++;
	*slots = cap;
	*shift = 64 - bits;
	return true;
}

#define PH_HASH_TABLE(table, entry_type, key_type, key_hash, key_eq,	\
		      entry_hash)					\
struct table {								\
	entry_type *entries;						\
	/* per slot: 0 empty, otherwise the entry's ph_hashtab_tag */	\
	unsigned char *ctrl;						\
	size_t n, cap;							\
	unsigned shift;		/* cap is 2^(64 - shift) */		\
};									\
									\
PH_HASHTAB_FN void table##_init(struct table *t)			\
{									\
	t->entries = NULL;						\
	t->ctrl = NULL;							\
	t->n = t->cap = 0;						\
	t->shift = 64;							\
}									\
									\
PH_HASHTAB_FN void table##_deinit(struct table *t)			\
{									\
	free(t->entries);						\
	free(t->ctrl);							\
	table##_init(t);						\
}									\
									\
PH_HASHTAB_FN size_t table##_size(const struct table *t)		\
{									\
	return t->n;							\
}									\
									\
/* KEY's slot (*FOUND), or the empty slot where it would go: there is	\
   one, the table being at most half full.  */				\
PH_HASHTAB_FN size_t table##_probe_(const struct table *t, key_type key,\
				    uint64_t h, bool *found)		\
{									\
	size_t mask = t->cap - 1, i = ph_hashtab_home(h, t->shift);	\
	unsigned char tag = ph_hashtab_tag(h, t->shift);		\
									\
	for (;; i = (i + 1) & mask) {					\
		if (!t->ctrl[i]) {					\
			*found = false;					\
			return i;					\
		}							\
		if (t->ctrl[i] == tag && key_eq(key, &t->entries[i])) {	\
			*found = true;					\
			return i;					\
		}							\
	}								\
}									\
									\
/* The first empty slot from hash H's: where an entry not in the table	\
   goes.  */								\
PH_HASHTAB_FN size_t table##_free_slot_(const struct table *t,		\
					uint64_t h)			\
{									\
	size_t mask = t->cap - 1, i = ph_hashtab_home(h, t->shift);	\
									\
	while (t->ctrl[i])						\
		i = (i + 1) & mask;					\
	return i;							\
}									\
									\
/* Room for N entries in all without growing: a table filled to a size	\
   known beforehand allocates once.  */					\
PH_HASHTAB_FN struct ph_error *table##_reserve(struct table *t, size_t n)\
{									\
	struct table g = *t;						\
									\
	if (n <= t->cap / 2)						\
		return NULL;						\
	if (!ph_hashtab_slots_for(n, t->cap, sizeof(entry_type), &g.cap,\
				  &g.shift))				\
		return &ph_error_nomem;					\
	g.entries = (entry_type *)malloc(g.cap * sizeof(entry_type));	\
	g.ctrl = (unsigned char *)calloc(g.cap, 1);			\
	if (!g.entries || !g.ctrl) {					\
		free(g.entries);					\
		free(g.ctrl);						\
		return &ph_error_nomem;					\
	}								\
	for (size_t i = 0; i < t->cap; i++) {				\
		uint64_t h;						\
		size_t j;						\
									\
		if (!t->ctrl[i])					\
			continue;					\
		h = entry_hash(&t->entries[i]);				\
		j = table##_free_slot_(&g, h);				\
		g.ctrl[j] = ph_hashtab_tag(h, g.shift);			\
		g.entries[j] = t->entries[i];				\
	}								\
	free(t->entries);						\
	free(t->ctrl);							\
	*t = g;								\
	return NULL;							\
}									\
									\
/* KEY's entry, or NULL.  */						\
PH_HASHTAB_FN entry_type *table##_find(const struct table *t,		\
				       key_type key)			\
{									\
	bool found;							\
	size_t i;							\
									\
	if (!t->n)							\
		return NULL;						\
	i = table##_probe_(t, key, key_hash(key), &found);		\
	return found ? &t->entries[i] : NULL;				\
}									\
									\
/* KEY's entry in *RET, *FOUND true; or, when there is none, a slot	\
   made for it, *FOUND false, whose entry the caller fills at once (so	\
   that key_eq(KEY, entry) holds and entry_hash(entry) is		\
   key_hash(KEY)), or gives back with table_remove, before any other	\
   call on the table.  One search, where find then add take two.  */	\
PH_HASHTAB_FN struct ph_error *table##_insert(struct table *t,		\
					      key_type key,		\
					      entry_type **ret,		\
					      bool *found)		\
{									\
	uint64_t h = key_hash(key);					\
	struct ph_error *err;						\
	size_t i = 0;							\
									\
	*found = false;							\
	if (t->cap)							\
		i = table##_probe_(t, key, h, found);			\
	if (*found) {							\
		*ret = &t->entries[i];					\
		return NULL;						\
	}								\
	if (2 * (t->n + 1) > t->cap) {					\
		if ((err = table##_reserve(t, t->n + 1)))		\
			return err;					\
		i = table##_free_slot_(t, h);				\
	}								\
	t->ctrl[i] = ph_hashtab_tag(h, t->shift);			\
	t->n++;								\
	*ret = &t->entries[i];						\
	return NULL;							\
}									\
									\
/* A copy of *E, whose key is not in the table yet (the caller looked	\
   for it); *RET (when RET is not NULL) the copy.  */			\
PH_HASHTAB_FN struct ph_error *table##_add(struct table *t,		\
					   const entry_type *e,		\
					   entry_type **ret)		\
{									\
	uint64_t h = entry_hash(e);					\
	struct ph_error *err;						\
	size_t i;							\
									\
	if (2 * (t->n + 1) > t->cap &&					\
	    (err = table##_reserve(t, t->n + 1)))			\
		return err;						\
	i = table##_free_slot_(t, h);					\
	t->ctrl[i] = ph_hashtab_tag(h, t->shift);			\
	t->entries[i] = *e;						\
	t->n++;								\
	if (ret)							\
		*ret = &t->entries[i];					\
	return NULL;							\
}									\
									\
/* Takes E (an entry of T) out.  The entries after it in its run move	\
   back into the gap (no tombstones: a search stops at the first empty	\
   slot as before): the entry of slot J moves to the gap I when its	\
   home slot is not between them.  E's own entry is not read.  */	\
PH_HASHTAB_FN void table##_remove(struct table *t, entry_type *e)	\
{									\
	size_t mask = t->cap - 1, i = (size_t)(e - t->entries);		\
									\
	for (size_t j = (i + 1) & mask; t->ctrl[j]; j = (j + 1) & mask) {\
		size_t home = ph_hashtab_home(entry_hash(&t->entries[j]),\
					      t->shift);		\
									\
		if (((j - home) & mask) >= ((j - i) & mask)) {		\
			t->entries[i] = t->entries[j];			\
			t->ctrl[i] = t->ctrl[j];			\
			i = j;						\
		}							\
	}								\
	t->ctrl[i] = 0;							\
	t->n--;								\
}									\
									\
/* Takes KEY's entry out; false when there is none.  */			\
PH_HASHTAB_FN bool table##_delete(struct table *t, key_type key)	\
{									\
	entry_type *e = table##_find(t, key);				\
									\
	if (!e)								\
		return false;						\
	table##_remove(t, e);						\
	return true;							\
}									\
									\
/* The first used slot from I's, or NULL.  */				\
PH_HASHTAB_FN entry_type *table##_from_(const struct table *t, size_t i)\
{									\
	for (; i < t->cap; i++)						\
		if (t->ctrl[i])						\
			return &t->entries[i];				\
	return NULL;							\
}									\
									\
/* The entries in slot order: for (e = table_first(t); e;		\
   e = table_next(t, e)); not across an insert, add or delete.  */	\
PH_HASHTAB_FN entry_type *table##_first(const struct table *t)		\
{									\
	return table##_from_(t, 0);					\
}									\
									\
PH_HASHTAB_FN entry_type *table##_next(const struct table *t,		\
				       const entry_type *e)		\
{									\
	return table##_from_(t, (size_t)(e - t->entries) + 1);		\
}

#ifdef __cplusplus
}
#endif

#endif
