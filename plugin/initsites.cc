/* Initializers of aggregates, read twice: the front end's CONSTRUCTOR
   (which members got a value; it no longer says how they were named)
   and the source text of the braced list (srctext.cc: which elements
   were positional).  The text is replayed against the type as the
   language places elements (brace elision, designators, anonymous
   members, unions, arrays), so that each element is known by the path
   of the subobject it initializes, and each record that received an
   element by position is an order-dependent site (the replay is
   initreplay.cc's, the macros an element names initmacros.cc's; here,
   where a list's text is, and the sites and edits a replay gives).

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
#include "initreplay.h"

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

static const ph_group_result *result_of(const ph_replay &rp,
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
static const char *designate(const ph_replay &rp, const ph_group_result &r,
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
			const ph_group_result *inner = result_of(rp, e.group);
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
static void cxx_lists(ph_unit_site *s, const ph_replay &rp, tree t,
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
		for (tree f = ph_init_next_field(TYPE_FIELDS(t)); f;
		     f = ph_init_next_field(DECL_CHAIN(f)))
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
	ph_replay rp;
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
		const ph_group_result &r = rp.groups[i];
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

bool ph_init_var_root(tree var, tree ctor)
{
	return ph_init_var_root_split(var, ctor, false);
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

bool ph_init_var_root_split(tree var, tree ctor, bool split)
{
	tree type = TREE_TYPE(ctor);
	size_t off, after;
	const char *why = NULL;
	location_t anchor = DECL_SOURCE_LOCATION(var);

	/* A list the front end split into stores (C++: not constant) is no
	   list of zeros whatever is left of it.  */
	if (!ph_init_aggregate(type) || !has_record(type) ||
	    (!split && ph_init_all_zero(ctor)))
		return true;
	const ph_src_file *f = text_at(anchor, &off, &why);
	if (!f) {
		ph_init_unreadable(ctor, anchor, why);
		return true;
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
		return true;
	if (open == std::string::npos && !literal &&
	    after != std::string::npos) {
		/* "= (struct s){...}" folded into the variable's own
		   initializer, or a macro.  */
		open = ph_find_compound_init(f->text, after);
		if (open == std::string::npos) {
			ph_lexer lx(f->text, after, ph_lang_cxx);
			ph_tok tok = lx.next();
			cpp_hashnode *m = tok.kind == PH_TOK_IDENT
				? ph_macro_named(f->text, tok.start, tok.end)
				: NULL;
			size_t mopen;
			const char *mwhy = NULL;
			const ph_src_file *mf =
				m ? ph_macro_list(m, &mopen, &mwhy) : NULL;
			if (mf) {
				text_root(type, ctor, anchor, mf, mopen, m);
				return true;
			}
			std::string w = m ? std::string(mwhy) + " ('" +
						    (const char *)NODE_NAME(m) +
						    "')"
					  : "the initializer is not a braced "
					    "list the text shows";
			ph_init_unreadable(ctor, anchor, w.c_str());
			return true;
		}
	}
	if (open == std::string::npos && ph_lang_cxx && DECL_ARTIFICIAL(var)) {
		/* The hidden object of a structured binding or a temporary:
		   its list is somewhere in the declaration, the caller's to
		   look for there.  */
		return false;
	}
	if (open == std::string::npos) {
		ph_init_unreadable(ctor, anchor, "the initializer's text cannot be "
					 "found");
		return true;
	}
	ph_init_text_root(type, ctor, anchor, f, open);
	return true;
}

void ph_init_expr_unread(tree ctor, location_t where)
{
	tree type = TREE_TYPE(ctor);

	if (!type || !ph_init_aggregate(type) || !has_record(type) ||
	    ph_init_all_zero(ctor))
		return;
	ph_init_unreadable(ctor, where, "a braced list in an expression");
}
