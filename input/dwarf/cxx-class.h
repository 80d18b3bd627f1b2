/* The class facts of C++ layout (cxx.c and the files it is built from):
   one record per class, kept in ph_dw_ctx by DIE, and what the files
   computing them share.  Private to cxx*.c.  */
#ifndef PH_INPUT_DWARF_CXX_CLASS_H
#define PH_INPUT_DWARF_CXX_CLASS_H

#include <stdlib.h>

#include "align.h"
#include "ctx.h"
#include "cxx.h"
#include "cxx-record.h"
#include "resolve.h"
#include "util.h"
#include "../../reorg/array.h"

enum { PH_DW_CLS_NEW, PH_DW_CLS_BUSY, PH_DW_CLS_DONE, PH_DW_CLS_BAD };

/* Bounds on what is walked, against corrupt or hostile input.  */
enum {
	PH_DW_CLS_MAX_NODES = 4096,	/* base subobjects of one class */
	PH_DW_CLS_MAX_RECORDS = 1 << 16,	/* empty subobjects recorded */
	PH_DW_CLS_MAX_STEPS = 1 << 20,	/* subobject walk steps */
};

struct ph_dw_cls_node {
	size_t cls;
	bool virt, primary;
	long parent, anchor;	/* anchor: the virtual node (or -1, the
				   complete object) this one is inside */
	uint64_t rel;		/* offset from the anchor */
	long primary_of;	/* the node whose primary base it is */
	bool placed;
	uint64_t off;		/* virtual nodes once placed */
	uint64_t dsize;		/* the bytes a virtual one was given */
};

struct ph_dw_cls_nodes {
	struct ph_dw_cls_node *v;
	size_t n, cap;
};

/* Empty subobjects recorded so far: (class, offset).  */
struct ph_dw_cls_records {
	struct { size_t cls; uint64_t off; } *v;
	size_t n, cap;
	uint64_t maxkey;
	unsigned long steps;
	bool overflow;
};

static inline struct ph_dw_cls *C(struct ph_dw_ctx *ctx, size_t i)
{
	return ctx->classes.cls_v[i];
}

static inline uint64_t round_up(uint64_t n, uint64_t a)
{
	return a > 1 ? (n + a - 1) / a * a : n;
}

static inline uint64_t max64(uint64_t a, uint64_t b) { return a > b ? a : b; }

/* Room for element N of the array *V of *CAP elements of ELEM bytes
   (ph_array_reserve).  Allocation here answers "unknown" when it fails,
   as unreadable input does; the failure is kept in CTX->nomem so that the
   entry points return it: out of memory may not become a different
   layout.  */
static inline bool ph_dw_cls_reserve(struct ph_dw_ctx *ctx, void *v, size_t n,
				     size_t *cap, size_t elem)
{
	if (!ph_array_reserve(v, n, cap, 8, elem))
		return true;
	ctx->nomem = true;
	return false;
}

static inline void *zalloc(struct ph_dw_ctx *ctx, size_t n, size_t size)
{
	void *p = calloc(n, size);

	if (!p)
		ctx->nomem = true;
	return p;
}

/* How GCC sizes a [[no_unique_address]] member (its FIELD_DECL's
   DECL_SIZE_UNIT) of a class type that is not a POD for layout, so that
   the next member may start inside its tail padding.  DWARF records
   neither the attribute nor that size; the compiler's version
   (DW_AT_producer) says which rule made the offsets.  */
enum ph_dw_nua_rule {
	/* GCC up to 11 (checked with 11.3): the class's as-base size
	   (CLASSTYPE_SIZE_UNIT: its non-virtual data, a last bitfield's
	   bits rounded up to a byte), or the end of its virtual bases where
	   that is further, an empty one counting its byte (end_of_base).  */
	PH_DW_NUA_AS_BASE,
	/* GCC 12 (checked with 12.2): end_of_class (eoc_nv_or_dsize), the
	   end of its last base, vptr or field and of its virtual bases' data
	   (an empty one ends at its offset), where a bitfield ends at its
	   byte position plus its DECL_SIZE_UNIT: a byte short when it
	   straddles a byte boundary (a long :7 at bits 366..372 ends at 46,
	   not 47).  The next member then takes that byte over the last
	   bits, wrong code, but the layout the compiler made.  */
	PH_DW_NUA_EOC_TRUNCATED,
	/* Later GCC (end_of_class in its class.cc rounds a bitfield's end
	   up; not checked here), and other producers.  */
	PH_DW_NUA_EOC,
};

enum ph_dw_nua_rule ph_dw_nua_rule(const struct ph_dw_ctx *ctx);
/* The bytes GCC gives a [[no_unique_address]] member of class CLS whose
   tail the next member reuses (ph_dw_nua_rule).  */
uint64_t ph_dw_cls_nua_size(struct ph_dw_ctx *ctx, size_t cls, unsigned depth);

/* cxx-facts.c.  */

/* The index of DIE's class record, computing its facts the first time.
   False when it cannot be known.  */
bool ph_dw_cls_get(struct ph_dw_ctx *ctx, Dwarf_Die *die, unsigned depth,
		    size_t *ret);
/* *DIE through typedefs and qualifiers (and arrays when COUNT is set:
   *COUNT multiplied by each dimension's count).  */
bool ph_dw_cls_strip(struct ph_dw_ctx *ctx, Dwarf_Die *die, uint64_t *count);
bool ph_dw_cls_is_aggregate(int tag);

/* cxx-vbases.c.  */

/* Inheritance graph order from node 0 (the class itself).  */
bool ph_dw_cls_build_nodes(struct ph_dw_ctx *ctx, size_t cls,
			   struct ph_dw_cls_nodes *ns);
/* GCC's determine_primary_bases over the hierarchy, then the class's own
   primary base when it has no non-virtual one (recorded in its class
   record when SET_OWN).  */
void ph_dw_cls_mark_primaries(struct ph_dw_ctx *ctx,
			      struct ph_dw_cls_nodes *ns, bool set_own);
/* GCC's walk_subobject_offsets: RECORD or check each empty subobject of
   class CLS placed at OFF (up to MAX), with the virtual bases of a
   complete object when VBASES.  True on a conflict when checking.  */
bool ph_dw_cls_walk(struct ph_dw_ctx *ctx, struct ph_dw_cls_records *r,
		    size_t cls, uint64_t off, uint64_t max, bool vbases,
		    bool record, unsigned depth);
/* Places the virtual bases of a complete object of class CLS.  */
bool ph_dw_cls_complete_layout(struct ph_dw_ctx *ctx, size_t cls,
			       unsigned depth);

#endif
