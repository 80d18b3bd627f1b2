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
   bits (hash.h's do).  The names the functions use inside end in '_',
   so that those three may have any name without one.
   PH_HASH_TABLE_U64(table, entry_type) is the table of entries with a
   uint64_t member key (a DIE's address, an offset), hashed by
   ph_hash_u64.

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

/* Asks for the cache line at P ahead of its use: a probe reads its slot's
   tag, then its entry, two places in memory, and in a table larger than
   the cache (report/dedup.c's, the readers' fingerprints of a vmlinux)
   each read is a miss; asked for at once, the two misses overlap where
   they would come one after the other.  */
#if defined(__GNUC__)
#define ph_hashtab_prefetch(p) __builtin_prefetch(p)
#else
#define ph_hashtab_prefetch(p) ((void)(p))
#endif

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
PH_HASHTAB_FN void table##_init(struct table *t_)			\
{									\
	t_->entries = NULL;						\
	t_->ctrl = NULL;						\
	t_->n = t_->cap = 0;						\
	t_->shift = 64;							\
}									\
									\
PH_HASHTAB_FN void table##_deinit(struct table *t_)			\
{									\
	free(t_->entries);						\
	free(t_->ctrl);							\
	table##_init(t_);						\
}									\
									\
PH_HASHTAB_FN size_t table##_size(const struct table *t_)		\
{									\
	return t_->n;							\
}									\
									\
/* KEY's slot (*FOUND), or the empty slot where it would go: there is	\
   one, the table being at most half full.  */				\
PH_HASHTAB_FN size_t table##_probe_(const struct table *t_, key_type key_, \
				    uint64_t h_, bool *found_)		\
{									\
	size_t mask_ = t_->cap - 1, i_ = ph_hashtab_home(h_, t_->shift); \
	unsigned char tag_ = ph_hashtab_tag(h_, t_->shift);		\
									\
	ph_hashtab_prefetch(&t_->entries[i_]);				\
	for (;; i_ = (i_ + 1) & mask_) {				\
		if (!t_->ctrl[i_]) {					\
			*found_ = false;				\
			return i_;					\
		}							\
		if (t_->ctrl[i_] == tag_ && key_eq(key_, &t_->entries[i_])) { \
			*found_ = true;					\
			return i_;					\
		}							\
	}								\
}									\
									\
/* The first empty slot from hash H's: where an entry not in the table	\
   goes.  */								\
PH_HASHTAB_FN size_t table##_free_slot_(const struct table *t_,		\
					uint64_t h_)			\
{									\
	size_t mask_ = t_->cap - 1, i_ = ph_hashtab_home(h_, t_->shift); \
									\
	while (t_->ctrl[i_])						\
		i_ = (i_ + 1) & mask_;					\
	return i_;							\
}									\
									\
/* Room for N entries in all without growing: a table filled to a size	\
   known beforehand allocates once.  */					\
PH_HASHTAB_FN struct ph_error *table##_reserve(struct table *t_, size_t n_) \
{									\
	struct table g_ = *t_;						\
									\
	if (n_ <= t_->cap / 2)						\
		return NULL;						\
	if (!ph_hashtab_slots_for(n_, t_->cap, sizeof(entry_type), &g_.cap, \
				  &g_.shift))				\
		return &ph_error_nomem;					\
	g_.entries = (entry_type *)malloc(g_.cap * sizeof(entry_type));	\
	g_.ctrl = (unsigned char *)calloc(g_.cap, 1);			\
	if (!g_.entries || !g_.ctrl) {					\
		free(g_.entries);					\
		free(g_.ctrl);						\
		return &ph_error_nomem;					\
	}								\
	for (size_t i_ = 0; i_ < t_->cap; i_++) {			\
		uint64_t h_;						\
		size_t j_;						\
									\
		if (!t_->ctrl[i_])					\
			continue;					\
		h_ = entry_hash(&t_->entries[i_]);			\
		j_ = table##_free_slot_(&g_, h_);			\
		g_.ctrl[j_] = ph_hashtab_tag(h_, g_.shift);		\
		g_.entries[j_] = t_->entries[i_];			\
	}								\
	free(t_->entries);						\
	free(t_->ctrl);							\
	*t_ = g_;							\
	return NULL;							\
}									\
									\
/* KEY's entry, or NULL.  */						\
PH_HASHTAB_FN entry_type *table##_find(const struct table *t_,		\
				       key_type key_)			\
{									\
	bool found_;							\
	size_t i_;							\
									\
	if (!t_->n)							\
		return NULL;						\
	i_ = table##_probe_(t_, key_, key_hash(key_), &found_);		\
	return found_ ? &t_->entries[i_] : NULL;			\
}									\
									\
/* KEY's entry in *RET, *FOUND true; or, when there is none, a slot	\
   made for it, *FOUND false, whose entry the caller fills at once (so	\
   that key_eq(KEY, entry) holds and entry_hash(entry) is		\
   key_hash(KEY)), or gives back with table_remove, before any other	\
   call on the table.  One search, where find then add take two.  */	\
PH_HASHTAB_FN struct ph_error *table##_insert(struct table *t_,		\
					      key_type key_,		\
					      entry_type **ret_,	\
					      bool *found_)		\
{									\
	uint64_t h_ = key_hash(key_);					\
	struct ph_error *err_;						\
	size_t i_ = 0;							\
									\
	*found_ = false;						\
	if (t_->cap)							\
		i_ = table##_probe_(t_, key_, h_, found_);		\
	if (*found_) {							\
		*ret_ = &t_->entries[i_];				\
		return NULL;						\
	}								\
	if (2 * (t_->n + 1) > t_->cap) {				\
		if ((err_ = table##_reserve(t_, t_->n + 1)))		\
			return err_;					\
		i_ = table##_free_slot_(t_, h_);			\
	}								\
	t_->ctrl[i_] = ph_hashtab_tag(h_, t_->shift);			\
	t_->n++;							\
	*ret_ = &t_->entries[i_];					\
	return NULL;							\
}									\
									\
/* A copy of *E, whose key is not in the table yet (the caller looked	\
   for it); *RET (when RET is not NULL) the copy.  */			\
PH_HASHTAB_FN struct ph_error *table##_add(struct table *t_,		\
					   const entry_type *e_,	\
					   entry_type **ret_)		\
{									\
	uint64_t h_ = entry_hash(e_);					\
	struct ph_error *err_;						\
	size_t i_;							\
									\
	if (2 * (t_->n + 1) > t_->cap &&				\
	    (err_ = table##_reserve(t_, t_->n + 1)))			\
		return err_;						\
	i_ = table##_free_slot_(t_, h_);				\
	t_->ctrl[i_] = ph_hashtab_tag(h_, t_->shift);			\
	t_->entries[i_] = *e_;						\
	t_->n++;							\
	if (ret_)							\
		*ret_ = &t_->entries[i_];				\
	return NULL;							\
}									\
									\
/* Takes E (an entry of T) out.  The entries after it in its run move	\
   back into the gap (no tombstones: a search stops at the first empty	\
   slot as before): the entry of slot J moves to the gap I when its	\
   home slot is not between them.  E's own entry is not read.  */	\
PH_HASHTAB_FN void table##_remove(struct table *t_, entry_type *e_)	\
{									\
	size_t mask_ = t_->cap - 1, i_ = (size_t)(e_ - t_->entries);	\
									\
	for (size_t j_ = (i_ + 1) & mask_; t_->ctrl[j_]; j_ = (j_ + 1) & mask_) { \
		size_t home_ = ph_hashtab_home(entry_hash(&t_->entries[j_]), \
					      t_->shift);		\
									\
		if (((j_ - home_) & mask_) >= ((j_ - i_) & mask_)) {	\
			t_->entries[i_] = t_->entries[j_];		\
			t_->ctrl[i_] = t_->ctrl[j_];			\
			i_ = j_;					\
		}							\
	}								\
	t_->ctrl[i_] = 0;						\
	t_->n--;							\
}									\
									\
/* Takes KEY's entry out; false when there is none.  */			\
PH_HASHTAB_FN bool table##_delete(struct table *t_, key_type key_)	\
{									\
	entry_type *e_ = table##_find(t_, key_);			\
									\
	if (!e_)							\
		return false;						\
	table##_remove(t_, e_);						\
	return true;							\
}									\
									\
/* The first used slot from I's, or NULL.  */				\
PH_HASHTAB_FN entry_type *table##_from_(const struct table *t_, size_t i_) \
{									\
	for (; i_ < t_->cap; i_++)					\
		if (t_->ctrl[i_])					\
			return &t_->entries[i_];			\
	return NULL;							\
}									\
									\
/* The entries in slot order: for (e = table_first(t); e;		\
   e = table_next(t, e)); not across an insert, add or delete.  */	\
PH_HASHTAB_FN entry_type *table##_first(const struct table *t_)		\
{									\
	return table##_from_(t_, 0);					\
}									\
									\
PH_HASHTAB_FN entry_type *table##_next(const struct table *t_,		\
				       const entry_type *e_)		\
{									\
	return table##_from_(t_, (size_t)(e_ - t_->entries) + 1);	\
}

/* The table of the commonest key, an integer (a DIE's address, an
   offset): entries of ENTRY_TYPE with a uint64_t member named key,
   hashed by ph_hash_u64.  */
#define PH_HASH_TABLE_U64(table, entry_type)				\
PH_HASHTAB_FN uint64_t table##_key_hash_(uint64_t k_)			\
{									\
	return ph_hash_u64(k_);						\
}									\
									\
PH_HASHTAB_FN bool table##_key_eq_(uint64_t k_, const entry_type *e_)	\
{									\
	return e_->key == k_;						\
}									\
									\
PH_HASHTAB_FN uint64_t table##_entry_hash_(const entry_type *e_)	\
{									\
	return ph_hash_u64(e_->key);					\
}									\
									\
PH_HASH_TABLE(table, entry_type, uint64_t, table##_key_hash_,		\
	      table##_key_eq_, table##_entry_hash_)

#ifdef __cplusplus
}
#endif

#endif
