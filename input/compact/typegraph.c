#include "typegraph.h"
#include "../declarator.h"
#include "../../reorg/analysis.h"
#include "../../reorg/packing.h"

#include <stdlib.h>
#include <string.h>


/* Asked of every link of every member's type: kept.  */
static enum ph_tg_kind kind_of(const struct ph_tg *g, uint32_t id)
{
	if (!id || id >= g->nr)
		return PH_TG_VOID;
	if (!g->kinds[id])
		g->kinds[id] = (uint8_t)(g->ops->kind(g->src, id) + 1);
	return (enum ph_tg_kind)(g->kinds[id] - 1);
}

static bool is_qual(enum ph_tg_kind k)
{
	return k == PH_TG_CONST || k == PH_TG_VOLATILE ||
	       k == PH_TG_RESTRICT || k == PH_TG_TAG;
}

static bool is_composite(enum ph_tg_kind k)
{
	return k == PH_TG_STRUCT || k == PH_TG_UNION;
}

static uint64_t size_of(const struct ph_tg *g, uint32_t id)
{
	if (!id || id >= g->nr)
		return g->ops->size(g->src, id);
	if (!g->sizes[id])
		g->sizes[id] = g->ops->size(g->src, id) + 1;
	return g->sizes[id] - 1;
}

/* ID without qualifiers, type tags and (with TYPEDEFS) typedefs.  */
static uint32_t strip(const struct ph_tg *g, uint32_t id, bool typedefs)
{
	for (unsigned i = 0; i < PH_INPUT_MAX_DEPTH; i++) {
		enum ph_tg_kind k = kind_of(g, id);

		if (!(is_qual(k) || (typedefs && k == PH_TG_TYPEDEF)))
			return id;
		id = g->ops->ref(g->src, id);
	}
	return 0;
}

struct ph_error *ph_tg_init(struct ph_tg *g, const struct ph_tg_ops *ops,
			    void *src, uint32_t nr, unsigned ptr_size,
			    struct ph_model *model, bool unspelled)
{
	memset(g, 0, sizeof(*g));
	g->ops = ops;
	g->src = src;
	g->nr = nr;
	g->model = model;
	g->ptr_size = ptr_size ? ptr_size : sizeof(void *);
	g->i386 = g->ptr_size == 4;
	g->unspelled = unspelled;
	ph_arena_init(&g->scratch);
	g->natural = calloc(nr ? nr : 1, sizeof(*g->natural));
	g->padding = calloc(nr ? nr : 1, sizeof(*g->padding));
	g->busy = calloc(nr ? nr : 1, 1);
	g->kinds = calloc(nr ? nr : 1, 1);
	g->sizes = calloc(nr ? nr : 1, sizeof(*g->sizes));
	if (!g->natural || !g->padding || !g->busy || !g->kinds ||
	    !g->sizes) {
		ph_tg_deinit(g);
		return &ph_error_nomem;
	}
	return NULL;
}

void ph_tg_deinit(struct ph_tg *g)
{
	ph_arena_deinit(&g->scratch);
	free(g->natural);
	free(g->padding);
	free(g->busy);
	free(g->kinds);
	free(g->sizes);
	g->sizes = NULL;
	g->natural = g->padding = NULL;
	g->busy = g->kinds = NULL;
}

static struct ph_error *build_members(struct ph_tg *g, uint32_t id,
				      uint64_t base_bit, unsigned depth,
				      struct ph_member **ret, size_t *n,
				      uint32_t *align, uint32_t *explicit_align,
				      bool *packed);

/* The struct or union ID laid out once, for its alignment and its tail
   padding both: into NATURAL[ID] and PADDING[ID] (+ 1).  A type inside
   itself (corrupt input) reads as 1-aligned, with no padding.  */
static struct ph_error *layout_facts(struct ph_tg *g, uint32_t id,
				     unsigned depth)
{
	struct ph_member *ms;
	size_t n;
	uint32_t a = 1, ea;
	bool packed, layout_only = g->layout_only;
	struct ph_error *err;

	if (g->natural[id] || g->busy[id] || depth > PH_INPUT_MAX_DEPTH)
		return NULL;
	g->busy[id] = 1;
	g->layout_only = true;
	err = build_members(g, id, 0, depth + 1, &ms, &n, &a, &ea, &packed);
	g->layout_only = layout_only;
	g->busy[id] = 0;
	if (err)
		return err;
	g->natural[id] = a + 1;
	if (kind_of(g, id) == PH_TG_STRUCT)
		g->padding[id] = ph_tail_padding(ms, n, 0, size_of(g, id),
						 false) + 1;
	return NULL;
}

/* The alignment a member of type ID gets when nothing is packed or
   forced (align.c's rules).  */
static struct ph_error *natural_align(struct ph_tg *g, uint32_t id,
				      unsigned depth, uint32_t *ret)
{
	struct ph_error *err;

	id = strip(g, id, true);
	*ret = 1;
	if (depth > PH_INPUT_MAX_DEPTH)
		return NULL;
	switch (kind_of(g, id)) {
	case PH_TG_INT:
	case PH_TG_FLOAT:
	case PH_TG_ENUM:
		*ret = ph_scalar_align(size_of(g, id), g->i386);
		return NULL;
	case PH_TG_PTR:
		*ret = ph_scalar_align(g->ptr_size, g->i386);
		return NULL;
	case PH_TG_ARRAY:
		return natural_align(g, g->ops->ref(g->src, id), depth + 1,
				     ret);
	case PH_TG_STRUCT:
	case PH_TG_UNION:
		if ((err = layout_facts(g, id, depth)))
			return err;
		*ret = g->natural[id] ? g->natural[id] - 1 : 1;
		return NULL;
	default:
		return NULL;
	}
}

/* The tail padding of the struct ID's own members, for type_padding.  */
static struct ph_error *tail_padding(struct ph_tg *g, uint32_t id,
				     unsigned depth, uint32_t *ret)
{
	struct ph_error *err;

	id = strip(g, id, true);
	*ret = 0;
	if (kind_of(g, id) != PH_TG_STRUCT)
		return NULL;
	if ((err = layout_facts(g, id, depth)))
		return err;
	*ret = g->padding[id] ? (uint32_t)(g->padding[id] - 1) : 0;
	return NULL;
}

/* Spelling, as names.c spells DWARF's types.  */

static void spell_abstract(struct ph_tg *g, uint32_t id, unsigned depth,
			   struct ph_buf *out);

static void spell_base(struct ph_tg *g, uint32_t id, unsigned quals,
		       struct ph_buf *out)
{
	enum ph_tg_kind k = kind_of(g, id);
	const char *name, *tag = NULL;

	ph_decl_put_quals(out, quals);
	if (k == PH_TG_VOID) {
		ph_buf_puts(out, "void");
		return;
	}
	name = g->ops->name(g->src, id);
	switch (k) {
	case PH_TG_STRUCT:
	case PH_TG_FWD_STRUCT:
		tag = "struct";
		break;
	case PH_TG_UNION:
	case PH_TG_FWD_UNION:
		tag = "union";
		break;
	case PH_TG_ENUM:
		tag = "enum";
		break;
	default:
		break;
	}
	if (tag && *name)
		ph_buf_printf(out, "%s %s", tag, name);
	else if (tag)
		ph_buf_printf(out, "%s {...}", tag);
	else if (*name)
		ph_buf_puts(out, name);
	else
		ph_buf_puts(out, "<unnamed type>");
}

static void spell_args(struct ph_tg *g, uint32_t fn, unsigned depth,
		       struct ph_buf *out)
{
	unsigned n = g->ops->vlen(g->src, fn);
	bool varargs = g->ops->varargs(g->src, fn);

	ph_buf_putc(out, '(');
	for (unsigned i = 0; i < n; i++) {
		if (i)
			ph_buf_puts(out, ", ");
		spell_abstract(g, g->ops->param(g->src, fn, i), depth + 1,
			       out);
	}
	if (varargs)
		ph_buf_puts(out, n ? ", ..." : "...");
	else if (!n)
		ph_buf_puts(out, "void");
	ph_buf_putc(out, ')');
}

/* The declarator of type ID from the name outwards; FLEXIBLE: an
   array of no elements is spelled "[]".  */
static void spell(struct ph_tg *g, uint32_t id, unsigned depth, bool flexible,
		  struct ph_buf *head, struct ph_buf *pre, struct ph_buf *post)
{
	struct ph_buf l, rt, tmp;
	bool after_pointer = false;
	unsigned quals = 0;

	ph_buf_init(&l);
	ph_buf_init(&rt);
	ph_buf_init(&tmp);
	for (unsigned links = 0; depth <= PH_INPUT_MAX_DEPTH; links++) {
		enum ph_tg_kind k = kind_of(g, id);
		unsigned carry = 0;

		if (links > PH_INPUT_MAX_DEPTH) {
			id = 0;
			break;
		}
		if (is_qual(k)) {
			quals |= k == PH_TG_CONST ? PH_Q_CONST
				 : k == PH_TG_VOLATILE ? PH_Q_VOLATILE
				 : k == PH_TG_RESTRICT ? PH_Q_RESTRICT : 0;
			id = g->ops->ref(g->src, id);
			continue;
		}
		if (k == PH_TG_PTR) {
			ph_buf_putc(&tmp, '*');
			ph_decl_prepend(&l, &tmp, quals);
			after_pointer = true;
		} else if (k == PH_TG_ARRAY || k == PH_TG_FUNC) {
			if (after_pointer) {
				ph_buf_putc(&tmp, '(');
				ph_buf_putn(&tmp, ph_decl_data(&l), l.len);
				ph_decl_move(&l, &tmp);
				ph_buf_putc(&rt, ')');
			}
			if (k == PH_TG_ARRAY) {
				uint32_t ne = g->ops->nelems(g->src, id);

				if (ne || !flexible)
					ph_buf_printf(&rt, "[%u]", ne);
				else
					ph_buf_puts(&rt, "[]");
				carry = quals;
			} else {
				spell_args(g, id, depth, &rt);
			}
			after_pointer = false;
		} else {
			break;
		}
		flexible = false;
		quals = carry;
		id = g->ops->ref(g->src, id);
	}
	spell_base(g, id, quals, head);
	ph_decl_finish(head, &l, &rt, pre, post);
	if (l.failed || rt.failed || tmp.failed)
		head->failed = true;
	ph_buf_deinit(&l);
	ph_buf_deinit(&rt);
	ph_buf_deinit(&tmp);
}

static void spell_abstract(struct ph_tg *g, uint32_t id, unsigned depth,
			   struct ph_buf *out)
{
	struct ph_buf head, pre, post;

	ph_buf_init(&head);
	ph_buf_init(&pre);
	ph_buf_init(&post);
	spell(g, id, depth, false, &head, &pre, &post);
	ph_decl_join(out, &head, &pre, &post);
	ph_buf_deinit(&head);
	ph_buf_deinit(&pre);
	ph_buf_deinit(&post);
}

static struct ph_error *spell_into(struct ph_tg *g, uint32_t id,
				   bool flexible, struct ph_member *m)
{
	struct ph_buf head, pre, post;
	struct ph_error *err = NULL;

	/* Unspelled, a struct member's type is kept: the analysis tells a
	   struct_group_tagged() by it.  */
	if (g->layout_only ||
	    (g->unspelled && !is_composite(kind_of(g, id)))) {
		m->type = m->name_pre = m->name_post = "";
		return NULL;
	}
	ph_buf_init(&head);
	ph_buf_init(&pre);
	ph_buf_init(&post);
	spell(g, id, 0, flexible, &head, &pre, &post);
	if (head.failed || pre.failed || post.failed)
		err = &ph_error_nomem;
	if (!err &&
	    !(err = ph_model_strdup(g->model, ph_decl_data(&head), &m->type)) &&
	    !(err = ph_model_strdup(g->model, ph_decl_data(&pre), &m->name_pre)))
		err = ph_model_strdup(g->model, ph_decl_data(&post), &m->name_post);
	ph_buf_deinit(&head);
	ph_buf_deinit(&pre);
	ph_buf_deinit(&post);
	return err;
}

/* The members of the struct or union ID, whose first bit is BASE_BIT of
   the outermost type, into the model's arena (*RET, *N), with the
   alignments the offsets show.  */
static struct ph_error *build_members(struct ph_tg *g, uint32_t id,
				      uint64_t base_bit, unsigned depth,
				      struct ph_member **ret, size_t *n,
				      uint32_t *align, uint32_t *explicit_align,
				      bool *packed)
{
	enum ph_tg_kind kind = kind_of(g, id);
	unsigned vlen = g->ops->vlen(g->src, id);
	uint64_t size = size_of(g, id);
	struct ph_member_vec vec;
	uint32_t *natural = NULL;
	struct ph_tg_member *tms = NULL;
	struct ph_type pseudo;
	struct ph_error *err = NULL;

	*ret = NULL;
	*n = 0;
	if (depth > PH_INPUT_MAX_DEPTH)
		return ph_error_create(PH_ERROR_LIMIT,
				       "types nested too deeply");
	ph_member_vec_init(&vec);
	if (vlen && (!(natural = calloc(vlen, sizeof(*natural))) ||
		     !(tms = calloc(vlen, sizeof(*tms))))) {
		free(natural);
		return &ph_error_nomem;
	}
	if (vlen)
		g->ops->members(g->src, id, vlen, tms);
	for (unsigned i = 0; i < vlen && !err; i++) {
		struct ph_tg_member tm = tms[i];
		struct ph_member m;
		uint32_t mid, rid;
		enum ph_tg_kind mk, rk;

		mid = strip(g, tm.type, false);
		rid = strip(g, tm.type, true);
		mk = kind_of(g, mid);
		rk = kind_of(g, rid);
		memset(&m, 0, sizeof(m));
		m.name = "";
		if (!g->layout_only &&
		    (err = ph_model_strdup(g->model, tm.name, &m.name)))
			break;
		m.bit_offset = base_bit + tm.bit_offset;
		m.size = size_of(g, tm.type);
		m.bitfield = tm.bits != 0;
		m.bit_size = tm.bits ? tm.bits : 8 * m.size;
		/* Neither format has "int x[]" apart from "int x[0]": a
		   struct's last member is taken for the first (C99's).  */
		bool flexible = rk == PH_TG_ARRAY &&
				g->ops->nelems(g->src, rid) == 0 &&
				i + 1 == vlen && kind == PH_TG_STRUCT;

		m.flexible = flexible;
		/* An untagged struct or union as a member is defined there.  */
		if (is_composite(mk) && !*g->ops->name(g->src, mid) &&
		    !m.bitfield) {
			uint32_t a, ea;
			bool p;

			m.nested = true;
			m.nested_kind = mk == PH_TG_UNION ? PH_KIND_UNION
							  : PH_KIND_STRUCT;
			/* the kind says it, as for DWARF */
			m.type = m.name_pre = m.name_post = "";
			err = build_members(g, mid, m.bit_offset, depth + 1,
					    &m.members, &m.nr_members, &a, &ea,
					    &p);
		} else {
			err = spell_into(g, tm.type, flexible, &m);
		}
		if (!err)
			err = natural_align(g, tm.type, depth + 1,
					    &natural[vec.n]);
		if (!err && rk == PH_TG_STRUCT) {
			uint32_t pad;

			if (!(err = tail_padding(g, rid, depth + 1, &pad)))
				m.type_padding = pad;
		}
		if (!err)
			err = ph_member_vec_push(&vec, &m);
	}
	if (err)
		goto out;
	memset(&pseudo, 0, sizeof(pseudo));
	pseudo.kind = kind == PH_TG_UNION ? PH_KIND_UNION : PH_KIND_STRUCT;
	pseudo.size = size;
	pseudo.members = vec.v;
	pseudo.nr_members = vec.n;
	if ((err = ph_infer_packing(&pseudo, natural, base_bit, 0)))
		goto out;
	*align = pseudo.align;
	*explicit_align = pseudo.explicit_align;
	*packed = pseudo.packed;
	if (vec.n) {
		*ret = ph_arena_memdup(g->layout_only ? &g->scratch
						      : &g->model->arena,
				       vec.v, vec.n * sizeof(*vec.v));
		if (!*ret) {
			err = &ph_error_nomem;
			goto out;
		}
	}
	*n = vec.n;
out:
	free(natural);
	free(tms);
	ph_member_vec_deinit(&vec);
	return err;
}

/* The struct or union ID under NAME into the model, once per distinct
   layout.  */
static struct ph_error *add_type(struct ph_tg *g, uint32_t id,
				 const char *name, bool typedef_name,
				 struct ph_dedup *dedup,
				 const struct ph_input_opts *opts)
{
	struct ph_type t;
	struct ph_error *err;
	bool seen;

	memset(&t, 0, sizeof(t));
	t.kind = kind_of(g, id) == PH_TG_UNION ? PH_KIND_UNION
					       : PH_KIND_STRUCT;
	if (opts->filter && opts->filter->want &&
	    !opts->filter->want(opts->filter->arg, name, t.kind))
		return NULL;
	t.typedef_name = typedef_name;
	t.size = size_of(g, id);
	t.file = "";
	if ((err = ph_model_strdup(g->model, name, &t.name)))
		return err;
	err = build_members(g, id, 0, 0, &t.members, &t.nr_members, &t.align,
			    &t.explicit_align, &t.packed);
	ph_arena_deinit(&g->scratch);
	ph_arena_init(&g->scratch);
	if (err)
		return err;
	/* In the model first: where it stays, its key can wait.  */
	if ((err = ph_model_append(g->model, &t)) ||
	    (err = ph_dedup_seen_stable(dedup,
					g->model->types[g->model->nr_types - 1],
					&seen)))
		return err;
	if (seen)
		g->model->nr_types--;
	return NULL;
}

struct ph_error *ph_tg_add_all(struct ph_tg *g, uint32_t first,
			       struct ph_dedup *dedup,
			       const struct ph_input_opts *opts)
{
	struct ph_error *err = NULL, *soft = NULL;
	unsigned nr_soft = 0;

	for (uint32_t id = first; id < g->nr && !err; id++) {
		enum ph_tg_kind k = kind_of(g, id);
		const char *name;
		uint32_t target;

		if (!is_composite(k) && k != PH_TG_TYPEDEF)
			continue;
		name = g->ops->name(g->src, id);
		if (!*name)
			continue;
		if (is_composite(k)) {
			err = add_type(g, id, name, false, dedup, opts);
		} else if (is_composite(kind_of(g, target = g->ops->ref(g->src,
									   id))) &&
			   !*g->ops->name(g->src, target)) {
			/* typedef struct { ... } name_t;  */
			err = add_type(g, target, name, true, dedup, opts);
		}
		if (err && err != &ph_error_nomem) {
			if (!nr_soft++)
				soft = ph_error_create(PH_ERROR_INVALID,
						       "cannot lay out '%s': %s",
						       name, err->message);
			ph_error_destroy(err);
			err = NULL;
		}
	}
	if (!err && soft && nr_soft > 1)
		err = ph_error_create(PH_ERROR_INVALID, "%s (and %u more)",
				      soft->message, nr_soft - 1);
	else if (!err && soft)
		err = soft, soft = NULL;
	if (soft)
		ph_error_destroy(soft);
	return err;
}
