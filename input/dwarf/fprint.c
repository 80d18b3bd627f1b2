/* Fingerprints of aggregate DIEs, so that the million copies of the same
   types a big file repeats (one per compile unit) can be dropped before
   their layouts are built.

   The fingerprint of a type is a 128-bit hash of its DIE and of
   everything the layout built from it depends on: every attribute but
   the source position (DW_AT_decl_file, _line, _column) and
   DW_AT_sibling, the children in order, and the DIEs referred to,
   recursively.  Past a pointer (or reference) only what spells the
   pointed-to type is taken: a named struct, union, class or enum by its
   tag and name (C spells it so), anything else as before.  Two DIEs with
   the same fingerprint are then the same DWARF but for where they sit,
   so their layouts are the same.  What cannot be fingerprinted (a form
   not read here, a cycle not through a pointer to a named type, a chain
   too deep) has none: its layout is built.

   Only C units use it: C++ spells names with their scopes, which the DIE
   alone does not give.  */
#include "fprint.h"
#include "fphash.h"
#include "offmap.h"

#include <dwarf.h>
#include <stdlib.h>
#include <string.h>

/* The memo: DIE key and mode -> fingerprint, per unit.  */
struct ph_dw_fp_memo {
	struct slot {
		uint64_t key;	/* + 1; 0 empty */
		struct ph_dw_fp fp;
		uint32_t state;
	} *v;
	size_t n, cap;
};

struct ph_error *ph_dw_fp_memo_create(struct ph_dw_fp_memo **ret)
{
	*ret = calloc(1, sizeof(**ret));
	return *ret ? NULL : &ph_error_nomem;
}

void ph_dw_fp_memo_clear(struct ph_dw_fp_memo *m)
{
	if (!m)
		return;
	free(m->v);
	m->v = NULL;
	m->n = m->cap = 0;
}

void ph_dw_fp_memo_destroy(struct ph_dw_fp_memo *m)
{
	ph_dw_fp_memo_clear(m);
	free(m);
}

static size_t hslot(uint64_t key, size_t cap)
{
	return (size_t)((key * 0x9e3779b97f4a7c15ULL) >> 17) & (cap - 1);
}

/* The slot of KEY, inserted empty (state 0) when absent; NULL when out of
   memory.  */
static struct slot *memo_slot(struct ph_dw_fp_memo *m, uint64_t key)
{
	size_t i;

	if (2 * (m->n + 1) > m->cap) {
		size_t cap = m->cap ? 2 * m->cap : 1024;
		struct slot *v = calloc(cap, sizeof(*v));

		if (!v)
			return NULL;
		for (size_t k = 0; k < m->cap; k++) {
			if (!m->v[k].key)
				continue;
			i = hslot(m->v[k].key, cap);
			while (v[i].key)
				i = (i + 1) & (cap - 1);
			v[i] = m->v[k];
		}
		free(m->v);
		m->v = v;
		m->cap = cap;
	}
	for (i = hslot(key + 1, m->cap);; i = (i + 1) & (m->cap - 1)) {
		if (m->v[i].key == key + 1)
			return &m->v[i];
		if (!m->v[i].key) {
			m->v[i].key = key + 1;
			m->v[i].state = 0;
			m->n++;
			return &m->v[i];
		}
	}
}

/* The backend of fprint-rule.h: libdw's DIEs, memoised in MEMO.  */
struct fp_backend {
	struct ph_dw_fp_memo *memo;
};

struct fp_cur {
	Dwarf_Die die;
};

/* Keys are DIE addresses: the low bit of twice one is free.  */
static struct slot *slot_of(struct fp_backend *b, const struct fp_cur *c,
			    int mode)
{
	return memo_slot(b->memo, 2 * ph_dw_key(&c->die) + (uint64_t)mode);
}

static inline unsigned fp_tag(struct fp_backend *b, const struct fp_cur *c)
{
	(void)b;
	return (unsigned)dwarf_tag((Dwarf_Die *)&c->die);
}

static inline int fp_memo(struct fp_backend *b, const struct fp_cur *c,
			  int mode, struct ph_dw_fp *ret)
{
	struct slot *s;
	int state;

	if (dwarf_tag((Dwarf_Die *)&c->die) == DW_TAG_invalid ||
	    !(s = slot_of(b, c, mode)))
		return -1;
	state = (int)s->state;
	if (state == ST_DONE)
		*ret = s->fp;
	else if (!state)
		s->state = ST_BUSY;
	return state;
}

/* The table may have grown since the DIE's slot was found.  */
static inline bool fp_memo_set(struct fp_backend *b, const struct fp_cur *c,
			       int mode, int state, const struct ph_dw_fp *fp)
{
	struct slot *s = slot_of(b, c, mode);

	if (!s)
		return false;
	s->state = (uint32_t)state;
	if (fp)
		s->fp = *fp;
	return true;
}

static inline int fp_name(struct fp_backend *b, const struct fp_cur *c,
			  const char **ret)
{
	(void)b;
	*ret = dwarf_diename((Dwarf_Die *)&c->die);
	return *ret ? 1 : 0;
}

static inline uint64_t fp_seed(unsigned tag, int mode)
{
	return (uint64_t)tag << 1 | (uint64_t)mode;
}

static inline int fp_child(struct fp_backend *b, const struct fp_cur *c,
			   struct fp_cur *ret)
{
	(void)b;
	return dwarf_child((Dwarf_Die *)&c->die, &ret->die);
}

static inline int fp_next(struct fp_backend *b, struct fp_cur *c)
{
	(void)b;
	return dwarf_siblingof(&c->die, &c->die);
}

static bool fp_mix_attrs(struct fp_backend *b, const struct fp_cur *c,
			 int mode, unsigned depth, struct ph_dw_fp *h);

#include "fprint-rule.h"

/* What the attributes of one DIE are mixed with.  */
struct walk_fp {
	struct fp_backend *b;
	struct ph_dw_fp *h;
	int mode;		/* of the references */
	unsigned depth;
	bool fail;
};
static int attr_cb(Dwarf_Attribute *attr, void *arg)
{
	struct walk_fp *wf = arg;
	unsigned name = dwarf_whatattr(attr);
	unsigned form = dwarf_whatform(attr);
	struct ph_dw_fp sub;
	struct fp_cur target;
	Dwarf_Block block;
	Dwarf_Word u;
	Dwarf_Sword s;
	const char *str;
	bool flag;

	if (fp_skips(name))
		return DWARF_CB_OK;
	mix(wf->h, ((uint64_t)name << 16) | 1);
	switch (form) {
	case DW_FORM_ref1:
	case DW_FORM_ref2:
	case DW_FORM_ref4:
	case DW_FORM_ref8:
	case DW_FORM_ref_udata:
	case DW_FORM_ref_addr:
	case DW_FORM_ref_sig8:
	case DW_FORM_GNU_ref_alt:
	case DW_FORM_ref_sup4:
	case DW_FORM_ref_sup8:
		if (!dwarf_formref_die(attr, &target.die) ||
		    !fp_hash_die(wf->b, &target, wf->mode, wf->depth + 1,
				 &sub))
			goto fail;
		mix_fp(wf->h, &sub);
		return DWARF_CB_OK;
	case DW_FORM_string:
	case DW_FORM_strp:
	case DW_FORM_line_strp:
	case DW_FORM_strx:
	case DW_FORM_strx1:
	case DW_FORM_strx2:
	case DW_FORM_strx3:
	case DW_FORM_strx4:
	case DW_FORM_GNU_str_index:
	case DW_FORM_GNU_strp_alt:
	case DW_FORM_strp_sup:
		if (!(str = dwarf_formstring(attr)))
			goto fail;
		mix_bytes(wf->h, str, strlen(str));
		return DWARF_CB_OK;
	case DW_FORM_flag:
	case DW_FORM_flag_present:
		if (dwarf_formflag(attr, &flag) != 0)
			goto fail;
		mix(wf->h, flag);
		return DWARF_CB_OK;
	case DW_FORM_block:
	case DW_FORM_block1:
	case DW_FORM_block2:
	case DW_FORM_block4:
	case DW_FORM_exprloc:
		if (dwarf_formblock(attr, &block) != 0)
			goto fail;
		mix_bytes(wf->h, block.data, block.length);
		return DWARF_CB_OK;
	case DW_FORM_data1:
	case DW_FORM_data2:
	case DW_FORM_data4:
	case DW_FORM_data8:
	case DW_FORM_udata:
		if (dwarf_formudata(attr, &u) != 0)
			goto fail;
		/* The form too: signed_attr reads data1..4 sign-extended.  */
		mix(wf->h, ((uint64_t)form << 32) | 2);
		mix(wf->h, u);
		return DWARF_CB_OK;
	case DW_FORM_sdata:
	case DW_FORM_implicit_const:
		if (dwarf_formsdata(attr, &s) != 0)
			goto fail;
		mix(wf->h, 3);
		mix(wf->h, (uint64_t)s);
		return DWARF_CB_OK;
	default:
		break;
	}
fail:
	wf->fail = true;
	return DWARF_CB_ABORT;
}

static bool fp_mix_attrs(struct fp_backend *b, const struct fp_cur *c,
			 int mode, unsigned depth, struct ph_dw_fp *h)
{
	struct walk_fp wf = { b, h, mode, depth, false };

	return dwarf_getattrs((Dwarf_Die *)&c->die, attr_cb, &wf, 0) == 1 &&
	       !wf.fail;
}

bool ph_dw_fingerprint(struct ph_dw_fp_memo *memo, Dwarf_Die *die,
		       const char *name, bool typedef_name,
		       uint32_t typedef_align, struct ph_dw_fp *ret)
{
	struct fp_backend b = { memo };
	struct fp_cur c = { *die };
	struct ph_dw_fp sub;

	if (!fp_hash_die(&b, &c, DEEP, 0, &sub))
		return false;
	fp_of_type(ret, 0x5eed, name, typedef_name, typedef_align, &sub);
	return true;
}

/* Fingerprints -> values: open addressing, A forced odd so that 0 marks
   an empty slot.  */
struct ph_dw_fp_map {
	struct entry {
		struct ph_dw_fp fp;
		uint64_t val;
	} *v;
	size_t n, cap;
};

struct ph_error *ph_dw_fp_map_create(struct ph_dw_fp_map **ret)
{
	*ret = calloc(1, sizeof(**ret));
	return *ret ? NULL : &ph_error_nomem;
}

void ph_dw_fp_map_destroy(struct ph_dw_fp_map *m)
{
	if (!m)
		return;
	free(m->v);
	free(m);
}

bool ph_dw_fp_map_get(const struct ph_dw_fp_map *m, const struct ph_dw_fp *fp,
		      uint64_t *ret)
{
	uint64_t a = fp->a | 1;

	if (!m->cap)
		return false;
	for (size_t i = hslot(a, m->cap);; i = (i + 1) & (m->cap - 1)) {
		if (!m->v[i].fp.a)
			return false;
		if (m->v[i].fp.a == a && m->v[i].fp.b == fp->b) {
			*ret = m->v[i].val;
			return true;
		}
	}
}

struct ph_error *ph_dw_fp_map_put_min(struct ph_dw_fp_map *m,
				      const struct ph_dw_fp *fp, uint64_t val)
{
	uint64_t a = fp->a | 1;
	size_t i;

	if (2 * (m->n + 1) > m->cap) {
		size_t cap = m->cap ? 2 * m->cap : 1024;
		struct entry *v = calloc(cap, sizeof(*v));

		if (!v)
			return &ph_error_nomem;
		for (size_t k = 0; k < m->cap; k++) {
			if (!m->v[k].fp.a)
				continue;
			i = hslot(m->v[k].fp.a, cap);
			while (v[i].fp.a)
				i = (i + 1) & (cap - 1);
			v[i] = m->v[k];
		}
		free(m->v);
		m->v = v;
		m->cap = cap;
	}
	for (i = hslot(a, m->cap);; i = (i + 1) & (m->cap - 1)) {
		if (!m->v[i].fp.a) {
			m->v[i].fp.a = a;
			m->v[i].fp.b = fp->b;
			m->v[i].val = val;
			m->n++;
			return NULL;
		}
		if (m->v[i].fp.a == a && m->v[i].fp.b == fp->b) {
			if (val < m->v[i].val)
				m->v[i].val = val;
			return NULL;
		}
	}
}
