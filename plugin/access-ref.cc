/* Member accesses (access.h): what GCC's forms of a condition, a
   pointer and a call's argument stand for in the source, for
   access-walk.cc: the value __builtin_expect gives a condition, the
   member reference a pointer holds the address of, the object an
   access of N bytes at an address is, how many bytes a call
   accesses.  */
#include "plugin.h"
#include "access.h"

static bool ref_expected(tree ssa, tree *value, unsigned depth)
{
	if (depth > 6 || TREE_CODE(ssa) != SSA_NAME)
		return false;
	gimple *def = SSA_NAME_DEF_STMT(ssa);
	if (!def)
		return false;
	if (is_gimple_assign(def)) {
		enum tree_code code = gimple_assign_rhs_code(def);
		tree v;

		if (CONVERT_EXPR_CODE_P(code))
			return ref_expected(gimple_assign_rhs1(def), value,
					    depth + 1);
		if ((code != NE_EXPR && code != EQ_EXPR) ||
		    !integer_zerop(gimple_assign_rhs2(def)) ||
		    !ref_expected(gimple_assign_rhs1(def), &v, depth + 1))
			return false;
		*value = (code == NE_EXPR) != integer_zerop(v)
				 ? integer_one_node
				 : integer_zero_node;
		return true;
	}
	if (!is_gimple_call(def) || gimple_call_num_args(def) < 2)
		return false;
	if (!gimple_call_builtin_p(def, BUILT_IN_EXPECT) &&
	    !gimple_call_internal_p(def, IFN_BUILTIN_EXPECT))
		return false;
	*value = gimple_call_arg(def, 1);
	return TREE_CODE(*value) == INTEGER_CST;
}

bool ph_access_expected(tree ssa, tree *value)
{
	return ref_expected(ssa, value, 0);
}

tree ph_access_pointed(tree ptr)
{
	for (unsigned depth = 0; depth < 8; depth++) {
		if (TREE_CODE(ptr) == ADDR_EXPR) {
			tree r = TREE_OPERAND(ptr, 0);
			return handled_component_p(r) || TREE_CODE(r) == MEM_REF
				       ? r
				       : NULL_TREE;
		}
		if (TREE_CODE(ptr) != SSA_NAME)
			return NULL_TREE;
		gimple *def = SSA_NAME_DEF_STMT(ptr);
		if (!def || !is_gimple_assign(def) ||
		    (!gimple_assign_single_p(def) &&
		     !CONVERT_EXPR_CODE_P(gimple_assign_rhs_code(def))))
			return NULL_TREE;
		ptr = gimple_assign_rhs1(def);
	}
	return NULL_TREE;
}

/* REF is the first element of an array or the first member of a
   struct: what holds it.  */
static tree ref_holder(tree ref)
{
	if (TREE_CODE(ref) != ARRAY_REF && TREE_CODE(ref) != COMPONENT_REF)
		return NULL_TREE;
	tree up = TREE_OPERAND(ref, 0), type = TREE_TYPE(up);
	if (TREE_CODE(ref) == ARRAY_REF)
		return TREE_CODE(type) == ARRAY_TYPE && TYPE_DOMAIN(type) &&
				       tree_int_cst_equal(TREE_OPERAND(ref, 1),
							  TYPE_MIN_VALUE(
								  TYPE_DOMAIN(type)))
			       ? up
			       : NULL_TREE;
	return TREE_CODE(type) == RECORD_TYPE &&
			       integer_zerop(bit_position(TREE_OPERAND(ref, 1)))
		       ? up
		       : NULL_TREE;
}

/* The first element of REF, an array, or its first member, a
   struct's (a union's could be any of them), when that is at least
   BYTES long.  */
static tree ref_first(tree ref, unsigned HOST_WIDE_INT bytes)
{
	tree type = TREE_TYPE(ref);
	if (TREE_CODE(type) == ARRAY_TYPE && TYPE_DOMAIN(type) &&
	    TYPE_MIN_VALUE(TYPE_DOMAIN(type)))
		return build4(ARRAY_REF, TREE_TYPE(type), ref,
			      TYPE_MIN_VALUE(TYPE_DOMAIN(type)), NULL_TREE,
			      NULL_TREE);
	if (TREE_CODE(type) != RECORD_TYPE)
		return NULL_TREE;
	tree f = TYPE_FIELDS(type);
	while (f && TREE_CODE(f) != FIELD_DECL)
		f = DECL_CHAIN(f);
	if (!f || !integer_zerop(bit_position(f)) || DECL_BIT_FIELD(f) ||
	    !DECL_SIZE_UNIT(f) || !tree_fits_uhwi_p(DECL_SIZE_UNIT(f)) ||
	    tree_to_uhwi(DECL_SIZE_UNIT(f)) < bytes)
		return NULL_TREE;
	return build3(COMPONENT_REF, TREE_TYPE(f), ref, f, NULL_TREE);
}

tree ph_access_sized(tree ref, unsigned HOST_WIDE_INT bytes)
{
	for (unsigned depth = 0; bytes && depth < 8; depth++) {
		tree type = TREE_TYPE(ref), next;
		if (!TYPE_SIZE_UNIT(type) ||
		    !tree_fits_uhwi_p(TYPE_SIZE_UNIT(type)))
			break;
		unsigned HOST_WIDE_INT size = tree_to_uhwi(TYPE_SIZE_UNIT(type));
		if (size == bytes)
			break;
		next = size < bytes ? ref_holder(ref) : ref_first(ref, bytes);
		if (!next)
			break;
		ref = next;
	}
	return ref;
}

int ph_access_mem_call(tree fn)
{
	switch (DECL_FUNCTION_CODE(fn)) {
	case BUILT_IN_MEMCPY:
	case BUILT_IN_MEMMOVE:
	case BUILT_IN_MEMPCPY:
	case BUILT_IN_MEMCPY_CHK:
	case BUILT_IN_MEMMOVE_CHK:
	case BUILT_IN_MEMPCPY_CHK:
		return 2;
	case BUILT_IN_MEMSET:
	case BUILT_IN_MEMSET_CHK:
		return 1;
	default:
		return 0;
	}
}

unsigned HOST_WIDE_INT ph_access_call_bytes(gcall *call)
{
	if (gimple_call_internal_p(call)) {
		/* .ATOMIC_COMPARE_EXCHANGE (ptr, expected, desired,
		   size | weak << 8, success, failure)  */
		if (gimple_call_internal_fn(call) != IFN_ATOMIC_COMPARE_EXCHANGE ||
		    gimple_call_num_args(call) < 4 ||
		    !tree_fits_uhwi_p(gimple_call_arg(call, 3)))
			return 0;
		return tree_to_uhwi(gimple_call_arg(call, 3)) & 255;
	}
	tree fn = gimple_call_fndecl(call);
	if (!fn || !fndecl_built_in_p(fn, BUILT_IN_NORMAL) || !DECL_NAME(fn))
		return 0;
	if (ph_access_mem_call(fn))
		return gimple_call_num_args(call) > 2 &&
				       tree_fits_uhwi_p(gimple_call_arg(call, 2))
			       ? tree_to_uhwi(gimple_call_arg(call, 2))
			       : 0;
	/* __atomic_fetch_add_4, __sync_val_compare_and_swap_8 */
	const char *name = IDENTIFIER_POINTER(DECL_NAME(fn));
	const char *u = strrchr(name, '_');
	char *end;
	unsigned long n = u && u[1] ? strtoul(u + 1, &end, 10) : 0;
	return n && *end == '\0' && n <= 16 && !(n & (n - 1)) ? n : 0;
}
