/* The fast path's fingerprints, over the DIE index: fprint.c's
   definition, seeded apart.  Equal fingerprints mean the same DWARF but
   for where it sits and its source positions.  */
#include "scan-fprint.h"
#include "fphash.h"

/* The backend of fprint-rule.h: DIE I of the index; STOP the end of its
   parent's subtree, where its siblings stop.  */
struct fp_backend {
	struct ph_dw_index *x;
};

struct fp_cur {
	size_t i, stop;
};

static inline unsigned fp_tag(struct fp_backend *b, const struct fp_cur *c)
{
	return abbrev_of(b->x, c->i)->tag;
}

static inline int fp_memo(struct fp_backend *b, const struct fp_cur *c,
			  int mode, struct ph_dw_fp *ret)
{
	struct die *die = &b->x->dies[c->i];
	int state = die->state[mode];

	if (state == ST_DONE)
		*ret = die->fp[mode];
	else if (!state)
		die->state[mode] = ST_BUSY;
	return state;
}

static inline bool fp_memo_set(struct fp_backend *b, const struct fp_cur *c,
			       int mode, int state, const struct ph_dw_fp *fp)
{
	struct die *die = &b->x->dies[c->i];

	die->state[mode] = (uint8_t)state;
	if (fp)
		die->fp[mode] = *fp;
	return true;
}

static inline int fp_name(struct fp_backend *b, const struct fp_cur *c,
			  const char **ret)
{
	struct val v;

	if (!die_attr(b->x, c->i, DW_AT_name, &v))
		return 0;
	*ret = val_str(b->x, &v);
	return *ret ? 1 : -1;
}

static inline uint64_t fp_seed(unsigned tag, int mode)
{
	return (uint64_t)tag << 1 | (uint64_t)mode | 0x5ca0000ULL;
}

static inline int fp_child(struct fp_backend *b, const struct fp_cur *c,
			   struct fp_cur *ret)
{
	ret->i = c->i + 1;
	ret->stop = b->x->dies[c->i].end;
	return ret->i < ret->stop ? 0 : 1;
}

static inline int fp_next(struct fp_backend *b, struct fp_cur *c)
{
	c->i = b->x->dies[c->i].end;
	return c->i < c->stop ? 0 : 1;
}

static bool fp_mix_attrs(struct fp_backend *b, const struct fp_cur *c,
			 int mode, unsigned depth, struct ph_dw_fp *h);

#include "fprint-rule.h"

/* LEN <= 8 bytes as a number, without the store-to-load stall of a
   variable-length memcpy into a word.  */
static inline uint64_t load_le(const unsigned char *v, size_t len)
{
	uint16_t u16;
	uint32_t u32;
	uint64_t u64 = 0;

	switch (len) {
	case 1:
		return v[0];
	case 2:
		memcpy(&u16, v, 2);
		return u16;
	case 4:
		memcpy(&u32, v, 4);
		return u32;
	case 8:
		memcpy(&u64, v, 8);
		return u64;
	default:
		for (size_t k = len; k-- > 0;)
			u64 = u64 << 8 | v[k];
		return u64;
	}
}

/* Mixes the attributes of DIE C into H; false when one cannot be.  The
   abbreviation's shape stands for the names and forms, so each value
   is one mix: its bytes, or the fingerprint of the DIE it refers to.  */
static bool fp_mix_attrs(struct fp_backend *b, const struct fp_cur *die,
			 int mode, unsigned depth, struct ph_dw_fp *h)
{
	const struct ph_dw_index *x = b->x;
	const struct abbrev *a = abbrev_of(x, die->i);
	struct cur c = attrs_of(x, die->i);
	mix(h, a->shape);
	for (uint32_t k = 0; k < a->n; k++) {
		const struct abbrev_attr *aa = &x->attrs[a->first + k];
		const unsigned char *v = c.p;
		struct ph_dw_fp sub;
		size_t len;
		uint64_t w;

		if (aa->size >= 0)
			skip(&c, (uint64_t)aa->size);
		else
			skip_form(&c, aa->form, x->addr_size);
		if (c.bad)
			return false;
		switch (aa->how) {
		case HOW_SKIP:
			continue;
		case HOW_REF: {
			struct val val = { v, aa->form, 0 };
			struct fp_cur to = { val_ref(x, &val), 0 };

			if (to.i == SIZE_MAX ||
			    !fp_hash_die(b, &to, mode, depth + 1, &sub))
				return false;
			mix_fp(h, &sub);
			continue;
		}
		case HOW_RAW:
			len = (size_t)(c.p - v);
			if (len <= 8) {
				w = load_le(v, len);
				mix(h, w | (uint64_t)len << 56 * (len < 8));
			} else {
				mix_bytes(h, v, len);
			}
			continue;
		default:
			return false;
		}
	}
	return true;
}

bool ph_dw_scan_fingerprint(struct ph_dw_scan *s,
			    const struct ph_dw_scan_event *e,
			    struct ph_dw_fp *ret)
{
	struct fp_backend b = { &s->idx };
	struct fp_cur c = { e->die, 0 };
	struct ph_dw_fp sub;

	if (!fp_hash_die(&b, &c, DEEP, 0, &sub))
		return false;
	fp_of_type(ret, 0xfa57, e->name, e->typedef_name, e->typedef_align,
		   &sub);
	return true;
}
