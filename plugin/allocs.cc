/* Where the unit spends memory on its types (allocs.h): the facts per
   type, static instances from the declarations, the library's
   allocations tied to the program's calls, slab caches tied to types,
   and the "allocs" records.  The walk of function bodies is
   allocs-walk.cc's.  */
#include "sites.h"

#include <algorithm>
#include <map>
#include <set>
#include <unordered_map>

#include "plugin.h"
#include "sites-tree.h"
#include "allocs.h"
#include "allocs-state.h"
#include "../report/allocs.h"

struct alloc_static_rec {
	std::string var, symbol, file, in;
	uint32_t line = 0, column = 0;
	uint64_t count = 0, bytes = 0;
};

struct alloc_facts {
	std::vector<alloc_site_rec> heap;
	std::vector<alloc_static_rec> statics;
};

/* What a library function allocates: the object's name and size, and
   the program's types it holds (collected types: they live to the
   end).  */
struct alloc_lib_object {
	std::string name;
	uint64_t size;
	bool array;
	std::vector<tree> holds;
	bool operator==(const alloc_lib_object &o) const
	{
		return name == o.name && array == o.array;
	}
};

struct alloc_call {
	unsigned caller, callee;
	bool caller_system;
	location_t loc;
	std::string callee_name;
};

static bool alloc_on;
static int alloc_kernel = -1;
/* Keyed by collected types only: a key of another could be a freed
   tree's address reused.  */
static std::map<tree, alloc_facts> *alloc_by_type;
static std::map<unsigned, std::vector<alloc_lib_object>> *alloc_lib;
static std::vector<alloc_call> *alloc_calls;
static std::vector<alloc_cache_pending> *alloc_caches;
static std::set<unsigned> *alloc_vars_done;
/* A constructor's or destructor's clones (complete, base, deleting),
   which the program calls, and the function the front end hands over
   with the body: DECL_UID to DECL_UID.  */
static std::map<unsigned, unsigned> *alloc_clones;
/* The library functions the program calls, named once each.  */
static std::unordered_map<unsigned, std::string> *alloc_names_by_uid;

void ph_allocs_note_clones(tree fn)
{
	const char *n = DECL_NAME(fn) ? IDENTIFIER_POINTER(DECL_NAME(fn)) : "";
	if (strncmp(n, "__ct", 4) && strncmp(n, "__dt", 4))
		return;
	for (tree c = DECL_CHAIN(fn); c && TREE_CODE(c) == FUNCTION_DECL &&
	     DECL_NAME(c); c = DECL_CHAIN(c)) {
		const char *cn = IDENTIFIER_POINTER(DECL_NAME(c));
		if (strncmp(cn, n, 4) || strcmp(cn, n) == 0)
			break;
		(*alloc_clones)[DECL_UID(c)] = DECL_UID(fn);
	}
}

bool ph_allocs_enabled(void)
{
	return alloc_on;
}

bool ph_allocs_kernel_unit(void)
{
	if (alloc_kernel < 0) {
		struct cpp_reader *r = ph_parse_in();
		alloc_kernel = r && cpp_defined(r, (const unsigned char *)
						"__KERNEL__", 10);
	}
	return alloc_kernel > 0;
}

/* A type of the program's own, whose facts are kept.  */
static bool alloc_program_type(tree type)
{
	return type && RECORD_OR_UNION_TYPE_P(type) &&
	       ph_type_collected(type) &&
	       !in_system_header_at(ph_type_location(type));
}

void ph_allocs_place(alloc_site_rec *s, location_t loc)
{
	/* Where the call's text starts: C++ puts a call's caret at its
	   parenthesis, C at its name, and an inline function of a header
	   both compile must be one site.  */
	if (!from_macro_expansion_at(loc))
		loc = get_start(loc);
	expanded_location x = expand_location(loc);

	s->file = x.file ? x.file : "";
	s->line = x.line > 0 ? x.line : 0;
	s->column = x.column > 0 ? x.column : 0;
}

void ph_allocs_add(tree type, alloc_site_rec &&s)
{
	type = TYPE_MAIN_VARIANT(type);
	if (!alloc_program_type(type))
		return;
	auto &v = (*alloc_by_type)[type].heap;
	for (const auto &o : v)
		if (o.file == s.file && o.line == s.line &&
		    o.column == s.column && o.how == s.how &&
		    o.call == s.call && o.object == s.object &&
		    o.array == s.array)
			return;
	v.push_back(std::move(s));
}

void ph_allocs_cache_created(alloc_cache_pending &&p)
{
	alloc_caches->push_back(std::move(p));
}

static std::string alloc_type_name(tree type)
{
	struct ph_buf b;
	bool td;
	std::string s;

	ph_buf_init(&b);
	if (ph_record_name(type, &b, &td) && !b.failed)
		s.assign(b.data, b.len);
	ph_buf_deinit(&b);
	return s;
}

std::string ph_allocs_fn_name(tree fn)
{
	if (!fn || !DECL_NAME(fn))
		return "";
	std::string name = IDENTIFIER_POINTER(DECL_NAME(fn));
	if (!ph_lang_cxx)
		return name;
	if (DECL_IS_OPERATOR_NEW_P(fn))
		return name.find("[]") != std::string::npos ? "operator new[]"
							     : "operator new";
	/* A constructor: its class's name.  */
	tree ctx = DECL_CONTEXT(fn);
	if (ctx && RECORD_OR_UNION_TYPE_P(ctx)) {
		std::string cls = alloc_type_name(ctx);
		while (!name.empty() && name.back() == ' ')
			name.pop_back();
		bool dtor = name.compare(0, 4, "__dt") == 0;
		if (name.compare(0, 4, "__ct") == 0 || dtor) {
			size_t lt = cls.find('<');
			size_t colon = cls.rfind("::", lt);
			name = cls.substr(colon == std::string::npos ? 0 : colon + 2,
					  lt == std::string::npos ? std::string::npos :
					  lt - (colon == std::string::npos ? 0 : colon + 2));
			if (dtor)
				name = "~" + name;
		}
		return cls + "::" + name;
	}
	/* A function template's arguments, as diagnostics spell types.  */
	const char *full = lang_hooks.decl_printable_name(fn, 1);
	std::string out = full ? full : name;
	tree args = lang_hooks.get_innermost_generic_args(fn);
	if (args && TREE_CODE(args) == TREE_VEC && TREE_VEC_LENGTH(args) &&
	    out.find('<') == std::string::npos) {
		struct ph_buf b;
		ph_buf_init(&b);
		ph_buf_putc(&b, '<');
		bool any = false;
		for (int i = 0; i < TREE_VEC_LENGTH(args); i++) {
			tree a = TREE_VEC_ELT(args, i);
			if (!a || !TYPE_P(a))
				continue;
			if (any)
				ph_buf_puts(&b, ", ");
			ph_type_text(a, &b);
			any = true;
		}
		ph_buf_putc(&b, '>');
		if (any && !b.failed)
			out.append(b.data, b.len);
		ph_buf_deinit(&b);
	}
	return out;
}

/* The program's types OBJECT holds in place: itself when it is one;
   else, for a library class, its members' (not through pointers), and
   the value libstdc++'s raw buffers (__aligned_membuf<T>,
   __aligned_buffer<T>) are made to hold.  */
static void alloc_holds(tree object, std::vector<tree> *out, unsigned depth)
{
	if (!object || depth > 8)
		return;
	while (TREE_CODE(object) == ARRAY_TYPE)
		object = TREE_TYPE(object);
	object = TYPE_MAIN_VARIANT(object);
	if (!RECORD_OR_UNION_TYPE_P(object))
		return;
	if (alloc_program_type(object)) {
		if (std::find(out->begin(), out->end(), object) == out->end())
			out->push_back(object);
		return;
	}
	tree name = TYPE_NAME(object);
	if (name && TREE_CODE(name) == TYPE_DECL)
		name = DECL_NAME(name);
	if (name && TREE_CODE(name) == IDENTIFIER_NODE &&
	    (strcmp(IDENTIFIER_POINTER(name), "__aligned_membuf") == 0 ||
	     strcmp(IDENTIFIER_POINTER(name), "__aligned_buffer") == 0)) {
		tree args = lang_hooks.get_innermost_generic_args(object);
		if (args && TREE_CODE(args) == TREE_VEC && TREE_VEC_LENGTH(args) &&
		    TYPE_P(TREE_VEC_ELT(args, 0)))
			alloc_holds(TREE_VEC_ELT(args, 0), out, depth + 1);
		return;
	}
	for (tree f = TYPE_FIELDS(object); f; f = DECL_CHAIN(f))
		if (TREE_CODE(f) == FIELD_DECL)
			alloc_holds(TREE_TYPE(f), out, depth + 1);
}

void ph_allocs_library_object(tree fn, tree object, uint64_t size, bool array)
{
	alloc_lib_object o;

	alloc_holds(object, &o.holds, 0);
	if (o.holds.empty())
		return;
	o.name = alloc_type_name(object);
	o.size = size;
	o.array = array;
	auto &v = (*alloc_lib)[DECL_UID(fn)];
	if (std::find(v.begin(), v.end(), o) == v.end())
		v.push_back(std::move(o));
}

void ph_allocs_note_call(tree fn, tree callee, location_t where)
{
	if (!fn || !callee || TREE_CODE(callee) != FUNCTION_DECL ||
	    !in_system_header_at(DECL_SOURCE_LOCATION(callee)))
		return;
	alloc_call c;
	c.caller = DECL_UID(fn);
	c.callee = DECL_UID(callee);
	c.caller_system = in_system_header_at(DECL_SOURCE_LOCATION(fn));
	c.loc = where;
	if (!c.caller_system) {
		if (!alloc_names_by_uid)
			alloc_names_by_uid =
				new std::unordered_map<unsigned, std::string>;
		auto it = alloc_names_by_uid->find(c.callee);
		if (it == alloc_names_by_uid->end())
			it = alloc_names_by_uid->emplace(
				c.callee, ph_allocs_fn_name(callee)).first;
		c.callee_name = it->second;
	}
	alloc_calls->push_back(std::move(c));
}

/* Counts of each program type in TYPE (arrays multiplied), itself
   included, in OUT.  */
static void alloc_count_in(tree type, uint64_t mult,
			   std::vector<std::pair<tree, uint64_t>> *out,
			   unsigned depth)
{
	if (depth > 16 || !mult)
		return;
	while (TREE_CODE(type) == ARRAY_TYPE) {
		tree dom = TYPE_DOMAIN(type);
		if (!dom || !TYPE_MAX_VALUE(dom) ||
		    !tree_fits_uhwi_p(TYPE_MAX_VALUE(dom)) ||
		    (TYPE_MIN_VALUE(dom) && !integer_zerop(TYPE_MIN_VALUE(dom))))
			return;
		mult *= tree_to_uhwi(TYPE_MAX_VALUE(dom)) + 1;
		type = TREE_TYPE(type);
	}
	type = TYPE_MAIN_VARIANT(type);
	if (!RECORD_OR_UNION_TYPE_P(type) || !COMPLETE_TYPE_P(type))
		return;
	if (alloc_program_type(type)) {
		auto it = std::find_if(out->begin(), out->end(),
				       [type](const std::pair<tree, uint64_t> &p)
				       { return p.first == type; });
		if (it == out->end())
			out->push_back(std::make_pair(type, mult));
		else
			it->second += mult;
	}
	for (tree f = TYPE_FIELDS(type); f; f = DECL_CHAIN(f))
		if (TREE_CODE(f) == FIELD_DECL && TREE_TYPE(f))
			alloc_count_in(TREE_TYPE(f), mult, out, depth + 1);
}

static void alloc_finish_decl(void *gcc_data, void *)
{
	tree var = (tree)gcc_data;

	if (!alloc_on || seen_error() || !var || !VAR_P(var) ||
	    !TREE_STATIC(var) || DECL_EXTERNAL(var) || DECL_ARTIFICIAL(var) ||
	    !DECL_NAME(var) || !COMPLETE_TYPE_P(TREE_TYPE(var)) ||
	    in_system_header_at(DECL_SOURCE_LOCATION(var)) ||
	    !alloc_vars_done->insert(DECL_UID(var)).second)
		return;
	tree type = TREE_TYPE(var);
	tree elem = type;
	while (TREE_CODE(elem) == ARRAY_TYPE)
		elem = TREE_TYPE(elem);
	elem = TYPE_MAIN_VARIANT(elem);
	if (!RECORD_OR_UNION_TYPE_P(elem))
		return;
	std::vector<std::pair<tree, uint64_t>> counts;
	alloc_count_in(type, 1, &counts, 0);
	if (counts.empty())
		return;
	alloc_static_rec r;
	r.var = IDENTIFIER_POINTER(DECL_NAME(var));
	/* Its name in the whole program: C's own; C++'s qualified name,
	   not the mangled one, which a template's pattern must not be
	   asked for.  */
	if (TREE_PUBLIC(var))
		r.symbol = ph_lang_cxx ? lang_hooks.decl_printable_name(var, 2)
				       : IDENTIFIER_POINTER(DECL_NAME(var));
	expanded_location x = expand_location(DECL_SOURCE_LOCATION(var));
	r.file = x.file ? x.file : "";
	r.line = x.line > 0 ? x.line : 0;
	r.column = x.column > 0 ? x.column : 0;
	r.bytes = tree_fits_uhwi_p(TYPE_SIZE_UNIT(type)) ?
		  tree_to_uhwi(TYPE_SIZE_UNIT(type)) : 0;
	std::string in = alloc_type_name(elem);
	for (const auto &c : counts) {
		alloc_static_rec one = r;
		one.in = c.first == elem ? "" : in;
		one.count = c.second;
		(*alloc_by_type)[c.first].statics.push_back(std::move(one));
	}
}

/* The library's allocations through the calls between its functions,
   then at the program's calls into it.  */
static void alloc_tie_library(void)
{
	for (auto &c : *alloc_calls) {
		auto a = alloc_clones->find(c.callee);
		if (a != alloc_clones->end())
			c.callee = a->second;
	}
	for (bool more = true; more;) {
		more = false;
		for (const auto &c : *alloc_calls) {
			if (!c.caller_system)
				continue;
			auto it = alloc_lib->find(c.callee);
			if (it == alloc_lib->end())
				continue;
			std::vector<alloc_lib_object> add = it->second;
			auto &mine = (*alloc_lib)[c.caller];
			for (auto &o : add)
				if (std::find(mine.begin(), mine.end(), o) ==
				    mine.end()) {
					mine.push_back(o);
					more = true;
				}
		}
	}
	for (const auto &c : *alloc_calls) {
		if (c.caller_system)
			continue;
		auto it = alloc_lib->find(c.callee);
		if (it == alloc_lib->end())
			continue;
		for (const auto &o : it->second)
			for (tree t : o.holds) {
				alloc_site_rec s;
				uint64_t size = tree_fits_uhwi_p(TYPE_SIZE_UNIT(t)) ?
						tree_to_uhwi(TYPE_SIZE_UNIT(t)) : 0;
				bool self = o.size == size && o.holds.size() == 1 &&
					    o.name == alloc_type_name(t);
				s.how = PH_HOW_LIBRARY;
				s.call = c.callee_name;
				ph_allocs_place(&s, c.loc);
				/* The library allocates its nodes and control
				   blocks one at a time, through an allocator
				   that could take N: only the type's own array
				   is one.  */
				s.array = o.array && self;
				s.count = s.array ? 0 : 1;
				if (!self) {
					s.object = o.name;
					s.object_size = o.size;
				}
				ph_allocs_add(t, std::move(s));
			}
	}
}

/* The name a record is looked up by in a cache's size argument.  */
static bool alloc_named_as(tree type, const std::string &name)
{
	tree n = TYPE_NAME(type);
	if (n && TREE_CODE(n) == TYPE_DECL)
		n = DECL_NAME(n);
	if (n && TREE_CODE(n) == IDENTIFIER_NODE &&
	    name == IDENTIFIER_POINTER(n))
		return true;
	/* sizeof(T_t): the unit's typedef names of the type.  */
	for (const auto &alias : ph_type_aliases(type))
		if (alias == name)
			return true;
	return false;
}

static tree alloc_find_type(const std::string &name, uint64_t size)
{
	if (name.empty())
		return NULL_TREE;
	for (unsigned i = 0; i < ph_collected_count(); i++) {
		location_t where;
		tree t = ph_collected_type(i, &where);
		if (alloc_named_as(t, name) && tree_fits_uhwi_p(TYPE_SIZE_UNIT(t)) &&
		    tree_to_uhwi(TYPE_SIZE_UNIT(t)) == size)
			return t;
	}
	return NULL_TREE;
}

/* The call at LOC as its text spells it, where the text shows it: the
   word before the parenthesis (the function, or the macro whose
   expansion made the call: KMEM_CACHE) and each argument's text.  */
static bool alloc_call_text(location_t loc, std::string *callee,
			    std::vector<std::string> *args)
{
	size_t off;
	loc = linemap_resolve_location(line_table, loc,
				       LRK_MACRO_EXPANSION_POINT, NULL);
	const ph_src_file *f = ph_anchor_text(loc, &off);
	if (!f)
		return false;
	const std::string &s = f->text;
	size_t w = off;
	while (w < s.size() && (ISALNUM(s[w]) || s[w] == '_'))
		w++;
	*callee = s.substr(off, w - off);
	size_t open = s.find_first_not_of(" \t\n", w);
	if (open == std::string::npos || s[open] != '(')
		return false;
	int depth = 0;
	std::string cur;
	for (size_t i = open + 1; i < s.size() && i - open < 1024; i++) {
		char c = s[i];
		if (c == '(' || c == '[' || c == '{')
			depth++;
		else if ((c == ')' || c == ']' || c == '}') && depth-- == 0) {
			args->push_back(cur);
			return true;
		} else if (c == ',' && depth == 0) {
			args->push_back(cur);
			cur.clear();
			continue;
		}
		cur += c;
	}
	return false;
}

/* The struct or typedef name a sizeof in TEXT names: "sizeof(struct
   NAME)", "sizeof(NAME)"; for KMEM_CACHE's first argument, the name
   itself.  */
static std::string alloc_named_in(const std::string &text, bool bare)
{
	std::vector<std::string> words;
	std::string w;
	for (char c : text + " ") {
		if (ISALNUM(c) || c == '_')
			w += c;
		else if (!w.empty()) {
			words.push_back(w);
			w.clear();
		}
	}
	size_t k = 0;
	if (!bare && (words.empty() || words[k++] != "sizeof"))
		return "";
	if (k < words.size() && (words[k] == "struct" || words[k] == "union"))
		k++;
	return k < words.size() ? words[k] : "";
}

static void alloc_tie_caches(void)
{
	for (auto &p : *alloc_caches) {
		tree t = alloc_find_type(p.site.cache, p.size);
		/* The text: KMEM_CACHE(NAME, FLAGS), or the size argument's
		   sizeof and the flags of kmem_cache_create's call; with
		   SLAB_HWCACHE_ALIGN, SLUB aligns the objects to the
		   cacheline (halved while two fit).  */
		std::string callee;
		std::vector<std::string> args;
		if (alloc_call_text(p.loc, &callee, &args)) {
			bool kmem = callee.compare(0, 10, "KMEM_CACHE") == 0;
			size_t fl = kmem ? 1 : 3;
			if (!t && args.size() > 1)
				t = alloc_find_type(alloc_named_in(args[kmem ? 0 : 1],
								   kmem), p.size);
			if (args.size() > fl &&
			    args[fl].find("SLAB_HWCACHE_ALIGN") != std::string::npos)
				p.site.cache_hwalign = true;
		}
		/* The type allocated from the cache's variable.  */
		for (auto it = alloc_by_type->begin();
		     !t && it != alloc_by_type->end(); ++it)
			for (const auto &s : it->second.heap)
				if (s.how == PH_HOW_CACHE && !s.cache_var.empty() &&
				    s.cache_var == p.site.cache_var &&
				    tree_fits_uhwi_p(TYPE_SIZE_UNIT(it->first)) &&
				    tree_to_uhwi(TYPE_SIZE_UNIT(it->first)) == p.size) {
					t = it->first;
					break;
				}
		if (t)
			ph_allocs_add(t, std::move(p.site));
	}
	/* kmem_cache_alloc from a variable a create named: the cache.  */
	for (auto &e : *alloc_by_type)
		for (auto &s : e.second.heap)
			if (s.how == PH_HOW_CACHE && s.cache.empty() &&
			    !s.cache_var.empty())
				for (const auto &o : e.second.heap)
					if (!o.cache.empty() &&
					    o.cache_var == s.cache_var) {
						s.cache = o.cache;
						s.cache_align = o.cache_align;
						s.cache_hwalign = o.cache_hwalign;
						break;
					}
}

void ph_allocs_finish(void)
{
	if (!alloc_on)
		return;
	alloc_tie_library();
	alloc_tie_caches();
	alloc_calls->clear();
	alloc_lib->clear();
	alloc_caches->clear();
	alloc_clones->clear();
}

enum ph_alloc_how ph_allocs_how(tree type, uint64_t *cache_align)
{
	*cache_align = 0;
	if (!alloc_on)
		return PH_HOW_NR;
	auto it = alloc_by_type->find(TYPE_MAIN_VARIANT(type));
	if (it == alloc_by_type->end() || it->second.heap.empty())
		return PH_HOW_NR;
	const auto &s = it->second.heap.front();
	*cache_align = s.cache_align;
	return s.how;
}

void ph_allocs_render(tree type, const struct ph_type *t, struct ph_buf *out)
{
	if (!alloc_on)
		return;
	auto it = alloc_by_type->find(TYPE_MAIN_VARIANT(type));
	if (it == alloc_by_type->end())
		return;
	const alloc_facts &f = it->second;
	std::vector<struct ph_heap_site> heap;
	std::vector<struct ph_static_inst> statics;
	for (const auto &s : f.heap) {
		struct ph_heap_site h = {};
		h.how = s.how;
		h.call = s.call.c_str();
		h.file = s.file.c_str();
		h.line = s.line;
		h.column = s.column;
		h.count = s.count;
		h.array = s.array;
		h.tail = s.tail;
		h.bytes = s.bytes;
		h.object = s.object.c_str();
		h.object_size = s.object_size;
		h.cache = s.cache.c_str();
		h.cache_var = s.cache_var.c_str();
		h.cache_align = s.cache_align;
		h.cache_hwalign = s.cache_hwalign;
		heap.push_back(h);
	}
	for (const auto &s : f.statics) {
		struct ph_static_inst i = {};
		i.var = s.var.c_str();
		i.symbol = s.symbol.c_str();
		i.file = s.file.c_str();
		i.line = s.line;
		i.column = s.column;
		i.in = s.in.c_str();
		i.count = s.count;
		i.bytes = s.bytes;
		statics.push_back(i);
	}
	struct ph_type_allocs a = {};
	ph_record_head(&a, t);
	a.nr_heap = heap.size();
	a.heap = heap.data();
	a.nr_statics = statics.size();
	a.statics = statics.data();
	ph_render_allocs(out, &a);
}

void ph_allocs_register(const char *plugin_name)
{
	alloc_on = true;
	alloc_by_type = new std::map<tree, alloc_facts>;
	alloc_lib = new std::map<unsigned, std::vector<alloc_lib_object>>;
	alloc_calls = new std::vector<alloc_call>;
	alloc_caches = new std::vector<alloc_cache_pending>;
	alloc_vars_done = new std::set<unsigned>;
	alloc_clones = new std::map<unsigned, unsigned>;
	register_callback(plugin_name, PLUGIN_FINISH_DECL, alloc_finish_decl,
			  NULL);
}

void ph_allocs_release(void)
{
	delete alloc_names_by_uid;
	alloc_names_by_uid = nullptr;
	delete alloc_by_type;
	alloc_by_type = nullptr;
	delete alloc_lib;
	alloc_lib = nullptr;
	delete alloc_calls;
	alloc_calls = nullptr;
	delete alloc_caches;
	alloc_caches = nullptr;
	delete alloc_vars_done;
	alloc_vars_done = nullptr;
	delete alloc_clones;
	alloc_clones = nullptr;
	alloc_on = false;
}
