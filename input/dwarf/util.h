/* The DWARF reader's small helpers (util.c): libdw errors as ph_errors,
   attributes read with the checks every caller needs, names as GCC
   spells them.  Nothing here knows a reading context: a type is what its
   DIEs say (a class declaration stays one, see resolve.h).  */
#ifndef PH_INPUT_DWARF_UTIL_H
#define PH_INPUT_DWARF_UTIL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <dwarf.h>
#include <elfutils/libdw.h>

#include "../input.h"
#include "../../report/buf.h"

/* Bounds of the DWARF reader's own beside input.h's (same reason).  */
enum {
	PH_DW_MAX_TREE_DEPTH = 512,	/* DIE tree depth while walking */
	PH_DW_MAX_DIMS = 64,		/* array dimensions spelled */
	PH_DW_MAX_PARAMS = 1024,	/* parameters spelled */
};

/* Errors naming the DIE and attribute; libdw's message appended.  */
struct ph_error *ph_dw_error(Dwarf_Die *die, const char *attr,
			     const char *what);

/* The first child of PARENT, DEPTH levels down a walk of the DIE tree,
   into *CHILD; *RC is dwarf_child's (1: none).  An error for a tree too
   deep or children that cannot be read.  */
struct ph_error *ph_dw_first_child(Dwarf_Die *parent, unsigned depth,
				   Dwarf_Die *child, int *rc);

/* IN, a name from GCC's DWARF, with each " const" or " volatile" inside
   template arguments moved before the run of words it follows
   ("t<char const*>" -> "t<const char*>"), as GCC's %T and the plugin
   spell them (util.c).  */
void ph_dw_move_cv(const char *in, struct ph_buf *out);

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
/* DW_AT_type of DIE into *RET as it refers (a declaration stays one).  */
struct ph_error *ph_dw_type_ref(Dwarf_Die *die, bool *present,
				Dwarf_Die *ret);
/* DW_AT_type, following a declaration's DW_AT_signature to the type
   unit's definition (-fdebug-types-section).  Nothing else: a class
   declaration stays one (resolve.h's ph_dw_resolved_type may not).  */
struct ph_error *ph_dw_type(Dwarf_Die *die, bool *present, Dwarf_Die *ret);
/* *DIE replaced by its type unit's definition when it carries
   DW_AT_signature.  */
struct ph_error *ph_dw_follow_signature(Dwarf_Die *die);
/* For an answer the caller can do without (an attribute unreadable, the
   answer then unknown): ERR is dropped and *KNOWN false, except out of
   memory, which is returned (never taken for an unknown answer).  */
static inline struct ph_error *ph_dw_optional(struct ph_error *err,
					      bool *known)
{
	*known = !err;
	if (!err || err->code == PH_ERROR_NOMEM)
		return err;
	ph_error_destroy(err);
	return NULL;
}
/* DW_AT_decl_file as a name in *RET, NULL when there is none (or the
   file table cannot be read); out of memory when libdw ran out of it
   reading the file table.  */
struct ph_error *ph_dw_decl_file(Dwarf_Die *die, const char **ret);
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

#endif
