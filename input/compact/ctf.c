/* CTF into the layout model: libctf (binutils' libctf-nobfd) opens the
   .ctf section libelf finds (GCC's -gctf; an archive of dicts once ld
   has linked it) and answers typegraph.c's questions, dict by dict.  */
#include "ctf.h"
#include "typegraph.h"

#include <ctf-api.h>
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* One dict: its ids folded into one dense range, the parent's (below
   CTF_CHILD's bit) first, then its own.  */
struct dict {
	ctf_dict_t *fp;
	uint32_t parent_nr;	/* parent ids are below */
	uint32_t nr;
	size_t bytes;		/* of the section */
};

#define CHILD_BIT 0x80000000UL

/* Bytes of zeros after the section's (read_section), and the most a
   member takes in it (CTF v3's ctf_lmember_t): a struct whose members
   cannot fit in the section is corrupt, and is not walked.  */
enum { SLACK = 64 * 1024, MEMBER_BYTES = 16 };

static ctf_id_t to_ctf(const struct dict *d, uint32_t id)
{
	return id < d->parent_nr ? (ctf_id_t)id
				 : (ctf_id_t)(id - d->parent_nr) | CHILD_BIT;
}

static uint32_t from_ctf(const struct dict *d, ctf_id_t id)
{
	if (id == CTF_ERR)
		return 0;
	if (id & CHILD_BIT)
		id = (id & ~CHILD_BIT) + d->parent_nr;
	return id < d->nr ? (uint32_t)id : 0;
}

static enum ph_tg_kind kind(void *src, uint32_t id)
{
	struct dict *d = src;
	ctf_id_t t = to_ctf(d, id);

	switch (ctf_type_kind(d->fp, t)) {
	case CTF_K_INTEGER: return PH_TG_INT;
	case CTF_K_FLOAT: return PH_TG_FLOAT;
	case CTF_K_ENUM: return PH_TG_ENUM;
	case CTF_K_POINTER: return PH_TG_PTR;
	case CTF_K_ARRAY: return PH_TG_ARRAY;
	case CTF_K_FUNCTION: return PH_TG_FUNC;
	case CTF_K_STRUCT: return PH_TG_STRUCT;
	case CTF_K_UNION: return PH_TG_UNION;
	case CTF_K_FORWARD:
		switch (ctf_type_kind_forwarded(d->fp, t)) {
		case CTF_K_UNION: return PH_TG_FWD_UNION;
		case CTF_K_ENUM: return PH_TG_ENUM;
		default: return PH_TG_FWD_STRUCT;
		}
	case CTF_K_TYPEDEF: return PH_TG_TYPEDEF;
	case CTF_K_CONST: return PH_TG_CONST;
	case CTF_K_VOLATILE: return PH_TG_VOLATILE;
	case CTF_K_RESTRICT: return PH_TG_RESTRICT;
	case CTF_K_UNKNOWN: return PH_TG_VOID;
	default: return PH_TG_OTHER;
	}
}

static const char *name(void *src, uint32_t id)
{
	struct dict *d = src;
	const char *s = ctf_type_name_raw(d->fp, to_ctf(d, id));

	return s ? s : "";
}

static uint32_t ref(void *src, uint32_t id)
{
	struct dict *d = src;
	ctf_id_t t = to_ctf(d, id);
	ctf_arinfo_t ai;
	ctf_funcinfo_t fi;

	switch (ctf_type_kind(d->fp, t)) {
	case CTF_K_ARRAY:
		return ctf_array_info(d->fp, t, &ai) == 0
			       ? from_ctf(d, ai.ctr_contents) : 0;
	case CTF_K_FUNCTION:
		return ctf_func_type_info(d->fp, t, &fi) == 0
			       ? from_ctf(d, fi.ctc_return) : 0;
	default:
		return from_ctf(d, ctf_type_reference(d->fp, t));
	}
}

/* Not ctf_type_size on an array or an alias: it recurses without end
   through a corrupt one that contains itself.  */
static uint64_t size_at(struct dict *d, ctf_id_t t, unsigned depth)
{
	ctf_arinfo_t ai;
	ssize_t n;

	if (depth > PH_INPUT_MAX_DEPTH)
		return 0;
	switch (ctf_type_kind(d->fp, t)) {
	case CTF_K_ARRAY: {
		uint64_t elem;

		if (ctf_array_info(d->fp, t, &ai) != 0)
			return 0;
		elem = size_at(d, ai.ctr_contents, depth + 1);
		if (elem && ai.ctr_nelems > UINT64_MAX / elem)
			return 0;
		return elem * ai.ctr_nelems;
	}
	case CTF_K_TYPEDEF:
	case CTF_K_CONST:
	case CTF_K_VOLATILE:
	case CTF_K_RESTRICT:
		return size_at(d, ctf_type_reference(d->fp, t), depth + 1);
	default:
		n = ctf_type_size(d->fp, t);
		return n < 0 ? 0 : (uint64_t)n;
	}
}

static uint64_t size(void *src, uint32_t id)
{
	struct dict *d = src;

	return size_at(d, to_ctf(d, id), 0);
}

static uint32_t nelems(void *src, uint32_t id)
{
	struct dict *d = src;
	ctf_arinfo_t ai;

	return ctf_array_info(d->fp, to_ctf(d, id), &ai) == 0 ? ai.ctr_nelems
							     : 0;
}

/* A struct's or a union's count of members, 0 when they cannot all fit
   in the section (corrupt).  */
static unsigned nr_members(const struct dict *d, ctf_id_t t)
{
	int n = ctf_member_count(d->fp, t);

	if (n < 0 || (size_t)n * MEMBER_BYTES > d->bytes + SLACK)
		return 0;
	return (unsigned)n;
}

static unsigned vlen(void *src, uint32_t id)
{
	struct dict *d = src;
	ctf_funcinfo_t fi;

	switch (kind(src, id)) {
	case PH_TG_STRUCT:
	case PH_TG_UNION:
		return nr_members(d, to_ctf(d, id));
	case PH_TG_FUNC:
		return ctf_func_type_info(d->fp, to_ctf(d, id), &fi) == 0
			       ? fi.ctc_argc : 0;
	default:
		return 0;
	}
}

static bool varargs(void *src, uint32_t id)
{
	struct dict *d = src;
	ctf_funcinfo_t fi;

	return ctf_func_type_info(d->fp, to_ctf(d, id), &fi) == 0 &&
	       (fi.ctc_flags & CTF_FUNC_VARARG);
}

static uint32_t param(void *src, uint32_t id, unsigned i)
{
	struct dict *d = src;
	ctf_funcinfo_t fi;
	ctf_id_t args[1024];

	if (ctf_func_type_info(d->fp, to_ctf(d, id), &fi) != 0 ||
	    i >= fi.ctc_argc || fi.ctc_argc > 1024 ||
	    ctf_func_type_args(d->fp, to_ctf(d, id), fi.ctc_argc, args) != 0)
		return 0;
	return from_ctf(d, args[i]);
}

/* A member of type MT at bit OFF: a bitfield is a slice of an integer
   or enum (or, in older CTF, an integer of its bits).  */
static void member(struct dict *d, const char *mname, ctf_id_t mt,
		   ssize_t off, struct ph_tg_member *ret)
{
	ctf_encoding_t enc;
	int k;

	ret->name = mname ? mname : "";
	ret->type = from_ctf(d, mt);
	ret->bit_offset = (uint64_t)off;
	ret->bits = 0;
	k = ctf_type_kind(d->fp, mt);
	if ((k == CTF_K_INTEGER || k == CTF_K_ENUM) &&
	    ctf_type_encoding(d->fp, mt, &enc) == 0) {
		/* A slice (its kind is the sliced type's) refers to the
		   declared type; an integer refers to nothing.  */
		ctf_id_t sliced = ctf_type_reference(d->fp, mt);
		ssize_t bytes;

		if (sliced != CTF_ERR)
			ret->type = from_ctf(d, sliced);
		bytes = (ssize_t)size_at(d, sliced != CTF_ERR ? sliced : mt, 0);
		if (sliced != CTF_ERR || enc.cte_offset ||
		    (bytes > 0 && enc.cte_bits != 8 * (size_t)bytes)) {
			ret->bit_offset += enc.cte_offset;
			ret->bits = enc.cte_bits;
		}
	}
}

/* The members in one walk of libctf's list (which has no index).  */
static void members(void *src, uint32_t id, unsigned n,
		    struct ph_tg_member *ret)
{
	struct dict *d = src;
	ctf_next_t *it = NULL;
	unsigned i = 0;

	memset(ret, 0, n * sizeof(*ret));
	for (; i < n; i++) {
		const char *mname = "";
		ctf_id_t mt = 0;
		ssize_t off = ctf_member_next(d->fp, to_ctf(d, id), &it,
					      &mname, &mt, 0);

		if (off < 0)
			break;
		member(d, mname, mt, off, &ret[i]);
	}
	for (; i < n; i++)
		ret[i].name = "";
	if (it)
		ctf_next_destroy(it);
}

static const struct ph_tg_ops ctf_ops = {
	kind, name, ref, size, nelems, vlen, members, param, varargs,
};

/* The largest id of FP's own types + 1, folded as in struct dict.  */
static uint32_t count(ctf_dict_t *fp, bool child)
{
	ctf_next_t *it = NULL;
	ctf_id_t id;
	unsigned long max = 0;
	int flag;

	while ((id = ctf_type_next(fp, &it, &flag, 1)) != CTF_ERR) {
		unsigned long n = (child ? id & ~CHILD_BIT : id) + 1;

		if (n > max)
			max = n;
	}
	return max > UINT32_MAX / 2 ? UINT32_MAX / 2 : (uint32_t)max;
}

/* The bytes of the section NAME of the ELF file PATH, malloc'd.  */
static struct ph_error *read_section(const char *path, const char *secname,
				     void **ret, size_t *len)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	struct ph_error *err = NULL;
	size_t shstrndx;
	Elf *elf;

	*ret = NULL;
	*len = 0;
	if (fd < 0)
		return ph_error_errno(errno, "cannot open");
	elf_version(EV_CURRENT);
	elf = elf_begin(fd, ELF_C_READ_MMAP, NULL);
	if (!elf || elf_kind(elf) != ELF_K_ELF ||
	    elf_getshdrstrndx(elf, &shstrndx) != 0) {
		err = ph_error_create(PH_ERROR_INVALID, "not an ELF file");
		goto out;
	}
	for (Elf_Scn *scn = elf_nextscn(elf, NULL); scn;
	     scn = elf_nextscn(elf, scn)) {
		GElf_Shdr sh;
		const char *n;
		Elf_Data *data;

		if (!gelf_getshdr(scn, &sh) ||
		    !(n = elf_strptr(elf, shstrndx, sh.sh_name)) ||
		    strcmp(n, secname) != 0)
			continue;
		if (!(data = elf_getdata(scn, NULL)) || !data->d_buf) {
			err = ph_error_create(PH_ERROR_INVALID,
					      "cannot read its %s section",
					      secname);
			goto out;
		}
		/* Zeros after it: libctf trusts a corrupt member count and
		   reads past the members; they read as the end.  */
		if (!(*ret = calloc(1, data->d_size + SLACK))) {
			err = &ph_error_nomem;
			goto out;
		}
		memcpy(*ret, data->d_buf, data->d_size);
		*len = data->d_size;
		goto out;
	}
	err = ph_error_create(PH_ERROR_INVALID, "no CTF (no %s section)",
			      secname);
out:
	elf_end(elf);
	close(fd);
	return err;
}

struct ph_error *ph_ctf_load_file(const char *path, struct ph_model *model,
				  struct ph_dedup *dedup,
				  const struct ph_input_opts *opts)
{
	void *buf;
	size_t len;
	ctf_sect_t sect = { ".ctf", NULL, 0, 0 };
	ctf_archive_t *arc;
	ctf_next_t *it = NULL;
	ctf_dict_t *fp;
	struct ph_error *err;
	int e = 0;

	if ((err = read_section(path, ".ctf", &buf, &len)))
		return err;
	sect.cts_data = buf;
	sect.cts_size = len;
	if (!(arc = ctf_arc_bufopen(&sect, NULL, NULL, &e))) {
		free(buf);
		return ph_error_create(PH_ERROR_INVALID, "cannot read CTF: %s",
				       ctf_errmsg(e));
	}
	/* The parent dict, then each child over it.  */
	while (!err && (fp = ctf_archive_next(arc, &it, NULL, 0, &e))) {
		ctf_dict_t *parent = ctf_parent_dict(fp);
		bool child = parent != NULL && parent != fp;
		struct dict d;
		struct ph_tg g;

		d.fp = fp;
		d.bytes = len;
		d.parent_nr = child ? count(parent, false) : count(fp, false);
		d.nr = d.parent_nr + (child ? count(fp, true) : 0);
		err = ph_tg_init(&g, &ctf_ops, &d, d.nr,
				 (unsigned)ctf_getmodel(fp) == CTF_MODEL_LP64
					 ? 8 : 4,
				 model, opts->unspelled);
		if (!err)
			err = ph_tg_add_all(&g, child ? d.parent_nr : 1,
					    dedup, opts);
		ph_tg_deinit(&g);
		ctf_dict_close(fp);
	}
	if (it)
		ctf_next_destroy(it);
	if (!err && e && e != ECTF_NEXT_END)
		err = ph_error_create(PH_ERROR_INVALID, "cannot read CTF: %s",
				      ctf_errmsg(e));
	ctf_close(arc);
	free(buf);
	return err;
}
