/* The reading context of the DWARF reader (struct ph_dw_ctx) and the
   caches it holds, set up and torn down here (ctx.c).  The context is
   data only: the modules computing what the caches keep (align.c,
   cxx*.c, scopes.c, resolve.c) include this header, this header none of
   theirs, so that no module depends on one that depends on it.  */
#ifndef PH_INPUT_DWARF_CTX_H
#define PH_INPUT_DWARF_CTX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <elfutils/libdw.h>

#include "offmap.h"
#include "../../reorg/error.h"
#include "../../report/buf.h"

struct ph_dw_cls;
struct ph_dw_defs;
struct ph_dw_scan;
struct ph_model;

struct ph_dw_align_cache {
	/* Natural alignment + 1 of aggregates already computed.  */
	struct ph_dw_offmap aligns;
	/* Whether an aggregate's alignment is user-forced: 1 no, 2 yes.  */
	struct ph_dw_offmap user_aligns;
	/* Tail padding + 1 of structs used as members.  */
	struct ph_dw_offmap paddings;
};

void ph_dw_align_cache_init(struct ph_dw_align_cache *c);
void ph_dw_align_cache_deinit(struct ph_dw_align_cache *c);
/* Empties the caches (per unit, and where what they hold stopped being
   right).  */
void ph_dw_align_cache_reset(struct ph_dw_align_cache *c);

struct ph_dw_names_cache {
	/* The parent of each scope-relevant DIE (namespaces, types,
	   functions), for C++ qualified names: key -> index + 1 in
	   PARENT_DIES.  Filled a whole unit at a time, the first time a
	   name in that unit is needed (ph_dw_qualified_name), so that types
	   in type units and partial units get their scopes too.  */
	struct ph_dw_offmap parents;
	struct ph_dw_dies parent_dies;
	/* Units whose parents are recorded (key of the unit DIE).  */
	struct ph_dw_offmap parented_units;
};

void ph_dw_names_cache_init(struct ph_dw_names_cache *c);
void ph_dw_names_cache_deinit(struct ph_dw_names_cache *c);
/* Forgets the units recorded: per unit, so that memory follows the
   unit, not the file.  */
void ph_dw_names_cache_reset(struct ph_dw_names_cache *c);

/* An aggregate to lay out first (members.c): C++ class facts need its
   alignment, which only laying it out tells (align.h).  DEPTH as
   ph_dw_natural_align was given it.  */
struct ph_dw_cxx_need {
	bool pending;
	Dwarf_Die die;
	unsigned depth;
};

struct ph_dw_cxx_cache {
	/* C++ class facts (cxx.c): key -> index + 1 in CLS_V.  */
	struct ph_dw_offmap cls_map;
	struct ph_dw_cls **cls_v;
	size_t cls_n, cls_cap;
	/* Set while the facts being computed wait for NEED (cxx-facts.c):
	   the classes in progress go back to new, and cxx.c's entry point
	   hands NEED to its caller, which asks again once it is laid
	   out.  */
	struct ph_dw_cxx_need need;
};

void ph_dw_cxx_cache_init(struct ph_dw_cxx_cache *c);
void ph_dw_cxx_cache_deinit(struct ph_dw_cxx_cache *c);
/* Frees the class records.  */
void ph_dw_cxx_cache_reset(struct ph_dw_cxx_cache *c);

struct ph_dw_decls {
	/* Declarations standing for classes defined in other units: while
	   a type is laid out (LAYOUT) and not spelled (SPELLING), the
	   ph_dw_resolved_* functions give a declaration's definition from
	   DEFS (defs.c), or set MISSED and MISSED_NAME when it has none.  */
	size_t unit_index;	/* of the unit read, in the file */
	const struct ph_dw_defs *defs;
	Dwarf *const *dws;	/* by module index, where DEFS are */
	size_t nr_dws;
	/* Opens module N when DWS has it not yet (the other files of one
	   call, across.c), filling DWS[N]; NULL: DWS is all there is.  */
	struct ph_error *(*open)(void *arg, size_t n);
	void *open_arg;
	bool layout;
	unsigned spelling;
	bool missed;
	struct ph_buf missed_name;
	struct ph_buf decl_name;	/* scratch */
};

void ph_dw_decls_init(struct ph_dw_decls *d);
void ph_dw_decls_deinit(struct ph_dw_decls *d);

/* The state of the type being built: saved and set when a type is built
   inside another for its layout (ph_dw_ctx_inner_begin), given back after
   (ph_dw_ctx_inner_end), never reset by hand.  */
struct ph_dw_type_state {
	/* Aggregates being built inside one another right now.  */
	unsigned nest;
	/* Building a type only for its alignment or tail padding: member
	   types are not spelled.  */
	bool layout_only;
};

/* What a unit says of itself: its language, the compiler that made it,
   the folder its file names are relative to.  Set as a whole when a
   unit begins (ph_dw_ctx_unit_begin), and kept with a type whose layout
   waits for the other units (deferred.c) to be set again as a whole
   (ph_dw_ctx_set_unit): never field by field.  */
struct ph_dw_unit_facts {
	bool cxx;		/* the unit is C++ */
	/* The major version of the GCC that compiled the unit
	   (ph_dw_gcc_major), 0 when not GCC or not known: C++ layouts
	   DWARF does not state follow the compiler's rules (cxx.c).  */
	unsigned gcc_major;
	const char *comp_dir;	/* or NULL */
	/* The unit's DW_AT_name is relative: file names were given relative
	   to comp_dir.  */
	bool relative_unit;
};

/* What reading one file needs to know about its target and language,
   by lifetime: set by ph_dw_ctx_init for the file (deferred.c sets the
   module's per type), by ph_dw_ctx_unit_begin and the walk per unit, by
   ph_dw_ctx_inner_begin/_end per type built.  */
struct ph_dw_ctx {
	/* Per file.  */
	Dwarf *dw;
	const char *path;	/* for messages */
	/* i386: 8-byte scalars are 4-aligned inside structs.  */
	bool i386;
	unsigned addr_size;
	/* C++ class facts (cxx*.c), kept while the units' GCC version is
	   the same.  */
	struct ph_dw_cxx_cache classes;
	/* Declarations standing for classes defined in other units
	   (resolve.c): the definitions of the file or call, and the state
	   of the type being laid out.  */
	struct ph_dw_decls decls;

	/* Per unit (ph_dw_ctx_unit_begin).  */
	struct ph_dw_unit_facts unit;	/* of the current unit */
	bool c_prototypes;	/* C: DW_AT_prototyped decides "()" */
	/* The fast path's reading of the current unit (scan.c), for its file
	   names; NULL when libdw walks it.  */
	struct ph_dw_scan *scan;
	Dwarf_CU *scan_cu;
	uint64_t stmt_list;
	/* Scope parents, for qualified names (scopes.c).  */
	struct ph_dw_names_cache names;
	/* Alignments and tail paddings computed (align.c, members.c).  */
	struct ph_dw_align_cache align;
	/* The model the current type is built into (a scratch model).  */
	struct ph_model *model;

	/* Per type: the type being built (ph_dw_ctx_inner_begin/_end).  */
	struct ph_dw_type_state type;
};

/* Enters building a type inside the current one for its alignment or
   tail padding only; the state to give back to ph_dw_ctx_inner_end.  */
static inline struct ph_dw_type_state
ph_dw_ctx_inner_begin(struct ph_dw_ctx *ctx)
{
	struct ph_dw_type_state outer = ctx->type;

	ctx->type.nest++;
	ctx->type.layout_only = true;
	return outer;
}

static inline void ph_dw_ctx_inner_end(struct ph_dw_ctx *ctx,
				       struct ph_dw_type_state outer)
{
	ctx->type = outer;
}

/* CTX for reading DW (NULL: set per type later) of the file PATH.  */
void ph_dw_ctx_init(struct ph_dw_ctx *ctx, Dwarf *dw, const char *path,
		    bool elf32, bool i386);
void ph_dw_ctx_deinit(struct ph_dw_ctx *ctx);
/* Begins the unit U describes (a partial unit's language may differ
   while it is read: visit_import in walk.c): what CTX keeps per unit
   dropped (the caches by DIE, the scratch model, the fast path's
   reading), the class facts of another GCC version too.  The walk sets
   the unit's fast path (scan) itself.  */
struct ph_error *ph_dw_ctx_unit_begin(struct ph_dw_ctx *ctx,
				      const struct ph_dw_unit_facts *u);
/* Sets the unit U describes, as ph_dw_ctx_unit_begin, but keeps what
   CTX holds per unit: for types laid out one at a time, each from its
   own unit (deferred.c).  */
void ph_dw_ctx_set_unit(struct ph_dw_ctx *ctx,
			const struct ph_dw_unit_facts *u);
/* Drops the caches computed while a declaration stood for a class.  */
void ph_dw_ctx_drop_layout_caches(struct ph_dw_ctx *ctx);

#endif
