/* The class facts of C++ layout (cxx.c and the files it is built from):
   one record per class, kept in ph_dw_ctx by DIE, and what the files
   computing them share.  Private to cxx*.c; each of those declares its
   own functions in its own header (cxx-facts.h, cxx-vbases.h,
   cxx-nua.h), so that none depends on one that depends on it.

   Their functions return errors (reorg/error.h) and give their answer
   through out parameters: "unknown" (*KNOWN false, or the answer's own
   false) where DWARF does not tell (a declaration only, a bound passed,
   input unreadable: the caller keeps what DWARF says), an error only
   for out of memory, never taken for an unknown answer, which would
   become a different layout.  Errors reading input are dropped with
   ph_dw_optional (util.h).  After an error the out parameters say
   nothing.  */
#ifndef PH_INPUT_DWARF_CXX_CLASS_H
#define PH_INPUT_DWARF_CXX_CLASS_H

#include "ctx.h"
#include "cxx-record.h"
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

#endif
