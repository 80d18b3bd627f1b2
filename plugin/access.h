/* Member accesses (reorg/access.h, issue 36): counted in each function's
   body by a pass of the plugin's own after GCC's early optimizations
   (access-walk.cc), gathered per type and function (access.cc), and
   written at the end of the unit as "access" records; the false sharing
   warnings and reorganize=access read them.  Include after plugin.h.  */
#ifndef PH_PLUGIN_ACCESS_H
#define PH_PLUGIN_ACCESS_H

#include "../reorg/access.h"

/* Counts from now on: the state (access.cc's), then the pass
   (access-walk.cc's), each registered by pokehole.cc.  */
void ph_access_register(const char *plugin_name);
void ph_access_walk_register(const char *plugin_name);
bool ph_access_enabled(void);
/* From the report (pokehole.cc): TYPE is reported as NAME, so its
   accesses are counted.  */
void ph_access_note_type(tree type, const char *name, bool typedef_name,
			 location_t where);
/* Appends the unit's "access" records to OUT; once the unit's
   functions are compiled.  */
void ph_access_render(struct ph_buf *out);
/* Each noted type with accesses, in the order noted: calls FN with the
   type, its layout as GCC has it and its accesses (valid during the
   call).  Stops at the first error FN returns.  */
struct ph_error *ph_access_each(struct ph_error *(*fn)(tree type,
						      const struct ph_type *t,
						      const struct ph_type_access *a,
						      void *arg),
				void *arg);
void ph_access_release(void);

/* access-walk.cc's hand-over to access.cc.  */
enum ph_access_op {
	PH_ACC_READ = 1,
	PH_ACC_WRITE = 2,
	PH_ACC_ATOMIC = 4,
	/* A lock taken: an atomic read and write, and the function's
	   lock.  */
	PH_ACC_LOCK = 8,
};
/* What a member's type is to the accesses.  */
enum ph_member_class { PH_MEMBER_PLAIN, PH_MEMBER_LOCK, PH_MEMBER_ATOMIC };
enum ph_member_class ph_access_field_class(tree field);
/* Whether TYPE (a main variant) was noted.  */
bool ph_access_type_noted(tree type);
/* The function being walked: begin, each access, end.  */
void ph_access_fn_begin(tree fn, bool cold);
void ph_access_add(tree type, const char *path, unsigned ops, double w,
		   bool cold);
/* A direct call of CALLEE from the function walked, in a block of
   weight W.  */
void ph_access_call(tree callee, double w);
void ph_access_thread_root(tree fn);
/* The function walked starts a thread with a routine it was given (a
   helper around pthread_create): what its callers give it are roots.  */
void ph_access_thread_starter(void);
/* FN's address is taken by the function being walked.  */
void ph_access_fn_address(tree fn);
/* FN's body has statements inlined from ORIGIN.  */
void ph_access_inlined_from(tree origin);
void ph_access_fn_end(void);
/* The unit's weights (what the first function walked had).  */
void ph_access_set_weights(enum ph_access_weights w);

/* access-ref.cc: what GCC's forms stand for in the source.  The value
   __builtin_expect says SSA (a condition) takes, through conversions
   and comparisons with 0.  */
bool ph_access_expected(tree ssa, tree *value);
/* The member reference whose address PTR holds: &R itself, or an SSA
   name set to it through copies and conversions; else NULL_TREE.  */
tree ph_access_pointed(tree ptr);
/* The object at REF's address that is BYTES long (0: REF): the first
   element or struct member down, or up what REF is the first of.  */
tree ph_access_sized(tree ref, unsigned HOST_WIDE_INT bytes);
/* The bytes CALL accesses at its address argument: an __atomic_*_N or
   __sync_*_N builtin's N, .ATOMIC_COMPARE_EXCHANGE's size, a memcpy's,
   memmove's or memset's constant length; else 0.  */
unsigned HOST_WIDE_INT ph_access_call_bytes(gcall *call);
/* FN, a builtin, copies (2: memcpy, memmove, mempcpy and their _chk),
   sets (1: memset, __memset_chk) or neither (0).  */
int ph_access_mem_call(tree fn);

#endif
