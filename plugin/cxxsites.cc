/* C++'s order-dependent sites beyond braced lists in declarations:
   - braced lists of a return statement, a new-expression, a default
     member initializer or a mem-initializer (initsites.cc reads them);
   - mem-initializer lists: members are initialized in declaration
     order whatever the list says, so the list is rewritten into the new
     order (or -Wreorder complains), and what an initializer reads or
     does decides whether the new order keeps the meaning;
   - members whose construction or destruction the program can see
     (constructors and destructors of its own), which run in
     declaration order;
   - structured bindings, which bind in declaration order.
   The walk of each function's trees is here; a constructor's own sites
   (its mem-initializer list, its members' construction and
   destruction) are cxxctors.cc's.  Without cp-tree.h (a plugin loaded into cc1 cannot link against
   cc1plus's functions): only plain tree codes and the flags of
   compat.h.  */
#include "sites.h"

#include <algorithm>
#include <map>
#include <set>

#include "plugin.h"
#include "sites-tree.h"

static void expr_root(tree ctor, location_t where, tree fn);

/* CONSTRUCTORs read in the walk under way (cleared after each: a
   collection may reuse an address between functions).  */
static std::set<tree> *ctors_done;

void ph_cxx_mark_done(tree ctor)
{
	unsigned i;
	tree v;

	if (!ctor || TREE_CODE(ctor) != CONSTRUCTOR)
		return;
	if (!ctors_done)
		ctors_done = new std::set<tree>;
	ctors_done->insert(ctor);
	FOR_EACH_CONSTRUCTOR_VALUE(CONSTRUCTOR_ELTS(ctor), i, v)
		ph_cxx_mark_done(v);
}

bool ph_cxx_ctor_done(tree ctor)
{
	return ctors_done && ctors_done->count(ctor);
}

static std::set<std::pair<const ph_src_file *, size_t>> *lists_taken;
static std::set<unsigned> *bindings_done;

/* Lists C++ split into stores to the object's members (a list that is
   not constant, of a variable or of a new-expression's object): the
   stores, gathered per object, become a CONSTRUCTOR again at the end of
   the function's walk.  */
struct split_store {
	std::vector<tree> path;		/* FIELD_DECLs from the object */
	tree value;
};
struct split_object {
	tree base;			/* the VAR_DECL, or the pointer */
	bool var;
	location_t where;
	std::vector<split_store> stores;
};
static std::vector<split_object> *splits;
static void split_roots(tree fn);

static tree split_fn;

void ph_cxx_walk_end(void)
{
	if (splits)
		split_roots(split_fn);
	delete splits;
	splits = nullptr;
	delete ctors_done;
	ctors_done = nullptr;
	delete lists_taken;
	lists_taken = nullptr;
}

static tree strip_target(tree t)
{
	for (unsigned depth = 0; t && depth < 8; depth++) {
		if (TREE_CODE(t) == TARGET_EXPR)
			t = TARGET_EXPR_INITIAL(t);
		else if (CONVERT_EXPR_P(t) || TREE_CODE(t) == NON_LVALUE_EXPR)
			t = TREE_OPERAND(t, 0);
		else
			break;
	}
	return t;
}

/* The list of CTOR whose text starts at OPEN of ANCHOR's file, or a
   site that cannot be read when the text does not show it.  */
static void read_list(tree ctor, location_t anchor, size_t open,
		      const ph_src_file *f, const char *why)
{
	ph_cxx_mark_done(ctor);
	if (!f || open == std::string::npos) {
		ph_init_unreadable(ctor, anchor, why);
		return;
	}
	ph_init_text_root(TREE_TYPE(ctor), ctor, anchor, f, open);
}

/* The structured binding V names a member of a record: its value is
   that member of the hidden variable the declaration introduces.  */
void ph_cxx_binding(tree v)
{
	if (!VAR_P(v) || !DECL_HAS_VALUE_EXPR_P(v))
		return;
	tree e = DECL_VALUE_EXPR(v);
	if (!e || TREE_CODE(e) != COMPONENT_REF)
		return;
	tree base = TREE_OPERAND(e, 0);
	if (TREE_CODE(base) == INDIRECT_REF)
		base = TREE_OPERAND(base, 0);
	if (!VAR_P(base) || !DECL_ARTIFICIAL(base))
		return;
	tree field = TREE_OPERAND(e, 1);
	tree record = DECL_CONTEXT(field);
	if (!record || TREE_CODE(record) != RECORD_TYPE)
		return;
	/* One site a declaration: its first name.  */
	if (!bindings_done)
		bindings_done = new std::set<unsigned>;
	if (!bindings_done->insert(DECL_UID(base)).second)
		return;
	ph_unit_site s;
	s.kind = PH_SITE_BINDING;
	ph_site_place(&s, DECL_SOURCE_LOCATION(v));
	s.member = DECL_NAME(field) ? IDENTIFIER_POINTER(DECL_NAME(field))
				    : "";
	ph_sites_add(record, std::move(s));
}

/* An integer a literal element spells, when it is one.  */
static bool literal_value(const std::string &text, const ph_init_elem &e,
			  long long *ret)
{
	ph_lexer lx(text, e.value_start, true);
	ph_tok tok = lx.next();
	bool neg = false;

	if (lx.is(tok, "-")) {
		neg = true;
		tok = lx.next();
	}
	if (tok.end != e.value_end)
		return false;
	std::string s = lx.str(tok);
	if (tok.kind == PH_TOK_NUMBER) {
		if (s.find_first_of(".eEpP") != std::string::npos &&
		    s.compare(0, 2, "0x") != 0)
			return false;
		std::string digits;
		for (char c : s)
			if (c != '\'')
				digits += c;
		errno = 0;
		char *end;
		long long v = strtoll(digits.c_str(), &end, 0);
		while (*end == 'u' || *end == 'U' || *end == 'l' || *end == 'L')
			end++;
		if (errno || *end)
			return false;
		*ret = neg ? -v : v;
		return true;
	}
	if (tok.kind == PH_TOK_CHAR && s.size() == 3 && s[0] == '\'') {
		*ret = neg ? -(unsigned char)s[1] : (unsigned char)s[1];
		return true;
	}
	if (s == "true" || s == "false") {
		*ret = s == "true";
		return true;
	}
	return false;
}


/* How well the list at OPEN agrees with CTOR: -1 when it cannot be
   its text (more elements than members, a literal that differs from the
   value), else the number of literals that agree.  */
static int agreement(const ph_src_file *f, size_t open, tree ctor)
{
	const char *why;
	ph_init_group *g = ph_parse_init(f->text, open, true, &why);
	tree type = TREE_TYPE(ctor);
	int score = 0;

	if (!g)
		return -1;
	std::vector<tree> fields;
	for (tree fl = TYPE_FIELDS(type); fl; fl = DECL_CHAIN(fl))
		if (TREE_CODE(fl) == FIELD_DECL &&
		    !(DECL_BIT_FIELD_TYPE(fl) && !DECL_NAME(fl)) &&
		    (!DECL_ARTIFICIAL(fl) || PH_DECL_FIELD_IS_BASE(fl)))
			fields.push_back(fl);
	if (TREE_CODE(type) != RECORD_TYPE || g->elems.size() > fields.size())
		score = TREE_CODE(type) == RECORD_TYPE ? -1 : 0;
	for (size_t k = 0; score >= 0 && k < g->elems.size(); k++) {
		const ph_init_elem &e = g->elems[k];
		long long want;
		tree field = fields[k];

		if (!e.desig.empty()) {
			field = NULL_TREE;
			for (tree fl : fields)
				if (DECL_NAME(fl) &&
				    e.desig[0].name ==
					    IDENTIFIER_POINTER(DECL_NAME(fl)))
					field = fl;
			if (!field) {
				score = -1;
				break;
			}
		}
		if (!literal_value(f->text, e, &want))
			continue;
		tree v = NULL_TREE, idx, val;
		unsigned i;
		FOR_EACH_CONSTRUCTOR_ELT(CONSTRUCTOR_ELTS(ctor), i, idx, val)
			if (idx == field)
				v = val;
		if (!v) {
			/* Split out (not constant), or zero left out.  */
			if (want != 0)
				continue;
			score++;
			continue;
		}
		STRIP_NOPS(v);
		if (TREE_CODE(v) != INTEGER_CST)
			continue;
		if (!tree_fits_shwi_p(v) || tree_to_shwi(v) != want) {
			/* A value narrowed to the member's type agrees.  */
			if (!(TYPE_PRECISION(TREE_TYPE(v)) < 64 &&
			      wi::eq_p(wi::to_wide(v),
				       wi::shwi(want,
						TYPE_PRECISION(TREE_TYPE(v)))))) {
				score = -1;
				break;
			}
		}
		score++;
	}
	delete g;
	return score;
}

/* A braced list in an expression (a return statement, a new-expression,
   a braced argument, T{...}, an assignment): the front end leaves no
   location on the list, only somewhere in the statement, so the list
   is looked for in the lines around it: the one whose literals agree
   with the values the front end has, the nearest if several do.  */
void ph_cxx_expr_root(tree ctor, location_t where, tree fn)
{
	expr_root(ctor, where, fn);
}

static void expr_root(tree ctor, location_t where, tree fn)
{
	tree type = TREE_TYPE(ctor);
	size_t off;

	ph_cxx_mark_done(ctor);
	/* A clobber ends an object's life; zeros follow no order.  */
	if (!type || !RECORD_OR_UNION_TYPE_P(type) || TREE_CLOBBER_P(ctor) ||
	    ph_init_all_zero(ctor))
		return;
	/* Inside the library's templates: the arguments a call forwards
	   (emplace_back, make_unique), which the calls into them are the
	   sites of.  */
	if (in_system_header_at(where)) {
		/* Values from the function's arguments: not constant (GCC 11
		   evaluates them into temporaries first, so no PARM_DECL need
		   be in sight).  */
		if (fn && in_system_header_at(DECL_SOURCE_LOCATION(fn)) &&
		    !TREE_CONSTANT(ctor))
			ph_cxx_note_forward(fn, TYPE_MAIN_VARIANT(type));
		return;
	}
	const ph_src_file *f = ph_anchor_text(where, &off);
	if (!f) {
		ph_init_unreadable(ctor, where, "a braced list in an "
						"expression the text does not "
						"show");
		return;
	}
	if (!lists_taken)
		lists_taken = new std::set<std::pair<const ph_src_file *,
						     size_t>>;
	uint32_t line, col;
	f->position(off, &line, &col);
	size_t lo = f->line_starts[line > 3 ? line - 3 : 0];
	size_t hi = line + 2 < f->line_starts.size() ? f->line_starts[line + 2]
						     : f->text.size();
	ph_lexer lx(f->text, lo, true);
	size_t best = std::string::npos, best_dist = 0;
	int best_score = -1, candidates = 0;
	std::string tname = TYPE_NAME(type) && DECL_P(TYPE_NAME(type)) &&
				    DECL_NAME(TYPE_NAME(type))
			    ? IDENTIFIER_POINTER(DECL_NAME(TYPE_NAME(type)))
			    : "";
	ph_tok prev = { PH_TOK_EOF, 0, 0 };
	for (;;) {
		ph_tok tok = lx.next();
		if (tok.kind == PH_TOK_EOF || tok.start >= hi)
			break;
		/* A list, or T(...) (C++20's parenthesized aggregate
		   initialization) after the type's own name.  */
		bool list = lx.is(tok, "{") ||
			    (lx.is(tok, "(") && prev.kind == PH_TOK_IDENT &&
			     lx.str(prev) == tname);
		prev = tok;
		if (!list || lists_taken->count(std::make_pair(f, tok.start)))
			continue;
		int score = agreement(f, tok.start, ctor);
		if (score < 0)
			continue;
		candidates++;
		/* The statement's location inside the list: that one.  */
		size_t close = ph_skip_balanced(f->text, tok.start, true);
		if (close != std::string::npos && tok.start <= off && off < close)
			score += 1000;
		size_t dist = tok.start > off ? tok.start - off : off - tok.start;
		if (score > best_score || (score == best_score && dist < best_dist)) {
			best = tok.start;
			best_score = score;
			best_dist = dist;
		}
	}
	if (best == std::string::npos || (candidates > 1 && best_score == 0)) {
		ph_init_unreadable(ctor, where, "a braced list in an expression "
						"the text does not tell apart");
		return;
	}
	lists_taken->insert(std::make_pair(f, best));
	uint32_t bl, bc;
	f->position(best, &bl, &bc);
	ph_init_text_root(type, ctor,
			  ph_location_at(f->path.c_str(), bl, bc, where), f,
			  best);
}

/* Calls into the library and the library functions that initialize an
   aggregate of the program's from their arguments: a call of the
   program's own to one (through others) is a site of the type.  Keyed
   by DECL_UID, which a collection never reuses.  */
struct call_note {
	unsigned caller;
	bool caller_system;
	unsigned callee;
	location_t loc;
};
static std::vector<call_note> *calls;
static std::map<unsigned, std::vector<tree>> *forwards;

void ph_cxx_note_forward(tree fn, tree type)
{
	if (!ph_type_collected(type) ||
	    in_system_header_at(ph_type_location(type)))
		return;
	if (!forwards)
		forwards = new std::map<unsigned, std::vector<tree>>;
	auto &v = (*forwards)[DECL_UID(fn)];
	if (std::find(v.begin(), v.end(), type) == v.end())
		v.push_back(type);
}

void ph_cxx_note_call(tree fn, tree callee, location_t where)
{
	if (!fn || !callee || TREE_CODE(callee) != FUNCTION_DECL ||
	    !in_system_header_at(DECL_SOURCE_LOCATION(callee)))
		return;
	if (!calls)
		calls = new std::vector<call_note>;
	call_note c = { DECL_UID(fn),
			in_system_header_at(DECL_SOURCE_LOCATION(fn)) != 0,
			DECL_UID(callee), where };
	calls->push_back(c);
}

/* Which library functions forward to which types, through the calls
   between them; then the program's calls to them.  */
void ph_cxx_forwarded_sites(void)
{
	if (!calls || !forwards)
		return;
	for (bool more = true; more;) {
		more = false;
		for (const auto &c : *calls) {
			if (!c.caller_system)
				continue;
			auto it = forwards->find(c.callee);
			if (it == forwards->end())
				continue;
			std::vector<tree> add = it->second;
			auto &mine = (*forwards)[c.caller];
			for (tree t : add)
				if (std::find(mine.begin(), mine.end(), t) ==
				    mine.end()) {
					mine.push_back(t);
					more = true;
				}
		}
	}
	for (const auto &c : *calls) {
		if (c.caller_system)
			continue;
		auto it = forwards->find(c.callee);
		if (it == forwards->end())
			continue;
		for (tree t : it->second) {
			ph_unit_site s;
			s.kind = PH_SITE_FORWARDED;
			ph_site_place(&s, c.loc);
			ph_sites_add(t, std::move(s));
		}
	}
	delete calls;
	calls = nullptr;
	delete forwards;
	forwards = nullptr;
}

/* An INIT_EXPR of a member of a variable or of a new-expression's
   object: part of a split list.  */
static bool note_split(tree t, location_t where, tree fn)
{
	tree lhs = TREE_OPERAND(t, 0);
	std::vector<tree> path;

	while (TREE_CODE(lhs) == COMPONENT_REF &&
	       TREE_CODE(TREE_OPERAND(lhs, 1)) == FIELD_DECL &&
	       path.size() < 16) {
		path.insert(path.begin(), TREE_OPERAND(lhs, 1));
		lhs = TREE_OPERAND(lhs, 0);
	}
	if (path.empty())
		return false;
	tree base = NULL_TREE;
	bool var = false;
	if (VAR_P(lhs) && DECL_NAME(lhs) && !DECL_ARTIFICIAL(lhs)) {
		base = lhs;
		var = true;
	} else if (TREE_CODE(lhs) == INDIRECT_REF || TREE_CODE(lhs) == MEM_REF) {
		tree p = TREE_OPERAND(lhs, 0);
		STRIP_NOPS(p);
		if (VAR_P(p) && DECL_ARTIFICIAL(p))
			base = p;
	}
	if (!base || !RECORD_OR_UNION_TYPE_P(TREE_TYPE(lhs)))
		return false;
	if (!splits)
		splits = new std::vector<split_object>;
	split_fn = fn;
	split_object *o = NULL;
	for (auto &x : *splits)
		if (x.base == base)
			o = &x;
	if (!o) {
		split_object n;
		n.base = base;
		n.var = var;
		n.where = where;
		splits->push_back(n);
		o = &splits->back();
	}
	split_store st;
	st.path = path;
	st.value = TREE_OPERAND(t, 1);
	o->stores.push_back(st);
	return true;
}

/* The CONSTRUCTOR of TYPE with each store's value at its path (the
   values of FROM, a CONSTRUCTOR the front end kept, first).  */
static tree rebuild(tree type, tree from, const std::vector<split_store> &stores,
		    size_t depth)
{
	vec<constructor_elt, va_gc> *elts = NULL;
	std::vector<tree> done;

	if (from && TREE_CODE(from) == CONSTRUCTOR)
		for (const auto &e : *CONSTRUCTOR_ELTS(from))
			CONSTRUCTOR_APPEND_ELT(elts, e.index, e.value);
	for (size_t i = 0; i < stores.size(); i++) {
		const split_store &st = stores[i];
		if (st.path.size() <= depth)
			continue;
		tree f = st.path[depth];
		if (st.path.size() == depth + 1) {
			CONSTRUCTOR_APPEND_ELT(elts, f, st.value);
			continue;
		}
		if (std::find(done.begin(), done.end(), f) != done.end())
			continue;
		done.push_back(f);
		std::vector<split_store> inner;
		for (const auto &o : stores)
			if (o.path.size() > depth + 1 && o.path[depth] == f)
				inner.push_back(o);
		CONSTRUCTOR_APPEND_ELT(elts, f,
				       rebuild(TREE_TYPE(f), NULL_TREE, inner,
					       depth + 1));
	}
	return build_constructor(type, elts);
}

static void split_roots(tree fn)
{
	for (const auto &o : *splits) {
		tree type = o.var ? TREE_TYPE(o.base)
				  : TREE_TYPE(TREE_TYPE(o.base));
		if (!type || !RECORD_OR_UNION_TYPE_P(type))
			continue;
		tree ctor = rebuild(type, o.var ? DECL_INITIAL(o.base) : NULL_TREE,
				    o.stores, 0);
		if (o.var) {
			if (ph_sites_var_once(o.base) &&
			    !ph_init_var_root_split(o.base, ctor, true))
				expr_root(ctor, DECL_SOURCE_LOCATION(o.base),
					  NULL_TREE);
		} else {
			expr_root(ctor, o.where, fn);
		}
	}
}

void ph_cxx_walk_node(tree t, location_t where, tree fn, int *walk_subtrees)
{
	(void)walk_subtrees;
	if (TREE_CODE(t) == TARGET_EXPR) {
		tree init = strip_target(t);
		if (init && TREE_CODE(init) == CONSTRUCTOR &&
		    !ph_cxx_ctor_done(init))
			expr_root(init, where, fn);
		return;
	}
	if (TREE_CODE(t) == AGGR_INIT_EXPR) {
		tree callee = PH_AGGR_INIT_EXPR_FN(t);
		if (callee && TREE_CODE(callee) == ADDR_EXPR)
			callee = TREE_OPERAND(callee, 0);
		ph_cxx_note_call(fn, callee, where);
		return;
	}
	if (TREE_CODE(t) != INIT_EXPR && TREE_CODE(t) != MODIFY_EXPR)
		return;
	if (TREE_CODE(t) == INIT_EXPR && note_split(t, where, fn))
		return;
	tree lhs = TREE_OPERAND(t, 0);
	tree rhs = strip_target(TREE_OPERAND(t, 1));
	if (!rhs || TREE_CODE(rhs) != CONSTRUCTOR || ph_cxx_ctor_done(rhs))
		return;
	tree type = TREE_TYPE(rhs);
	if (!type || (!RECORD_OR_UNION_TYPE_P(type) &&
		      TREE_CODE(type) != ARRAY_TYPE))
		return;
	size_t off = 0;
	if (VAR_P(lhs) && DECL_NAME(lhs) && !DECL_ARTIFICIAL(lhs)) {
		/* T x{...}, T x = {...}, T x(...).  */
		ph_cxx_mark_done(rhs);
		if (!ph_init_var_root(lhs, rhs))
			expr_root(rhs, DECL_SOURCE_LOCATION(lhs), NULL_TREE);
		return;
	}
	if (TREE_CODE(lhs) != COMPONENT_REF || !ph_cxx_ctor_class()) {
		expr_root(rhs, where, fn);
		return;
	}
	if (TREE_CODE(lhs) == COMPONENT_REF && fn && ph_cxx_ctor_class() &&
	    TREE_CODE(TREE_OPERAND(lhs, 1)) == FIELD_DECL) {
		/* A member's list: its mem-initializer's, else its default
		   member initializer's.  */
		tree field = TREE_OPERAND(lhs, 1);
		size_t open = ph_cxx_mem_init_list(fn, field);
		const ph_src_file *f = NULL;

		if (open != std::string::npos) {
			expanded_location x =
				expand_location(DECL_SOURCE_LOCATION(fn));
			f = ph_src_get(x.file);
			read_list(rhs, DECL_SOURCE_LOCATION(fn), open, f,
				  "a braced list in a mem-initializer");
			return;
		}
		location_t loc = DECL_SOURCE_LOCATION(field);
		f = ph_anchor_text(loc, &off);
		size_t after;
		open = f ? ph_find_decl_init(f->text, off, true, &after)
			 : std::string::npos;
		read_list(rhs, loc, open, f,
			  "a braced list in a member's initializer");
	}
}

void ph_cxx_release(void)
{
	ph_cxx_walk_end();
	delete bindings_done;
	bindings_done = nullptr;
	delete calls;
	calls = nullptr;
	delete forwards;
	forwards = nullptr;
}
