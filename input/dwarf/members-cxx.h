/* C++ class layout DWARF leaves implicit, settled on the member list
   members.c builds (members-cxx.c): bases in the order GCC's record has
   them, the bytes a base or a [[no_unique_address]] member really takes.
   Apart from members.c, which builds the list, for its size.  */
#ifndef PH_INPUT_DWARF_MEMBERS_CXX_H
#define PH_INPUT_DWARF_MEMBERS_CXX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <elfutils/libdw.h>

struct ph_dw_ctx;
struct ph_dw_cxx_layout;
struct ph_dw_cxx_need;
struct ph_dw_cxx_vbase;
struct ph_member;
struct ph_member_vec;

/* What ph_dw_settle_unique_addresses needs of a member beside its place.  */
struct ph_dw_member_info {
	bool empty;		/* of an empty class */
	bool has_type;		/* TYPE set: a base or a data member, no
				   bitfield */
	Dwarf_Die type;
};

/* Whether the aggregate AGG has a DW_TAG_inheritance child.  */
bool ph_dw_has_bases(Dwarf_Die *agg);
/* The members of a class with bases in the order GCC's record has its
   fields (the plugin's order before its stable sort by offset): the
   vptr, the primary base, the other non-virtual bases, the data
   members, the virtual bases with a field, the fieldless ones.  Virtual
   bases are placed as in a complete object (L); DWARF's direct virtual
   base entries give way to L's list, which has the indirect ones too.
   Nothing changes unless ph_dw_bases_listed.  VB_ALIGN[k] is the
   natural alignment (align.h) of L's virtual base k where
   ph_dw_vbase_listed_aligned: a fieldless one is listed with it.  */
struct ph_error *ph_dw_arrange_bases(struct ph_dw_ctx *ctx,
				     struct ph_member_vec *vec,
				     const struct ph_dw_cxx_layout *l,
				     const uint32_t *vb_align);
/* Whether the direct bases VEC lists (DWARF's) are those of L.  */
bool ph_dw_bases_listed(const struct ph_member_vec *vec,
			const struct ph_dw_cxx_layout *l);
/* Whether ph_dw_arrange_bases lists virtual base VB with its natural
   alignment.  */
bool ph_dw_vbase_listed_aligned(const struct ph_dw_cxx_vbase *vb);
/* The plugin's rule for what a base occupies: its data size (as set)
   only when a member or base with bytes starts inside sizeof(Base), else
   all of it.  */
void ph_dw_settle_base_sizes(struct ph_member *v, size_t n);
/* A base of one byte that another subobject taking bytes starts at too
   is empty: no two subobjects share an address but an empty one.  Its
   class may not look empty (its only member an empty one marked
   [[no_unique_address]], which DWARF does not record: libstdc++'s
   _Head_base<N, std::default_delete<T>, true> in std::unique_ptr's
   tuple), but here it takes nothing.  An empty [[no_unique_address]]
   member there (it takes no byte) shows nothing of the kind.  */
void ph_dw_settle_overlapped_bases(struct ph_member *v, size_t n);
/* [[no_unique_address]], which DWARF does not record, read from where
   the members are: a member another one starts inside has its tail
   padding reused, and takes the bytes GCC gives such a field (cxx.c; at
   most those up to that member); an empty class takes none where it
   shares a byte of another subobject's data (or of the vptr, or with an
   empty one before it, or is past the end), or sits in a tail where GCC
   put it only for a subobject of its type at offset 0.  INFO[i]: what
   member i is.  Cut short when NEED->pending (cxx.h): then to be done
   again on the members as they were, once NEED->die is laid out.  */
struct ph_error *ph_dw_settle_unique_addresses(struct ph_dw_ctx *ctx,
					       struct ph_member *v,
					       const struct ph_dw_member_info *info,
					       size_t n, uint64_t base_bit,
					       uint64_t agg_size,
					       struct ph_dw_cxx_need *need);

#endif
