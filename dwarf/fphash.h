/* The hash both fingerprint makers (fprint.c through libdw, scan.c over
   the raw section bytes) mix with.  */
#ifndef PH_DWARF_FPHASH_H
#define PH_DWARF_FPHASH_H

#include "reader.h"

#include <stdint.h>
#include <string.h>

static inline uint64_t rotl(uint64_t x, unsigned r)
{
	return (x << r) | (x >> (64 - r));
}

static inline void mix(struct ph_dw_fp *h, uint64_t x)
{
	h->a = (h->a ^ x) * 0x9e3779b97f4a7c15ULL;
	h->a ^= h->a >> 31;
	h->b = rotl(h->b + x * 0xc2b2ae3d27d4eb4fULL, 27) * 0x94d049bb133111ebULL;
	h->b ^= h->b >> 29;
}

static inline void mix_bytes(struct ph_dw_fp *h, const void *p, size_t n)
{
	const unsigned char *s = p;
	uint64_t w;

	mix(h, n);
	while (n >= 8) {
		memcpy(&w, s, 8);
		mix(h, w);
		s += 8;
		n -= 8;
	}
	if (n) {
		w = 0;
		memcpy(&w, s, n);
		mix(h, w);
	}
}

static inline void mix_fp(struct ph_dw_fp *h, const struct ph_dw_fp *x)
{
	mix(h, x->a);
	mix(h, x->b);
}

static inline void fp_init(struct ph_dw_fp *h, uint64_t seed)
{
	h->a = 0x243f6a8885a308d3ULL ^ seed;
	h->b = 0x13198a2e03707344ULL + seed;
}

#endif
