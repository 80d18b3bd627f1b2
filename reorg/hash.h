/* The hash functions of the whole tree: one for bytes and strings (an
   FNV-1a), one for integer keys.  Their values are never printed nor
   written: only tables (hashtab.h) and duplicate checks use them, so
   they may change.  */
#ifndef PH_HASH_H
#define PH_HASH_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#ifdef __cplusplus
extern "C" {
#endif

/* FNV-1a over 8-byte words (then the bytes left), with a final mix: the
   longest keys hashed (report/dedup.c's, a whole JSON text per type
   read) take an eighth of the steps of the bytewise FNV-1a, and the mix
   spreads the words' effect over every bit, low and high, for the
   tables that index by either.  */
static inline uint64_t ph_hash_bytes(const void *p, size_t n)
{
	const unsigned char *s = (const unsigned char *)p;
	uint64_t h = 0xcbf29ce484222325ULL, w;
	size_t i = 0;

	for (; i + 8 <= n; i += 8) {
		memcpy(&w, s + i, 8);
		h ^= w;
		h *= 0x100000001b3ULL;
		h ^= h >> 29;
	}
	for (; i < n; i++) {
		h ^= s[i];
		h *= 0x100000001b3ULL;
	}
	h ^= h >> 32;
	h *= 0xd6e8feb86659fd93ULL;
	return h ^ (h >> 32);
}

static inline uint64_t ph_hash_string(const char *s)
{
	return ph_hash_bytes(s, strlen(s));
}

/* An integer key (a DIE's address, an offset, an index): Fibonacci
   hashing, then the high bits folded into the low ones, since keys that
   differ only in high bits (addresses) must not all collide in a table
   indexed by either end.  */
static inline uint64_t ph_hash_u64(uint64_t x)
{
	x *= 0x9e3779b97f4a7c15ULL;
	return x ^ (x >> 29);
}

/* A key of several parts: H, the hash of those before, with X, the next
   part's (ph_hash_string of a name, a number as it is); the order
   counts.  */
static inline uint64_t ph_hash_combine(uint64_t h, uint64_t x)
{
	return ph_hash_u64(((h << 5) | (h >> 59)) ^ x);
}

#ifdef __cplusplus
}
#endif

#endif
