/* The layout model: what a compiler decided about one aggregate type.

   Both sources fill it (the plugin from GCC's trees, the reader from DWARF)
   and everything else only reads it.  Holes, padding and cachelines are not
   part of it: they follow from the members (analysis.h).  */
#ifndef PH_LAYOUT_H
#define PH_LAYOUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "arena.h"
#include "error.h"

#ifdef __cplusplus
extern "C" {
#endif

enum ph_kind {
	PH_KIND_STRUCT,
	PH_KIND_UNION,
	PH_KIND_CLASS,
};

const char *ph_kind_name(enum ph_kind kind);
/* The kind ph_kind_name spells S; false for any other string.  */
bool ph_kind_parse(const char *s, enum ph_kind *ret);

struct ph_member {
	/* "" for an anonymous member (an untagged aggregate or a base).  */
	const char *name;
	/* The type spelled around the name: TYPE NAME_PRE name NAME_POST, as
	   in "int (*fn)(char)" = "int" "(*" "fn" ")(char)" and
	   "char c[2]" = "char" "" "c" "[2]".  ph_member_type_name() joins
	   them into the abstract declarator ("int (*)(char)", "char[2]").  */
	const char *type;
	const char *name_pre;
	const char *name_post;
	/* From bit 0 of byte 0 of the outermost type, LSB first.  */
	uint64_t bit_offset;
	/* A bitfield's width; 8 * size otherwise (0 for a flexible array).  */
	uint64_t bit_size;
	/* Bytes of the declared type: the storage unit of a bitfield, the
	   whole array for an array.  */
	uint64_t size;
	/* The alignment the compiler gives this member here, in bytes
	   (1 when packed; the aligned() value when one is given).  */
	uint32_t align;
	/* aligned(N) written on the member itself, 0 if none.  */
	uint32_t explicit_align;
	/* [[no_unique_address]]: the bytes the member takes here, when fewer
	   than SIZE (0 for an empty class, its data size when later members
	   reuse its tail padding); used only when OCCUPIES_LESS is set.  */
	uint64_t occupied;
	bool occupies_less;
	/* Tail padding of the member's own type (for pahole's
	   "last struct has N bytes of padding"), 0 when unknown or none.  */
	uint32_t type_padding;
	bool bitfield;
	/* __attribute__((packed)) on the member itself, in a type that is
	   not packed as a whole.  */
	bool packed;
	bool base;		/* C++ base class subobject */
	bool virtual_base;
	bool artificial;	/* compiler-made, e.g. the vptr */
	bool flexible;		/* flexible array member (or [0]) */
	bool hot;		/* marked to be packed first */
	/* Set when the member's type is an untagged struct or union defined in
	   place: its kind and its members (offsets still from the outermost
	   type).  */
	bool nested;
	enum ph_kind nested_kind;
	size_t nr_members;
	struct ph_member *members;
};

struct ph_type {
	enum ph_kind kind;
	const char *name;
	/* The name is a typedef's, the type itself being untagged.  */
	bool typedef_name;
	bool packed;
	/* aligned(N) written on the type, 0 if none.  */
	uint32_t explicit_align;
	uint64_t size;
	uint32_t align;
	const char *file;
	unsigned line;
	size_t nr_members;
	struct ph_member *members;	/* in offset order */
};

/* A growable list of members, used while building; the finished list is
   copied into the model's arena.  */
struct ph_member_vec {
	struct ph_member *v;
	size_t n, cap;
};

void ph_member_vec_init(struct ph_member_vec *vec);
void ph_member_vec_deinit(struct ph_member_vec *vec);
struct ph_error *ph_member_vec_push(struct ph_member_vec *vec,
				    const struct ph_member *m);
/* Stable sort by bit offset.  */
void ph_member_vec_sort(struct ph_member_vec *vec);

struct ph_model {
	struct ph_arena arena;
	size_t nr_types, cap_types;
	struct ph_type **types;
};

struct ph_error *ph_model_create(struct ph_model **ret);
void ph_model_destroy(struct ph_model *model);

/* Copies T (its strings and members included) into MODEL.  */
struct ph_error *ph_model_add_type(struct ph_model *model,
				   const struct ph_type *t,
				   const struct ph_type **ret);
/* Adds T, whose strings and members already live in MODEL's arena.  */
struct ph_error *ph_model_append(struct ph_model *model,
				 const struct ph_type *t);
/* Copies the members in VEC into MODEL's arena.  */
struct ph_error *ph_model_copy_members(struct ph_model *model,
				       const struct ph_member *members,
				       size_t n, struct ph_member **ret);
/* Copies a string into MODEL's arena.  */
struct ph_error *ph_model_strdup(struct ph_model *model, const char *s,
				 const char **ret);

/* The member's type as an abstract declarator: "char[2]", "int (*)(char)".
   Writes at most SIZE bytes, always terminated; returns the full length.  */
size_t ph_member_type_name(const struct ph_member *m, char *buf, size_t size);

static inline uint64_t ph_member_offset(const struct ph_member *m)
{
	return m->bit_offset / 8;
}

#ifdef __cplusplus
}
#endif

#endif
