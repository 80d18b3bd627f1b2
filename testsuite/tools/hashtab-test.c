/* hashtab-test - the tree's one hash table (reorg/hashtab.h) and growth
   helper (reorg/array.h) against a plain array that says which keys are
   in.

   Copyright (C) 2026 The pokehole authors.
   SPDX-License-Identifier: GPL-3.0-or-later

   hashtab-test        random inserts, adds, finds and deletes of many
                       keys, with a good hash, a constant one (every key
                       collides) and one of four values (runs of keys
                       from different homes interleave, which deletion
                       must keep findable); PH_HASH_TABLE_U64 on keys
                       like the readers' (DIE addresses, offsets); then
                       the growth helper.
   hashtab-test oom    inserts and array growth, where an allocation may
                       fail (pokehole.reorg/hashtab.exp loads
                       testsuite/tools/failing-alloc.so to fail the Nth):
                       each failure must be &ph_error_nomem and leave the
                       table and the array as they were, and usable.

   Prints one "PASS: name" or "FAIL: name: why" line per check (DejaGnu
   style) and exits nonzero when anything failed; the oom mode also
   prints "failures: N", the failures it saw.  */

#include "unit-check.h"
#include "../../reorg/array.h"
#include "../../reorg/hashtab.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum hash_kind { GOOD, CONSTANT, FOUR };
static enum hash_kind kind;

struct entry {
	uint64_t key, val;
};

static uint64_t test_hash(uint64_t key)
{
	switch (kind) {
	case CONSTANT:
		return 0x5555555555555555ULL;
	case FOUR:
		/* Four homes spread over the table: their runs meet and
		   wrap past the end.  */
		return (key % 4) * 0x4000000000000000ULL + 0x3fffffffffffffffULL;
	default:
		return ph_hash_u64(key);
	}
}

static bool test_eq(uint64_t key, const struct entry *e)
{
	return e->key == key;
}

static uint64_t entry_hash(const struct entry *e)
{
	return test_hash(e->key);
}

PH_HASH_TABLE(test_table, struct entry, uint64_t, test_hash, test_eq,
	      entry_hash)

static void result(bool ok, const char *what, const char *why)
{
	unit_check(ok, "", what, why);
}

/* The model: which of the keys 0..NKEYS-1 are in, with their values.  */
enum { NKEYS = 6000 };
static bool in[NKEYS];
static uint64_t val[NKEYS];
static size_t nr_in;

static uint64_t rng = 0x9e3779b97f4a7c15ULL;

static uint64_t next(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

/* The table holds exactly the model's keys, with their values, once
   each; WHY says what differs.  */
static bool same(const struct test_table *t, char *why, size_t n)
{
	size_t seen = 0;

	if (test_table_size(t) != nr_in) {
		snprintf(why, n, "size %zu, %zu keys in", test_table_size(t),
			 nr_in);
		return false;
	}
	for (uint64_t k = 0; k < NKEYS; k++) {
		const struct entry *e = test_table_find(t, k);

		if (!e != !in[k] || (e && (e->key != k || e->val != val[k]))) {
			snprintf(why, n, "key %" PRIu64 " %s, %s", k,
				 e ? "found" : "not found",
				 in[k] ? "in" : "not in");
			return false;
		}
	}
	for (const struct entry *e = test_table_first(t); e;
	     e = test_table_next(t, e)) {
		if (e->key >= NKEYS || !in[e->key]) {
			snprintf(why, n, "key %" PRIu64 " iterated, not in",
				 e->key);
			return false;
		}
		seen++;
	}
	if (seen != nr_in) {
		snprintf(why, n, "%zu entries iterated, %zu keys in", seen,
			 nr_in);
		return false;
	}
	return true;
}

/* One random operation on key K; false (WHY) when the table's answer is
   not the model's.  */
static bool step(struct test_table *t, uint64_t k, char *why, size_t n)
{
	struct ph_error *err = NULL;
	struct entry *e;
	bool found;

	switch (next() % 4) {
	case 0:		/* insert, or update the value */
		if ((err = test_table_insert(t, k, &e, &found)))
			break;
		if (found != in[k]) {
			snprintf(why, n, "insert %" PRIu64 ": found %d", k,
				 found);
			return false;
		}
		if (!found)
			e->key = k;
		e->val = val[k] = next();
		if (!in[k])
			nr_in++;
		in[k] = true;
		return true;
	case 1:		/* add a key known absent */
		if (in[k])
			return true;
		err = test_table_add(t, &(struct entry){ k, val[k] = next() },
				     NULL);
		if (err)
			break;
		in[k] = true;
		nr_in++;
		return true;
	case 2:
		if (test_table_delete(t, k) != in[k]) {
			snprintf(why, n, "delete %" PRIu64 ": %s", k,
				 in[k] ? "not found" : "found");
			return false;
		}
		if (in[k])
			nr_in--;
		in[k] = false;
		return true;
	default:
		e = test_table_find(t, k);
		if (!e != !in[k]) {
			snprintf(why, n, "find %" PRIu64 ": %s", k,
				 e ? "found" : "not found");
			return false;
		}
		return true;
	}
	snprintf(why, n, "out of memory: %s", err->message);
	return false;
}

static void random_ops(enum hash_kind k, const char *name, size_t nkeys,
		       size_t ops)
{
	struct test_table t;
	char what[128], why[200] = "";
	bool ok = true;

	kind = k;
	memset(in, 0, sizeof(in));
	nr_in = 0;
	test_table_init(&t);
	/* Fill to NKEYS first (the table grows all the way), then mix.  */
	for (uint64_t i = 0; ok && i < nkeys; i++) {
		struct entry *e;
		bool found;

		ok = !test_table_insert(&t, i, &e, &found) && !found;
		if (ok) {
			*e = (struct entry){ i, val[i] = i * 3 };
			in[i] = true;
			nr_in++;
		} else {
			snprintf(why, sizeof(why), "insert %" PRIu64, i);
		}
	}
	snprintf(what, sizeof(what), "%s: %zu keys inserted, found", name,
		 nkeys);
	result(ok && same(&t, why, sizeof(why)), what, why);
	for (size_t i = 0; ok && i < ops; i++) {
		ok = step(&t, next() % nkeys, why, sizeof(why));
		if (ok && (i % 997 == 0 || i + 1 == ops))
			ok = same(&t, why, sizeof(why));
	}
	snprintf(what, sizeof(what),
		 "%s: %zu random inserts, adds, finds and deletes", name, ops);
	result(ok, what, why);
	/* Everything deleted: the table is empty and still works.  */
	for (uint64_t i = 0; ok && i < nkeys; i++)
		if (in[i]) {
			ok = test_table_delete(&t, i);
			in[i] = false;
			nr_in--;
		}
	ok = ok && same(&t, why, sizeof(why)) &&
	     test_table_first(&t) == NULL;
	snprintf(what, sizeof(what), "%s: all deleted, empty", name);
	result(ok, what, why);
	test_table_deinit(&t);
}

/* PH_HASH_TABLE_U64, on keys as the readers have them: DIE addresses
   (high bits set, some bytes apart) and offsets from 1; each found with
   its value, keys between them not, half deleted and the rest still
   found.  */
PH_HASH_TABLE_U64(u64_table, struct entry)

static uint64_t u64_key(uint64_t i)
{
	return i % 2 ? 0x7f3a12000000ULL + 24 * i : i + 1;
}

static void u64_keys(void)
{
	enum { N = 20000 };
	struct u64_table t;
	char why[200] = "";
	bool ok = true;

	u64_table_init(&t);
	for (uint64_t i = 0; ok && i < N; i++) {
		struct entry *e;
		bool found;

		ok = !u64_table_insert(&t, u64_key(i), &e, &found) && !found;
		if (ok)
			*e = (struct entry){ u64_key(i), i };
	}
	for (uint64_t i = 0; ok && i < N; i++) {
		const struct entry *e = u64_table_find(&t, u64_key(i));

		ok = e && e->key == u64_key(i) && e->val == i &&
		     !u64_table_find(&t, u64_key(i) + 1 + i % 2 * 7);
		if (!ok)
			snprintf(why, sizeof(why), "key %" PRIu64, u64_key(i));
	}
	result(ok && u64_table_size(&t) == N,
	       "u64 table: readers' keys inserted, found, others not", why);
	for (uint64_t i = 0; ok && i < N; i += 2)
		ok = u64_table_delete(&t, u64_key(i));
	for (uint64_t i = 0; ok && i < N; i++) {
		const struct entry *e = u64_table_find(&t, u64_key(i));

		ok = i % 2 ? e && e->val == i : !e;
		if (!ok)
			snprintf(why, sizeof(why), "key %" PRIu64 " %s",
				 u64_key(i), e ? "found" : "not found");
	}
	result(ok && u64_table_size(&t) == N / 2,
	       "u64 table: half deleted, the rest found", why);
	u64_table_deinit(&t);
}

static void growth(void)
{
	uint64_t *v = NULL, *before;
	size_t cap = 0, n = 0;
	bool ok = true;

	for (; ok && n < 100000; n++) {
		ok = !ph_array_reserve(&v, &cap, n + 1, sizeof(*v)) &&
		     cap >= n + 1;
		if (ok)
			v[n] = n * 7;
	}
	for (size_t i = 0; ok && i < n; i++)
		ok = v[i] == i * 7;
	result(ok, "array: 100000 elements pushed one at a time, kept", "");
	before = v;
	size_t c = cap;
	result(!ph_array_reserve(&v, &cap, cap, sizeof(*v)) && v == before &&
		       cap == c,
	       "array: reserving what is there changes nothing", "");
	result(ph_array_reserve(&v, &cap, SIZE_MAX / 4, sizeof(*v)) ==
			       &ph_error_nomem &&
		       v == before && cap == c && v[n - 1] == (n - 1) * 7,
	       "array: a size past SIZE_MAX is out of memory, array kept", "");
	result(ph_array_reserve(&v, &cap, SIZE_MAX, 1) == &ph_error_nomem &&
		       v == before && cap == c,
	       "array: SIZE_MAX elements is out of memory, array kept", "");
	free(v);
	v = NULL;
	cap = 0;
	result(!ph_array_reserve(&v, &cap, 1000, sizeof(*v)) && cap == 1024,
	       "array: many at once doubles from 8 to hold them", "");
	free(v);
}

/* Every insert and array growth, on failure: &ph_error_nomem, then the
   table (the array) checked as it was, and the call made again (once:
   when that fails too, the memory is gone for good and the checks
   end there).  */
static void oom(void)
{
	struct test_table t;
	uint64_t *v = NULL;
	size_t cap = 0, failures = 0;
	char why[200] = "";
	bool ok = true;

	kind = GOOD;
	test_table_init(&t);
	for (uint64_t i = 0; ok && i < 3000; i++) {
		struct ph_error *err;
		struct entry *e;
		bool found;

		for (int tries = 0;
		     ok && (err = test_table_insert(&t, i, &e, &found));
		     tries++) {
			/* PH_FAIL_ALLOC_ALL: the memory stays gone.  */
			if (tries)
				goto gone;
			failures++;
			ok = err == &ph_error_nomem && same(&t, why, sizeof(why));
			if (err != &ph_error_nomem)
				snprintf(why, sizeof(why), "insert %" PRIu64
					 ": not ph_error_nomem", i);
		}
		if (!ok)
			break;
		*e = (struct entry){ i, val[i] = i };
		in[i] = true;
		nr_in++;
		for (int tries = 0;
		     ok && (err = ph_array_reserve(&v, &cap, i + 1,
						   sizeof(*v)));
		     tries++) {
			if (tries)
				goto gone;
			failures++;
			ok = err == &ph_error_nomem && cap >= i;
			for (uint64_t j = 0; ok && j < i; j++)
				ok = v[j] == j;
			if (!ok)
				snprintf(why, sizeof(why),
					 "array at %" PRIu64 ": not kept", i);
		}
		if (ok)
			v[i] = i;
	}
gone:
	ok = ok && same(&t, why, sizeof(why));
	result(ok, "oom: every failure ph_error_nomem, table and array kept",
	       why);
	printf("failures: %zu\n", failures);
	test_table_deinit(&t);
	free(v);
}

int main(int argc, char **argv)
{
	if (argc > 1 && strcmp(argv[1], "oom") == 0) {
		oom();
		return unit_failures != 0;
	}
	random_ops(GOOD, "good hash", NKEYS, 200000);
	random_ops(CONSTANT, "constant hash", 1500, 30000);
	random_ops(FOUR, "four-value hash", 3000, 60000);
	u64_keys();
	growth();
	return unit_failures != 0;
}
