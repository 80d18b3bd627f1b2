/* The fast path's fingerprints, over the DIE index: fprint.c's
   definition, seeded apart.  Equal fingerprints mean the same DWARF but
   for where it sits and its source positions.  */
#include "scan.h"
#include "fphash.h"

static bool hash_die(struct ph_dw_scan *s, size_t i, int mode, unsigned depth,
		     struct ph_dw_fp *ret);

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

/* Mixes the attributes of DIE I into H; false when one cannot be.  The
   abbreviation's shape stands for the names and forms, so each value
   is one mix: its bytes, or the fingerprint of the DIE it refers to.  */
static bool hash_attrs(struct ph_dw_scan *s, size_t i, int mode,
		       unsigned depth, struct ph_dw_fp *h)
{
	const struct abbrev *a = abbrev_of(s, i);
	struct cur c = attrs_of(s, i);
	mix(h, a->shape);
	for (uint32_t k = 0; k < a->n; k++) {
		const struct abbrev_attr *aa = &s->attrs[a->first + k];
		const unsigned char *v = c.p;
		struct ph_dw_fp sub;
		size_t len, t;
		uint64_t w;

		if (aa->size >= 0)
			skip(&c, (uint64_t)aa->size);
		else
			skip_form(s, &c, aa->form);
		if (c.bad)
			return false;
		switch (aa->how) {
		case HOW_SKIP:
			continue;
		case HOW_REF: {
			struct val val = { v, aa->form, 0 };

			t = val_ref(s, &val);
			if (t == SIZE_MAX ||
			    !hash_die(s, t, mode, depth + 1, &sub))
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

static bool hash_die(struct ph_dw_scan *s, size_t i, int mode, unsigned depth,
		     struct ph_dw_fp *ret)
{
	struct die *die = &s->dies[i];
	unsigned tag = abbrev_of(s, i)->tag;
	struct ph_dw_fp h;
	struct val v;
	int sub_mode;

	if (depth > MAX_FP_DEPTH)
		return false;
	if (die->state[mode] == ST_DONE) {
		*ret = die->fp[mode];
		return true;
	}
	if (die->state[mode])
		return false;	/* a cycle, or failed before */
	die->state[mode] = ST_BUSY;
	fp_init(&h, (uint64_t)tag << 1 | (uint64_t)mode | 0x5ca0000ULL);
	if (mode == SPELL && fp_spelled_by_name(tag) &&
	    die_attr(s, i, DW_AT_name, &v)) {
		const char *name = val_str(s, &v);

		if (!name)
			goto fail;
		mix_bytes(&h, name, strlen(name));
		goto done;
	}
	sub_mode = fp_is_pointer(tag) ? SPELL : mode;
	if (!hash_attrs(s, i, sub_mode, depth, &h))
		goto fail;
	for (size_t k = i + 1; k < die->end; k = s->dies[k].end) {
		struct ph_dw_fp sub;

		if (!hash_die(s, k, sub_mode, depth + 1, &sub))
			goto fail;
		mix_fp(&h, &sub);
	}
	mix(&h, 0xfeedULL);
done:
	die = &s->dies[i];
	die->state[mode] = ST_DONE;
	die->fp[mode] = h;
	*ret = h;
	return true;
fail:
	s->dies[i].state[mode] = ST_FAIL;
	return false;
}

bool ph_dw_scan_fingerprint(struct ph_dw_scan *s,
			    const struct ph_dw_scan_event *e,
			    struct ph_dw_fp *ret)
{
	struct ph_dw_fp sub;

	if (!hash_die(s, e->die, DEEP, 0, &sub))
		return false;
	fp_of_type(ret, 0xfa57, e->name, e->typedef_name, e->typedef_align,
		   &sub);
	return true;
}
