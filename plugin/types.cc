/* GCC's laid-out RECORD_TYPEs and UNION_TYPEs into the layout model.  */
#include "plugin.h"

/* How deep untagged aggregates are opened up; deeper ones are plain
   members.  */
static const unsigned max_depth = 64;

static bool const_uhwi(tree t, uint64_t *ret)
{
	if (!t || TREE_CODE(t) != INTEGER_CST || !tree_fits_uhwi_p(t))
		return false;
	*ret = tree_to_uhwi(t);
	return true;
}

/* An untagged struct or union defined in place: its members are shown
   inside the member rather than as a type of their own.  C++ names even
   these, with an anonymous identifier; its pointers to member functions
   are records of its own making, which are no aggregates to users.  */
bool ph_untagged_aggregate(tree type)
{
	tree name = TYPE_NAME(type);

	if (TREE_CODE(type) != RECORD_TYPE && TREE_CODE(type) != UNION_TYPE)
		return false;
	if (ph_lang_cxx && PH_TYPE_PTRMEMFUNC_P(type))
		return false;
	/* A closure too: DWARF leaves it unnamed.  */
	if (ph_lang_cxx && name && TREE_CODE(name) == TYPE_DECL)
		return !DECL_NAME(name) || IDENTIFIER_ANON_P(DECL_NAME(name));
	return !name;
}

static bool is_flexible_array(tree type)
{
	return TREE_CODE(type) == ARRAY_TYPE &&
	       (!TYPE_DOMAIN(type) || !TYPE_MAX_VALUE(TYPE_DOMAIN(type)));
}

/* A base field is virtual unless a direct non-virtual base of RECORD has
   its type at its offset.  */
static bool is_virtual_base(tree record, tree base, uint64_t offset)
{
	tree binfo = TYPE_BINFO(record), b;
	uint64_t off;

	if (!binfo)
		return false;
	for (unsigned i = 0; BINFO_BASE_ITERATE(binfo, i, b); i++) {
		if (!BINFO_VIRTUAL_P(b) &&
		    TYPE_MAIN_VARIANT(BINFO_TYPE(b)) == TYPE_MAIN_VARIANT(base) &&
		    const_uhwi(BINFO_OFFSET(b), &off) && off == offset)
			return false;
	}
	return true;
}

struct build_ctx {
	struct ph_model *model;
	bool skip;	/* the type cannot be reported; not an error */
};

static const char *model_str(struct build_ctx *ctx, const struct ph_buf *b)
{
	const char *s;

	if (ph_model_strdup(ctx->model, b->data ? b->data : "", &s))
		return NULL;
	return s;
}

static struct ph_error *shallow_members(tree record, struct ph_member_vec *vec,
					bool *ok);
static tree base_class(tree field);
static void settle_base_sizes(struct ph_member_vec *vec);
static void no_unique_address(tree type, struct ph_member *m);
static void settle_occupied(struct ph_member_vec *vec);

/* Tail padding of a struct used as a member, for pahole's "last struct
   has N bytes of padding": the padding of the type's own record, as the
   DWARF reader finds it too (so its bases and [[no_unique_address]]
   members settled as build_members settles them, not the sizes of
   GCC's fields).  */
static uint32_t record_tail_padding(tree type)
{
	struct ph_member_vec vec;
	uint64_t size;
	uint32_t padding = 0;
	bool ok = true;

	if (TREE_CODE(type) != RECORD_TYPE || !COMPLETE_TYPE_P(type) ||
	    !const_uhwi(TYPE_SIZE_UNIT(type), &size))
		return 0;
	ph_member_vec_init(&vec);
	if (!shallow_members(type, &vec, &ok) && ok) {
		ph_member_vec_sort(&vec);
		if (ph_lang_cxx) {
			settle_base_sizes(&vec);
			settle_occupied(&vec);
		}
		padding = (uint32_t)ph_tail_padding(vec.v, vec.n, 0, size,
						    false);
	}
	ph_member_vec_deinit(&vec);
	return padding;
}

/* Positions and sizes only, for record_tail_padding.  */
static struct ph_error *shallow_members(tree record, struct ph_member_vec *vec,
					bool *ok)
{
	for (tree f = TYPE_FIELDS(record); f; f = DECL_CHAIN(f)) {
		struct ph_member m;
		tree bft;

		if (TREE_CODE(f) != FIELD_DECL)
			continue;
		bft = DECL_BIT_FIELD_TYPE(f);
		if (bft && !DECL_NAME(f))
			continue;
		memset(&m, 0, sizeof(m));
		if (!DECL_FIELD_OFFSET(f) ||
		    TREE_CODE(DECL_FIELD_OFFSET(f)) != INTEGER_CST ||
		    !tree_fits_uhwi_p(bit_position(f))) {
			*ok = false;
			return NULL;
		}
		m.bit_offset = int_bit_position(f);
		if (bft) {
			m.bitfield = true;
			if (!const_uhwi(TYPE_SIZE_UNIT(bft), &m.size) ||
			    !const_uhwi(DECL_SIZE(f), &m.bit_size)) {
				*ok = false;
				return NULL;
			}
		} else if (ph_lang_cxx && PH_DECL_FIELD_IS_BASE(f)) {
			tree real = base_class(f);

			m.base = true;
			if (!const_uhwi(TYPE_SIZE_UNIT(real), &m.size) ||
			    !const_uhwi(DECL_SIZE(f), &m.bit_size)) {
				*ok = false;
				return NULL;
			}
		} else {
			if (!const_uhwi(DECL_SIZE_UNIT(f), &m.size))
				m.size = 0;
			m.bit_size = 8 * m.size;
			if (m.size)
				no_unique_address(TREE_TYPE(f), &m);
		}
		struct ph_error *err = ph_member_vec_push(vec, &m);
		if (err)
			return err;
	}
	return NULL;
}

/* The class of a base field: its type is the class's "as-base" copy,
   which shares the class's TYPE_DECL.  */
static tree base_class(tree field)
{
	tree ft = TREE_TYPE(field);

	return TYPE_NAME(ft) && TREE_CODE(TYPE_NAME(ft)) == TYPE_DECL
	       ? TREE_TYPE(TYPE_NAME(ft)) : ft;
}

/* The bits a class's own data takes, to the end of its last field: what
   it occupies as a base (0 when empty).  */
static uint64_t data_bits(tree type)
{
	uint64_t end = 0, size;

	for (tree f = TYPE_FIELDS(type); f; f = DECL_CHAIN(f)) {
		if (TREE_CODE(f) != FIELD_DECL ||
		    !tree_fits_uhwi_p(bit_position(f)) ||
		    !const_uhwi(DECL_SIZE(f), &size))
			continue;
		/* Its virtual bases are not part of it as a base.  */
		if (PH_DECL_FIELD_IS_BASE(f) &&
		    is_virtual_base(type, base_class(f),
				    int_bit_position(f) / 8))
			continue;
		if ((uint64_t)int_bit_position(f) + size > end)
			end = int_bit_position(f) + size;
	}
	return (end + 7) / 8 * 8;
}

/* Virtual bases without a FIELD_DECL: empty ones, and a nearly empty one
   made primary, which shares the vptr.  The binfos still place them (in a
   complete object, which is what a type's line describes).  */
static struct ph_error *add_fieldless_virtual_bases(struct build_ctx *ctx,
						tree record, tree binfo,
						struct ph_member_vec *vec)
{
	tree b;
	struct ph_error *err;

	for (unsigned i = 0; BINFO_BASE_ITERATE(binfo, i, b); i++) {
		tree type = BINFO_TYPE(b);
		struct ph_member m;
		uint64_t off, size;
		bool have = false;

		if ((err = add_fieldless_virtual_bases(ctx, record, b, vec)))
			return err;
		if (!BINFO_VIRTUAL_P(b) || !const_uhwi(BINFO_OFFSET(b), &off) ||
		    !const_uhwi(TYPE_SIZE_UNIT(type), &size))
			continue;
		/* Reached again through another path of a diamond: the same
		   class (two empty ones may share an offset and a size).  */
		struct ph_buf text;
		ph_buf_init(&text);
		ph_type_text(type, &text);
		for (size_t k = 0; k < vec->n && !have; k++)
			have = vec->v[k].virtual_base && text.data &&
			       strcmp(vec->v[k].type, text.data) == 0;
		/* A base with a field of its own is there already.  */
		bool has_field = false;
		for (tree f = TYPE_FIELDS(record); f && !has_field;
		     f = DECL_CHAIN(f))
			has_field = TREE_CODE(f) == FIELD_DECL &&
				    PH_DECL_FIELD_IS_BASE(f) &&
				    TYPE_NAME(TREE_TYPE(f)) &&
				    TREE_CODE(TYPE_NAME(TREE_TYPE(f))) ==
					    TYPE_DECL &&
				    TYPE_MAIN_VARIANT(TREE_TYPE(TYPE_NAME(
					    TREE_TYPE(f)))) ==
					    TYPE_MAIN_VARIANT(type) &&
				    tree_fits_uhwi_p(bit_position(f)) &&
				    int_bit_position(f) == (HOST_WIDE_INT)off * 8;
		if (have || has_field) {
			ph_buf_deinit(&text);
			continue;
		}
		memset(&m, 0, sizeof(m));
		m.name = m.name_pre = m.name_post = "";
		m.base = m.virtual_base = true;
		m.bit_offset = off * 8;
		m.size = size;
		m.bit_size = data_bits(type);
		m.align = TYPE_ALIGN_UNIT(type);
		m.type = model_str(ctx, &text);
		ph_buf_deinit(&text);
		if (!m.type)
			return &ph_error_nomem;
		if ((err = ph_member_vec_push(vec, &m)))
			return err;
	}
	return NULL;
}

/* A base field's size is its data size, the part a derived class cannot
   reuse.  What the base really occupies here (the layout contract) is
   that only when the class puts something into the rest of it: else the
   whole of sizeof.  */
static void settle_base_sizes(struct ph_member_vec *vec)
{
	for (size_t i = 0; i < vec->n; i++) {
		struct ph_member *b = &vec->v[i];
		uint64_t next = UINT64_MAX;

		if (!b->base || !b->bit_size || b->bit_size >= 8 * b->size)
			continue;
		for (size_t k = 0; k < vec->n; k++)
			if (k != i && vec->v[k].bit_size &&
			    vec->v[k].bit_offset > b->bit_offset &&
			    vec->v[k].bit_offset / 8 < next)
				next = vec->v[k].bit_offset / 8;
		if (next >= b->bit_offset / 8 + b->size)
			b->bit_size = 8 * b->size;
	}
}

/* A [[no_unique_address]] member's field is sized without the tail
   padding (or, empty, without any byte): its size is still its type's,
   what it occupies is the field's (M->size, DECL_SIZE_UNIT here).  */
static void no_unique_address(tree type, struct ph_member *m)
{
	uint64_t size;

	if (!ph_lang_cxx || !RECORD_OR_UNION_TYPE_P(type) ||
	    !const_uhwi(TYPE_SIZE_UNIT(type), &size) || size <= m->size)
		return;
	/* The field's size, not the type's data size (CLASSTYPE_SIZE_UNIT):
	   the next member is placed from the field's end, and the two can
	   differ.  GCC 11 gives the field the data size; GCC 12.2 gives it
	   end_of_class (eoc_nv_or_dsize), which takes the type's last
	   bitfield as ending at its byte offset plus its DECL_SIZE_UNIT, a
	   byte short when that bitfield straddles a byte boundary (a long
	   :7 at bits 366-372 needs 47 bytes, but 45 + 1 = 46).  The next
	   member then goes into that byte, over the last bits: that is
	   what the compiler did, so what is reported (later GCC rounds
	   a bitfield's end up there).  DECL_SIZE is 8 * DECL_SIZE_UNIT
	   here.  */
	m->occupied = m->size;
	m->occupies_less = m->occupied < size;
	m->size = size;
	m->bit_size = 8 * size;
}

/* A non-empty [[no_unique_address]] member occupies less than its size
   only when a later member is placed in its tail padding.  */
static void settle_occupied(struct ph_member_vec *vec)
{
	for (size_t i = 0; i < vec->n; i++) {
		struct ph_member *m = &vec->v[i];
		bool reused = false;

		if (!m->occupies_less || !m->occupied)
			continue;
		/* A member that takes no byte (an empty one, a zero-length
		   array) reuses nothing.  */
		for (size_t k = i + 1; k < vec->n && !reused; k++)
			reused = vec->v[k].bit_offset < m->bit_offset +
							 8 * m->size &&
				 vec->v[k].bit_size &&
				 !(vec->v[k].occupies_less &&
				   !vec->v[k].occupied);
		if (!reused) {
			m->occupies_less = false;
			m->occupied = 0;
		}
	}
}

static struct ph_error *build_members(struct build_ctx *ctx, tree record,
				      uint64_t base_bit, unsigned depth,
				      struct ph_member **ret_members,
				      size_t *ret_n)
{
	struct ph_member_vec vec;
	struct ph_error *err = NULL;

	ph_member_vec_init(&vec);
	if (depth > max_depth) {
		ctx->skip = true;
		goto out;
	}
	for (tree f = TYPE_FIELDS(record); f; f = DECL_CHAIN(f)) {
		struct ph_member m;
		struct ph_buf head, pre, post;
		tree ft, bft;

		if (TREE_CODE(f) != FIELD_DECL)
			continue;
		ft = TREE_TYPE(f);
		bft = DECL_BIT_FIELD_TYPE(f);
		/* Unnamed bitfields are not members: their bits show as bit
		   holes.  */
		if (bft && !DECL_NAME(f))
			continue;
		if (!ft || ft == error_mark_node || !DECL_FIELD_OFFSET(f) ||
		    TREE_CODE(DECL_FIELD_OFFSET(f)) != INTEGER_CST ||
		    !tree_fits_uhwi_p(bit_position(f))) {
			ctx->skip = true;
			goto out;
		}
		memset(&m, 0, sizeof(m));
		m.bit_offset = base_bit + int_bit_position(f);
		if (bft) {
			m.bitfield = true;
			if (!const_uhwi(TYPE_SIZE_UNIT(bft), &m.size) ||
			    !const_uhwi(DECL_SIZE(f), &m.bit_size)) {
				ctx->skip = true;
				goto out;
			}
			/* A bitfield has no alignment of its own; what places
			   it is its storage unit's, the declared type's as a
			   field of a struct (4 for long long on i386), or none
			   when packed.  */
			m.align = DECL_PACKED(f) || TYPE_PACKED(record)
				  ? 1 : min_align_of_type(bft);
		} else {
			if (!const_uhwi(DECL_SIZE_UNIT(f), &m.size)) {
				if (!is_flexible_array(ft)) {
					ctx->skip = true;
					goto out;
				}
				m.size = 0;
				m.flexible = true;
			}
			m.bit_size = 8 * m.size;
			m.align = DECL_ALIGN_UNIT(f);
			m.packed = DECL_PACKED(f) && !TYPE_PACKED(record);
			if (DECL_USER_ALIGN(f))
				m.explicit_align = DECL_ALIGN_UNIT(f);
		}
		m.name = DECL_NAME(f) ? IDENTIFIER_POINTER(DECL_NAME(f)) : "";
		if (ph_model_strdup(ctx->model, m.name, &m.name))
			goto nomem;
		m.artificial = DECL_ARTIFICIAL(f);
		m.hot = lookup_attribute("pokehole_hot", DECL_ATTRIBUTES(f));
		if (ph_lang_cxx && PH_DECL_FIELD_IS_BASE(f)) {
			/* The field's type is the base's "as-base" copy, sized
			   without the tail padding a derived class may reuse:
			   that is what the base occupies here.  */
			tree real = base_class(f);

			m.base = true;
			m.artificial = false;
			m.virtual_base = is_virtual_base(record, real,
							 m.bit_offset / 8);
			if (!const_uhwi(TYPE_SIZE_UNIT(real), &m.size) ||
			    !const_uhwi(DECL_SIZE(f), &m.bit_size)) {
				ctx->skip = true;
				goto out;
			}
			m.explicit_align = 0;
			ft = real;
		}

		/* Past MAX_DEPTH levels an untagged aggregate is shown as a
		   plain member: readers of the JSON (jq, ours) stop at a few
		   hundred levels of nesting.  */
		if (!bft && !m.base && ph_untagged_aggregate(ft) &&
		    depth < max_depth) {
			m.nested = true;
			m.nested_kind = TREE_CODE(ft) == UNION_TYPE ?
					PH_KIND_UNION : PH_KIND_STRUCT;
			m.type = m.name_pre = m.name_post = "";
			err = build_members(ctx, ft, m.bit_offset, depth + 1,
					    &m.members, &m.nr_members);
			if (err || ctx->skip)
				goto out;
		} else {
			ph_buf_init(&head);
			ph_buf_init(&pre);
			ph_buf_init(&post);
			ph_spell_type(bft ? bft : ft, &head, &pre, &post);
			m.type = model_str(ctx, &head);
			m.name_pre = model_str(ctx, &pre);
			m.name_post = model_str(ctx, &post);
			bool failed = head.failed || pre.failed || post.failed;
			ph_buf_deinit(&head);
			ph_buf_deinit(&pre);
			ph_buf_deinit(&post);
			if (failed || !m.type || !m.name_pre || !m.name_post)
				goto nomem;
		}
		if (!bft && !m.base && !m.flexible)
			no_unique_address(ft, &m);
		if (!bft && !m.base)
			m.type_padding = record_tail_padding(ft);
		if ((err = ph_member_vec_push(&vec, &m)))
			goto out;
	}
	if (ph_lang_cxx && depth == 0 && TYPE_BINFO(record) &&
	    (err = add_fieldless_virtual_bases(ctx, record, TYPE_BINFO(record),
					   &vec)))
		goto out;
	ph_member_vec_sort(&vec);
	if (ph_lang_cxx && depth == 0)
		settle_base_sizes(&vec);
	if (ph_lang_cxx)
		settle_occupied(&vec);
	/* Strings and nested members are in the arena already.  */
	*ret_members = NULL;
	if (vec.n) {
		*ret_members = (struct ph_member *)ph_arena_memdup(
			&ctx->model->arena, vec.v, vec.n * sizeof(*vec.v));
		if (!*ret_members)
			goto nomem;
	}
	*ret_n = vec.n;
	goto out;
nomem:
	err = &ph_error_nomem;
out:
	ph_member_vec_deinit(&vec);
	return err;
}

/* Types the compiler made for itself: lambda closures, RTTI's pseudo
   types.  Users did not write them and cannot change their layout.  */
bool ph_compiler_made(tree type, location_t where)
{
	tree name = TYPE_NAME(type);

	if (!ph_lang_cxx || !name || TREE_CODE(name) != TYPE_DECL)
		return false;
	if (DECL_NAME(name) && PH_IDENTIFIER_LAMBDA_P(DECL_NAME(name)))
		return true;
	return DECL_ARTIFICIAL(name) &&
	       LOCATION_LOCUS(where) <= BUILTINS_LOCATION;
}

/* An untagged C type named by a typedef: the typedef is a variant of it
   whose TYPE_NAME is the TYPE_DECL.  Only a typedef of the type itself
   names it, not one of another typedef (`typedef guid_t aligned_guid_t
   __attribute__((aligned(4)))`, a newer variant).  The variant, or
   NULL_TREE.  */
static tree naming_typedef(tree type)
{
	for (tree v = TYPE_NEXT_VARIANT(type); v; v = TYPE_NEXT_VARIANT(v)) {
		tree n = TYPE_NAME(v), orig;

		if (n && TREE_CODE(n) == TYPE_DECL && DECL_NAME(n) &&
		    (orig = DECL_ORIGINAL_TYPE(n)) &&
		    TYPE_MAIN_VARIANT(orig) == type &&
		    !(TYPE_NAME(orig) &&
		      TREE_CODE(TYPE_NAME(orig)) == TYPE_DECL))
			return v;
	}
	return NULL_TREE;
}

bool ph_record_name(tree type, struct ph_buf *out, bool *typedef_name)
{
	tree name = TYPE_NAME(type);

	*typedef_name = false;
	if (ph_lang_cxx) {
		/* Anonymous, except lambda closures: those have a name in
		   diagnostics, and ph_compiler_made() decides on them.  */
		if (!name || TREE_CODE(name) != TYPE_DECL || !DECL_NAME(name) ||
		    (IDENTIFIER_ANON_P(DECL_NAME(name)) &&
		     !PH_IDENTIFIER_LAMBDA_P(DECL_NAME(name))))
			return false;
		*typedef_name = PH_TYPE_WAS_UNNAMED(type);
		/* A closure has no name in DWARF: diagnostics' will do.  */
		if (!ph_dwarf_name(name, out))
			ph_type_text(type, out);
		return true;
	}
	if (name && TREE_CODE(name) == IDENTIFIER_NODE) {
		ph_buf_puts(out, IDENTIFIER_POINTER(name));
		return true;
	}
	tree v = naming_typedef(type);
	if (!v)
		return false;
	*typedef_name = true;
	ph_buf_puts(out, IDENTIFIER_POINTER(DECL_NAME(TYPE_NAME(v))));
	return true;
}

location_t ph_record_location(tree type)
{
	tree stub = TYPE_STUB_DECL(type);

	if (stub && DECL_P(stub))
		return DECL_SOURCE_LOCATION(stub);
	if (TYPE_NAME(type) && DECL_P(TYPE_NAME(type)))
		return DECL_SOURCE_LOCATION(TYPE_NAME(type));
	return UNKNOWN_LOCATION;
}

/* TYPE, of size 0, was laid out: it has fields, each at an offset.  */
static bool laid_out_empty(tree type)
{
	bool any = false;

	for (tree f = TYPE_FIELDS(type); f; f = DECL_CHAIN(f)) {
		if (TREE_CODE(f) != FIELD_DECL)
			continue;
		if (!DECL_FIELD_OFFSET(f) ||
		    TREE_CODE(DECL_FIELD_OFFSET(f)) != INTEGER_CST ||
		    !DECL_SIZE(f) || TREE_CODE(DECL_SIZE(f)) != INTEGER_CST)
			return false;
		any = true;
	}
	return any;
}

struct ph_error *ph_type_from_tree(struct ph_model *model, tree type,
				   const char *name, bool typedef_name,
				   location_t where, const struct ph_type **ret)
{
	struct build_ctx ctx = { model, false };
	struct ph_type t;
	struct ph_error *err;

	*ret = NULL;
	memset(&t, 0, sizeof(t));
	if (!const_uhwi(TYPE_SIZE_UNIT(type), &t.size))
		return NULL;
	/* A C++ class takes a byte at least, but for GCC's zero-length
	   arrays (sizeof 0 when they are all it has); size 0 is otherwise a
	   template's pattern, never laid out: its fields have no offset.  */
	if (ph_lang_cxx && t.size == 0 && !laid_out_empty(type))
		return NULL;
	t.kind = TREE_CODE(type) == UNION_TYPE ? PH_KIND_UNION
					       : PH_KIND_STRUCT;
	if (t.kind == PH_KIND_STRUCT && lang_hooks.types.classify_record &&
	    lang_hooks.types.classify_record(type) == RECORD_IS_CLASS)
		t.kind = PH_KIND_CLASS;
	t.typedef_name = typedef_name;
	t.align = TYPE_ALIGN_UNIT(type);
	t.packed = TYPE_PACKED(type);
	if (TYPE_USER_ALIGN(type))
		t.explicit_align = TYPE_ALIGN_UNIT(type);
	/* `typedef struct { ... } T __attribute__((aligned))` (glibc's
	   __pthread_unwind_buf_t): _Alignof (T) is the typedef's, as in
	   C++, where the attribute makes the class's own.  */
	tree v;
	if (typedef_name && !ph_lang_cxx && (v = naming_typedef(type)) &&
	    TYPE_USER_ALIGN(v)) {
		t.align = TYPE_ALIGN_UNIT(v);
		t.explicit_align = TYPE_ALIGN_UNIT(v);
	}
	expanded_location loc = expand_location(where);
	t.line = loc.line;
	if ((err = ph_model_strdup(model, name, &t.name)) ||
	    (err = ph_model_strdup(model, loc.file ? loc.file : "", &t.file)))
		return err;
	err = build_members(&ctx, type, 0, 0, &t.members, &t.nr_members);
	if (err || ctx.skip)
		return err;
	if ((err = ph_model_append(model, &t)))
		return err;
	*ret = model->types[model->nr_types - 1];
	return NULL;
}
