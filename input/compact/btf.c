/* BTF into the layout model: libbpf parses (raw BTF or an ELF file's
   .BTF, split BTF over a base) and answers typegraph.c's questions.  */
#include "btf.h"
#include "typegraph.h"

#include <bpf/btf.h>
#include <bpf/libbpf.h>
#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* libbpf's last warning ("Invalid BTF string section"): what a file it
   cannot read is said to have, instead of its errno alone.  libbpf says
   it to one print callback for the whole process (libbpf_set_print),
   with no argument to tell whose parse it is for: each parse (parse
   below) holds PARSE_LOCK while the callback keeps the warning in
   LAST_WARNING, and copies it out before letting go.  A plain static
   under a mutex rather than a thread-local: the callback is the
   process's, and so is what it writes to.  */
static pthread_mutex_t parse_lock = PTHREAD_MUTEX_INITIALIZER;
static char last_warning[160];	/* under parse_lock */

static int keep_warning(enum libbpf_print_level level, const char *fmt,
			va_list ap)
{
	size_t n;

	(void)level;	/* its reasons are debug messages */
	vsnprintf(last_warning, sizeof(last_warning), fmt, ap);
	n = strlen(last_warning);
	while (n && (last_warning[n - 1] == '\n' ||
		     last_warning[n - 1] == '.'))
		last_warning[--n] = '\0';
	/* "libbpf: " is ours to leave out */
	if (strncmp(last_warning, "libbpf: ", 8) == 0)
		memmove(last_warning, last_warning + 8, n - 7);
	return 0;
}

/* What libbpf says outside a parse (none of it is ours to print).  */
static int drop_message(enum libbpf_print_level level, const char *fmt,
			va_list ap)
{
	(void)level;
	(void)fmt;
	(void)ap;
	return 0;
}

/* The BTF at PATH (split over BASE when not NULL), or NULL with *ERR
   its errno.  WARNING (of SIZE bytes): libbpf's last warning so far, ""
   for none, replaced by one this parse gives.  */
static struct btf *parse(const char *path, struct btf *base, char *warning,
			 size_t size, int *err)
{
	struct btf *btf;

	pthread_mutex_lock(&parse_lock);
	libbpf_set_print(keep_warning);
	snprintf(last_warning, sizeof(last_warning), "%s", warning);
	btf = base ? btf__parse_split(path, base) : btf__parse(path, NULL);
	*err = errno;
	snprintf(warning, size, "%s", last_warning);
	libbpf_set_print(drop_message);
	pthread_mutex_unlock(&parse_lock);
	return btf;
}

bool ph_btf_is_raw(const char *path)
{
	unsigned char magic[2];
	FILE *f = fopen(path, "rb");
	bool raw;

	if (!f)
		return false;
	raw = fread(magic, 1, 2, f) == 2 &&
	      ((magic[0] == 0x9f && magic[1] == 0xeb) ||
	       (magic[0] == 0xeb && magic[1] == 0x9f));
	fclose(f);
	return raw;
}

static const struct btf_type *type_of(void *src, uint32_t id)
{
	return btf__type_by_id(src, id);
}

static enum ph_tg_kind kind(void *src, uint32_t id)
{
	const struct btf_type *t = type_of(src, id);

	if (!t)
		return PH_TG_VOID;
	switch (btf_kind(t)) {
	case BTF_KIND_INT: return PH_TG_INT;
	case BTF_KIND_FLOAT: return PH_TG_FLOAT;
	case BTF_KIND_ENUM:
	case BTF_KIND_ENUM64: return PH_TG_ENUM;
	case BTF_KIND_PTR: return PH_TG_PTR;
	case BTF_KIND_ARRAY: return PH_TG_ARRAY;
	case BTF_KIND_FUNC_PROTO: return PH_TG_FUNC;
	case BTF_KIND_STRUCT: return PH_TG_STRUCT;
	case BTF_KIND_UNION: return PH_TG_UNION;
	case BTF_KIND_FWD:
		return btf_kflag(t) ? PH_TG_FWD_UNION : PH_TG_FWD_STRUCT;
	case BTF_KIND_TYPEDEF: return PH_TG_TYPEDEF;
	case BTF_KIND_CONST: return PH_TG_CONST;
	case BTF_KIND_VOLATILE: return PH_TG_VOLATILE;
	case BTF_KIND_RESTRICT: return PH_TG_RESTRICT;
	case BTF_KIND_TYPE_TAG: return PH_TG_TAG;
	default: return PH_TG_OTHER;
	}
}

static const char *str(void *src, uint32_t off)
{
	const char *s = btf__name_by_offset(src, off);

	return s ? s : "";
}

static const char *name(void *src, uint32_t id)
{
	const struct btf_type *t = type_of(src, id);

	return t ? str(src, t->name_off) : "";
}

static uint32_t ref(void *src, uint32_t id)
{
	const struct btf_type *t = type_of(src, id);

	if (!t)
		return 0;
	if (btf_is_array(t))
		return btf_array(t)->type;
	switch (btf_kind(t)) {
	case BTF_KIND_PTR:
	case BTF_KIND_FUNC_PROTO:
	case BTF_KIND_TYPEDEF:
	case BTF_KIND_CONST:
	case BTF_KIND_VOLATILE:
	case BTF_KIND_RESTRICT:
	case BTF_KIND_TYPE_TAG:
		return t->type;
	default:
		return 0;
	}
}

static uint64_t size(void *src, uint32_t id)
{
	__s64 n = btf__resolve_size(src, id);

	return n < 0 ? 0 : (uint64_t)n;
}

static uint32_t nelems(void *src, uint32_t id)
{
	const struct btf_type *t = type_of(src, id);

	return t && btf_is_array(t) ? btf_array(t)->nelems : 0;
}

/* A prototype's last parameter of type 0 is its "...".  */
static bool varargs(void *src, uint32_t id)
{
	const struct btf_type *t = type_of(src, id);
	unsigned n = t ? btf_vlen(t) : 0;

	return t && btf_is_func_proto(t) && n && btf_params(t)[n - 1].type == 0;
}

static unsigned vlen(void *src, uint32_t id)
{
	const struct btf_type *t = type_of(src, id);

	if (!t)
		return 0;
	if (btf_is_composite(t))
		return btf_vlen(t);
	if (btf_is_func_proto(t))
		return btf_vlen(t) - varargs(src, id);
	return 0;
}

static void member(void *src, uint32_t id, unsigned i,
		   struct ph_tg_member *ret);

static void members(void *src, uint32_t id, unsigned n,
		    struct ph_tg_member *ret)
{
	for (unsigned i = 0; i < n; i++)
		member(src, id, i, &ret[i]);
}

static void member(void *src, uint32_t id, unsigned i,
		   struct ph_tg_member *ret)
{
	const struct btf_type *t = type_of(src, id);
	const struct btf_member *m = &btf_members(t)[i];
	const struct btf_type *rt;
	int rid;

	ret->name = str(src, m->name_off);
	ret->type = m->type;
	ret->bit_offset = btf_member_bit_offset(t, i);
	ret->bits = btf_member_bitfield_size(t, i);
	/* Without the kind flag, a bitfield is an int of its own bits.  */
	if (!ret->bits && !btf_kflag(t) &&
	    (rid = btf__resolve_type(src, m->type)) > 0 &&
	    (rt = type_of(src, (uint32_t)rid)) && btf_is_int(rt)) {
		uint32_t enc = *(const uint32_t *)(rt + 1);

		if (BTF_INT_OFFSET(enc) || BTF_INT_BITS(enc) != 8 * rt->size) {
			ret->bit_offset += BTF_INT_OFFSET(enc);
			ret->bits = BTF_INT_BITS(enc);
		}
	}
}

static uint32_t param(void *src, uint32_t id, unsigned i)
{
	return btf_params(type_of(src, id))[i].type;
}

static const struct ph_tg_ops btf_ops = {
	kind, name, ref, size, nelems, vlen, members, param, varargs,
};

struct ph_error *ph_btf_load_file(const char *path, const char *base_path,
				  struct ph_model *model,
				  struct ph_dedup *dedup,
				  const struct ph_input_opts *opts)
{
	struct btf *base = NULL, *btf;
	struct ph_tg g;
	struct ph_error *err;
	char warning[sizeof(last_warning)] = "";
	int e;

	if (base_path) {
		base = parse(base_path, NULL, warning, sizeof(warning), &e);
		if (!base)
			return ph_error_create(PH_ERROR_INVALID,
					       "cannot read the base BTF %s: %s",
					       base_path, *warning
					       ? warning : strerror(e));
	}
	btf = parse(path, base, warning, sizeof(warning), &e);
	if (!btf) {
		btf__free(base);
		if (e == ENOENT || e == ENODATA)
			return ph_error_create(PH_ERROR_INVALID,
					       "no BTF (no .BTF section)");
		/* Split BTF refers to types it has not: read alone, it
		   is "invalid".  */
		if (!base && ph_btf_is_raw(path))
			return ph_error_create(PH_ERROR_INVALID,
					       "cannot read BTF: %s (split "
					       "BTF? name its base with "
					       "--btf_base)",
					       *warning ? warning : strerror(e));
		return ph_error_create(PH_ERROR_INVALID, "cannot read BTF: %s",
				       *warning ? warning : strerror(e));
	}
	err = ph_tg_init(&g, &btf_ops, btf, btf__type_cnt(btf),
			 (unsigned)btf__pointer_size(btf), model,
			 opts->unspelled);
	/* A module's own types: those after its base's.  */
	if (!err)
		err = ph_tg_add_all(&g, base ? btf__type_cnt(base) : 1, dedup,
				    opts);
	ph_tg_deinit(&g);
	btf__free(btf);
	btf__free(base);
	return err;
}
