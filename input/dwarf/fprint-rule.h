/* The recursion of a DIE's fingerprint (fprint.c's head comment says
   what enters it), written once for both backends: libdw's DIEs
   (fprint.c) and the fast path's DIE index (scan-fprint.c).

   Not a header of declarations: the file including it first defines
   its backend, which this code calls inline (the fast path runs it for a
   million struct DIEs of a vmlinux, so no call through a pointer):
     struct fp_backend;      what the fingerprints are taken in
     struct fp_cur;          a DIE in it
     unsigned fp_tag(b, cur);
     int fp_memo(b, cur, mode, struct ph_dw_fp *ret);  the state
       (fphash.h's ST_), *RET when ST_DONE; 0 (not yet) made ST_BUSY;
       -1 when the DIE cannot be fingerprinted
     bool fp_memo_set(b, cur, mode, state, fp);  false when it cannot
       be kept
     int fp_name(b, cur, const char **ret);  1 named, 0 not, -1 cannot
       be told
     uint64_t fp_seed(tag, mode);
     bool fp_mix_attrs(b, cur, mode, depth, h);  calls fp_hash_die for
       the DIEs referred to
     int fp_child(b, cur, struct fp_cur *ret), fp_next(b, cur):
       0 a DIE, 1 none, -1 corrupt.  */
#ifndef PH_INPUT_DWARF_FPRINT_RULE_H
#define PH_INPUT_DWARF_FPRINT_RULE_H

#include "fphash.h"

static bool fp_hash_die(struct fp_backend *b, const struct fp_cur *die,
			int mode, unsigned depth, struct ph_dw_fp *ret)
{
	struct ph_dw_fp h;
	struct fp_cur child;
	const char *name;
	unsigned tag;
	int state, sub_mode, rc;

	if (depth > MAX_FP_DEPTH)
		return false;
	tag = fp_tag(b, die);
	state = fp_memo(b, die, mode, ret);
	if (state == ST_DONE)
		return true;
	if (state)
		return false;	/* a cycle, or failed before */
	fp_init(&h, fp_seed(tag, mode));
	if (mode == SPELL && fp_spelled_by_name(tag)) {
		rc = fp_name(b, die, &name);
		if (rc < 0)
			goto fail;
		if (rc > 0) {
			mix_bytes(&h, name, strlen(name));
			goto done;
		}
	}
	sub_mode = fp_is_pointer(tag) ? SPELL : mode;
	if (!fp_mix_attrs(b, die, sub_mode, depth, &h))
		goto fail;
	for (rc = fp_child(b, die, &child); rc == 0; rc = fp_next(b, &child)) {
		struct ph_dw_fp sub;

		if (!fp_hash_die(b, &child, sub_mode, depth + 1, &sub))
			goto fail;
		mix_fp(&h, &sub);
	}
	if (rc < 0)
		goto fail;
	mix(&h, 0xfeedULL);
done:
	*ret = h;
	return fp_memo_set(b, die, mode, ST_DONE, &h);
fail:
	fp_memo_set(b, die, mode, ST_FAIL, NULL);
	return false;
}

#endif /* PH_INPUT_DWARF_FPRINT_RULE_H */
