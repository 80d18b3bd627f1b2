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
#include "../../reorg/hashtab.h"

#include <dwarf.h>
#include <stdlib.h>
#include <string.h>

/* The memo: DIE key and mode -> fingerprint, per unit.  */
struct memo_entry {
	uint64_t key;
	struct ph_dw_fp fp;
	uint32_t state;
};

/* struct ph_dw_fp_memo is the table.  */
PH_HASH_TABLE_U64(ph_dw_fp_memo, struct memo_entry)

struct ph_error *ph_dw_fp_memo_create(struct ph_dw_fp_memo **ret)
{
	if (!(*ret = malloc(sizeof(**ret))))
		return &ph_error_nomem;
	ph_dw_fp_memo_init(*ret);
	return NULL;
}

void ph_dw_fp_memo_clear(struct ph_dw_fp_memo *m)
{
	if (m)
		ph_dw_fp_memo_deinit(m);
}

void ph_dw_fp_memo_destroy(struct ph_dw_fp_memo *m)
{
	ph_dw_fp_memo_clear(m);
	free(m);
}

/* The backend of fprint-rule.h: libdw's DIEs, memoised in MEMO.  */
struct fp_backend {
	struct ph_dw_fp_memo *memo;
};

struct fp_cur {
	Dwarf_Die die;
};

/* The memo's key of a DIE in MODE: keys are DIE addresses, the low bit
   of twice one is free.  */
static uint64_t memo_key(const struct fp_cur *c, int mode)
{
	return 2 * ph_dw_key(&c->die) + (uint64_t)mode;
}

static inline unsigned fp_tag(struct fp_backend *b, const struct fp_cur *c)
{
	(void)b;
	return (unsigned)dwarf_tag((Dwarf_Die *)&c->die);
}

static inline int fp_memo(struct fp_backend *b, const struct fp_cur *c,
			  int mode, struct ph_dw_fp *ret)
{
	uint64_t key = memo_key(c, mode);
	struct memo_entry *e;
	bool found;
	int state;

	if (dwarf_tag((Dwarf_Die *)&c->die) == DW_TAG_invalid ||
	    ph_dw_fp_memo_insert(b->memo, key, &e, &found))
		return -1;
	if (!found) {
		e->key = key;
		e->state = 0;
	}
	state = (int)e->state;
	if (state == ST_DONE)
		*ret = e->fp;
	else if (!state)
		e->state = ST_BUSY;
	return state;
}

/* The table may have grown since the DIE's entry was made by fp_memo
   (which every fp_memo_set follows).  */
static inline bool fp_memo_set(struct fp_backend *b, const struct fp_cur *c,
			       int mode, int state, const struct ph_dw_fp *fp)
{
	struct memo_entry *e = ph_dw_fp_memo_find(b->memo, memo_key(c, mode));

	if (!e)
		return false;
	e->state = (uint32_t)state;
	if (fp)
		e->fp = *fp;
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

/* Fingerprints -> values.  A fingerprint is a hash already, its A well
   mixed into the high bits (fphash.h's mix ends in a multiply and a
   shift down): it is the table's hash as it is.  */
struct map_entry {
	struct ph_dw_fp fp;
	uint64_t val;
};

static uint64_t map_hash(struct ph_dw_fp fp)
{
	return fp.a;
}

static bool map_eq(struct ph_dw_fp fp, const struct map_entry *e)
{
	return e->fp.a == fp.a && e->fp.b == fp.b;
}

static uint64_t map_entry_hash(const struct map_entry *e)
{
	return e->fp.a;
}

/* struct ph_dw_fp_map is the table.  */
PH_HASH_TABLE(ph_dw_fp_map, struct map_entry, struct ph_dw_fp, map_hash,
	      map_eq, map_entry_hash)

struct ph_error *ph_dw_fp_map_create(struct ph_dw_fp_map **ret)
{
	if (!(*ret = malloc(sizeof(**ret))))
		return &ph_error_nomem;
	ph_dw_fp_map_init(*ret);
	return NULL;
}

void ph_dw_fp_map_destroy(struct ph_dw_fp_map *m)
{
	if (m)
		ph_dw_fp_map_deinit(m);
	free(m);
}

bool ph_dw_fp_map_get(const struct ph_dw_fp_map *m, const struct ph_dw_fp *fp,
		      uint64_t *ret)
{
	const struct map_entry *e = ph_dw_fp_map_find(m, *fp);

	if (e)
		*ret = e->val;
	return e != NULL;
}

struct ph_error *ph_dw_fp_map_put_min(struct ph_dw_fp_map *m,
				      const struct ph_dw_fp *fp, uint64_t val)
{
	struct map_entry *e;
	struct ph_error *err;
	bool found;

	if ((err = ph_dw_fp_map_insert(m, *fp, &e, &found)))
		return err;
	if (!found)
		*e = (struct map_entry){ *fp, val };
	else if (val < e->val)
		e->val = val;
	return NULL;
}
