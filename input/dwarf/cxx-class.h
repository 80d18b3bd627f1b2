/* The class facts of C++ layout (cxx.c and the files it is built from):
   one record per class, kept in ph_dw_ctx by DIE, and what the files
   computing them share.  Private to cxx*.c; each of those declares its
   own functions in its own header (cxx-facts.h, cxx-vbases.h,
   cxx-nua.h), so that none depends on one that depends on it.  */
#ifndef PH_INPUT_DWARF_CXX_CLASS_H
#define PH_INPUT_DWARF_CXX_CLASS_H

#include <stdlib.h>

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

/* Room for element N of the array *V of *CAP elements of ELEM bytes
   (ph_array_reserve).  Allocation here answers "unknown" when it fails,
   as unreadable input does; the failure is kept in CTX->nomem so that the
   entry points return it: out of memory may not become a different
   layout.  */
static inline bool ph_dw_cls_reserve(struct ph_dw_ctx *ctx, void *v, size_t n,
				     size_t *cap, size_t elem)
{
	if (!ph_array_reserve(v, cap, n + 1, elem))
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

#endif
