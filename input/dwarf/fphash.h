/* The hash both fingerprint makers (fprint.c through libdw,
   scan-fprint.c over the raw section bytes) mix with, and the parts of
   the definition (fprint.c's head comment) both follow: what is left
   out, where a reference only spells its target, how a type's name
   enters.  */
#ifndef PH_INPUT_DWARF_FPHASH_H
#define PH_INPUT_DWARF_FPHASH_H

#include "fp.h"

#include <dwarf.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

/* DEEP: everything the layout depends on; SPELL: what spells the type
   (past a pointer).  */
enum { DEEP = 0, SPELL = 1, MAX_FP_DEPTH = 256 };
/* A memo entry's state; 0 not yet.  */
enum { ST_BUSY = 1, ST_DONE = 2, ST_FAIL = 3 };

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

/* Attributes that say where a DIE sits, not what it is.  */
static inline bool fp_skips(unsigned name)
{
	return name == DW_AT_decl_file || name == DW_AT_decl_line ||
	       name == DW_AT_decl_column || name == DW_AT_sibling;
}

/* Tags past which only what spells the target is taken.  */
static inline bool fp_is_pointer(unsigned tag)
{
	return tag == DW_TAG_pointer_type || tag == DW_TAG_reference_type ||
	       tag == DW_TAG_rvalue_reference_type ||
	       tag == DW_TAG_ptr_to_member_type;
}

/* Tags a named DIE of which is spelled by its name (C spells it so).  */
static inline bool fp_spelled_by_name(unsigned tag)
{
	return tag == DW_TAG_structure_type || tag == DW_TAG_union_type ||
	       tag == DW_TAG_class_type || tag == DW_TAG_enumeration_type;
}

/* The fingerprint of a type reported under NAME, from SUB, its DIE's
   (DEEP).  */
static inline void fp_of_type(struct ph_dw_fp *ret, uint64_t seed,
			      const char *name, bool typedef_name,
			      uint32_t typedef_align,
			      const struct ph_dw_fp *sub)
{
	fp_init(ret, seed);
	mix_bytes(ret, name, strlen(name));
	mix(ret, typedef_name);
	mix(ret, typedef_align);
	mix_fp(ret, sub);
}

#endif
