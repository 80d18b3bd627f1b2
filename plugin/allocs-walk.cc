/* Heap allocation sites (allocs.h): where they are found.  An allocation
   is a call to an allocator whose result is converted to a pointer to a
   record, T *: that conversion names the type, as the front end already
   folded sizeof into a number.  The size argument then says how many
   objects of T one call takes (N * sizeof(T), a run-time multiple, or
   sizeof(T) and a tail).  In C++ the library's own functions allocate
   for the program (a vector's array, a map's node, make_shared's control
   block): a conversion inside a system header's function is noted
   against that function, and the program's calls into the library are
   tied to it at the end (allocs.cc).  */
#include "sites.h"

#include <map>
#include <set>
#include <unordered_map>

#include "plugin.h"
#include "allocs.h"
#include "allocs-state.h"

/* kmalloc and its kin, kernel allocators whose classes are not the
   kmalloc caches, and the C library's: by name, with the arguments
   whose product is the size.  Kernels from 6.10 add "_noprof" to most,
   which is stripped before the look-up.  */
struct alloc_named {
	const char *name;
	enum ph_alloc_how how;
	int size_arg, count_arg;
};

static const alloc_named alloc_names[] = {
	{ "kmalloc", PH_HOW_KMALLOC, 0, -1 },
	{ "kzalloc", PH_HOW_KMALLOC, 0, -1 },
	{ "kmalloc_node", PH_HOW_KMALLOC, 0, -1 },
	{ "kzalloc_node", PH_HOW_KMALLOC, 0, -1 },
	{ "__kmalloc", PH_HOW_KMALLOC, 0, -1 },
	{ "__kmalloc_node", PH_HOW_KMALLOC, 0, -1 },
	{ "kcalloc", PH_HOW_KMALLOC, 0, 1 },
	{ "kmalloc_array", PH_HOW_KMALLOC, 0, 1 },
	{ "kcalloc_node", PH_HOW_KMALLOC, 0, 1 },
	{ "kmalloc_array_node", PH_HOW_KMALLOC, 0, 1 },
	{ "kvmalloc", PH_HOW_KMALLOC, 0, -1 },
	{ "kvzalloc", PH_HOW_KMALLOC, 0, -1 },
	{ "kvmalloc_node", PH_HOW_KMALLOC, 0, -1 },
	{ "kvzalloc_node", PH_HOW_KMALLOC, 0, -1 },
	{ "kvcalloc", PH_HOW_KMALLOC, 0, 1 },
	{ "kvmalloc_array", PH_HOW_KMALLOC, 0, 1 },
	{ "krealloc", PH_HOW_KMALLOC, 1, -1 },
	{ "krealloc_array", PH_HOW_KMALLOC, 1, 2 },
	{ "kmemdup", PH_HOW_KMALLOC, 1, -1 },
	{ "devm_kmalloc", PH_HOW_KMALLOC, 1, -1 },
	{ "devm_kzalloc", PH_HOW_KMALLOC, 1, -1 },
	{ "devm_kcalloc", PH_HOW_KMALLOC, 1, 2 },
	{ "devm_kmalloc_array", PH_HOW_KMALLOC, 1, 2 },
	{ "vmalloc", PH_HOW_OTHER, 0, -1 },
	{ "vzalloc", PH_HOW_OTHER, 0, -1 },
	{ "vmalloc_node", PH_HOW_OTHER, 0, -1 },
	{ "vzalloc_node", PH_HOW_OTHER, 0, -1 },
	{ "vcalloc", PH_HOW_OTHER, 0, 1 },
	{ "malloc", PH_HOW_MALLOC, 0, -1 },
	{ "calloc", PH_HOW_MALLOC, 0, 1 },
	{ "realloc", PH_HOW_MALLOC, 1, -1 },
	{ "reallocarray", PH_HOW_MALLOC, 1, 2 },
	{ "aligned_alloc", PH_HOW_MALLOC, 1, -1 },
	{ "memalign", PH_HOW_MALLOC, 1, -1 },
	{ "valloc", PH_HOW_MALLOC, 0, -1 },
	{ "pvalloc", PH_HOW_MALLOC, 0, -1 },
};

static const char *const alloc_cache_allocs[] = {
	"kmem_cache_alloc", "kmem_cache_zalloc", "kmem_cache_alloc_node",
	"kmem_cache_alloc_lru",
};

static const char *const alloc_cache_creates[] = {
	"kmem_cache_create", "kmem_cache_create_usercopy",
	"__kmem_cache_create_args", "__kmem_cache_create",
};

static bool alloc_in(const std::string &name, const char *const *list,
		     size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (name == list[i])
			return true;
	return false;
}

static bool alloc_classify_decl(tree fn, struct ph_alloc_fn *ret)
{
	*ret = { PH_HOW_MALLOC, -1, -1, false, false };
	if (DECL_IS_OPERATOR_NEW_P(fn)) {
		const char *op = IDENTIFIER_POINTER(DECL_NAME(fn));
		/* Placement new, operator new(size_t, void *), takes no
		   memory: it constructs where it is told.  */
		tree parms = TYPE_ARG_TYPES(TREE_TYPE(fn));
		if (parms && TREE_CHAIN(parms) &&
		    TREE_VALUE(TREE_CHAIN(parms)) &&
		    TREE_CODE(TREE_VALUE(TREE_CHAIN(parms))) == POINTER_TYPE)
			return false;
		ret->how = strstr(op, "[]") ? PH_HOW_NEW_ARRAY : PH_HOW_NEW;
		ret->size_arg = 0;
		return true;
	}
	std::string name = IDENTIFIER_POINTER(DECL_NAME(fn));
	size_t np = name.size();
	if (np > 7 && name.compare(np - 7, 7, "_noprof") == 0)
		name.resize(np - 7);
	if (alloc_in(name, alloc_cache_allocs, ARRAY_SIZE(alloc_cache_allocs))) {
		ret->how = PH_HOW_CACHE;
		ret->cache_alloc = true;
		return true;
	}
	if (alloc_in(name, alloc_cache_creates,
		     ARRAY_SIZE(alloc_cache_creates))) {
		ret->how = PH_HOW_CACHE;
		ret->cache_create = true;
		ret->size_arg = 1;
		return true;
	}
	/* The C library's only outside the kernel, whose own malloc (in
	   a few drivers' code) is no such thing.  */
	bool kernel = ph_allocs_kernel_unit();
	for (const auto &a : alloc_names) {
		if (name != a.name || (kernel && a.how == PH_HOW_MALLOC))
			continue;
		ret->how = a.how;
		ret->size_arg = a.size_arg;
		ret->count_arg = a.count_arg;
		return true;
	}
	/* What GCC knows as an allocator: alloc_size says which arguments
	   are the size; a malloc function of one integer argument takes
	   that many bytes.  */
	tree attr = lookup_attribute("alloc_size",
				     TYPE_ATTRIBUTES(TREE_TYPE(fn)));
	ret->how = kernel ? PH_HOW_OTHER : PH_HOW_MALLOC;
	if (attr && TREE_VALUE(attr)) {
		tree args = TREE_VALUE(attr);
		tree a0 = TREE_VALUE(args);
		if (!a0 || !tree_fits_uhwi_p(a0))
			return false;
		ret->size_arg = (int)tree_to_uhwi(a0) - 1;
		if (TREE_CHAIN(args) && TREE_VALUE(TREE_CHAIN(args)) &&
		    tree_fits_uhwi_p(TREE_VALUE(TREE_CHAIN(args))))
			ret->count_arg = (int)tree_to_uhwi(
				TREE_VALUE(TREE_CHAIN(args))) - 1;
		return ret->size_arg >= 0;
	}
	if (!DECL_IS_MALLOC(fn))
		return false;
	int n = 0, at = -1;
	for (tree p = TYPE_ARG_TYPES(TREE_TYPE(fn));
	     p && p != void_list_node; p = TREE_CHAIN(p), n++)
		if (INTEGRAL_TYPE_P(TREE_VALUE(p)))
			at = at == -1 ? n : -2;
	if (at < 0)
		return false;
	ret->size_arg = at;
	return true;
}

/* Each function's answer, by DECL_UID: a unit calls the same few
   functions over and over, and most are no allocator.  */
static std::unordered_map<unsigned, std::pair<bool, ph_alloc_fn>> *alloc_known;

bool ph_alloc_classify(tree fn, struct ph_alloc_fn *ret)
{
	if (!fn || TREE_CODE(fn) != FUNCTION_DECL || !DECL_NAME(fn))
		return false;
	if (!alloc_known)
		alloc_known = new std::unordered_map<unsigned,
						     std::pair<bool, ph_alloc_fn>>;
	auto it = alloc_known->find(DECL_UID(fn));
	if (it == alloc_known->end()) {
		std::pair<bool, ph_alloc_fn> v;
		v.first = alloc_classify_decl(fn, &v.second);
		it = alloc_known->emplace(DECL_UID(fn), v).first;
	}
	*ret = it->second.second;
	return it->second.first;
}


/* E without the conversions, SAVE_EXPRs and C++'s overflow check around
   new[]'s size (n <= max ? n * size : throw).  */
static tree alloc_strip(tree e)
{
	for (unsigned depth = 0; e && depth < 16; depth++) {
		if (CONVERT_EXPR_P(e) || TREE_CODE(e) == NON_LVALUE_EXPR ||
		    TREE_CODE(e) == SAVE_EXPR)
			e = TREE_OPERAND(e, 0);
		else if (TREE_CODE(e) == COND_EXPR)
			e = TREE_OPERAND(e, 1);
		else
			break;
	}
	return e;
}

/* E's value when the front end knows it: a number, or C++'s sizeof
   still unfolded in an expression (SIZEOF_EXPR, the type's size), and
   sums and products of them.  */
static bool alloc_const(tree e, uint64_t *ret, unsigned depth = 0)
{
	e = alloc_strip(e);
	if (!e || depth > 8)
		return false;
	if (TREE_CODE(e) == INTEGER_CST) {
		if (!tree_fits_uhwi_p(e))
			return false;
		*ret = tree_to_uhwi(e);
		return true;
	}
	if (ph_sizeof_expr_p(e)) {
		tree op = TREE_OPERAND(e, 0);
		tree type = op && TYPE_P(op) ? op : op ? TREE_TYPE(op) : NULL_TREE;
		if (!type || !COMPLETE_TYPE_P(type) ||
		    !tree_fits_uhwi_p(TYPE_SIZE_UNIT(type)))
			return false;
		*ret = tree_to_uhwi(TYPE_SIZE_UNIT(type));
		return true;
	}
	uint64_t a, b;
	if ((TREE_CODE(e) == MULT_EXPR || TREE_CODE(e) == PLUS_EXPR) &&
	    alloc_const(TREE_OPERAND(e, 0), &a, depth + 1) &&
	    alloc_const(TREE_OPERAND(e, 1), &b, depth + 1)) {
		*ret = TREE_CODE(e) == MULT_EXPR ? a * b : a + b;
		return true;
	}
	return false;
}

/* E is X * C, C known: *X and *C.  A run-time multiple of a type's
   size when the size divides C (alloc_multiple); else perhaps a
   flexible array folded into (n + K) * C.  */
static bool alloc_product(tree e, tree *x, uint64_t *c)
{
	e = alloc_strip(e);
	if (!e || TREE_CODE(e) != MULT_EXPR)
		return false;
	for (int i = 0; i < 2; i++)
		if (alloc_const(TREE_OPERAND(e, i), c) && *c) {
			*x = alloc_strip(TREE_OPERAND(e, 1 - i));
			return true;
		}
	return false;
}

static bool alloc_multiple(tree e, uint64_t size)
{
	tree x;
	uint64_t c;
	return alloc_product(e, &x, &c) && c % size == 0;
}

/* What a size argument (or two, multiplied) says of objects of SIZE
   bytes.  */
static void alloc_read_size(tree a, tree b, uint64_t size, alloc_site_rec *s)
{
	a = alloc_strip(a);
	b = b ? alloc_strip(b) : NULL_TREE;
	if (!a || !size)
		return;
	uint64_t n, m;
	if (b) {
		bool ca = alloc_const(a, &n), cb = alloc_const(b, &m);
		if (ca && cb) {
			s->bytes = n * m;
			s->count = s->bytes / size;
			s->tail = s->bytes % size != 0;
		} else if (ca || cb) {
			uint64_t c = ca ? n : m;
			s->array = c && c % size == 0;
		}
		return;
	}
	if (alloc_const(a, &n)) {
		s->bytes = n;
		s->count = n / size;
		s->tail = n % size != 0 && n > size;
		return;
	}
	if (alloc_multiple(a, size)) {
		s->array = true;
		return;
	}
	/* sizeof(T) + n * sizeof(E), a flexible array's elements after
	   the object, which GCC folds into (n + K) * sizeof(E) when
	   sizeof(E) divides sizeof(T).  */
	tree x;
	uint64_t c, k;
	if (alloc_product(a, &x, &c) && TREE_CODE(x) == PLUS_EXPR) {
		for (int i = 0; i < 2; i++)
			if (alloc_const(TREE_OPERAND(x, i), &k) && k * c >= size) {
				s->count = k * c / size;
				s->tail = true;
				return;
			}
		return;
	}
	if (TREE_CODE(a) == PLUS_EXPR) {
		for (int i = 0; i < 2; i++) {
			if (!alloc_const(TREE_OPERAND(a, i), &k))
				continue;
			/* new[]'s cookie before the array, or a tail after
			   the objects.  */
			s->tail = true;
			if (alloc_multiple(TREE_OPERAND(a, 1 - i), size))
				s->array = true;
			else
				s->count = k / size;
			return;
		}
	}
}

/* The variable (or member) an expression names, for a cache.  */
static std::string alloc_var_name(tree e)
{
	e = alloc_strip(e);
	if (!e)
		return "";
	if ((VAR_P(e) || TREE_CODE(e) == PARM_DECL) && DECL_NAME(e))
		return IDENTIFIER_POINTER(DECL_NAME(e));
	if (TREE_CODE(e) == COMPONENT_REF && DECL_NAME(TREE_OPERAND(e, 1)))
		return IDENTIFIER_POINTER(DECL_NAME(TREE_OPERAND(e, 1)));
	return "";
}

/* A conversion to a pointer to TYPE of a new[] slot (a VAR_DECL) not
   yet known to be one: the trees do not put a slot's TARGET_EXPR before
   its uses, so these wait for the end of the function.  */
struct alloc_pending {
	tree type, slot;
	uint64_t cookie;
	location_t loc;
};

struct alloc_walk {
	tree fn;
	bool system;
	location_t where;
	/* new[]'s TARGET_EXPR slots holding operator new[]'s result (the
	   array's address is the slot plus the cookie), and the cookie
	   before each slot's array, as its conversions add it.  */
	std::map<tree, tree> slots;
	std::map<tree, uint64_t> cookies;
	std::vector<alloc_pending> pending;
	std::set<tree> creates_done;
};

/* new[]'s slots and cookies.  */
static void alloc_note_slot(alloc_walk *w, tree t)
{
	struct ph_alloc_fn how;

	if (TREE_CODE(t) == TARGET_EXPR) {
		tree init = alloc_strip(TREE_OPERAND(t, 1));
		if (init && TREE_CODE(init) == CALL_EXPR &&
		    ph_alloc_classify(get_callee_fndecl(init), &how))
			w->slots[TREE_OPERAND(t, 0)] = init;
	} else if (CONVERT_EXPR_P(t)) {
		tree e = alloc_strip(TREE_OPERAND(t, 0));
		if (e && TREE_CODE(e) == POINTER_PLUS_EXPR &&
		    VAR_P(TREE_OPERAND(e, 0)) &&
		    tree_fits_uhwi_p(TREE_OPERAND(e, 1)))
			w->cookies[TREE_OPERAND(e, 0)] =
				tree_to_uhwi(TREE_OPERAND(e, 1));
	}
}

static void alloc_site_of(alloc_walk *w, tree type, tree call,
			  uint64_t cookie, location_t loc);

static void alloc_converted(alloc_walk *w, tree conv)
{
	tree to = TREE_TYPE(conv);
	if (!to || TREE_CODE(to) != POINTER_TYPE ||
	    !RECORD_OR_UNION_TYPE_P(TREE_TYPE(to)))
		return;
	tree type = TYPE_MAIN_VARIANT(TREE_TYPE(to));
	tree e = TREE_OPERAND(conv, 0);
	/* new[]'s cookie: the array starts that many bytes in.  */
	uint64_t cookie = 0;
	for (unsigned depth = 0; e && depth < 16; depth++) {
		if (CONVERT_EXPR_P(e) || TREE_CODE(e) == NON_LVALUE_EXPR ||
		    TREE_CODE(e) == SAVE_EXPR)
			e = TREE_OPERAND(e, 0);
		else if (TREE_CODE(e) == TARGET_EXPR)
			e = TREE_OPERAND(e, 1);
		else if (TREE_CODE(e) == COMPOUND_EXPR)
			e = TREE_OPERAND(e, 1);
		else if (TREE_CODE(e) == POINTER_PLUS_EXPR &&
			 TREE_CODE(TREE_OPERAND(e, 1)) == INTEGER_CST &&
			 tree_fits_uhwi_p(TREE_OPERAND(e, 1))) {
			cookie = tree_to_uhwi(TREE_OPERAND(e, 1));
			e = TREE_OPERAND(e, 0);
		} else
			break;
	}
	location_t loc = e && EXPR_HAS_LOCATION(e) ? EXPR_LOCATION(e) :
			 EXPR_HAS_LOCATION(conv) ? EXPR_LOCATION(conv) :
			 w->where;
	/* Only the front end's temporaries hold new[]'s result.  */
	if (e && VAR_P(e) && DECL_ARTIFICIAL(e) && ph_lang_cxx) {
		w->pending.push_back({ type, e, cookie, loc });
		return;
	}
	if (e && TREE_CODE(e) == CALL_EXPR)
		alloc_site_of(w, type, e, cookie, loc);
}

/* The allocation CALL converted to a pointer to TYPE (at LOC when the
   call has no place of its own), COOKIE bytes before the objects.  */
static void alloc_site_of(alloc_walk *w, tree type, tree e, uint64_t cookie,
			  location_t loc)
{
	struct ph_alloc_fn how;
	/* The call's own place, when it has one: a slot's conversions
	   are elsewhere in the expression.  */
	if (EXPR_HAS_LOCATION(e))
		loc = EXPR_LOCATION(e);
	if (!ph_alloc_classify(get_callee_fndecl(e), &how) ||
	    how.cache_create)
		return;
	uint64_t size = COMPLETE_TYPE_P(type) && tree_fits_uhwi_p(
				TYPE_SIZE_UNIT(type)) ?
			tree_to_uhwi(TYPE_SIZE_UNIT(type)) : 0;
	alloc_site_rec s;
	s.how = how.how;
	int n = call_expr_nargs(e);
	if (how.size_arg >= 0 && how.size_arg < n)
		alloc_read_size(CALL_EXPR_ARG(e, how.size_arg),
				how.count_arg >= 0 && how.count_arg < n ?
				CALL_EXPR_ARG(e, how.count_arg) : NULL_TREE,
				size, &s);
	if (cookie) {
		/* The objects are what follows the cookie.  */
		s.tail = true;
		if (s.bytes && size)
			s.count = s.bytes > cookie ? (s.bytes - cookie) / size : 0;
	}
	if (how.cache_alloc) {
		if (n > 0)
			s.cache_var = alloc_var_name(CALL_EXPR_ARG(e, 0));
		s.count = 1;
	}
	if (w->system) {
		ph_allocs_library_object(w->fn, type, size, s.array || !s.count);
		return;
	}
	s.call = ph_allocs_fn_name(get_callee_fndecl(e));
	ph_allocs_place(&s, loc);
	ph_allocs_add(type, std::move(s));
}

/* kmem_cache_create(name, size, align, ...): the cache's name and the
   variable it goes to; its type is found at the end.  */
static void alloc_cache_create(alloc_walk *w, tree call, tree lhs)
{
	struct ph_alloc_fn how;
	/* The set only for the creations: every call of the unit comes
	   here, and the answer is cached.  */
	if (w->system || !ph_alloc_classify(get_callee_fndecl(call), &how) ||
	    !how.cache_create || call_expr_nargs(call) < 2 ||
	    !w->creates_done.insert(call).second)
		return;
	alloc_cache_pending p;
	p.site.how = PH_HOW_CACHE;
	p.site.call = ph_allocs_fn_name(get_callee_fndecl(call));
	location_t loc = EXPR_HAS_LOCATION(call) ? EXPR_LOCATION(call)
						 : w->where;
	ph_allocs_place(&p.site, loc);
	p.loc = loc;
	tree name = alloc_strip(CALL_EXPR_ARG(call, 0));
	if (name && TREE_CODE(name) == ADDR_EXPR)
		name = TREE_OPERAND(name, 0);
	if (name && TREE_CODE(name) == STRING_CST)
		p.site.cache = TREE_STRING_POINTER(name);
	tree size = alloc_strip(CALL_EXPR_ARG(call, 1));
	if (size && TREE_CODE(size) == INTEGER_CST && tree_fits_uhwi_p(size))
		p.size = tree_to_uhwi(size);
	if (call_expr_nargs(call) > 2) {
		tree al = alloc_strip(CALL_EXPR_ARG(call, 2));
		if (al && TREE_CODE(al) == INTEGER_CST && tree_fits_uhwi_p(al))
			p.site.cache_align = tree_to_uhwi(al);
	}
	p.site.count = 1;
	p.site.bytes = p.size;
	if (lhs)
		p.site.cache_var = alloc_var_name(lhs);
	ph_allocs_cache_created(std::move(p));
}

/* The function being walked, between ph_allocs_function_begin and
   _end; NULL outside one, or in one that allocates nothing of the
   program's.  */
static alloc_walk *alloc_cur;

void ph_allocs_visit(tree t)
{
	alloc_walk *w = alloc_cur;

	if (!w)
		return;
	if (ph_lang_cxx)
		alloc_note_slot(w, t);
	if (EXPR_P(t) && EXPR_HAS_LOCATION(t))
		w->where = EXPR_LOCATION(t);
	switch (TREE_CODE(t)) {
	CASE_CONVERT:
		alloc_converted(w, t);
		break;
	case MODIFY_EXPR:
	case INIT_EXPR: {
		tree rhs = alloc_strip(TREE_OPERAND(t, 1));
		if (rhs && TREE_CODE(rhs) == CALL_EXPR)
			alloc_cache_create(w, rhs, TREE_OPERAND(t, 0));
		break;
	}
	case CALL_EXPR:
		alloc_cache_create(w, t, NULL_TREE);
		if (ph_lang_cxx)
			ph_allocs_note_call(w->fn, get_callee_fndecl(t),
					    EXPR_HAS_LOCATION(t) ?
					    EXPR_LOCATION(t) : w->where);
		break;
	default:
		if (ph_lang_cxx && TREE_CODE(t) == AGGR_INIT_EXPR) {
			tree callee = PH_AGGR_INIT_EXPR_FN(t);
			if (callee && TREE_CODE(callee) == ADDR_EXPR)
				callee = TREE_OPERAND(callee, 0);
			ph_allocs_note_call(w->fn, callee, w->where);
		}
		break;
	}
}

void ph_allocs_function_begin(tree fn)
{
	delete alloc_cur;
	alloc_cur = nullptr;
	if (!ph_allocs_enabled() || !fn)
		return;
	bool system = in_system_header_at(DECL_SOURCE_LOCATION(fn));
	/* The C library's inline functions allocate nothing of the
	   program's; C has no library templates.  */
	if (system && !ph_lang_cxx)
		return;
	alloc_cur = new alloc_walk;
	alloc_cur->fn = fn;
	alloc_cur->system = system;
	alloc_cur->where = DECL_SOURCE_LOCATION(fn);
	if (ph_lang_cxx)
		ph_allocs_note_clones(fn);
}

void ph_allocs_function_end(void)
{
	alloc_walk *w = alloc_cur;

	if (!w)
		return;
	/* new[]'s slots, known now, and their cookies.  */
	for (const auto &p : w->pending) {
		auto it = w->slots.find(p.slot);
		if (it == w->slots.end())
			continue;
		uint64_t cookie = p.cookie;
		if (!cookie && w->cookies.count(p.slot))
			cookie = w->cookies[p.slot];
		alloc_site_of(w, p.type, it->second, cookie, p.loc);
	}
	delete w;
	alloc_cur = nullptr;
}

static tree alloc_walk_cb(tree *tp, int *, void *)
{
	ph_allocs_visit(*tp);
	return NULL_TREE;
}

/* Without the sites' walk (sites=0), a walk of its own.  */
static void alloc_pre_genericize(void *gcc_data, void *)
{
	tree fn = (tree)gcc_data;

	if (!ph_allocs_enabled() || seen_error() || !fn ||
	    !DECL_SAVED_TREE(fn))
		return;
	ph_allocs_function_begin(fn);
	if (alloc_cur)
		walk_tree_without_duplicates(&DECL_SAVED_TREE(fn),
					     alloc_walk_cb, NULL);
	ph_allocs_function_end();
}

void ph_allocs_walk_register(const char *plugin_name)
{
	register_callback(plugin_name, PLUGIN_PRE_GENERICIZE,
			  alloc_pre_genericize, NULL);
}

void ph_allocs_walk_release(void)
{
	delete alloc_cur;
	alloc_cur = nullptr;
	delete alloc_known;
	alloc_known = nullptr;
}
