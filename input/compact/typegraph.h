/* The compact type formats, BTF (btf.c) and CTF (ctf.c), read alike: a
   graph of numbered types that each format's library answers questions
   about (struct ph_tg_ops), walked once here (typegraph.c) into the
   layout model.  Neither records alignment nor source positions: the
   ABI's natural alignments (align.c's rules) and the packing the offsets
   show (packing.c's ph_infer_packing), as for DWARF without
   DW_AT_alignment.  Types are spelled as names.c spells DWARF's.  */
#ifndef PH_INPUT_COMPACT_TYPEGRAPH_H
#define PH_INPUT_COMPACT_TYPEGRAPH_H

#include "../input.h"

enum ph_tg_kind {
	PH_TG_VOID,
	PH_TG_INT,
	PH_TG_FLOAT,
	PH_TG_ENUM,
	PH_TG_PTR,
	PH_TG_ARRAY,
	PH_TG_FUNC,		/* a function's type: parameters, return */
	PH_TG_STRUCT,
	PH_TG_UNION,
	PH_TG_FWD_STRUCT,
	PH_TG_FWD_UNION,
	PH_TG_TYPEDEF,
	PH_TG_CONST,
	PH_TG_VOLATILE,
	PH_TG_RESTRICT,
	PH_TG_TAG,		/* BTF's type tag: the type it tags */
	PH_TG_OTHER,
};

struct ph_tg_member {
	const char *name;	/* "" when anonymous */
	uint32_t type;
	uint64_t bit_offset;	/* from the start of the aggregate */
	uint32_t bits;		/* a bitfield's width; 0 for none */
};

struct ph_tg_ops {
	enum ph_tg_kind (*kind)(void *src, uint32_t id);
	/* "" when anonymous.  */
	const char *(*name)(void *src, uint32_t id);
	/* The pointee, the typedef's or qualifier's type, the array's
	   elements, the function's return (0: void).  */
	uint32_t (*ref)(void *src, uint32_t id);
	/* Bytes of the type, typedefs and qualifiers resolved.  */
	uint64_t (*size)(void *src, uint32_t id);
	uint32_t (*nelems)(void *src, uint32_t id);
	/* A struct's or union's members, a function's parameters.  */
	unsigned (*vlen)(void *src, uint32_t id);
	/* The first N (its vlen) members of ID, in one walk of them.  */
	void (*members)(void *src, uint32_t id, unsigned n,
			struct ph_tg_member *ret);
	uint32_t (*param)(void *src, uint32_t id, unsigned i);
	bool (*varargs)(void *src, uint32_t id);
};

struct ph_tg {
	const struct ph_tg_ops *ops;
	void *src;
	struct ph_model *model;		/* strings and members go here */
	uint32_t nr;			/* ids below */
	uint32_t *natural;		/* natural alignment + 1, by id */
	uint32_t *padding;		/* tail padding + 1, by id */
	uint8_t *busy;			/* being laid out: a cycle */
	uint8_t *kinds;			/* kind + 1, by id, once asked */
	uint64_t *sizes;		/* size + 1, by id, once asked */
	unsigned ptr_size;
	bool i386;
	/* Laying a type out only for its alignment or padding: no
	   spelling; its members go to SCRATCH, dropped after each type.  */
	bool layout_only;
	bool unspelled;			/* ph_input_opts.unspelled */
	struct ph_arena scratch;
};

struct ph_error *ph_tg_init(struct ph_tg *g, const struct ph_tg_ops *ops,
			    void *src, uint32_t nr, unsigned ptr_size,
			    struct ph_model *model, bool unspelled);
void ph_tg_deinit(struct ph_tg *g);

/* Every named struct and union of ids [FIRST, NR), and every typedef of
   an anonymous one, into the model once per distinct layout (as
   ph_dw_load_file does); one that cannot be laid out is named in the
   error returned once the others are in.  */
struct ph_error *ph_tg_add_all(struct ph_tg *g, uint32_t first,
			       struct ph_dedup *dedup,
			       const struct ph_input_opts *opts);

#endif
