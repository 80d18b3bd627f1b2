/* The DWARF reader's own declarations: what the files of dwarf/ share.

   The reader turns the struct, union and class DIEs of already-built
   objects into the layout model (reorg/layout.h), one distinct layout
   once, in the order they first appear.  */
#ifndef PH_INPUT_DWARF_DW_H
#define PH_INPUT_DWARF_DW_H

#include <stdbool.h>
#include <stdint.h>

#include <dwarf.h>
#include <elfutils/libdw.h>

#include "../input.h"
#include "../../report/buf.h"
#include "align.h"
#include "cxx.h"
#include "defs.h"
#include "names.h"
#include "offmap.h"

/* Bounds of the DWARF reader's own beside input.h's (same reason).  */
enum {
	PH_DW_MAX_TREE_DEPTH = 512,	/* DIE tree depth while walking */
	PH_DW_MAX_DIMS = 64,		/* array dimensions spelled */
	PH_DW_MAX_PARAMS = 1024,	/* parameters spelled */
};

/* What reading one file needs to know about its target and language.  */
struct ph_dw_ctx {
	Dwarf *dw;
	const char *path;	/* for messages */
	bool cxx;		/* the current unit is C++ */
	/* An allocation failed where the answer was taken as unknown
	   (ph_dw_catch): sticky, the unit fails with out of memory.  */
	bool nomem;
	/* Calls up into the modules that build on the type facts: align.c
	   lays an aggregate out (members.c's ph_dw_build_type) for its
	   alignment, util.c's ph_dw_type resolves a declaration (defs.c's
	   ph_dw_resolve_decl) for a layout, and both of those need the
	   facts in turn.  The recursion is the types'; given here by
	   ph_dw_ctx_init (ctx.c), it makes no cycle between files.  */
	struct ph_error *(*build_type)(struct ph_dw_ctx *ctx, Dwarf_Die *die,
				       const char *name, bool typedef_name,
				       struct ph_type *ret, bool *built);
	struct ph_error *(*resolve_decl)(struct ph_dw_ctx *ctx,
					 Dwarf_Die *die);
	/* The major version of the GCC that compiled the current unit
	   (ph_dw_gcc_major), 0 when not GCC or not known: C++ layouts
	   DWARF does not state follow the compiler's rules (cxx.c).  */
	unsigned gcc_major;
	bool c_prototypes;	/* C: DW_AT_prototyped decides "()" */
	/* i386: 8-byte scalars are 4-aligned inside structs.  */
	bool i386;
	unsigned addr_size;
	const char *comp_dir;	/* of the current unit, or NULL */
	/* The fast path's reading of the current unit (scan.c), for its file
	   names; NULL when libdw walks it.  */
	struct ph_dw_scan *scan;
	Dwarf_CU *scan_cu;
	uint64_t stmt_list;
	/* The unit's DW_AT_name is relative: file names were given relative
	   to comp_dir.  */
	bool relative_unit;
	/* Scope parents, for qualified names (names.h).  */
	struct ph_dw_names_cache names;
	/* Alignments and tail paddings computed (align.h).  */
	struct ph_dw_align_cache align;
	/* The model the current type is built into (a scratch model, reset
	   per unit).  */
	struct ph_model *model;
	/* Aggregates being built inside one another right now.  */
	unsigned nest;
	/* Building a type only for its alignment or tail padding: member
	   types are not spelled.  */
	bool layout_only;
	/* C++ class facts (cxx.h).  */
	struct ph_dw_cxx_cache classes;
	/* Declarations standing for classes defined in other units
	   (defs.h).  */
	struct ph_dw_decls decls;
};

/* The context of the type being laid out on this thread, for
   ph_dw_type's resolution of declarations; NULL for none.  */
extern _Thread_local struct ph_dw_ctx *ph_dw_current;

/* Errors naming the DIE and attribute; libdw's message appended.  */
struct ph_error *ph_dw_error(Dwarf_Die *die, const char *attr,
			     const char *what);

/* The first child of PARENT, DEPTH levels down a walk of the DIE tree,
   into *CHILD; *RC is dwarf_child's (1: none).  An error for a tree too
   deep or children that cannot be read.  */
struct ph_error *ph_dw_first_child(Dwarf_Die *parent, unsigned depth,
				   Dwarf_Die *child, int *rc);

/* Grows the array *V (of *CAP elements of ELEM bytes) to hold N at
   least, doubling; false when out of memory.  */
bool ph_dw_reserve(void *v, size_t *cap, size_t n, size_t elem);
/* IN, a name from GCC's DWARF, with each " const" or " volatile" inside
   template arguments moved before the run of words it follows
   ("t<char const*>" -> "t<const char*>"), as GCC's %T and the plugin
   spell them (util.c).  */
void ph_dw_move_cv(const char *in, struct ph_buf *out);

/* True for success.  An error the caller can do without (the
   attribute is then unreadable, the answer unknown) is dropped, except
   out of memory, which is never caught: it is kept in CTX->nomem for the
   module's entry point to return.  */
static inline bool ph_dw_catch(struct ph_dw_ctx *ctx, struct ph_error *err)
{
	if (!err)
		return true;
	if (err->code == PH_ERROR_NOMEM)
		ctx->nomem = true;
	ph_error_destroy(err);
	return false;
}

/* What CTX->nomem says, for the end of an entry point.  */
static inline struct ph_error *ph_dw_nomem(const struct ph_dw_ctx *ctx)
{
	return ctx->nomem ? &ph_error_nomem : NULL;
}

/* A qualified type: the same type, const, volatile, restrict or
   _Atomic.  */
static inline bool ph_dw_is_qual(int tag)
{
	return tag == DW_TAG_const_type || tag == DW_TAG_volatile_type ||
	       tag == DW_TAG_restrict_type || tag == DW_TAG_atomic_type;
}

/* A qualified type or a typedef: for layout, the type it names.  */
static inline bool ph_dw_is_alias(int tag)
{
	return tag == DW_TAG_typedef || ph_dw_is_qual(tag);
}

/* Attribute helpers: *RET untouched and false returned when absent.  An
   attribute present in a form we cannot read is an error.  */
struct ph_error *ph_dw_udata(Dwarf_Die *die, unsigned at, const char *name,
			     bool *present, uint64_t *ret);
/* DW_AT_data_member_location: a constant, or an expression adding one;
   *DYNAMIC when it is neither (a virtual base's, read at run time).  0
   when the attribute is absent.  */
struct ph_error *ph_dw_member_location(Dwarf_Die *die, uint64_t *ret,
				       bool *dynamic);
/* Where the bitfield DIE of BITS bits at byte LOC starts, in bits:
   DW_AT_data_bit_offset, or DWARF 2-3's DW_AT_bit_offset in a storage
   unit of DW_AT_byte_size bytes (UNIT when absent); 8 * LOC without
   either.  */
struct ph_error *ph_dw_bit_start(Dwarf_Die *die, uint64_t loc,
				 uint64_t unit, uint64_t bits, uint64_t *ret);
/* DW_AT_type, following a declaration's DW_AT_signature to the type
   unit's definition (-fdebug-types-section).  */
struct ph_error *ph_dw_type(Dwarf_Die *die, bool *present, Dwarf_Die *ret);
/* *DIE replaced by its type unit's definition when it carries
   DW_AT_signature.  */
struct ph_error *ph_dw_follow_signature(Dwarf_Die *die);
/* DW_AT_decl_file as a name, NULL when there is none; *NOMEM set when
   libdw ran out of memory reading the file table.  */
const char *ph_dw_decl_file(Dwarf_Die *die, bool *nomem);
/* Byte size of a type, through typedefs, qualifiers, arrays and
   signatures.  *KNOWN false when it has none.  */
struct ph_error *ph_dw_size(Dwarf_Die *type, uint64_t *ret, bool *known);
/* The element count of DW_TAG_subrange_type SUB; false when DWARF gives
   none (a flexible array, a variable length).  One rule for every caller:
   GCC writes a zero-length array as DW_AT_count 0 in C and as upper bound
   -1 in C++ (0xffffffff for a 32-bit target).  */
bool ph_dw_subrange_count(Dwarf_Die *sub, uint64_t *ret);
/* std::nullptr_t: GCC writes it as an unspecified type named
   "decltype(nullptr)" with no size; it is a pointer's size and alignment
   (the Itanium C++ ABI).  */
bool ph_dw_is_nullptr_t(Dwarf_Die *die);
/* The major version of GCC in the DW_AT_producer of UNIT ("GNU C++17
   12.2.0 -mtune=generic ..." is 12), 0 for another producer or none.  A
   type unit has no producer: the first compile unit of DW's is taken.
   The one place the version is read.  */
unsigned ph_dw_gcc_major(Dwarf *dw, Dwarf_Die *unit);

/* members.c: one aggregate DIE into the model.  */

/* Builds the aggregate DIE into CTX->model.  *RET NULL when the type is
   one we do not report (a declaration, no size).  */
struct ph_error *ph_dw_build_type(struct ph_dw_ctx *ctx, Dwarf_Die *die,
				  const char *name, bool typedef_name,
				  struct ph_type *ret, bool *built);
/* Tail padding of a struct DIE's own members, for type_padding.  */
struct ph_error *ph_dw_tail_padding(struct ph_dw_ctx *ctx, Dwarf_Die *type,
				    uint32_t *ret);

#endif
