/* Member accesses, counted (access.h): a GIMPLE pass of the plugin's
   own reads each function's body where three things hold at once:
   - the early inliner has run, so an accessor counts where it is used;
   - the profile is there: GCC's estimate (profile_estimate) or the
     counts -fprofile-use read, so each block has a frequency;
   - member references are still spelled as such (p->a.b[i].c): the
     later passes turn them into pointer arithmetic.
   That is just before fnsplit (which would move cold parts into
   functions of their own) when optimizing; with -fprofile-use, once the
   counts are read, before feedback_fnsplit; at -O0 and -Og, which run
   none of these passes, after the place the early optimizations would
   have been, with no frequencies.  */
#include "plugin.h"
#include "access.h"

#include <string>
#include <vector>

/* The function's blocks: what one access in each weighs, and whether it
   is on a cold path.  */
struct acc_blocks {
	function *fn;
	enum ph_access_weights weights;
	bool fn_cold;
	sreal entry;
	/* -1 unknown, 0 hot, 1 cold; by block index.  */
	signed char *cold;
	/* Blocks already seen for inlined bodies.  */
	hash_set<tree> *scopes;
};

/* E is the side of a branch the code says is unlikely: against
   __builtin_expect (unlikely()), or one GCC predicts almost never
   taken (a cold or noreturn call ahead) that is rare over the whole
   function too (a loop's exit is improbable per iteration only).  */
static bool acc_unlikely_edge(const acc_blocks *b, edge e)
{
	gimple_stmt_iterator gsi = gsi_last_bb(e->src);
	gimple *last = gsi_end_p(gsi) ? NULL : gsi_stmt(gsi);
	tree value;

	if (last && gimple_code(last) == GIMPLE_COND &&
	    (e->flags & (EDGE_TRUE_VALUE | EDGE_FALSE_VALUE)) &&
	    TREE_CODE(gimple_cond_rhs(last)) == INTEGER_CST &&
	    ph_access_expected(gimple_cond_lhs(last), &value)) {
		tree lhs = gimple_cond_lhs(last);
		tree holds = fold_binary(gimple_cond_code(last),
					 boolean_type_node,
					 fold_convert(TREE_TYPE(lhs), value),
					 fold_convert(TREE_TYPE(lhs),
						      gimple_cond_rhs(last)));
		if (holds && TREE_CODE(holds) == INTEGER_CST) {
			bool taken_when_expected = !integer_zerop(holds);
			bool true_edge = e->flags & EDGE_TRUE_VALUE;
			return true_edge != taken_when_expected;
		}
	}
	if (b->weights != PH_WEIGHTS_ESTIMATE ||
	    !e->probability.initialized_p() ||
	    e->probability.to_reg_br_prob_base() > REG_BR_PROB_BASE / 200)
		return false;
	bool known = false;
	sreal rel = e->count().to_sreal_scale(
		ENTRY_BLOCK_PTR_FOR_FN(b->fn)->count, &known);
	return known && rel.to_double() < 0.5;
}

static bool acc_block_cold(acc_blocks *b, basic_block bb)
{
	if (b->fn_cold)
		return true;
	if (b->weights == PH_WEIGHTS_PROFILE)
		return probably_never_executed_bb_p(b->fn, bb);
	/* Up the dominators to a block whose answer is known.  */
	auto_vec<basic_block, 16> chain;
	for (basic_block d = bb; d; d = get_immediate_dominator(CDI_DOMINATORS, d)) {
		if (d->index < 0 || d == ENTRY_BLOCK_PTR_FOR_FN(b->fn))
			break;
		if (b->cold[d->index] >= 0)
			break;
		chain.safe_push(d);
	}
	for (unsigned i = chain.length(); i-- > 0;) {
		basic_block d = chain[i];
		bool cold = EDGE_COUNT(d->preds) > 0;
		edge e;
		edge_iterator ei;

		FOR_EACH_EDGE(e, ei, d->preds)
			if (!acc_unlikely_edge(b, e))
				cold = false;
		if (!cold) {
			basic_block idom = get_immediate_dominator(CDI_DOMINATORS, d);
			cold = idom && idom->index >= 0 &&
			       idom != ENTRY_BLOCK_PTR_FOR_FN(b->fn) &&
			       b->cold[idom->index] == 1;
		}
		b->cold[d->index] = cold;
	}
	return b->cold[bb->index] == 1;
}

static double acc_block_weight(const acc_blocks *b, basic_block bb)
{
	if (b->weights == PH_WEIGHTS_PROFILE)
		return bb->count.initialized_p()
			       ? (double)bb->count.to_gcov_type() : 0.0;
	if (b->weights == PH_WEIGHTS_ESTIMATE) {
		bool known = false;
		sreal rel = bb->count.to_sreal_scale(
			ENTRY_BLOCK_PTR_FOR_FN(b->fn)->count, &known);
		return known ? rel.to_double() : 1.0;
	}
	return 1.0;
}

/* The class of the members the reference goes through: a lock or an
   atomic member makes the access atomic.  */
static enum ph_member_class acc_ref_class(tree ref)
{
	enum ph_member_class cls = PH_MEMBER_PLAIN;

	for (tree t = ref; handled_component_p(t); t = TREE_OPERAND(t, 0))
		if (TREE_CODE(t) == COMPONENT_REF) {
			enum ph_member_class c =
				ph_access_field_class(TREE_OPERAND(t, 1));
			if (c != PH_MEMBER_PLAIN)
				cls = c;
		}
	return cls;
}

/* Appends FIELD to PATH as a path names it; false for an anonymous
   aggregate, which adds nothing.  */
static bool acc_path_field(std::string &path, tree field)
{
	if (ph_lang_cxx && PH_DECL_FIELD_IS_BASE(field)) {
		struct ph_buf name;
		bool typedef_name;

		ph_buf_init(&name);
		bool named = ph_record_name(TREE_TYPE(field), &name,
					    &typedef_name) &&
			     !name.failed;
		if (!path.empty())
			path += '.';
		path += "base ";
		path += named ? name.data : "";
		ph_buf_deinit(&name);
		return true;
	}
	if (!DECL_NAME(field))
		return false;
	if (!path.empty())
		path += '.';
	path += IDENTIFIER_POINTER(DECL_NAME(field));
	return true;
}

/* The path to the member of RECORD that spans BITS bits at bit POS, or
   false when none does exactly (a MEM_REF the optimizers made of a
   member reference); *CLASSED when it stopped at a lock or an atomic,
   which holds the bits.  */
static bool acc_path_at(tree record, HOST_WIDE_INT pos, HOST_WIDE_INT bits,
			std::string &path, bool *classed, unsigned depth,
			std::vector<std::pair<tree, size_t>> *inner = nullptr)
{
	if (depth > 8 || !RECORD_OR_UNION_TYPE_P(record))
		return false;
	for (tree f = TYPE_FIELDS(record); f; f = DECL_CHAIN(f)) {
		if (TREE_CODE(f) != FIELD_DECL || !DECL_SIZE(f) ||
		    !tree_fits_uhwi_p(DECL_SIZE(f)) ||
		    !tree_fits_shwi_p(bit_position(f)))
			continue;
		HOST_WIDE_INT at = int_bit_position(f);
		HOST_WIDE_INT size = tree_to_uhwi(DECL_SIZE(f));
		if (pos < at || pos + bits > at + size)
			continue;
		std::string p = path;
		acc_path_field(p, f);
		if (ph_access_field_class(f) != PH_MEMBER_PLAIN) {
			path = p;
			*classed = true;
			return true;
		}
		if (at == pos && size == bits) {
			/* An anonymous struct or union has no name of its own:
			   the member of it that is all of it, when one is.  */
			std::string q = p;
			bool c = false;
			if (!DECL_NAME(f) && RECORD_OR_UNION_TYPE_P(TREE_TYPE(f)) &&
			    !(ph_lang_cxx && PH_DECL_FIELD_IS_BASE(f)) &&
			    acc_path_at(TREE_TYPE(f), 0, bits, q, &c, depth + 1)) {
				path = q;
				*classed = c;
				return true;
			}
			path = p;
			return true;
		}
		tree type = TREE_TYPE(f);
		HOST_WIDE_INT in = pos - at;
		while (TREE_CODE(type) == ARRAY_TYPE && TYPE_SIZE(TREE_TYPE(type)) &&
		       tree_fits_uhwi_p(TYPE_SIZE(TREE_TYPE(type)))) {
			HOST_WIDE_INT e = tree_to_uhwi(TYPE_SIZE(TREE_TYPE(type)));
			if (!e)
				return false;
			p += "[]";
			if (in % e == 0 && bits == e) {
				path = p;
				return true;
			}
			type = TREE_TYPE(type);
			in %= e;
		}
		/* A named type the path goes through: its own path starts
		   here.  */
		if (inner && RECORD_OR_UNION_TYPE_P(type) &&
		    ph_access_type_noted(TYPE_MAIN_VARIANT(type)))
			inner->emplace_back(TYPE_MAIN_VARIANT(type), p.size());
		if (acc_path_at(type, in, bits, p, classed, depth + 1, inner)) {
			path = p;
			return true;
		}
		return false;
	}
	return false;
}

/* The struct a MEM_REF is a part of: the pointer's type as the
   reference was written, the variable whose address it is, the pointer
   variable's type; one that is noted and not the part's own type.  */
static tree acc_mem_container(tree mem, tree part)
{
	tree ptr = TREE_OPERAND(mem, 0);
	tree op1 = TREE_TYPE(TREE_OPERAND(mem, 1));
	tree cands[3] = {
		POINTER_TYPE_P(op1) ? TREE_TYPE(op1) : NULL_TREE,
		TREE_CODE(ptr) == ADDR_EXPR ? TREE_TYPE(TREE_OPERAND(ptr, 0))
					    : NULL_TREE,
		POINTER_TYPE_P(TREE_TYPE(ptr)) ? TREE_TYPE(TREE_TYPE(ptr))
					       : NULL_TREE,
	};
	for (tree c : cands) {
		if (!c || !RECORD_OR_UNION_TYPE_P(c))
			continue;
		tree record = TYPE_MAIN_VARIANT(c);
		if (record != part && ph_access_type_noted(record))
			return record;
	}
	return NULL_TREE;
}

/* Counts the access of a reference whose base MEM is a part of a noted
   struct, STEPS[0..n) the components outside MEM (outermost first).  */
static void acc_note_mem_ref(tree mem, tree *steps, unsigned n, unsigned ops,
			     double w, bool cold)
{
	if (!TYPE_SIZE(TREE_TYPE(mem)) ||
	    !tree_fits_uhwi_p(TYPE_SIZE(TREE_TYPE(mem))) ||
	    !tree_fits_shwi_p(TREE_OPERAND(mem, 1)))
		return;
	HOST_WIDE_INT off = tree_to_shwi(TREE_OPERAND(mem, 1));
	/* C++ copies a class by its data bytes, a char array (no tail
	   padding: another class may have its members there), the
	   pointer's type saying which class.  */
	tree part = TYPE_MAIN_VARIANT(TREE_TYPE(mem));
	tree as = TREE_TYPE(TREE_OPERAND(mem, 1));
	if (TREE_CODE(part) == ARRAY_TYPE && !n && POINTER_TYPE_P(as) &&
	    RECORD_OR_UNION_TYPE_P(TREE_TYPE(as)) &&
	    TYPE_SIZE(TREE_TYPE(as)) &&
	    tree_fits_uhwi_p(TYPE_SIZE(TREE_TYPE(as))) &&
	    tree_to_uhwi(TYPE_SIZE(TREE_TYPE(as))) >=
		    tree_to_uhwi(TYPE_SIZE(part)))
		part = TYPE_MAIN_VARIANT(TREE_TYPE(as));
	tree record = off >= 0 ? acc_mem_container(mem, part) : NULL_TREE;
	if (!record)
		return;
	std::string path;
	bool classed = false;
	std::vector<std::pair<tree, size_t>> inner;
	if (!acc_path_at(record, off * BITS_PER_UNIT,
			 tree_to_uhwi(TYPE_SIZE(part)), path, &classed, 0,
			 &inner))
		return;
	for (unsigned j = n; !classed && j-- > 0;) {
		tree s = steps[j];
		if (TREE_CODE(s) == COMPONENT_REF) {
			acc_path_field(path, TREE_OPERAND(s, 1));
			classed = ph_access_field_class(TREE_OPERAND(s, 1)) !=
				  PH_MEMBER_PLAIN;
		} else if (TREE_CODE(s) == ARRAY_REF ||
			   TREE_CODE(s) == ARRAY_RANGE_REF)
			path += "[]";
	}
	if (path.empty())
		return;
	ph_access_add(record, path.c_str(), ops, w, cold);
	/* Through a nested struct that has a name of its own: for it too
	   (the components after MEM count for theirs in acc_note_ref).  */
	for (const auto &in : inner) {
		size_t at = in.second;
		if (at < path.size() && path[at] == '.')
			at++;
		if (at < path.size())
			ph_access_add(in.first, path.c_str() + at, ops, w, cold);
	}
}

/* MEM, the base of a reference whose components are STEPS[0..n)
   (outermost first), is the whole of a member reference R whose
   address its pointer holds: the -O0 form of a memcpy GCC folded
   (MEM[(char *)_1] with _1 = &p->m), an inlined method's this
   (this_2->m with this_2 = &p->a), the guard's pointer -O2 forwards
   (_5->_M_mutex with _5 = &p->mu).  The same reference on R, or
   NULL_TREE.  */
static tree acc_through_pointer(tree mem, tree *steps, unsigned n)
{
	tree r = ph_access_pointed(TREE_OPERAND(mem, 0));
	if (!r || !integer_zerop(TREE_OPERAND(mem, 1)))
		return NULL_TREE;
	tree mt = TREE_TYPE(mem), rt = TREE_TYPE(r);
	tree as = TREE_TYPE(TREE_OPERAND(mem, 1));
	/* C++'s copy of a class, by its data bytes: MEM <unsigned
	   char[9]> [(struct T0 *)_1].  */
	bool bytes = !n && TREE_CODE(mt) == ARRAY_TYPE && POINTER_TYPE_P(as) &&
		     TYPE_MAIN_VARIANT(TREE_TYPE(as)) == TYPE_MAIN_VARIANT(rt);
	if (TYPE_MAIN_VARIANT(mt) != TYPE_MAIN_VARIANT(rt) && !bytes &&
	    (n || !TYPE_SIZE(mt) || !TYPE_SIZE(rt) ||
	     !tree_int_cst_equal(TYPE_SIZE(mt), TYPE_SIZE(rt))))
		return NULL_TREE;
	for (unsigned i = n; i-- > 0;) {
		tree c = copy_node(steps[i]);
		TREE_OPERAND(c, 0) = r;
		r = c;
	}
	return r;
}

/* Counts REF, a memory reference, as OPS for each type it reaches
   members of: the path from that type's member to the one accessed.  */
static void acc_note_ref(acc_blocks *b, tree ref, unsigned ops, double w,
			 bool cold, unsigned depth = 0)
{
	tree steps[32];
	unsigned n = 0;
	tree t = ref;

	while (handled_component_p(t) && n < 32) {
		steps[n++] = t;
		t = TREE_OPERAND(t, 0);
	}
	if (handled_component_p(t))
		return;
	tree whole;
	if (TREE_CODE(t) == MEM_REF && depth < 4 &&
	    (whole = acc_through_pointer(t, steps, n))) {
		acc_note_ref(b, whole, ops, w, cold, depth + 1);
		return;
	}
	/* Every access of an atomic is atomic; a lock's word is written
	   atomically only by the calls that take and release it (a store
	   to it initializes it).  */
	if (acc_ref_class(ref) == PH_MEMBER_ATOMIC)
		ops |= PH_ACC_ATOMIC;
	/* The base a part of a struct at an offset: the optimizers' form of
	   a member reference, p->b as MEM[(struct s *)p + 8B], and an
	   inlined method's, s.a.m as MEM[(struct a *)&s + 8B].m.  */
	if (TREE_CODE(t) == MEM_REF)
		acc_note_mem_ref(t, steps, n, ops, w, cold);
	for (unsigned i = n; i-- > 0;) {
		tree s = steps[i];
		if (TREE_CODE(s) != COMPONENT_REF)
			continue;
		tree record = TYPE_MAIN_VARIANT(TREE_TYPE(TREE_OPERAND(s, 0)));
		if (!ph_access_type_noted(record))
			continue;
		std::string path;
		for (unsigned j = i + 1; j-- > 0;) {
			tree c = steps[j];
			if (TREE_CODE(c) == COMPONENT_REF) {
				acc_path_field(path, TREE_OPERAND(c, 1));
				if (ph_access_field_class(TREE_OPERAND(c, 1)) !=
				    PH_MEMBER_PLAIN)
					break;
			} else if ((TREE_CODE(c) == ARRAY_REF ||
				    TREE_CODE(c) == ARRAY_RANGE_REF) &&
				   !path.empty())
				path += "[]";
		}
		if (path.empty())
			continue;
		ph_access_add(record, path.c_str(), ops, w, cold);
	}
}

static bool acc_memory_p(tree t)
{
	return t && (handled_component_p(t) || TREE_CODE(t) == MEM_REF);
}

/* The memory reference whose address ARG is: &p->a, or an SSA name set
   to one.  */
static tree acc_addressed(tree arg)
{
	if (TREE_CODE(arg) == SSA_NAME) {
		gimple *def = SSA_NAME_DEF_STMT(arg);
		if (!def || !gimple_assign_single_p(def))
			return NULL_TREE;
		arg = gimple_assign_rhs1(def);
	}
	if (TREE_CODE(arg) != ADDR_EXPR)
		return NULL_TREE;
	tree ref = TREE_OPERAND(arg, 0);
	return acc_memory_p(ref) ? ref : NULL_TREE;
}

/* What an __atomic_* or __sync_* builtin named NAME does to the memory
   its first argument points to.  */
static unsigned acc_atomic_ops(const char *name)
{
	if (strncmp(name, "__atomic_", 9) && strncmp(name, "__sync_", 7))
		return 0;
	if (strstr(name, "fence") || strstr(name, "lock_free") ||
	    strstr(name, "synchronize"))
		return 0;
	if (strncmp(name, "__atomic_load", 13) == 0)
		return PH_ACC_READ | PH_ACC_ATOMIC;
	if (strncmp(name, "__atomic_store", 14) == 0 ||
	    strncmp(name, "__atomic_clear", 14) == 0 ||
	    strncmp(name, "__sync_lock_release", 19) == 0)
		return PH_ACC_WRITE | PH_ACC_ATOMIC;
	return PH_ACC_READ | PH_ACC_WRITE | PH_ACC_ATOMIC;
}

static bool acc_name_has(const char *name, const char *part)
{
	return strstr(name, part) != NULL;
}

/* A thread's start: the function given to pthread_create and its
   like.  */
static void acc_thread_start(gcall *call, const char *name)
{
	int arg = -1;

	if (strcmp(name, "pthread_create") == 0)
		arg = 2;
	else if (strcmp(name, "thrd_create") == 0)
		arg = 1;
	else if (strncmp(name, "kthread_create", 14) == 0 ||
		 strcmp(name, "kthread_run") == 0)
		arg = 0;
	if (arg < 0 || (unsigned)arg >= gimple_call_num_args(call))
		return;
	tree a = gimple_call_arg(call, arg);
	if (TREE_CODE(a) == ADDR_EXPR &&
	    TREE_CODE(TREE_OPERAND(a, 0)) == FUNCTION_DECL)
		ph_access_thread_root(TREE_OPERAND(a, 0));
	else
		ph_access_thread_starter();
}

static void acc_visit_call(acc_blocks *b, gcall *call, double w, bool cold)
{
	tree lhs = gimple_call_lhs(call);
	if (acc_memory_p(lhs))
		acc_note_ref(b, lhs, PH_ACC_WRITE, w, cold);
	for (unsigned i = 0; i < gimple_call_num_args(call); i++) {
		tree a = gimple_call_arg(call, i);
		if (acc_memory_p(a))
			acc_note_ref(b, a, PH_ACC_READ, w, cold);
		else if (TREE_CODE(a) == ADDR_EXPR &&
			 TREE_CODE(TREE_OPERAND(a, 0)) == FUNCTION_DECL)
			ph_access_fn_address(TREE_OPERAND(a, 0));
	}
	/* The size an access of CALL has says which object at the address
	   it is: GCC's value numbering gives &p->a[0] and &p->a one name,
	   &p->in.x and &p->in another, when a function takes both.  */
	unsigned HOST_WIDE_INT bytes = ph_access_call_bytes(call);
	tree fn = gimple_call_fndecl(call), ref;
	unsigned ops = 0;
	/* An __atomic_* or __sync_* builtin, or GCC's internal form of one:
	   of __atomic_compare_exchange with the expected value a local
	   (-O2's early passes), of a fetch_or, _and or _xor of a bit
	   tested.  */
	if (gimple_call_internal_p(call)) {
		switch (gimple_call_internal_fn(call)) {
		case IFN_ATOMIC_COMPARE_EXCHANGE:
		case IFN_ATOMIC_BIT_TEST_AND_SET:
		case IFN_ATOMIC_BIT_TEST_AND_COMPLEMENT:
		case IFN_ATOMIC_BIT_TEST_AND_RESET:
			ops = PH_ACC_READ | PH_ACC_WRITE | PH_ACC_ATOMIC;
			break;
		default:
			break;
		}
	} else if (fn && DECL_NAME(fn) && fndecl_built_in_p(fn, BUILT_IN_NORMAL))
		ops = acc_atomic_ops(IDENTIFIER_POINTER(DECL_NAME(fn)));
	if (ops && gimple_call_num_args(call) > 0 &&
	    (ref = acc_addressed(gimple_call_arg(call, 0))))
		acc_note_ref(b, ph_access_sized(ref, bytes), ops, w, cold);
	if (!fn || !DECL_NAME(fn))
		return;
	ph_access_call(fn, w);
	const char *name = IDENTIFIER_POINTER(DECL_NAME(fn));
	if (fndecl_built_in_p(fn, BUILT_IN_NORMAL)) {
		/* memcpy and its kin read their source, write their
		   destination; memset writes it.  */
		int mem = ph_access_mem_call(fn);
		if (mem == 2 && gimple_call_num_args(call) > 1 &&
		    (ref = acc_addressed(gimple_call_arg(call, 1))))
			acc_note_ref(b, ph_access_sized(ref, bytes), PH_ACC_READ,
				     w, cold);
		if (mem && gimple_call_num_args(call) > 0 &&
		    (ref = acc_addressed(gimple_call_arg(call, 0))))
			acc_note_ref(b, ph_access_sized(ref, bytes), PH_ACC_WRITE,
				     w, cold);
		return;
	}
	acc_thread_start(call, name);
	/* A lock's or an atomic member's address given to a function: a
	   lock taken or released, an atomic's method (std::atomic<T>'s
	   when not inlined).  */
	for (unsigned i = 0; i < gimple_call_num_args(call); i++) {
		tree ref = acc_addressed(gimple_call_arg(call, i));
		if (!ref)
			continue;
		enum ph_member_class cls = acc_ref_class(ref);
		unsigned ops = 0;
		/* The member's own constructor or destructor (this = the
		   member) makes or unmakes it: std::lock_guard's takes the
		   lock as its second argument.  */
		if (i == 0 && (strncmp(name, "__ct", 4) == 0 ||
			       strncmp(name, "__dt", 4) == 0))
			continue;
		if (cls == PH_MEMBER_LOCK) {
			if (acc_name_has(name, "init") || acc_name_has(name, "destroy"))
				continue;
			ops = PH_ACC_READ | PH_ACC_WRITE | PH_ACC_ATOMIC;
			if (!acc_name_has(name, "unlock") &&
			    strcmp(name, "up") && strncmp(name, "up_", 3))
				ops |= PH_ACC_LOCK;
		} else if (cls == PH_MEMBER_ATOMIC &&
			   (strcmp(name, "store") == 0 ||
			    strcmp(name, "operator=") == 0 ||
			    strcmp(name, "clear") == 0)) {
			/* std::atomic's store (operator= is not inlined at
			   -O0), atomic_flag's clear.  */
			ops = PH_ACC_WRITE | PH_ACC_ATOMIC;
		} else if (cls == PH_MEMBER_ATOMIC) {
			ops = PH_ACC_READ | PH_ACC_ATOMIC;
			/* A conversion (operator T(), a load) is named
			   "__conv_op " by GCC's C++ front end.  */
			if (strcmp(name, "load") && strncmp(name, "operator ", 9) &&
			    strncmp(name, "__conv_op", 9) &&
			    !acc_name_has(name, "lock_free"))
				ops |= PH_ACC_WRITE;
		} else
			continue;
		acc_note_ref(b, ref, ops, w, cold);
	}
}

static void acc_visit_asm(acc_blocks *b, gasm *s, double w, bool cold)
{
	for (unsigned i = 0; i < gimple_asm_noutputs(s); i++) {
		tree op = gimple_asm_output_op(s, i);
		tree v = TREE_VALUE(op);
		const char *c = TREE_STRING_POINTER(TREE_VALUE(TREE_PURPOSE(op)));
		if (acc_memory_p(v))
			acc_note_ref(b, v, PH_ACC_WRITE |
					   (strchr(c, '+') ? PH_ACC_READ : 0),
				     w, cold);
	}
	for (unsigned i = 0; i < gimple_asm_ninputs(s); i++) {
		tree v = TREE_VALUE(gimple_asm_input_op(s, i));
		if (acc_memory_p(v))
			acc_note_ref(b, v, PH_ACC_READ, w, cold);
	}
}

/* The functions STMT's code was inlined from, the outermost first.  */
static void acc_note_scopes(acc_blocks *b, gimple *stmt)
{
	auto_vec<tree, 8> origins;
	for (tree blk = gimple_block(stmt); blk && TREE_CODE(blk) == BLOCK;
	     blk = BLOCK_SUPERCONTEXT(blk)) {
		if (b->scopes->add(blk))
			break;
		if (inlined_function_outer_scope_p(blk)) {
			tree origin = block_ultimate_origin(blk);
			if (origin && TREE_CODE(origin) == FUNCTION_DECL)
				origins.safe_push(origin);
		}
	}
	for (unsigned i = origins.length(); i-- > 0;)
		ph_access_inlined_from(origins[i]);
}

static void acc_visit_stmt(acc_blocks *b, gimple *s, double w, bool cold)
{
	switch (gimple_code(s)) {
	case GIMPLE_ASSIGN: {
		tree lhs = gimple_assign_lhs(s);
		if (acc_memory_p(lhs))
			acc_note_ref(b, lhs, PH_ACC_WRITE, w, cold);
		tree rhs = gimple_assign_rhs1(s);
		if (gimple_assign_single_p(s) && acc_memory_p(rhs))
			acc_note_ref(b, rhs, PH_ACC_READ, w, cold);
		else if (gimple_assign_single_p(s) &&
			 TREE_CODE(rhs) == ADDR_EXPR &&
			 TREE_CODE(TREE_OPERAND(rhs, 0)) == FUNCTION_DECL)
			ph_access_fn_address(TREE_OPERAND(rhs, 0));
		break;
	}
	case GIMPLE_CALL:
		acc_visit_call(b, as_a<gcall *>(s), w, cold);
		break;
	case GIMPLE_ASM:
		acc_visit_asm(b, as_a<gasm *>(s), w, cold);
		break;
	default:
		return;
	}
	acc_note_scopes(b, s);
}

static bool acc_fn_cold(function *fn)
{
	if (lookup_attribute("cold", DECL_ATTRIBUTES(fn->decl)))
		return true;
	cgraph_node *node = cgraph_node::get(fn->decl);
	return node && node->frequency == NODE_FREQUENCY_UNLIKELY_EXECUTED;
}

static void acc_walk_function(function *fn)
{
	acc_blocks b = {};
	basic_block bb;

	b.fn = fn;
	if (profile_status_for_fn(fn) == PROFILE_READ)
		b.weights = PH_WEIGHTS_PROFILE;
	else if (profile_status_for_fn(fn) == PROFILE_GUESSED &&
		 ENTRY_BLOCK_PTR_FOR_FN(fn)->count.initialized_p() &&
		 ENTRY_BLOCK_PTR_FOR_FN(fn)->count.nonzero_p())
		b.weights = PH_WEIGHTS_ESTIMATE;
	else
		b.weights = PH_WEIGHTS_NONE;
	ph_access_set_weights(b.weights);
	b.fn_cold = acc_fn_cold(fn);
	bool own_dominators = !dom_info_available_p(fn, CDI_DOMINATORS);
	if (own_dominators)
		calculate_dominance_info(CDI_DOMINATORS);
	b.cold = XNEWVEC(signed char, last_basic_block_for_fn(fn));
	memset(b.cold, -1, last_basic_block_for_fn(fn));
	hash_set<tree> scopes;
	b.scopes = &scopes;
	ph_access_fn_begin(fn->decl, b.fn_cold);
	FOR_EACH_BB_FN(bb, fn) {
		double w = -1;
		bool cold = false;

		for (gimple_stmt_iterator gsi = gsi_start_bb(bb);
		     !gsi_end_p(gsi); gsi_next(&gsi)) {
			gimple *s = gsi_stmt(gsi);
			enum gimple_code code = gimple_code(s);
			if (code != GIMPLE_ASSIGN && code != GIMPLE_CALL &&
			    code != GIMPLE_ASM)
				continue;
			if (code == GIMPLE_ASSIGN && !gimple_vuse(s))
				continue;
			if (w < 0) {
				w = acc_block_weight(&b, bb);
				cold = acc_block_cold(&b, bb);
			}
			acc_visit_stmt(&b, s, w, cold);
		}
	}
	ph_access_fn_end();
	XDELETEVEC(b.cold);
	if (own_dominators)
		free_dominance_info(CDI_DOMINATORS);
}

static const pass_data acc_pass_data = {
	GIMPLE_PASS,
	"pokehole_access",
	OPTGROUP_NONE,
	TV_NONE,
	PROP_cfg | PROP_ssa,
	0, 0, 0, 0,
};

class acc_pass : public gimple_opt_pass {
public:
	acc_pass(gcc::context *ctx) : gimple_opt_pass(acc_pass_data, ctx) {}
	bool gate(function *) override { return !seen_error(); }
	unsigned int execute(function *fn) override
	{
		acc_walk_function(fn);
		return 0;
	}
};

void ph_access_walk_register(const char *plugin_name)
{
	struct register_pass_info info;

	info.pass = new acc_pass(g);
	/* With -fprofile-use the counts are read after the early
	   optimizations, by the IPA pass whose sub-pass feedback_fnsplit
	   then walks each function: before that one.  Early optimizations
	   run from -O1 on, -Og aside.  */
	if (flag_branch_probabilities && !flag_auto_profile) {
		info.reference_pass_name = "feedback_fnsplit";
		info.pos_op = PASS_POS_INSERT_BEFORE;
	} else if (optimize >= 1 && !optimize_debug) {
		info.reference_pass_name = "fnsplit";
		info.pos_op = PASS_POS_INSERT_BEFORE;
	} else {
		info.reference_pass_name = "early_optimizations";
		info.pos_op = PASS_POS_INSERT_AFTER;
	}
	info.ref_pass_instance_number = 1;
	register_callback(plugin_name, PLUGIN_PASS_MANAGER_SETUP, NULL, &info);
}
