/* Initializers of aggregates, read twice: the front end's CONSTRUCTOR
   (which members got a value; it no longer says how they were named)
   and the source text of the braced list (srctext.cc: which elements
   were positional).  The text is replayed against the type as the
   language places elements (brace elision, designators, anonymous
   members, unions, arrays), so that each element is known by the path
   of the subobject it initializes, and each record that received an
   element by position is an order-dependent site.

   C: every braced list where a record's member is set by position gets
   designators on all its positional elements (".in.a = 1"), which keep
   the meaning in every later order.  C++ (cxxsites.cc) reorders the
   elements instead.  What cannot be read (a macro that expands to
   several elements, a directive inside the list, an array index the
   text does not give) is an order-dependent site that cannot be
   rewritten: never a site missed.  An initializer whose values are all
   zero sets nothing by position that a reorder could change.  */
#include "sites.h"

#include <algorithm>
#include <map>
#include <set>
#include <memory>

#include "plugin.h"
#include "sites-tree.h"

/* Whether every value CTOR gives is zero: then no order changes it.  */
static bool all_zero(tree ctor);

bool ph_init_all_zero(tree ctor)
{
	return all_zero(ctor);
}

static bool all_zero(tree ctor)
{
	unsigned i;
	tree v;

	if (!ctor)
		return true;
	if (TREE_CODE(ctor) != CONSTRUCTOR)
		return initializer_zerop(ctor);
	FOR_EACH_CONSTRUCTOR_VALUE(CONSTRUCTOR_ELTS(ctor), i, v)
		if (!all_zero(v))
			return false;
	return true;
}

/* Each record or union type that CTOR, or a CONSTRUCTOR inside it,
   initializes.  */
static void records_in(tree ctor, std::vector<tree> *out)
{
	unsigned i;
	tree v;

	if (!ctor || TREE_CODE(ctor) != CONSTRUCTOR)
		return;
	tree type = TYPE_MAIN_VARIANT(TREE_TYPE(ctor));
	if (RECORD_OR_UNION_TYPE_P(type) &&
	    std::find(out->begin(), out->end(), type) == out->end())
		out->push_back(type);
	FOR_EACH_CONSTRUCTOR_VALUE(CONSTRUCTOR_ELTS(ctor), i, v)
		records_in(v, out);
}

/* The text cannot be read: every record CTOR initializes with a value
   other than zero is a site that stops a reorder.  */
void ph_init_unreadable(tree ctor, location_t anchor, const char *why)
{
	std::vector<tree> types;

	if (all_zero(ctor))
		return;
	records_in(ctor, &types);
	for (tree type : types) {
		ph_unit_site s;

		s.kind = PH_SITE_INITIALIZER;
		ph_site_place(&s, anchor);
		s.why = why;
		ph_sites_add(type, std::move(s));
	}
}

/* The members a braced list sets, in the order the language takes
   them: named FIELD_DECLs and anonymous aggregates (C++ bases too);
   unnamed bitfields are skipped.  */
static bool initializable(tree f)
{
	if (TREE_CODE(f) != FIELD_DECL)
		return false;
	if (DECL_BIT_FIELD_TYPE(f) && !DECL_NAME(f))
		return false;
	if (ph_lang_cxx && DECL_ARTIFICIAL(f) && !PH_DECL_FIELD_IS_BASE(f))
		return false;
	return true;
}

static tree next_field(tree f)
{
	for (; f; f = DECL_CHAIN(f))
		if (initializable(f))
			return f;
	return NULL_TREE;
}

static bool aggregate(tree type)
{
	return RECORD_OR_UNION_TYPE_P(type) || TREE_CODE(type) == ARRAY_TYPE;
}

static bool anonymous_member(tree f)
{
	return !DECL_NAME(f) && RECORD_OR_UNION_TYPE_P(TREE_TYPE(f)) &&
	       !(ph_lang_cxx && PH_DECL_FIELD_IS_BASE(f));
}

/* One level of the object being initialized: the current subobject.  */
struct level {
	tree type;
	tree field = NULL_TREE;		/* record, union */
	uint64_t index = 0;		/* array */
	bool index_known = true;
	bool started = false;
	/* Opened by brace elision or a designator: closed when used up.  */
	bool implicit = false;
	/* The front end's CONSTRUCTOR for this object, or NULL.  */
	tree digested = NULL_TREE;
};

static bool array_has(tree type, uint64_t index)
{
	tree dom = TYPE_DOMAIN(type);

	if (!dom || !TYPE_MAX_VALUE(dom) ||
	    TREE_CODE(TYPE_MAX_VALUE(dom)) != INTEGER_CST)
		return true;	/* flexible, or of unknown size */
	if (tree_int_cst_sgn(TYPE_MAX_VALUE(dom)) < 0)
		return false;
	return !tree_fits_uhwi_p(TYPE_MAX_VALUE(dom)) ||
	       index <= tree_to_uhwi(TYPE_MAX_VALUE(dom));
}

/* Moves L to its next subobject; false when it has none.  */
static bool advance(level *l)
{
	if (TREE_CODE(l->type) == ARRAY_TYPE) {
		if (l->started)
			l->index++;
		l->started = true;
		return array_has(l->type, l->index);
	}
	if (TREE_CODE(l->type) == UNION_TYPE && l->started) {
		l->field = NULL_TREE;
		return false;
	}
	l->field = next_field(l->started ? DECL_CHAIN(l->field)
					 : TYPE_FIELDS(l->type));
	l->started = true;
	return l->field != NULL_TREE;
}

static tree sub_type(const level &l)
{
	return TREE_CODE(l.type) == ARRAY_TYPE ? TREE_TYPE(l.type)
					       : TREE_TYPE(l.field);
}

/* The front end's value for L's current subobject.  */
static tree sub_digested(const level &l)
{
	unsigned i;
	tree idx, v;

	if (!l.digested || TREE_CODE(l.digested) != CONSTRUCTOR)
		return NULL_TREE;
	if (TREE_CODE(l.type) != ARRAY_TYPE) {
		FOR_EACH_CONSTRUCTOR_ELT(CONSTRUCTOR_ELTS(l.digested), i, idx, v)
			if (idx == l.field)
				return v;
		return NULL_TREE;
	}
	if (!l.index_known)
		return NULL_TREE;
	FOR_EACH_CONSTRUCTOR_ELT(CONSTRUCTOR_ELTS(l.digested), i, idx, v) {
		if (!idx) {
			if (i == l.index)
				return v;
		} else if (TREE_CODE(idx) == INTEGER_CST) {
			if (tree_fits_uhwi_p(idx) && tree_to_uhwi(idx) == l.index)
				return v;
		} else if (TREE_CODE(idx) == RANGE_EXPR) {
			tree lo = TREE_OPERAND(idx, 0), hi = TREE_OPERAND(idx, 1);
			if (tree_fits_uhwi_p(lo) && tree_fits_uhwi_p(hi) &&
			    tree_to_uhwi(lo) <= l.index &&
			    l.index <= tree_to_uhwi(hi))
				return v;
		}
	}
	return NULL_TREE;
}

/* Whether an element's text may do something when evaluated: a call, an
   assignment, an increment (a cast looks like a call: taken as one).  */
static bool may_have_effects(const std::string &text, const ph_init_elem &e)
{
	ph_lexer lx(text, e.value_start, ph_lang_cxx);
	ph_tok prev = { PH_TOK_EOF, 0, 0 };

	for (;;) {
		ph_tok tok = lx.next();
		if (tok.kind == PH_TOK_EOF || tok.start >= e.value_end)
			return false;
		if (lx.is(tok, "++") || lx.is(tok, "--") || lx.is(tok, "=") ||
		    lx.is(tok, "+=") || lx.is(tok, "-=") || lx.is(tok, "*=") ||
		    lx.is(tok, "/=") || lx.is(tok, "new") ||
		    lx.is(tok, "delete") || lx.is(tok, "throw"))
			return true;
		/* f(...), but not a literal's or a keyword's parentheses:
		   sizeof, alignof, casts to built-in types.  */
		if (lx.is(tok, "(") && prev.kind == PH_TOK_IDENT) {
			std::string w = lx.str(prev);
			if (w != "sizeof" && w != "alignof" && w != "char" &&
			    w != "short" && w != "int" && w != "long" &&
			    w != "unsigned" && w != "signed" && w != "float" &&
			    w != "double" && w != "bool" && w != "decltype" &&
			    w != "noexcept")
				return true;
		}
		prev = tok;
	}
}

/* FIELD named NAME in TYPE, and the anonymous members on the way to
   it (C and GNU C++ let a designator name the members of anonymous
   aggregates directly).  */
static bool find_named(tree type, const std::string &name,
		       std::vector<tree> *path)
{
	for (tree f = TYPE_FIELDS(type); f; f = DECL_CHAIN(f)) {
		if (TREE_CODE(f) != FIELD_DECL)
			continue;
		if (DECL_NAME(f) && name == IDENTIFIER_POINTER(DECL_NAME(f))) {
			path->push_back(f);
			return true;
		}
		if (anonymous_member(f)) {
			path->push_back(f);
			if (find_named(TREE_TYPE(f), name, path))
				return true;
			path->pop_back();
		}
	}
	return false;
}

/* The preprocessor's macro named by TEXT[START, END), or NULL.  */
static cpp_hashnode *macro_named(const std::string &text, size_t start,
				 size_t end)
{
	cpp_reader *pfile = ph_parse_in();
	if (!pfile)
		return NULL;
	cpp_hashnode *node = cpp_lookup(
		pfile, (const unsigned char *)text.data() + start,
		(unsigned)(end - start));

	return node && cpp_macro_p(node) ? node : NULL;
}

/* Whether the macro's replacement list has a comma outside brackets:
   then it stands for several elements.  */
static bool macro_has_comma(cpp_hashnode *node)
{
	const unsigned char *def = cpp_macro_definition(ph_parse_in(), node);

	if (!def)
		return true;
	std::string s((const char *)def);
	/* "NAME(params) body" or "NAME body".  */
	size_t body = s.find_first_of(" (");
	if (body != std::string::npos && s[body] == '(')
		body = ph_skip_balanced(s, body, ph_lang_cxx);
	if (body == std::string::npos)
		return true;
	ph_lexer lx(s, body, ph_lang_cxx);
	int depth = 0;
	for (;;) {
		ph_tok tok = lx.next();
		if (tok.kind == PH_TOK_EOF)
			return false;
		if (tok.kind == PH_TOK_BAD)
			return true;
		if (tok.kind != PH_TOK_PUNCT || tok.end - tok.start != 1)
			continue;
		char c = s[tok.start];
		if (c == '(' || c == '[' || c == '{')
			depth++;
		else if (c == ')' || c == ']' || c == '}')
			depth--;
		else if (c == ',' && depth == 0)
			return true;
	}
}

/* The replacement list of macro NODE ("NAME(params) body"): its body.  */
static std::string macro_body(cpp_hashnode *node)
{
	const unsigned char *def = cpp_macro_definition(ph_parse_in(), node);

	if (!def)
		return "";
	std::string s((const char *)def);
	size_t body = s.find_first_of(" (");
	if (body != std::string::npos && s[body] == '(')
		body = ph_skip_balanced(s, body, ph_lang_cxx);
	if (body == std::string::npos)
		return "";
	size_t a = s.find_first_not_of(' ', body);
	return a == std::string::npos ? "" : s.substr(a);
}

/* The macro stands for a compound literal: ((T){...}) or (T){...}.  */
static bool macro_is_literal(cpp_hashnode *node)
{
	std::string b = macro_body(node);

	while (b.size() > 2 && b[0] == '(' && b[1] == '(')
		b = b.substr(1);
	return !b.empty() && b[0] == '(' && b.find("){") != std::string::npos;
}

/* The number an object-like macro stands for (an array index).  */
static bool macro_number(const std::string &name, uint64_t *ret)
{
	cpp_hashnode *node = macro_named(name, 0, name.size());
	if (!node)
		return false;
	std::string b = macro_body(node);
	while (b.size() > 2 && b.front() == '(' && b.back() == ')')
		b = b.substr(1, b.size() - 2);
	return ph_integer_literal(b, ret);
}

/* The braced list that is the whole body of macro NODE: the file of its
   definition and the '{' there; NULL with *WHY when its body is
   something else.  */
static const ph_src_file *macro_list(cpp_hashnode *node, size_t *open,
				     const char **why)
{
	cpp_macro *m = node->value.macro;

	*why = "initialized by a macro whose body is not one braced list";
	if (!m || m->kind != cmk_macro)
		return NULL;
	if (m->syshdr) {
		*why = "initialized by a system header's macro";
		return NULL;
	}
	expanded_location x = expand_location(m->line);
	const ph_src_file *f = x.file ? ph_src_get(x.file) : NULL;
	if (!f || x.line <= 0 || (size_t)x.line > f->line_starts.size())
		return NULL;
	const std::string &t = f->text;
	/* #define NAME(params) { ... }, perhaps over continued lines.  */
	size_t p = f->line_starts[x.line - 1];
	size_t hash = t.find_first_not_of(" \t", p);
	if (hash == std::string::npos || t[hash] != '#')
		return NULL;
	size_t end = hash;
	while (end < t.size() && t[end] != '\n')
		end += t[end] == '\\' && end + 1 < t.size() ? 2 : 1;
	ph_lexer lx(t, hash + 1, ph_lang_cxx);
	ph_tok tok = lx.next();
	if (!lx.is(tok, "define"))
		return NULL;
	tok = lx.next();
	if (tok.kind != PH_TOK_IDENT || lx.str(tok) != (const char *)NODE_NAME(node))
		return NULL;
	if (m->fun_like) {
		tok = lx.next();
		size_t close = lx.is(tok, "(")
				       ? ph_skip_balanced(t, tok.start, ph_lang_cxx)
				       : std::string::npos;
		if (close == std::string::npos)
			return NULL;
		lx.pos = close;
	}
	tok = lx.next();
	if (!lx.is(tok, "{"))
		return NULL;
	size_t close = ph_skip_balanced(t, tok.start, ph_lang_cxx);
	if (close == std::string::npos || close > end)
		return NULL;
	/* Nothing after the list but comments.  */
	lx.pos = close;
	if (lx.next().start < end)
		return NULL;
	*open = tok.start;
	return f;
}

/* A braced list being replayed.  */
struct group_result {
	const ph_init_group *group;
	/* The file its text is in: the macro's where a macro's body is
	   the list.  */
	const ph_src_file *file;
	/* Each element's path from the list's object: ".in.a", "[2].c";
	   "" when the element sets the object itself; unknown when an
	   array index is not given by the text.  */
	std::vector<std::string> paths;
	std::vector<bool> path_known;
	/* The element's braces are an anonymous member's, which no
	   designator names (PATHS is the way to its parent); a designated
	   element whose value went on by brace elision (PATHS is the
	   whole way, longer than its designator).  */
	std::vector<bool> anon, elided;
	/* A GNU range designator of more than one element (or one the
	   text does not give): no one index names its element.  */
	std::vector<bool> wide_range;
	/* The records a positional element of this list (elided levels
	   included) gave a value to a member of.  */
	std::vector<tree> positional;
	/* The list's own type, and per element the member of it the
	   element starts in (C++ reorders by these).  */
	tree type = NULL_TREE;
	std::vector<tree> fields;
	/* Read from the body of this macro (NULL: from the source).  */
	cpp_hashnode *macro = nullptr;
	bool designated = false;
	/* An element's value has side effects (C++ evaluates them in
	   order).  */
	bool side_effects = false;
};

struct replay {
	const std::string *text;
	const ph_src_file *file;
	/* Lists read from macros' bodies, owned here; the macro whose body
	   is being replayed.  */
	std::vector<std::unique_ptr<ph_init_group>> macro_groups;
	cpp_hashnode *cur_macro = nullptr;
	location_t anchor;
	const char *why = nullptr;	/* the text cannot be read */
	std::vector<group_result> groups;
	/* Per record with a positional element: the first list of it.  */
	std::vector<std::pair<tree, size_t>> sites;
	/* Records an opaque element (a macro) initializes.  */
	std::vector<tree> opaque;
	std::string opaque_why;

	/* The types of the lists this one is inside and of the subobjects
	   they were in when it opened, outermost first.  */
	std::vector<tree> outer_types;

	bool group(const ph_init_group *g, tree type, tree digested);
	bool inner(const ph_init_group *g, tree type, tree digested,
		   const std::vector<level> &stack);
	bool assign(std::vector<level> &stack, const ph_init_elem &e,
		    group_result &r, size_t k);
	void mark(group_result &r, tree type, const std::vector<level> &stack);
};

static void add_unique(std::vector<tree> *v, tree t)
{
	if (std::find(v->begin(), v->end(), t) == v->end())
		v->push_back(t);
}

/* The path of the current subobject of STACK, from its first level;
   *ANON when that subobject is an anonymous member itself.  */
static bool stack_path(const std::vector<level> &stack, std::string *out,
		       bool *anon = nullptr)
{
	out->clear();
	if (anon)
		*anon = TREE_CODE(stack.back().type) != ARRAY_TYPE &&
			stack.back().field &&
			anonymous_member(stack.back().field);
	for (const level &l : stack) {
		if (TREE_CODE(l.type) == ARRAY_TYPE) {
			if (!l.index_known)
				return false;
			*out += "[" + std::to_string(l.index) + "]";
		} else if (DECL_NAME(l.field)) {
			*out += ".";
			*out += IDENTIFIER_POINTER(DECL_NAME(l.field));
		} else if (!anonymous_member(l.field)) {
			/* A C++ base has no designator.  */
			return false;
		}
	}
	return true;
}

/* Element E of a list gives a value to the current subobject of STACK
   (its top level's): a nested list opens the subobject; an expression
   for an aggregate is either the whole of it (a string for a char
   array, a compound literal, a value of its type) or, by brace elision,
   the value of its first scalar.  */
/* The ways C spells TYPE: "struct tag", its typedefs' names.  */
static bool spelled(tree type, const std::string &text)
{
	std::string t = text;
	for (const char *q : { "const ", "volatile " })
		for (size_t p; (p = t.find(q)) != std::string::npos;)
			t.erase(p, strlen(q));
	type = TYPE_MAIN_VARIANT(type);
	tree name = TYPE_NAME(type);
	if (RECORD_OR_UNION_TYPE_P(type) && name) {
		const char *key = TREE_CODE(type) == UNION_TYPE ? "union "
								 : "struct ";
		if (TREE_CODE(name) == IDENTIFIER_NODE &&
		    t == key + std::string(IDENTIFIER_POINTER(name)))
			return true;
		if (TREE_CODE(name) == TYPE_DECL && DECL_NAME(name) &&
		    t == IDENTIFIER_POINTER(DECL_NAME(name)))
			return true;
	}
	for (const auto &alias : ph_type_aliases(type))
		if (t == alias)
			return true;
	return false;
}

/* Element E of a list gives a value to the current subobject of STACK
   (its top level's): a nested list opens the subobject; an expression
   for an aggregate is either the whole of it (a string for a char
   array, a compound literal of its type, a value of its type) or, by
   brace elision, the value of its first scalar.  */
bool replay::assign(std::vector<level> &stack, const ph_init_elem &e,
		    group_result &r, size_t k)
{
	for (unsigned depth = 0; depth < 64; depth++) {
		level &top = stack.back();
		tree st = sub_type(top);
		tree dig = sub_digested(top);
		std::string p;
		bool anon = false;

		if (e.group) {
			r.path_known[k] = stack_path(stack, &p, &anon);
			r.paths[k] = p;
			r.anon[k] = anon;
			if (aggregate(st))
				return inner(e.group, st, dig, stack);
			return true;
		}
		bool whole = !aggregate(st);
		/* A string is a char array's whole value; any other
		   aggregate's first member's.  */
		if (!whole && e.string)
			whole = TREE_CODE(st) == ARRAY_TYPE &&
				TREE_CODE(TREE_TYPE(st)) == INTEGER_TYPE;
		/* A compound literal is its own type's whole value (its
		   list read as one, which the front end may have folded
		   into this one); another type's first member's.  */
		if (!whole && e.compound_literal &&
		    (spelled(st, e.literal_type) ||
		     (TREE_CODE(st) == ARRAY_TYPE &&
		      e.literal_type.find('[') != std::string::npos))) {
			r.path_known[k] = stack_path(stack, &p);
			r.paths[k] = p;
			const char *w = NULL;
			ph_init_group *cg = ph_parse_init(*text, e.literal_open,
							  ph_lang_cxx, &w);
			if (!cg) {
				why = w;
				return false;
			}
			macro_groups.emplace_back(cg);
			tree cd = dig;
			if (cd && TREE_CODE(cd) == COMPOUND_LITERAL_EXPR)
				cd = DECL_INITIAL(COMPOUND_LITERAL_EXPR_DECL(cd));
			return inner(cg, st, cd && TREE_CODE(cd) == CONSTRUCTOR
						     ? cd
						     : NULL_TREE,
				     stack);
		}
		cpp_hashnode *macro =
			e.ident_lead ? macro_named(*text, e.ident_start,
						   e.ident_end)
				     : NULL;
		if (macro && macro_has_comma(macro)) {
			why = "a macro in it stands for several elements";
			return false;
		}
		if (!whole && macro) {
			/* A macro whose body is the list: read there.  */
			size_t open;
			const char *mwhy;
			const ph_src_file *mf = macro_list(macro, &open, &mwhy);
			ph_init_group *mg =
				mf ? ph_parse_init(mf->text, open, ph_lang_cxx,
						   &mwhy)
				   : NULL;
			if (mg) {
				r.path_known[k] = stack_path(stack, &p);
				r.paths[k] = p;
				macro_groups.emplace_back(mg);
				const ph_src_file *save = file;
				const std::string *save_text = text;
				cpp_hashnode *save_macro = cur_macro;
				file = mf;
				text = &mf->text;
				cur_macro = macro;
				bool ok = inner(mg, st, dig, stack);
				file = save;
				text = save_text;
				cur_macro = save_macro;
				return ok;
			}
			if (macro_is_literal(macro)) {
				/* A compound literal behind a macro: what it
				   initializes is opaque.  */
				std::vector<tree> types;
				if (!all_zero(dig)) {
					records_in(dig, &types);
					for (tree t : types)
						add_unique(&opaque, t);
					if (RECORD_OR_UNION_TYPE_P(st))
						add_unique(&opaque,
							   TYPE_MAIN_VARIANT(st));
					opaque_why = std::string(
							     "initialized by "
							     "the macro '") +
						     (const char *)NODE_NAME(
							     macro) +
						     "'";
				}
				whole = true;
			}
		}
		/* A value of the aggregate's own type, as the front end
		   kept it (not a list it folded: a string constant from a
		   char array's elements).  */
		if (!whole && !e.string && !e.compound_literal && dig &&
		    TREE_CODE(dig) != CONSTRUCTOR &&
		    TREE_CODE(dig) != STRING_CST &&
		    TYPE_MAIN_VARIANT(TREE_TYPE(dig)) == TYPE_MAIN_VARIANT(st))
			whole = true;
		if (whole) {
			r.path_known[k] = stack_path(stack, &p);
			r.paths[k] = p;
			return true;
		}
		/* Brace elision: the element is the first scalar's.  */
		if (ph_lang_cxx) {
			why = "brace elision";
			return false;
		}
		if (!e.desig.empty())
			r.elided[k] = true;
		level l;
		l.type = st;
		l.implicit = true;
		l.digested = dig;
		stack.push_back(l);
		if (!advance(&stack.back())) {
			why = "an element for an empty aggregate";
			return false;
		}
		if (RECORD_OR_UNION_TYPE_P(st))
			mark(r, st, stack);
	}
	why = "aggregates nested too deep";
	return false;
}

/* TYPE's members got an element by position in list R.  A struct or
   union defined in place (no tag, no typedef) is part of the type it is
   a member of, whose new order moves its members too: that type is
   marked with it.  */
void replay::mark(group_result &r, tree type, const std::vector<level> &stack)
{
	type = TYPE_MAIN_VARIANT(type);
	add_unique(&r.positional, type);
	if (!ph_untagged_aggregate(type))
		return;
	for (size_t i = stack.size(); i-- > 0;) {
		tree t = TYPE_MAIN_VARIANT(stack[i].type);
		if (RECORD_OR_UNION_TYPE_P(t) && !ph_untagged_aggregate(t)) {
			add_unique(&r.positional, t);
			return;
		}
	}
	for (size_t i = outer_types.size(); i-- > 0;) {
		tree t = TYPE_MAIN_VARIANT(outer_types[i]);
		if (RECORD_OR_UNION_TYPE_P(t) && !ph_untagged_aggregate(t)) {
			add_unique(&r.positional, t);
			return;
		}
	}
}

/* A list inside the one STACK is in: the subobjects it is inside (an
   element of an array of structs, by a designator or elision) are its
   outer types as well as the enclosing lists'.  */
bool replay::inner(const ph_init_group *g, tree type, tree digested,
		   const std::vector<level> &stack)
{
	size_t n = outer_types.size();
	for (const level &l : stack)
		outer_types.push_back(l.type);
	bool ok = group(g, type, digested);
	outer_types.resize(n);
	return ok;
}

bool replay::group(const ph_init_group *g, tree type, tree digested)
{
	if (groups.size() > 100000) {
		why = "too many braced lists";
		return false;
	}
	/* The enclosing lists' types, for mark(): this one's, while its
	   elements are read.  */
	struct push_type {
		std::vector<tree> &v;
		push_type(std::vector<tree> &s, tree t) : v(s) { v.push_back(t); }
		~push_type() { v.pop_back(); }
	} pushed(outer_types, type);
	group_result r;
	r.group = g;
	r.file = file;
	r.macro = cur_macro;
	r.type = TYPE_MAIN_VARIANT(type);
	r.paths.resize(g->elems.size());
	r.path_known.resize(g->elems.size(), true);
	r.anon.resize(g->elems.size(), false);
	r.elided.resize(g->elems.size(), false);
	r.wide_range.resize(g->elems.size(), false);
	r.fields.resize(g->elems.size(), NULL_TREE);

	std::vector<level> stack(1);
	stack[0].type = type;
	stack[0].digested = digested;
	for (size_t k = 0; k < g->elems.size(); k++) {
		const ph_init_elem &e = g->elems[k];

		if (!e.desig.empty()) {
			stack.resize(1);
			stack[0].started = false;
			for (size_t d = 0; d < e.desig.size(); d++) {
				const ph_desig &ds = e.desig[d];
				level &top = stack.back();

				if (d > 0) {
					tree st = sub_type(top);
					if (!aggregate(st)) {
						why = "a designator into a "
						      "scalar";
						return false;
					}
					level l;
					l.type = st;
					l.implicit = true;
					l.digested = sub_digested(top);
					stack.push_back(l);
				}
				level &cur = stack.back();
				if (ds.kind == ph_desig::FIELD) {
					std::vector<tree> path;
					if (!RECORD_OR_UNION_TYPE_P(cur.type) ||
					    !find_named(cur.type, ds.name,
							&path)) {
						why = "a designator the text "
						      "cannot resolve";
						return false;
					}
					for (size_t i = 0; i + 1 < path.size();
					     i++) {
						level &c = stack.back();
						c.field = path[i];
						c.started = true;
						level l;
						l.type = TREE_TYPE(path[i]);
						l.implicit = true;
						l.digested = sub_digested(c);
						stack.push_back(l);
					}
					stack.back().field = path.back();
					stack.back().started = true;
				} else {
					if (TREE_CODE(cur.type) != ARRAY_TYPE) {
						why = "an index into something "
						      "not an array";
						return false;
					}
					uint64_t idx = ds.index;
					bool known = ds.known ||
						     macro_number(ds.index_text,
								  &idx);
					/* A range: the next element by position
					   follows its last; the element's own
					   way is one index only when the range
					   is one element long.  */
					if (ds.kind == ph_desig::RANGE) {
						uint64_t last = ds.last;
						bool kl = ds.known_last ||
							  macro_number(
								  ds.last_text,
								  &last);
						if (!known || !kl || last != idx)
							r.wide_range[k] = true;
						idx = last;
						known = kl;
					}
					cur.index = idx;
					cur.index_known = known;
					cur.started = true;
				}
			}
		} else {
			/* By position: the next subobject, closing the
			   levels elision or designators opened as they are
			   used up.  */
			for (;;) {
				level &top = stack.back();
				if (advance(&top))
					break;
				/* Where the element goes depends on which
				   member is last: the order, too.  */
				if (TREE_CODE(top.type) == RECORD_TYPE)
					mark(r, top.type, stack);
				if (!top.implicit || stack.size() == 1) {
					why = "more elements than members";
					return false;
				}
				stack.pop_back();
			}
			level &top = stack.back();
			if (RECORD_OR_UNION_TYPE_P(top.type))
				mark(r, top.type, stack);
		}
		r.designated |= !e.desig.empty();
		if (TREE_CODE(stack[0].type) != ARRAY_TYPE) {
			r.fields[k] = stack[0].field;
			tree v = sub_digested(stack[0]);
			/* A value the front end split out of the list (not
			   constant) or left out: its text says.  */
			r.side_effects |= v ? TREE_SIDE_EFFECTS(v) != 0
					    : may_have_effects(*text, e);
		}
		if (!assign(stack, e, r, k))
			return false;
	}
	/* A union's first member stays its first, but the members of an
	   aggregate defined in place inside it move with its new order:
	   its lists count too.  */
	bool zero = true;
	for (const auto &e : g->elems)
		zero = zero && e.zero;
	if (zero)
		r.positional.clear();
	size_t id = groups.size();
	for (tree t : r.positional) {
		bool have = false;
		for (auto &s : sites)
			have |= s.first == t;
		if (!have)
			sites.push_back(std::make_pair(t, id));
	}
	groups.push_back(r);
	return true;
}

/* Whether NAME, written into a designator, would mean something else:
   a macro, or a parameter of the macro whose body it goes into.  */
static bool name_taken(const std::string &name, cpp_hashnode *macro)
{
	cpp_reader *pfile = ph_parse_in();

	if (macro) {
		cpp_macro *m = macro->value.macro;
		for (unsigned i = 0; m && m->fun_like && i < m->paramc; i++)
			if (name == (const char *)NODE_NAME(m->parm.params[i]))
				return true;
	}
	cpp_hashnode *node =
		pfile ? cpp_lookup(pfile, (const unsigned char *)name.data(),
				   (unsigned)name.size())
		      : NULL;
	return node && cpp_macro_p(node);
}

/* The names in a designator path (".in.a[2].b") mean the members: NULL,
   or why not.  */
static const char *path_names_free(const std::string &path,
				   cpp_hashnode *macro)
{
	for (size_t i = 0; i < path.size();) {
		if (path[i] != '.') {
			i++;
			continue;
		}
		size_t j = i + 1;
		while (j < path.size() && path[j] != '.' && path[j] != '[')
			j++;
		if (name_taken(path.substr(i + 1, j - i - 1), macro))
			return macro ? "a member's name is a parameter of the "
				       "macro, or a macro"
				     : "a member's name is a macro";
		i = j;
	}
	return NULL;
}

static const group_result *result_of(const replay &rp,
				     const ph_init_group *g)
{
	for (const auto &r : rp.groups)
		if (r.group == g)
			return &r;
	return nullptr;
}

/* The edits that make every positional element of list R designated
   (PREFIX before each path: the way to an anonymous member's parent),
   or why they cannot be made.  A list for an anonymous member, which
   no designator can name, loses its braces, its own elements
   designated by the names the anonymous member lends its parent.  A
   designated element whose value went on by brace elision gets the
   whole way as its designator.  */
static const char *designate(const replay &rp, const group_result &r,
			     std::vector<ph_src_edit> *edits,
			     const std::string &prefix = "", unsigned depth = 0)
{
	const char *why;
	const std::string &t = r.file->text;

	for (size_t k = 0; k < r.group->elems.size(); k++) {
		const ph_init_elem &e = r.group->elems[k];

		if (!e.desig.empty() && r.elided[k] && r.wide_range[k])
			return "a range designator whose value goes on by "
			       "brace elision";
		if (!e.desig.empty() && !r.elided[k]) {
			/* In an anonymous member's list that loses its
			   braces: its designator from the outer object.  */
			if (prefix.empty())
				continue;
			if ((why = path_names_free(prefix, r.macro)))
				return why;
			ph_src_edit ed;
			ed.file = r.file->path;
			ed.off = ed.end = e.start;
			if (e.colon_desig) {
				ed.end = e.value_start;
				ed.new_text = prefix + "." + e.desig[0].name +
					      " = ";
			} else {
				ed.new_text = prefix;
			}
			edits->push_back(ed);
			continue;
		}
		if (!r.path_known[k])
			return "an array index the text does not give";
		if (r.anon[k] && e.group) {
			const group_result *inner = result_of(rp, e.group);
			if (!inner || depth > 16 ||
			    TREE_CODE(inner->type) == ARRAY_TYPE)
				return "a list for an anonymous member that "
				       "cannot lose its braces";
			const ph_init_group *g = e.group;
			ph_src_edit open, close;
			open.file = close.file = r.file->path;
			/* The braces, the blanks inside them and a last
			   comma go.  */
			open.off = g->open;
			open.end = g->elems.empty() ? g->open + 1
						    : g->elems.front().start;
			close.off = g->elems.empty() ? g->close
						     : g->elems.back().end;
			close.end = g->close + 1;
			if (g->elems.empty() ||
			    t.substr(open.off + 1, open.end - open.off - 1)
					    .find_first_not_of(" \t\n\r") !=
				    std::string::npos ||
			    t.substr(close.off, g->close - close.off)
					    .find_first_not_of(" \t\n\r,") !=
				    std::string::npos)
				return "a list for an anonymous member that "
				       "cannot lose its braces";
			edits->push_back(open);
			edits->push_back(close);
			if ((why = designate(rp, *inner, edits,
					     prefix + r.paths[k], depth + 1)))
				return why;
			continue;
		}
		std::string path = prefix + r.paths[k];
		if (path.empty())
			return "an element for an anonymous member";
		if ((why = path_names_free(path, r.macro)))
			return why;
		ph_src_edit ed;
		ed.file = r.file->path;
		ed.off = e.start;
		/* A designator replaced, or one inserted.  */
		ed.end = e.desig.empty() ? e.start : e.value_start;
		ed.new_text = path + " = ";
		edits->push_back(ed);
	}
	return NULL;
}

/* C++20: the unit has designated initializers (the feature macro).  */
static bool designated_initializers(void)
{
	static const char name[] = "__cpp_designated_initializers";
	cpp_reader *pfile = ph_parse_in();
	cpp_hashnode *node =
		pfile ? cpp_lookup(pfile, (const unsigned char *)name,
				   sizeof(name) - 1)
		      : NULL;

	return node && cpp_macro_p(node);
}

/* C++: each list of T in the replay, as elements to rearrange into the
   new declaration order (a positional list, or with DESIGNATED the
   designated ones).  C++ evaluates the elements in order, so elements
   with side effects stop it.  */
static void cxx_lists(ph_unit_site *s, const replay &rp, tree t,
		      bool designated)
{
	s->rewrite = true;
	for (const auto &r : rp.groups) {
		bool mine = designated
			? r.designated && r.type == t
			: std::find(r.positional.begin(), r.positional.end(),
				    t) != r.positional.end();
		if (!mine)
			continue;
		if (r.type != t) {
			s->rewrite = false;
			s->why = "its members are set inside another list";
			break;
		}
		if (r.side_effects) {
			s->rewrite = false;
			s->why = "an element has side effects, which run in "
				 "the order of the elements";
			break;
		}
		ph_permute p;
		p.file = r.file->path;
		p.positional = !designated;
		for (size_t k = 0; k < r.group->elems.size(); k++) {
			const ph_init_elem &e = r.group->elems[k];
			tree f = r.fields[k];

			p.spans.push_back(std::make_pair(e.start, e.end));
			p.fields.push_back(f && DECL_NAME(f) &&
						   !PH_DECL_FIELD_IS_BASE(f)
					   ? IDENTIFIER_POINTER(DECL_NAME(f))
					   : "");
		}
		for (tree f = next_field(TYPE_FIELDS(t)); f;
		     f = next_field(DECL_CHAIN(f)))
			if (DECL_NAME(f) && !DECL_INITIAL(f))
				p.omissible.push_back(
					IDENTIFIER_POINTER(DECL_NAME(f)));
		p.append_at = r.group->elems.empty()
				      ? r.group->open + 1
				      : r.group->elems.back().end;
		p.can_designate = designated_initializers();
		s->permutes.push_back(p);
	}
	if (!s->rewrite)
		s->permutes.clear();
}

/* A braced list of TYPE at OPEN in FILE, CTOR the front end's; the body
   of MACRO when not NULL.  */
static void text_root(tree type, tree ctor, location_t anchor,
		      const ph_src_file *file, size_t open,
		      cpp_hashnode *macro);

void ph_init_text_root(tree type, tree ctor, location_t anchor,
		       const ph_src_file *file, size_t open)
{
	text_root(type, ctor, anchor, file, open, NULL);
}

static void text_root(tree type, tree ctor, location_t anchor,
		      const ph_src_file *file, size_t open,
		      cpp_hashnode *macro)
{
	const char *why = NULL;
	ph_init_group *g = ph_parse_init(file->text, open, ph_lang_cxx, &why);

	if (!g) {
		ph_init_unreadable(ctor, anchor, why);
		return;
	}
	replay rp;
	rp.text = &file->text;
	rp.file = file;
	rp.anchor = anchor;
	rp.cur_macro = macro;
	bool ok = rp.group(g, type, ctor);
	if (!ok) {
		ph_init_unreadable(ctor, anchor, rp.why);
		delete g;
		return;
	}
	for (tree t : rp.opaque) {
		ph_unit_site s;
		s.kind = PH_SITE_INITIALIZER;
		ph_site_place(&s, anchor);
		s.why = rp.opaque_why;
		ph_sites_add(t, std::move(s));
	}
	for (const auto &site : rp.sites) {
		tree t = site.first;
		ph_unit_site s;
		const ph_init_group *first = rp.groups[site.second].group;

		s.kind = PH_SITE_POSITIONAL;
		file->position(first->open, &s.line, &s.column);
		s.file = file->path;
		s.loc = ph_location_at(s.file.c_str(), s.line, s.column,
				       anchor);
		if (ph_lang_cxx) {
			cxx_lists(&s, rp, t, false);
		} else {
			s.rewrite = true;
			/* An anonymous member's list is designated with the
			   list it is in (it loses its braces) whenever that
			   one has positional elements, whichever type's they
			   are: every type's site then rewrites the text the
			   same way, and the edits merge.  */
			std::map<const ph_init_group *, const ph_init_group *>
				parent;
			std::map<const ph_init_group *, bool> positional;
			for (const auto &r : rp.groups) {
				for (size_t k = 0; k < r.group->elems.size();
				     k++)
					if (r.anon[k] && r.group->elems[k].group)
						parent[r.group->elems[k].group] =
							r.group;
				positional[r.group] = !r.positional.empty();
			}
			std::set<const ph_init_group *> roots;
			for (const auto &r : rp.groups) {
				if (std::find(r.positional.begin(),
					      r.positional.end(),
					      t) == r.positional.end())
					continue;
				const ph_init_group *top = r.group;
				for (unsigned d = 0; d < 64; d++) {
					auto up = parent.find(top);
					if (up == parent.end() ||
					    !positional[up->second])
						break;
					top = up->second;
				}
				roots.insert(top);
			}
			for (const auto &r : rp.groups) {
				if (!roots.count(r.group))
					continue;
				if (const char *w = designate(rp, r, &s.edits)) {
					s.rewrite = false;
					s.why = std::string("no designator can "
							    "be written: ") + w;
					s.edits.clear();
					break;
				}
			}
		}
		ph_sites_add(t, std::move(s));
	}
	/* C++20's designated lists: their designators must follow the
	   declaration order.  */
	for (size_t i = 0; ph_lang_cxx && i < rp.groups.size(); i++) {
		const group_result &r = rp.groups[i];
		tree t = r.type;
		bool first = true;

		if (!r.designated || TREE_CODE(t) != RECORD_TYPE)
			continue;
		for (size_t j = 0; j < i && first; j++)
			first = !(rp.groups[j].designated &&
				  rp.groups[j].type == t);
		if (!first)
			continue;
		ph_unit_site s;
		s.kind = PH_SITE_DESIGNATED;
		file->position(r.group->open, &s.line, &s.column);
		s.file = file->path;
		s.loc = ph_location_at(s.file.c_str(), s.line, s.column,
				       anchor);
		cxx_lists(&s, rp, t, true);
		ph_sites_add(t, std::move(s));
	}
	delete g;
}

/* Where ANCHOR's text is, or NULL with *WHY.  */
static const ph_src_file *text_at(location_t anchor, size_t *off,
				  const char **why)
{
	if (anchor == UNKNOWN_LOCATION || anchor == BUILTINS_LOCATION) {
		*why = "no place in the source";
		return NULL;
	}
	if (from_macro_expansion_at(anchor)) {
		*why = "declared by a macro";
		return NULL;
	}
	expanded_location x = expand_location(anchor);
	const ph_src_file *f = ph_src_get(x.file);
	if (!f) {
		*why = "the source cannot be read";
		return NULL;
	}
	*off = f->offset(x.line, x.column);
	if (*off == std::string::npos) {
		*why = "the source changed";
		return NULL;
	}
	return f;
}

/* The declarator at OFF ends with ';' or ',' (or ')' of a condition),
   no '=' nor braces: nothing initializes it explicitly.  */
static bool no_initializer(const std::string &text, size_t off)
{
	ph_tok tok = ph_skip_declarator(text, off, ph_lang_cxx);

	return tok.kind == PH_TOK_PUNCT && tok.end == tok.start + 1 &&
	       (text[tok.start] == ';' || text[tok.start] == ',');
}

void ph_init_var_root(tree var, tree ctor)
{
	ph_init_var_root_split(var, ctor, false);
}

/* TYPE has a record in it (itself, its elements): a list of it can set
   members by position.  A table of numbers cannot: not read (a parser's
   tables are most of what some units initialize).  */
static bool has_record(tree type)
{
	for (unsigned depth = 0; type && depth < 32; depth++) {
		if (TREE_CODE(type) == RECORD_TYPE)
			return true;
		if (TREE_CODE(type) == UNION_TYPE) {
			for (tree f = TYPE_FIELDS(type); f; f = DECL_CHAIN(f))
				if (TREE_CODE(f) == FIELD_DECL &&
				    has_record(TREE_TYPE(f)))
					return true;
			return false;
		}
		if (TREE_CODE(type) != ARRAY_TYPE)
			return false;
		type = TREE_TYPE(type);
	}
	return false;
}

void ph_init_var_root_split(tree var, tree ctor, bool split)
{
	tree type = TREE_TYPE(ctor);
	size_t off, after;
	const char *why = NULL;
	location_t anchor = DECL_SOURCE_LOCATION(var);

	/* A list the front end split into stores (C++: not constant) is no
	   list of zeros whatever is left of it.  */
	if (!aggregate(type) || !has_record(type) || (!split && all_zero(ctor)))
		return;
	const ph_src_file *f = text_at(anchor, &off, &why);
	if (!f) {
		ph_init_unreadable(ctor, anchor, why);
		return;
	}
	size_t open;
	bool literal = ph_compound_literal_decl(var);
	if (literal)
		/* A compound literal: its '(' or its '{' is the anchor.  */
		open = f->text[off] == '{'
			       ? off
			       : ph_find_compound_init(f->text, off);
	else
		open = ph_find_decl_init(f->text, off, ph_lang_cxx, &after);
	/* No initializer written: zero-initialization, or (C++) the default
	   member initializers and the null value of pointers to members,
	   which follow no order the declaration gives.  */
	if (open == std::string::npos && !literal && after == std::string::npos &&
	    no_initializer(f->text, off))
		return;
	if (open == std::string::npos && !literal &&
	    after != std::string::npos) {
		/* "= (struct s){...}" folded into the variable's own
		   initializer, or a macro.  */
		open = ph_find_compound_init(f->text, after);
		if (open == std::string::npos) {
			ph_lexer lx(f->text, after, ph_lang_cxx);
			ph_tok tok = lx.next();
			cpp_hashnode *m = tok.kind == PH_TOK_IDENT
				? macro_named(f->text, tok.start, tok.end)
				: NULL;
			size_t mopen;
			const char *mwhy = NULL;
			const ph_src_file *mf =
				m ? macro_list(m, &mopen, &mwhy) : NULL;
			if (mf) {
				text_root(type, ctor, anchor, mf, mopen, m);
				return;
			}
			std::string w = m ? std::string(mwhy) + " ('" +
						    (const char *)NODE_NAME(m) +
						    "')"
					  : "the initializer is not a braced "
					    "list the text shows";
			ph_init_unreadable(ctor, anchor, w.c_str());
			return;
		}
	}
	if (open == std::string::npos && ph_lang_cxx && DECL_ARTIFICIAL(var)) {
		/* The hidden object of a structured binding or a temporary:
		   its list is somewhere in the declaration.  */
		ph_cxx_expr_root(ctor, anchor, NULL_TREE);
		return;
	}
	if (open == std::string::npos) {
		ph_init_unreadable(ctor, anchor, "the initializer's text cannot be "
					 "found");
		return;
	}
	ph_init_text_root(type, ctor, anchor, f, open);
}

void ph_init_expr_root(tree ctor, location_t where, tree fn)
{
	tree type = TREE_TYPE(ctor);

	if (!type || !aggregate(type) || !has_record(type) || all_zero(ctor))
		return;
	/* C's initializers all hang off a declaration, read there; C++'s
	   braced lists in expressions are read by cxxsites.cc, which marks
	   those it read.  */
	if (!ph_lang_cxx || ph_cxx_ctor_done(ctor))
		return;
	ph_init_unreadable(ctor, where, "a braced list in an expression");
	(void)fn;
}
