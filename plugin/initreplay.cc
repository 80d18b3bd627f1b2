/* The replay of a braced list (initsites.cc says why): its text
   (srctext.cc) walked against its type as the language places
   elements (brace elision, designators, anonymous members, unions,
   arrays), with the front end's CONSTRUCTOR alongside, so that each
   element is known by the path of the subobject it initializes and
   each record that got an element by position is found; and what the
   CONSTRUCTOR alone says (all zeros, the records it initializes) when
   the text cannot be followed.  Apart from initsites.cc, which turns a
   replay into sites and edits.  */
#include "sites.h"

#include <algorithm>
#include <memory>

#include "plugin.h"
#include "sites-tree.h"
#include "initreplay.h"

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

tree ph_init_next_field(tree f)
{
	for (; f; f = DECL_CHAIN(f))
		if (initializable(f))
			return f;
	return NULL_TREE;
}

bool ph_init_aggregate(tree type)
{
	return RECORD_OR_UNION_TYPE_P(type) || TREE_CODE(type) == ARRAY_TYPE;
}

static bool anonymous_member(tree f)
{
	return !DECL_NAME(f) && RECORD_OR_UNION_TYPE_P(TREE_TYPE(f)) &&
	       !(ph_lang_cxx && PH_DECL_FIELD_IS_BASE(f));
}

/* One level of the object being initialized: the current subobject.  */
struct ph_init_level {
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
static bool advance(ph_init_level *l)
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
	l->field = ph_init_next_field(l->started ? DECL_CHAIN(l->field)
					 : TYPE_FIELDS(l->type));
	l->started = true;
	return l->field != NULL_TREE;
}

static tree sub_type(const ph_init_level &l)
{
	return TREE_CODE(l.type) == ARRAY_TYPE ? TREE_TYPE(l.type)
					       : TREE_TYPE(l.field);
}

/* The front end's value for L's current subobject.  */
static tree sub_digested(const ph_init_level &l)
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

static void add_unique(std::vector<tree> *v, tree t)
{
	if (std::find(v->begin(), v->end(), t) == v->end())
		v->push_back(t);
}

/* The path of the current subobject of STACK, from its first level;
   *ANON when that subobject is an anonymous member itself.  */
static bool stack_path(const std::vector<ph_init_level> &stack,
		       std::string *out, bool *anon = nullptr)
{
	out->clear();
	if (anon)
		*anon = TREE_CODE(stack.back().type) != ARRAY_TYPE &&
			stack.back().field &&
			anonymous_member(stack.back().field);
	for (const ph_init_level &l : stack) {
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
bool ph_replay::assign(std::vector<ph_init_level> &stack,
		       const ph_init_elem &e, ph_group_result &r, size_t k)
{
	for (unsigned depth = 0; depth < 64; depth++) {
		ph_init_level &top = stack.back();
		tree st = sub_type(top);
		tree dig = sub_digested(top);
		std::string p;
		bool anon = false;

		if (e.group) {
			r.path_known[k] = stack_path(stack, &p, &anon);
			r.paths[k] = p;
			r.anon[k] = anon;
			if (ph_init_aggregate(st))
				return inner(e.group, st, dig, stack);
			return true;
		}
		bool whole = !ph_init_aggregate(st);
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
			e.ident_lead ? ph_macro_named(*text, e.ident_start,
						      e.ident_end)
				     : NULL;
		if (macro && ph_macro_has_comma(macro)) {
			why = "a macro in it stands for several elements";
			return false;
		}
		if (!whole && macro) {
			/* A macro whose body is the list: read there.  */
			size_t open;
			const char *mwhy;
			const ph_src_file *mf =
				ph_macro_list(macro, &open, &mwhy);
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
			if (ph_macro_is_literal(macro)) {
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
		ph_init_level l;
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
void ph_replay::mark(ph_group_result &r, tree type,
		     const std::vector<ph_init_level> &stack)
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
bool ph_replay::inner(const ph_init_group *g, tree type, tree digested,
		      const std::vector<ph_init_level> &stack)
{
	size_t n = outer_types.size();
	for (const ph_init_level &l : stack)
		outer_types.push_back(l.type);
	bool ok = group(g, type, digested);
	outer_types.resize(n);
	return ok;
}

bool ph_replay::group(const ph_init_group *g, tree type, tree digested)
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
	ph_group_result r;
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

	std::vector<ph_init_level> stack(1);
	stack[0].type = type;
	stack[0].digested = digested;
	for (size_t k = 0; k < g->elems.size(); k++) {
		const ph_init_elem &e = g->elems[k];

		if (!e.desig.empty()) {
			stack.resize(1);
			stack[0].started = false;
			for (size_t d = 0; d < e.desig.size(); d++) {
				const ph_desig &ds = e.desig[d];
				ph_init_level &top = stack.back();

				if (d > 0) {
					tree st = sub_type(top);
					if (!ph_init_aggregate(st)) {
						why = "a designator into a "
						      "scalar";
						return false;
					}
					ph_init_level l;
					l.type = st;
					l.implicit = true;
					l.digested = sub_digested(top);
					stack.push_back(l);
				}
				ph_init_level &cur = stack.back();
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
						ph_init_level &c = stack.back();
						c.field = path[i];
						c.started = true;
						ph_init_level l;
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
						     ph_macro_number(ds.index_text,
								     &idx);
					/* A range: the next element by position
					   follows its last; the element's own
					   way is one index only when the range
					   is one element long.  */
					if (ds.kind == ph_desig::RANGE) {
						uint64_t last = ds.last;
						bool kl = ds.known_last ||
							  ph_macro_number(
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
				ph_init_level &top = stack.back();
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
			ph_init_level &top = stack.back();
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
