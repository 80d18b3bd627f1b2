/* A type's order-dependent sites at the end of the unit: those found in
   the code (sites.cc), those of the type itself (its own member lines,
   packed, a public header, pokehole_abi), the static assertions
   (asserts.cc); for the order the engine suggested, whether each site
   keeps its meaning and the edits that make it so; the "sites" record
   of the report.  */
#include "sites.h"

#include <algorithm>
#include <set>

#include "plugin.h"
#include "sites-tree.h"

#include "../report/sites.h"

/* The first member with a name among M's (an anonymous aggregate's),
   depth first; NULL when none has one.  */
static const char *first_name(const struct ph_member *m, unsigned depth)
{
	for (size_t i = 0; i < m->nr_members && depth < 64; i++) {
		const struct ph_member *c = &m->members[i];
		const char *n = *c->name ? c->name : first_name(c, depth + 1);
		if (n)
			return n;
	}
	return NULL;
}

/* Whether aggregate TYPE has a member NAME, its own or an anonymous
   member's.  */
static bool holds_name(tree type, const char *name, unsigned depth)
{
	for (tree f = TYPE_FIELDS(type); f && depth < 64; f = DECL_CHAIN(f)) {
		if (TREE_CODE(f) != FIELD_DECL)
			continue;
		if (DECL_NAME(f)
			    ? strcmp(IDENTIFIER_POINTER(DECL_NAME(f)), name) == 0
			    : RECORD_OR_UNION_TYPE_P(TREE_TYPE(f)) &&
				      holds_name(TREE_TYPE(f), name, depth + 1))
			return true;
	}
	return false;
}

/* The FIELD_DECL a model member came from: by name, or for an anonymous
   one by its place and, when it is an aggregate, a name it holds (the
   anonymous members of a union share their place, and an unnamed
   bitfield may share it too).  */
tree ph_member_decl(tree type, const struct ph_member *m, uint64_t base)
{
	const char *inner = !*m->name && m->nested ? first_name(m, 0) : NULL;

	for (tree f = TYPE_FIELDS(type); f; f = DECL_CHAIN(f)) {
		if (TREE_CODE(f) != FIELD_DECL)
			continue;
		if (*m->name) {
			if (DECL_NAME(f) &&
			    strcmp(IDENTIFIER_POINTER(DECL_NAME(f)), m->name) == 0)
				return f;
		} else if (!DECL_NAME(f) && tree_fits_uhwi_p(bit_position(f)) &&
			   base + (uint64_t)int_bit_position(f) ==
				   m->bit_offset &&
			   (!inner ||
			    (RECORD_OR_UNION_TYPE_P(TREE_TYPE(f)) &&
			     holds_name(TREE_TYPE(f), inner, 0)))) {
			return f;
		}
	}
	return NULL_TREE;
}

location_t ph_type_location(tree type)
{
	if (TYPE_STUB_DECL(type))
		return DECL_SOURCE_LOCATION(TYPE_STUB_DECL(type));
	if (TYPE_NAME(type) && DECL_P(TYPE_NAME(type)))
		return DECL_SOURCE_LOCATION(TYPE_NAME(type));
	return UNKNOWN_LOCATION;
}

location_t ph_location_at(const char *file, uint32_t line, uint32_t column,
			  location_t hint)
{
	auto try_map = [&](const line_map_ordinary *map) -> location_t {
		if (!map || strcmp(ORDINARY_MAP_FILE_NAME(map), file) ||
		    (uint32_t)ORDINARY_MAP_STARTING_LINE_NUMBER(map) > line)
			return UNKNOWN_LOCATION;
		location_t loc = linemap_position_for_line_and_column(
			line_table, map, line, column);
		expanded_location x = expand_location(loc);
		if (!x.file || strcmp(x.file, file) || (uint32_t)x.line != line ||
		    (uint32_t)x.column != column)
			return UNKNOWN_LOCATION;
		return loc;
	};
	if (hint != UNKNOWN_LOCATION && !from_macro_expansion_at(hint)) {
		const line_map *m = linemap_lookup(line_table, hint);
		if (m && MAP_ORDINARY_P(m)) {
			location_t loc = try_map(linemap_check_ordinary(m));
			if (loc != UNKNOWN_LOCATION)
				return loc;
		}
	}
	/* The last map of FILE starting at or before LINE.  */
	const line_map_ordinary *best = NULL;
	for (unsigned long i = 0; i < LINEMAPS_ORDINARY_USED(line_table); i++) {
		const line_map_ordinary *m =
			LINEMAPS_ORDINARY_MAP_AT(line_table, i);
		if (strcmp(ORDINARY_MAP_FILE_NAME(m), file) == 0 &&
		    (uint32_t)ORDINARY_MAP_STARTING_LINE_NUMBER(m) <= line)
			best = m;
	}
	return try_map(best);
}

/* The definition's member declarations, read from the text: each
   member's declaration from its first token to its ';', and the chunk
   of whole lines that goes with it (the comment lines above it, a
   comment after it on its last line), so that a new order moves the
   comments with their members.  */
struct member_decl_text {
	size_t start, semi;		/* first token, past the ';' */
	uint32_t first_line, last_line;	/* the chunk's lines */
	/* A declaration with several declarators ("int a, b;"): where its
	   specifiers' text ends and where this member's declarator is, so
	   that the member can be declared alone ("int b;") when the new
	   order parts it from the others; npos for a declaration of one.
	   SPLIT_WHY: why the specifiers cannot be repeated, or NULL.  */
	size_t spec_end = std::string::npos;
	size_t dstart = 0, dend = 0;
	const char *split_why = NULL;
};

/* Whether TOK, a directive, defines or undefines a macro (*NAME): a
   line that may stay in place while the members around it move, since
   it lays out nothing.  */
static bool macro_directive(const std::string &t, const ph_tok &tok,
			    std::string *name)
{
	if (tok.kind != PH_TOK_DIRECTIVE)
		return false;
	std::string line = t.substr(tok.start, tok.end - tok.start);
	size_t p = line.find_first_not_of(" \t", 1);
	bool def = p != std::string::npos && line.compare(p, 6, "define") == 0;
	if (!def && (p == std::string::npos || line.compare(p, 5, "undef")))
		return false;
	p += def ? 6 : 5;
	size_t n = line.find_first_not_of(" \t", p);
	if (n == p || n == std::string::npos)
		return false;
	size_t e = n;
	while (e < line.size() && (ISALNUM(line[e]) ||
				   line[e] == '_'))
		e++;
	*name = line.substr(n, e - n);
	return !name->empty();
}

/* Whether only blanks and comments stand in TEXT between A and B, and
   with MACROS, lines that define or undefine macros.  */
static bool only_comments(const std::string &text, size_t a, size_t b,
			  bool macros = false)
{
	ph_lexer lx(text, a, ph_lang_cxx);
	std::string name;

	for (;;) {
		ph_tok tok = lx.next();
		if (tok.start >= b || tok.kind == PH_TOK_EOF)
			return true;
		if (!macros || !macro_directive(text, tok, &name))
			return false;
	}
}

static uint32_t line_of(const ph_src_file *f, size_t off)
{
	uint32_t line, col;

	f->position(off, &line, &col);
	return line;
}

/* The end of the line holding OFF, or of the comment that starts on it
   and runs on past it.  */
static size_t line_end(const ph_src_file *f, size_t off)
{
	const std::string &t = f->text;
	size_t nl = t.find('\n', off);
	size_t end = nl == std::string::npos ? t.size() : nl;
	size_t c = t.find("/*", off);

	if (c != std::string::npos && c < end) {
		size_t close = t.find("*/", c + 2);
		if (close != std::string::npos && close + 2 > end) {
			nl = t.find('\n', close);
			end = nl == std::string::npos ? t.size() : nl;
		}
	}
	return end;
}

/* Whether DECL, a declaration in a definition's body that declares no
   member, is an unnamed bitfield ("int : 3"): a width, no function, not
   an enum's base type, an access specifier before it left out.  */
static bool unnamed_bitfield(std::string decl)
{
	for (;;) {
		size_t b = decl.find_first_not_of(" \t\r\n");
		if (b == std::string::npos)
			return false;
		decl.erase(0, b);
		bool label = false;
		for (const char *a : { "public", "private", "protected" }) {
			size_t n = strlen(a);
			size_t c = decl.find_first_not_of(" \t\r\n", n);
			if (decl.compare(0, n, a) == 0 && c != std::string::npos &&
			    decl[c] == ':' && decl.compare(c, 2, "::") != 0) {
				decl.erase(0, c + 1);
				label = true;
				break;
			}
		}
		if (!label)
			break;
	}
	if (decl.find('(') != std::string::npos ||
	    decl.compare(0, 4, "enum") == 0)
		return false;
	for (size_t c = decl.find(':'); c != std::string::npos;
	     c = decl.find(':', c + 2))
		if (decl.compare(c, 2, "::") != 0)
			return true;
	return false;
}

/* Whether TOK is an identifier among WORDS.  */
template <size_t N>
static bool ident_in(const ph_lexer &lx, const ph_tok &tok,
		     const char *const (&words)[N])
{
	if (tok.kind != PH_TOK_IDENT)
		return false;
	for (const char *w : words)
		if (lx.is(tok, w))
			return true;
	return false;
}

/* Whether TOK may stand before a declarator's name: what opens a
   declarator (*OPENS: "*p", "&r", "(*f)(void)") or qualifies a pointer
   in it ("*const p").  */
static bool declarator_prefix(const ph_lexer &lx, const ph_tok &tok,
			      bool *opens)
{
	static const char *const quals[] = {
		"const",      "volatile",     "restrict", "__restrict",
		"__restrict__", "__const",    "__volatile", "__volatile__",
	};

	*opens = lx.is(tok, "*") || lx.is(tok, "&") || lx.is(tok, "&&") ||
		 lx.is(tok, "(");
	return *opens || ident_in(lx, tok, quals);
}

/* Whether TOK is a keyword whose parenthesized operand is part of the
   specifiers ("__attribute__((aligned(8))) int a, b;"), not the start
   of a declarator.  */
static bool specifier_call(const ph_lexer &lx, const ph_tok &tok)
{
	static const char *const kws[] = {
		"__attribute__", "__attribute", "_Alignas", "alignas",
		"typeof",	 "__typeof__",	"__typeof", "decltype",
		"_Atomic",
	};

	return ident_in(lx, tok, kws);
}

/* Whether the innermost type FIELD declares (past pointers, arrays and
   functions) is an aggregate or enum defined inside [START, END) of F,
   directly or by a macro expanded there: repeating the specifiers would
   define another type, which the other members would not share.  */
static bool defines_its_type(tree field, const ph_src_file *f, size_t start,
			     size_t end)
{
	tree ty = TREE_TYPE(field);
	for (unsigned n = 0; ty && n < 64; n++) {
		enum tree_code c = TREE_CODE(ty);
		if (c != POINTER_TYPE && c != REFERENCE_TYPE &&
		    c != ARRAY_TYPE && c != FUNCTION_TYPE && c != METHOD_TYPE)
			break;
		ty = TREE_TYPE(ty);
	}
	if (!ty || !(RECORD_OR_UNION_TYPE_P(ty) ||
		     TREE_CODE(ty) == ENUMERAL_TYPE))
		return false;
	location_t loc = ph_type_location(TYPE_MAIN_VARIANT(ty));
	if (loc == UNKNOWN_LOCATION)
		/* Unknown is taken as defined here: refusing is safe.  */
		return true;
	loc = linemap_resolve_location(line_table, loc,
				       LRK_MACRO_EXPANSION_POINT, NULL);
	expanded_location x = expand_location(loc);
	if (!x.file || f->path != x.file)
		return false;
	size_t off = f->offset(x.line, x.column);
	return off == std::string::npos || (off >= start && off < end);
}

/* A declaration of several members, [START, END) of F (END past its
   ';'), the members' names at NAMES, their FIELDS: where its specifiers
   end and each member's declarator is, into D (one per member), so that
   each member can be declared alone with the specifiers repeated.  NULL,
   or why they cannot be.  */
static const char *split_declaration(const ph_src_file *f, size_t start,
				     size_t end,
				     const std::vector<size_t> &names,
				     const std::vector<tree> &fields,
				     member_decl_text *d)
{
	const std::string &t = f->text;
	const char *unreadable = "the declaration its members share cannot "
				 "be read";
	const char *untold = "the type of members declared together cannot "
			     "be told from their declarators";
	ph_lexer lx(t, start, ph_lang_cxx);
	std::vector<ph_tok> toks;	/* up to the first member's name */
	for (;;) {
		ph_tok tok = lx.next();
		if (tok.kind == PH_TOK_EOF || tok.kind == PH_TOK_BAD ||
		    tok.start > names[0])
			return unreadable;
		if (tok.start == names[0])
			break;
		toks.push_back(tok);
	}
	/* The first declarator: back from its name over what may open or
	   qualify it, then on over the qualifiers that are the
	   specifiers' ("const char *p": const is theirs).  */
	size_t ds = toks.size();
	bool opens;
	while (ds && declarator_prefix(lx, toks[ds - 1], &opens))
		ds--;
	while (ds < toks.size() && declarator_prefix(lx, toks[ds], &opens) &&
	       !opens)
		ds++;
	/* A pointer to member ("int C::*p") has its class in the
	   declarator.  */
	if (!ds || lx.is(toks[ds - 1], "::"))
		return untold;
	/* The specifiers: nothing a declarator has, no type defined (a
	   C++ template's arguments between their angle brackets).  */
	int depth = 0;
	for (size_t i = 0; i < ds; i++) {
		const ph_tok &k = toks[i];
		if (lx.is(k, "{"))
			return "the declaration defines the type its members "
			       "share";
		if (ph_lang_cxx && lx.is(k, "<")) {
			depth++;
		} else if (ph_lang_cxx && (lx.is(k, ">") || lx.is(k, ">>"))) {
			depth -= lx.is(k, ">") ? 1 : 2;
			if (depth < 0)
				return untold;
		} else if (lx.is(k, "(")) {
			if (!depth && !(i && specifier_call(lx, toks[i - 1])))
				return untold;
			depth++;
		} else if (lx.is(k, ")")) {
			if (!depth--)
				return untold;
		} else if (!depth &&
			   (lx.is(k, "*") || lx.is(k, "&") || lx.is(k, "&&") ||
			    lx.is(k, "[") || lx.is(k, ",") || lx.is(k, ";") ||
			    lx.is(k, "=") || lx.is(k, ":"))) {
			return untold;
		}
	}
	if (depth)
		return untold;
	for (tree fd : fields)
		if (defines_its_type(fd, f, start, end))
			return "the declaration defines the type its members "
			       "share";
	for (size_t i = 0; i < names.size(); i++) {
		d[i].spec_end = toks[ds - 1].end;
		d[i].split_why = NULL;
	}
	d[0].dstart = ds < toks.size() ? toks[ds].start : names[0];
	/* Each declarator ends before the last ',' at the declaration's
	   level ahead of the next name (what opens the next declarator
	   holds none), the last one before the ';'.  */
	for (size_t i = 0; i < names.size(); i++) {
		bool last = i + 1 == names.size();
		size_t limit = last ? end : names[i + 1];
		size_t prev_end = names[i], before = std::string::npos;
		size_t after = std::string::npos;
		ph_lexer dl(t, names[i], ph_lang_cxx);
		for (;;) {
			ph_tok tok = dl.next();
			if (tok.kind == PH_TOK_EOF || tok.kind == PH_TOK_BAD ||
			    tok.kind == PH_TOK_DIRECTIVE)
				return unreadable;
			if (tok.start >= limit || (last && dl.is(tok, ";"))) {
				if (before != std::string::npos &&
				    after == std::string::npos)
					after = tok.start;
				break;
			}
			if (before != std::string::npos &&
			    after == std::string::npos)
				after = tok.start;
			if (!last && dl.is(tok, ",")) {
				before = prev_end;
				after = std::string::npos;
				continue;
			}
			prev_end = tok.end;
			if (dl.is(tok, "(") || dl.is(tok, "[") ||
			    dl.is(tok, "{")) {
				size_t e = ph_skip_balanced(t, tok.start,
							    ph_lang_cxx);
				if (e == std::string::npos)
					return unreadable;
				dl.pos = prev_end = e;
			}
		}
		if (last) {
			d[i].dend = prev_end;
		} else {
			if (before == std::string::npos ||
			    after == std::string::npos)
				return unreadable;
			d[i].dend = before;
			d[i + 1].dstart = after;
		}
	}
	return NULL;
}

/* Reads the declarations of T's members in TYPE's definition, in the
   order they are written; NULL, or why they cannot be moved.  */
static const char *read_definition(tree type, const struct ph_type *t,
				   uint64_t base, const ph_src_file **file,
				   std::vector<size_t> *order,
				   std::vector<member_decl_text> *decls,
				   size_t *before_first)
{
	/* GCC's fix-it machinery is quadratic in the hints, and nobody
	   reviews a diff of that many lines.  */
	if (t->nr_members > 256)
		return "too many members to rewrite";
	/* The members the body declares: a base is in the base clause, a
	   vptr nowhere, and the engine keeps both first.  */
	std::vector<size_t> src;
	for (size_t i = 0; i < t->nr_members; i++)
		if (!t->members[i].base && !t->members[i].artificial)
			src.push_back(i);
	if (src.empty())
		return "no member is declared in the body";
	std::vector<size_t> names(t->nr_members, std::string::npos);
	const char *path = NULL;
	for (size_t i : src) {
		const struct ph_member *m = &t->members[i];
		tree f = ph_member_decl(type, m, base);
		if (!f)
			return "a member has no declaration of its own";
		location_t loc = DECL_SOURCE_LOCATION(f);
		if (from_macro_expansion_at(loc))
			return "a member comes from a macro";
		expanded_location x = expand_location(loc);
		if (!x.file)
			return "the source is not available";
		if (!path)
			path = x.file;
		else if (strcmp(path, x.file))
			return "the members are in several files";
		const ph_src_file *sf = ph_src_get(x.file);
		if (!sf)
			return "the source is not available";
		*file = sf;
		names[i] = sf->offset(x.line, x.column);
		if (names[i] == std::string::npos)
			return "the source changed";
	}
	const ph_src_file *f = *file;
	const std::string &text = f->text;
	/* The members in the order they are written.  */
	*order = src;
	std::sort(order->begin(), order->end(),
		  [&](size_t a, size_t b) { return names[a] < names[b]; });

	/* The body's top-level declarations, from the '{' before the first
	   member: the one the name's lexer meets when going back is
	   unknown, so go forward from the type's own name.  */
	location_t tloc = ph_type_location(type);
	expanded_location tx = expand_location(tloc);
	size_t open = std::string::npos;
	if (tx.file && strcmp(tx.file, path) == 0 &&
	    !from_macro_expansion_at(tloc)) {
		ph_lexer lx(text, f->offset(tx.line, tx.column), ph_lang_cxx);
		for (;;) {
			ph_tok tok = lx.next();
			if (tok.kind == PH_TOK_EOF || tok.start > names[(*order)[0]])
				break;
			if (lx.is(tok, "{")) {
				/* The body's: the first after the name
				   (an aggregate defined in place inside it
				   has a brace before the member's name).  */
				open = tok.start;
				break;
			} else if (lx.is(tok, "(") || lx.is(tok, "[")) {
				size_t e = ph_skip_balanced(text, tok.start,
							    ph_lang_cxx);
				if (e == std::string::npos)
					break;
				lx.pos = e;
			}
		}
	}
	if (open == std::string::npos)
		return "the definition's braces cannot be found";

	/* Declarations: token runs ending in ';' at the body's level;
	   lines that define or undefine macros stay where they are.  */
	std::vector<std::string> macros;
	ph_lexer lx(text, open + 1, ph_lang_cxx);
	size_t k = 0;		/* the next member, in written order */
	size_t prev_end = open + 1;
	decls->clear();
	while (k < src.size()) {
		ph_tok first = lx.next();
		if (first.kind == PH_TOK_EOF || first.kind == PH_TOK_BAD)
			return "the definition cannot be read";
		std::string macro;
		if (macro_directive(text, first, &macro)) {
			macros.push_back(macro);
			continue;
		}
		if (first.kind == PH_TOK_DIRECTIVE)
			return k ? "a directive stands between the members"
				 : "a directive stands before the members";
		if (lx.is(first, "}"))
			return "the definition cannot be read";
		ph_tok tok = first;
		size_t members_in = 0;
		bool access = false, last_paren = false;
		for (;;) {
			if (tok.kind == PH_TOK_EOF || tok.kind == PH_TOK_BAD ||
			    lx.is(tok, "}"))
				return "the definition cannot be read";
			if (tok.kind == PH_TOK_DIRECTIVE)
				return "a directive stands between the members";
			if (lx.is(tok, "(") || lx.is(tok, "[") ||
			    lx.is(tok, "{")) {
				size_t e = ph_skip_balanced(text, tok.start,
							    ph_lang_cxx);
				if (e == std::string::npos)
					return "the definition cannot be read";
				lx.pos = e;
				/* A function's body ends its definition; an
				   aggregate defined in place goes on to its
				   declarator and ';'.  */
				if (lx.is(tok, "{") && last_paren)
					break;
				last_paren = lx.is(tok, "(");
				tok = lx.next();
				continue;
			}
			last_paren = lx.is(tok, ")") ||
				     (last_paren && tok.kind == PH_TOK_IDENT);
			if (tok.kind == PH_TOK_IDENT &&
			    (lx.is(tok, "public") || lx.is(tok, "private") ||
			     lx.is(tok, "protected"))) {
				ph_tok colon = lx.peek();
				if (lx.is(colon, ":")) {
					access = true;
					lx.next();
					break;
				}
			}
			if (lx.is(tok, ";"))
				break;
			tok = lx.next();
		}
		size_t end = lx.pos;
		for (size_t i : src)
			members_in += names[i] >= first.start && names[i] < end;
		if (access) {
			if (k && k < src.size())
				return "an access specifier stands between "
				       "the members";
			prev_end = end;
			continue;
		}
		if (members_in == 0) {
			/* No member's name in it and a width: an unnamed
			   bitfield, whose bits the new order does not
			   place.  */
			if (unnamed_bitfield(text.substr(first.start,
							 end - first.start)))
				return "an unnamed bitfield is among the "
				       "members";
			if (k)
				return "another declaration stands between "
				       "the members";
			prev_end = end;
			continue;
		}
		if (k + members_in > src.size())
			return "the definition cannot be read";
		std::vector<size_t> at;
		std::vector<tree> fields;
		for (size_t j = k; j < k + members_in; j++) {
			size_t i = (*order)[j];
			if (names[i] < first.start || names[i] >= end)
				return "the definition cannot be read";
			at.push_back(names[i]);
			fields.push_back(ph_member_decl(type, &t->members[i],
						       base));
		}
		member_decl_text d;
		d.start = first.start;
		d.semi = end;
		std::vector<member_decl_text> ds(members_in, d);
		if (members_in > 1) {
			/* Declared together: each may be declared alone
			   if the new order parts them, or SPLIT_WHY says
			   why not (asked only then).  */
			const char *why = split_declaration(f, first.start,
							    end, at, fields,
							    ds.data());
			if (why)
				for (auto &one : ds)
					one.split_why = why;
		}
		if (!k)
			*before_first = prev_end - 1;
		prev_end = end;
		decls->insert(decls->end(), ds.begin(), ds.end());
		k += members_in;
	}
	/* A member declared with a macro the body defines would move
	   away from it.  */
	for (size_t i = 0; i < decls->size() && !macros.empty(); i++) {
		const member_decl_text &d = (*decls)[i];
		if (i && d.start == (*decls)[i - 1].start)
			continue;
		ph_lexer ml(text, d.start, ph_lang_cxx);
		for (ph_tok tok = ml.next(); tok.start < d.semi &&
					     tok.kind != PH_TOK_EOF;
		     tok = ml.next())
			if (tok.kind == PH_TOK_IDENT &&
			    std::find(macros.begin(), macros.end(),
				      ml.str(tok)) != macros.end())
				return "a member's declaration uses a macro "
				       "defined among the members";
	}
	/* After the last member: an unnamed bitfield there takes bits too
	   (in the last storage unit, or one of its own).  */
	size_t decl_start = lx.pos;
	bool after_paren = false;
	for (unsigned n = 0; n < 100000; n++) {
		ph_tok tok = lx.next();
		if (tok.kind == PH_TOK_EOF || tok.kind == PH_TOK_BAD ||
		    lx.is(tok, "}"))
			break;
		if (tok.kind == PH_TOK_DIRECTIVE) {
			decl_start = lx.pos;
			continue;
		}
		if (lx.is(tok, "(") || lx.is(tok, "[") || lx.is(tok, "{")) {
			size_t e = ph_skip_balanced(text, tok.start, ph_lang_cxx);
			if (e == std::string::npos)
				break;
			lx.pos = e;
			/* A function's body ends its definition.  */
			if (lx.is(tok, "{") && after_paren)
				decl_start = lx.pos;
			after_paren = lx.is(tok, "(");
			continue;
		}
		after_paren = after_paren && !lx.is(tok, ";");
		if (lx.is(tok, ";")) {
			if (unnamed_bitfield(text.substr(decl_start,
							 tok.start - decl_start)))
				return "an unnamed bitfield is among the members";
			decl_start = lx.pos;
		}
	}
	return NULL;
}

/* The member lines permuted: chunk I of the written order gets the
   text of the member the new order puts there.  */
static std::string with_edits(const std::string &text, size_t a, size_t b,
			      const std::vector<ph_src_edit> &inner);

/* Whether a comment stands in TEXT between A and B.  */
static bool has_comment(const std::string &t, size_t a, size_t b)
{
	ph_lexer lx(t, a, ph_lang_cxx);
	size_t prev = a;

	for (;;) {
		ph_tok tok = lx.next();
		size_t s = tok.kind == PH_TOK_EOF || tok.start >= b ? b
								     : tok.start;
		size_t c = t.find_first_not_of(" \t\r\n\f\v", prev);
		if (c != std::string::npos && c < s)
			return true;
		if (s == b)
			return false;
		prev = tok.end;
	}
}

/* Member D declared alone: its declaration, or for one declared with
   others, the specifiers and its declarator.  */
static std::string declared_alone(const std::string &t,
				  const member_decl_text &d)
{
	if (d.spec_end == std::string::npos)
		return t.substr(d.start, d.semi - d.start);
	return t.substr(d.start, d.spec_end - d.start) + " " +
	       t.substr(d.dstart, d.dend - d.dstart) + ";";
}

/* Why members of BLOCK's declarations cannot be declared alone, or
   NULL.  */
static const char *why_not_alone(const std::vector<member_decl_text> &decls,
				 size_t a, size_t b)
{
	for (size_t w = a; w < b; w++)
		if (decls[w].split_why)
			return decls[w].split_why;
	return NULL;
}

/* Blocks of members, [a, b) of the written order, that move as one
   text: for each, whether PERM keeps it whole (its members in
   consecutive places in their written order, with no text that stays
   in place, KEPT[k] before place k, among them).  */
typedef std::pair<size_t, size_t> member_block;

static std::vector<bool> whole_blocks(const std::vector<member_block> &blocks,
				      const std::vector<size_t> &perm,
				      const std::vector<bool> &kept)
{
	std::vector<size_t> place(perm.size());
	for (size_t k = 0; k < perm.size(); k++)
		place[perm[k]] = k;
	std::vector<bool> whole;
	for (const auto &bl : blocks) {
		size_t k0 = place[bl.first];
		bool ok = true;
		for (size_t w = bl.first; w < bl.second && ok; w++) {
			size_t k = k0 + (w - bl.first);
			ok = k < perm.size() && perm[k] == w &&
			     (w == bl.first || !kept[k]);
		}
		whole.push_back(ok);
	}
	return whole;
}

static const char *chunk_edits(const ph_src_file *f, size_t open_line_end,
			       const std::vector<member_decl_text> &decls,
			       const std::vector<size_t> &perm,
			       const std::vector<ph_src_edit> &inner,
			       std::vector<ph_src_edit> *edits)
{
	const std::string &t = f->text;
	/* Each block's lines (its members' declarations, which may share
	   a declaration or a line), and before it what stays in place:
	   blank lines and what a blank line parts from the member (a
	   section's heading comment).  Comment lines right above a member
	   are its own and move with it.  */
	std::vector<std::pair<size_t, size_t>> chunks, gaps;
	std::vector<member_block> blocks;
	std::vector<size_t> block_of(decls.size());
	size_t begin = open_line_end;

	for (size_t k = 0; k < decls.size();) {
		const member_decl_text &d = decls[k];
		/* The chunk starts on a line of its own ...  */
		if (!only_comments(t, begin, d.start, true) && begin != d.start)
			return "several members are declared on one line";
		size_t line_start = t.rfind('\n', d.start - 1);
		line_start = line_start == std::string::npos ? 0 : line_start + 1;
		if (line_start < begin)
			return k ? "several members are declared on one line"
				 : "a member shares its line with a brace";
		/* ... and ends with its line, a comment after it allowed;
		   a declaration that starts on that line joins it.  */
		size_t a = k, end;
		for (;;) {
			size_t semi = decls[k].semi;
			while (k < decls.size() && decls[k].semi == semi)
				block_of[k++] = blocks.size();
			end = line_end(f, semi);
			if (k < decls.size() && decls[k].start < end)
				continue;
			if (!only_comments(t, semi, end))
				return "several members are declared on one "
				       "line";
			break;
		}
		blocks.push_back(member_block(a, k));
		/* The last blank line above it parts what stays, and so
		   does a line defining a macro (which stays).  */
		size_t attach = begin;
		for (size_t p = begin; p < line_start;) {
			size_t nl = t.find('\n', p);
			if (nl == std::string::npos || nl >= line_start)
				break;
			if (t.find_first_not_of(" \t\r", p) >= nl)
				attach = nl + 1;
			p = nl + 1;
		}
		ph_lexer ml(t, begin, ph_lang_cxx);
		for (ph_tok tok = ml.next();
		     tok.kind != PH_TOK_EOF && tok.start < line_start;
		     tok = ml.next()) {
			size_t nl = t.find('\n', tok.end);
			if (tok.kind == PH_TOK_DIRECTIVE && nl != std::string::npos &&
			    nl < line_start)
				attach = std::max(attach, nl + 1);
		}
		gaps.push_back(std::make_pair(begin, attach));
		chunks.push_back(std::make_pair(attach, end + 1));
		begin = end + 1;
	}
	std::vector<bool> kept(decls.size(), false);
	for (size_t c = 0; c < blocks.size(); c++)
		kept[blocks[c].first] = gaps[c].second > gaps[c].first;
	std::vector<bool> whole = whole_blocks(blocks, perm, kept);
	/* The region of lines, rewritten line by line (a fix-it stays on
	   one line); the permuted region has the same lines, reordered,
	   and a line for each member a block parted from the others.  */
	std::string now = t.substr(gaps.front().first,
				   chunks.back().second - gaps.front().first);
	std::string then;
	for (size_t k = 0; k < perm.size();) {
		size_t c = block_of[perm[k]];
		for (size_t g = 0; g < blocks.size(); g++)
			if (blocks[g].first == k)
				then += t.substr(gaps[g].first,
						 gaps[g].second - gaps[g].first);
		if (whole[c]) {
			then += with_edits(t, chunks[c].first, chunks[c].second,
					   inner);
			k += blocks[c].second - blocks[c].first;
			continue;
		}
		/* Parted: each member on a line of its own, indented as
		   the block; nothing else there to lose.  */
		if (const char *why = why_not_alone(decls, blocks[c].first,
						    blocks[c].second))
			return why;
		if (has_comment(t, chunks[c].first, chunks[c].second))
			return "a comment stands on the lines of members the "
			       "new order parts";
		for (const auto &e : inner)
			if (e.off < chunks[c].second && chunks[c].first < e.end)
				return "the new order parts members declared "
				       "together and moves members inside";
		size_t body = t.find_first_not_of(" \t", chunks[c].first);
		size_t eol = chunks[c].second - 1;
		then += t.substr(chunks[c].first, body - chunks[c].first);
		then += declared_alone(t, decls[perm[k]]);
		then += eol > 0 && eol < t.size() && t[eol - 1] == '\r' ? "\r\n"
									: "\n";
		k++;
	}
	size_t a = 0, b = 0, off = gaps.front().first;
	while (a < now.size()) {
		size_t na = now.find('\n', a), nb = then.find('\n', b);
		if (na == std::string::npos)
			return "the definition cannot be read";
		if (nb == std::string::npos)
			return "the new order would leave a line empty";
		std::string ol = now.substr(a, na - a), nl = then.substr(b, nb - b);
		size_t cut = ol.size(), cutn = nl.size();
		if (cut && ol[cut - 1] == '\r')
			cut--;
		if (cutn && nl[cutn - 1] == '\r')
			cutn--;
		if (ol.compare(0, cut, nl, 0, cutn) != 0) {
			ph_src_edit e;
			e.file = f->path;
			e.off = off + a;
			e.end = off + a + cut;
			e.new_text = nl.substr(0, cutn);
			edits->push_back(e);
		}
		a = na + 1;
		b = nb + 1;
	}
	/* The lines of parted members beyond the region's: inserted
	   whole before the line after it.  */
	if (b < then.size()) {
		ph_src_edit e;
		e.file = f->path;
		e.off = e.end = off + now.size();
		e.new_text = then.substr(b);
		edits->push_back(e);
	}
	return NULL;
}

/* All members on one line: each declaration's text goes where the
   declaration of the member the new order puts there was; members the
   new order parts from a declaration they share are declared alone,
   the line then rewritten whole.  */
static const char *span_edits(const ph_src_file *f,
			      const std::vector<member_decl_text> &decls,
			      const std::vector<size_t> &perm,
			      std::vector<ph_src_edit> *edits)
{
	const std::string &t = f->text;
	std::vector<member_block> blocks;
	std::vector<size_t> block_of(decls.size());

	for (size_t w = 0; w < decls.size(); w++) {
		if (!w || decls[w].start != decls[w - 1].start)
			blocks.push_back(member_block(w, w));
		blocks.back().second = w + 1;
		block_of[w] = blocks.size() - 1;
	}
	for (size_t c = 0; c + 1 < blocks.size(); c++) {
		const member_decl_text &d = decls[blocks[c].first];
		const member_decl_text &n = decls[blocks[c + 1].first];
		if (t.substr(d.semi, n.start - d.semi)
			    .find_first_not_of(" \t") != std::string::npos)
			return "a comment stands between members declared on "
			       "one line";
	}
	std::vector<bool> whole = whole_blocks(
		blocks, perm, std::vector<bool>(decls.size(), false));
	if (std::find(whole.begin(), whole.end(), false) == whole.end()) {
		/* The declarations permuted in place.  */
		for (size_t c = 0, k = 0; k < perm.size(); c++) {
			size_t from = block_of[perm[k]];
			const member_decl_text &to = decls[blocks[c].first];
			const member_decl_text &d = decls[blocks[from].first];
			k += blocks[from].second - blocks[from].first;
			if (from == c)
				continue;
			ph_src_edit e;
			e.file = f->path;
			e.off = to.start;
			e.end = to.semi;
			e.new_text = t.substr(d.start, d.semi - d.start);
			edits->push_back(e);
		}
		return NULL;
	}
	if (has_comment(t, decls.front().start, decls.back().semi))
		return "a comment stands between members declared on one line";
	std::string line;
	for (size_t k = 0; k < perm.size();) {
		size_t c = block_of[perm[k]];
		if (k)
			line += " ";
		if (whole[c]) {
			const member_decl_text &d = decls[blocks[c].first];
			line += t.substr(d.start, d.semi - d.start);
			k += blocks[c].second - blocks[c].first;
			continue;
		}
		if (const char *why = why_not_alone(decls, blocks[c].first,
						    blocks[c].second))
			return why;
		line += declared_alone(t, decls[perm[k]]);
		k++;
	}
	ph_src_edit e;
	e.file = f->path;
	e.off = decls.front().start;
	e.end = decls.back().semi;
	e.new_text = line;
	edits->push_back(e);
	return NULL;
}

/* TEXT[A, B) with the edits of INNER that lie in it made.  */
static std::string with_edits(const std::string &text, size_t a, size_t b,
			      const std::vector<ph_src_edit> &inner)
{
	std::vector<const ph_src_edit *> in;
	for (const auto &e : inner)
		if (a <= e.off && e.end <= b)
			in.push_back(&e);
	std::sort(in.begin(), in.end(),
		  [](const ph_src_edit *x, const ph_src_edit *y) {
			  return x->off < y->off;
		  });
	std::string out;
	size_t pos = a;
	for (const ph_src_edit *e : in) {
		out += text.substr(pos, e->off - pos);
		out += e->new_text;
		pos = e->end;
	}
	out += text.substr(pos, b - pos);
	return out;
}

/* The edits that put TYPE's members (its layout's T, members MEMBERS)
   in the order WANT: the declarations (and their comments) moved; an
   aggregate defined in place whose own members move rewritten inside
   first (TYPE then is one at BASE bits into T's outermost type).  NULL,
   or why they cannot be made.  */
static const char *reorder_definition(
	tree type, const struct ph_type *t, uint64_t base,
	const std::vector<const struct ph_member *> &want,
	std::vector<ph_src_edit> *edits, unsigned depth)
{
	const ph_src_file *f = NULL;
	std::vector<size_t> written;
	std::vector<member_decl_text> decls;
	size_t before_first = 0;
	const char *obstacle = read_definition(type, t, base, &f, &written,
					       &decls,
					       &before_first);
	if (obstacle)
		return obstacle;
	if (want.size() != written.size())
		return "the new order moves an unnamed bitfield";
	/* perm[k]: the written declaration that goes to place K.  */
	std::vector<size_t> perm(written.size());
	std::vector<ph_src_edit> inner;
	for (size_t k = 0; k < want.size(); k++) {
		char kw[256], kf[256];
		const char *key = ph_member_key(want[k], kw, sizeof(kw));
		size_t from = 0;
		while (from < written.size() &&
		       strcmp(ph_member_key(&t->members[written[from]], kf,
					    sizeof(kf)),
			      key) != 0)
			from++;
		if (from == written.size())
			return "a member of the new order is not in the "
			       "definition";
		perm[k] = from;
		const struct ph_member *m = &t->members[written[from]];
		if (ph_same_inner_order(m, want[k]))
			continue;
		/* Its own members move: the aggregate's body rewritten,
		   once (members declared together share it).  */
		bool shared = (from && decls[from - 1].start ==
					       decls[from].start) ||
			      (from + 1 < decls.size() &&
			       decls[from + 1].start == decls[from].start);
		if (shared)
			return "the new order moves members inside a type "
			       "that members declared together share";
		tree field = ph_member_decl(type, m, base);
		tree ftype = field ? TREE_TYPE(field) : NULL_TREE;
		if (!ftype || !RECORD_OR_UNION_TYPE_P(ftype) || depth > 8)
			return "the new order moves members inside an "
			       "aggregate defined in place";
		struct ph_type nested = *t;
		nested.members = m->members;
		nested.nr_members = m->nr_members;
		std::vector<const struct ph_member *> wn;
		for (size_t i = 0; i < want[k]->nr_members; i++)
			if (!want[k]->members[i].base &&
			    !want[k]->members[i].artificial)
				wn.push_back(&want[k]->members[i]);
		if (const char *why = reorder_definition(ftype, &nested,
							 m->bit_offset, wn,
							 &inner, depth + 1))
			return why;
	}
	const std::string &text = f->text;
	bool one_line = line_of(f, decls.front().start) ==
			line_of(f, decls.back().semi);
	if (one_line)
		return inner.empty()
			       ? span_edits(f, decls, perm, edits)
			       : "members inside an aggregate defined in place "
				 "move, on one line";
	/* From the line after the one that holds what comes before the
	   first member ('{', an access specifier).  */
	return chunk_edits(f, std::min(line_end(f, before_first) + 1,
				       text.size()),
			   decls, perm, inner, edits);
}

/* The definition's own site: its member declarations (and their
   comments) moved into SUGGESTED's order.  */
static void definition_site(tree type, const struct ph_type *t,
			    const struct ph_type *suggested, ph_unit_site *s)
{
	s->kind = PH_SITE_DEFINITION;
	ph_site_place(s, ph_type_location(type));
	/* The new order's members the body declares, in order.  */
	std::vector<const struct ph_member *> want;
	bool spelled = false;
	for (size_t k = 0; k < suggested->nr_members; k++) {
		const struct ph_member *m = &suggested->members[k];

		if (m->base || m->artificial)
			continue;
		if (!*m->name && m->bitfield)
			spelled = true;
		else
			want.push_back(m);
	}
	const char *obstacle =
		spelled ? "the new order moves an unnamed bitfield"
			: reorder_definition(type, t, 0, want, &s->edits, 0);
	if (obstacle) {
		s->why = obstacle;
		s->edits.clear();
		return;
	}
	s->rewrite = true;
}

static bool path_has(const char *file, const char *part)
{
	return file && strstr(file, part) != NULL;
}

/* What the type itself says: packed, a public header, pokehole_abi.  */
static void own_sites(tree type, const struct ph_type *t,
		      std::vector<ph_unit_site> *out)
{
	location_t loc = ph_type_location(type);
	expanded_location x = expand_location(loc);
	const char *abi = NULL;

	if (t->packed || TYPE_PACKED(type)) {
		ph_unit_site s;
		s.kind = PH_SITE_PACKED;
		ph_site_place(&s, loc);
		s.why = "declared packed";
		out->push_back(s);
	}
	if (lookup_attribute("pokehole_abi", TYPE_ATTRIBUTES(type)))
		abi = "marked pokehole_abi";
	else if (in_system_header_at(loc))
		abi = "defined in a system header";
	else if (path_has(x.file, "/uapi/") ||
		 (x.file && strncmp(x.file, "uapi/", 5) == 0))
		abi = "defined in a uapi header";
	else if (x.file && (strncmp(x.file, "/usr/include/", 13) == 0 ||
			    strncmp(x.file, "/usr/local/include/", 19) == 0))
		abi = "defined in an installed header";
	if (abi) {
		ph_unit_site s;
		s.kind = PH_SITE_ABI;
		ph_site_place(&s, loc);
		s.why = abi;
		out->push_back(s);
	}
}

static std::set<tree> *lifetimes_done;

void ph_sites_assemble(tree type, const struct ph_type *t,
		       const struct ph_type *suggested, ph_type_report *out)
{
	*out = ph_type_report();
	type = TYPE_MAIN_VARIANT(type);
	if (suggested && suggested != t && suggested->size < t->size) {
		ph_unit_site d;
		definition_site(type, t, suggested, &d);
		out->sites.push_back(d);
		out->suggested = suggested;
		char key[256];
		for (size_t i = 0; i < suggested->nr_members; i++)
			if (*suggested->members[i].name ||
			    !suggested->members[i].bitfield)
				out->order.push_back(ph_member_key(
					&suggested->members[i], key,
					sizeof(key)));
	}
	own_sites(type, t, &out->sites);
	if (ph_lang_cxx) {
		if (!lifetimes_done) {
			lifetimes_done = new std::set<tree>;
			ph_cxx_forwarded_sites();
		}
		if (lifetimes_done->insert(type).second)
			ph_cxx_record_lifetimes(type);
	}
	if (const std::vector<ph_unit_site> *v = ph_sites_of(type))
		for (const auto &s : *v)
			out->sites.push_back(s);
	/* An assertion matters to a new order only: the unit's text is
	   read for them once a type has one.  */
	if (out->suggested)
		ph_asserts_for(type, t, &out->sites);
	for (const auto &s : out->sites)
		out->fixed |= ph_site_kind_fixed(s.kind);
}

/* What a list's slot becomes: element K's text moved there (after
   PREFIX), or LITERAL.  */
struct slot {
	size_t k = std::string::npos;
	std::string prefix;
	std::string literal;
};

/* The positional list P made designated, in the order MEMBERS: each
   element named (.m = ...), members without one left to their
   defaults.  */
static bool designate_list(const ph_permute &p,
			   const std::vector<std::string> &members,
			   std::vector<slot> *slots, std::string *why)
{
	slots->clear();
	for (const auto &name : members)
		for (size_t k = 0; k < p.fields.size(); k++)
			if (p.fields[k] == name) {
				slot sl;
				sl.k = k;
				sl.prefix = "." + name + " = ";
				slots->push_back(sl);
			}
	if (slots->size() != p.fields.size()) {
		*why = "an element stands for no member of the new order";
		return false;
	}
	return true;
}

/* PERMUTE's elements rearranged into ORDER: the edits, or false.  Each
   element goes as a move, so that a list inside it that another type's
   edits rewrite is moved rewritten.  */
static bool permute_edits(const ph_permute &p,
			  const std::vector<std::string> &order,
			  std::vector<ph_src_edit> *out, std::string *why)
{
	/* The members of the new order, bases (named "") aside: they stay
	   first, and so do their elements.  */
	std::vector<std::string> members;
	for (const auto &n : order)
		if (!n.empty())
			members.push_back(n);
	auto rank = [&](const std::string &name) -> long {
		for (size_t i = 0; i < members.size(); i++)
			if (members[i] == name)
				return (long)i;
		return -1;
	};
	size_t prefix = 0;
	while (prefix < p.fields.size() && p.fields[prefix].empty())
		prefix++;
	for (size_t k = prefix; k < p.fields.size(); k++) {
		if (p.fields[k].empty() || rank(p.fields[k]) < 0) {
			*why = "an element stands for no member of the new "
			       "order";
			return false;
		}
	}
	std::vector<slot> slots;
	for (size_t k = 0; k < prefix; k++) {
		slot sl;
		sl.k = k;
		slots.push_back(sl);
	}
	if (p.positional) {
		/* By position: each member of the new order up to the last
		   one given a value; a member in between gets "{}" when
		   leaving it out would have value-initialized it.  */
		long last = -1;
		for (size_t k = prefix; k < p.fields.size(); k++)
			last = std::max(last, rank(p.fields[k]));
		for (long i = 0; i <= last; i++) {
			size_t k = prefix;
			while (k < p.fields.size() && p.fields[k] != members[i])
				k++;
			slot sl;
			if (k < p.fields.size()) {
				sl.k = k;
				slots.push_back(sl);
				continue;
			}
			if (std::find(p.omissible.begin(), p.omissible.end(),
				      members[i]) == p.omissible.end()) {
				if (p.can_designate && !prefix) {
					if (!designate_list(p, members, &slots,
							    why))
						return false;
					break;
				}
				*why = "'" + members[i] +
				       "' has a default member initializer, "
				       "which a positional list cannot leave "
				       "to it once a later member is given";
				return false;
			}
			sl.literal = "{}";
			slots.push_back(sl);
		}
	} else {
		std::vector<size_t> idx;
		for (size_t k = prefix; k < p.fields.size(); k++)
			idx.push_back(k);
		std::stable_sort(idx.begin(), idx.end(),
				 [&](size_t a, size_t b) {
					 return rank(p.fields[a]) <
						rank(p.fields[b]);
				 });
		for (size_t k : idx) {
			slot sl;
			sl.k = k;
			slots.push_back(sl);
		}
	}
	size_t n = std::min(slots.size(), p.spans.size());
	for (size_t k = 0; k < n; k++) {
		const slot &sl = slots[k];
		if (sl.k == k && sl.prefix.empty())
			continue;
		ph_src_edit e;
		e.file = p.file;
		e.off = p.spans[k].first;
		e.end = p.spans[k].second;
		if (sl.k == std::string::npos) {
			e.new_text = sl.literal;
		} else {
			e.new_text = sl.prefix;
			e.src_off = p.spans[sl.k].first;
			e.src_end = p.spans[sl.k].second;
		}
		out->push_back(e);
	}
	for (size_t k = p.spans.size(); k < slots.size(); k++) {
		const slot &sl = slots[k];
		ph_src_edit e;
		e.file = p.file;
		e.off = e.end = p.append_at;
		e.new_text = (k || p.spans.size() ? ", " : "") + sl.prefix;
		if (sl.k == std::string::npos) {
			e.new_text += sl.literal;
		} else {
			e.src_off = p.spans[sl.k].first;
			e.src_end = p.spans[sl.k].second;
		}
		out->push_back(e);
	}
	return true;
}

static bool site_edits(const ph_type_report &r, const ph_unit_site &s,
		       std::vector<ph_src_edit> *out, std::string *why)
{
	for (const auto &e : s.edits)
		out->push_back(e);
	for (const auto &p : s.permutes)
		if (!permute_edits(p, r.order, out, why))
			return false;
	return true;
}

static struct ph_site c_site(const ph_unit_site &s)
{
	struct ph_site c;

	c.kind = s.kind;
	c.file = s.file.c_str();
	c.line = s.line;
	c.column = s.column;
	c.member = s.member.c_str();
	c.other = s.other.c_str();
	c.why = s.why.c_str();
	c.rewrite = s.rewrite;
	return c;
}

static std::vector<const char *> order_cstr(const ph_type_report &r)
{
	std::vector<const char *> v;

	for (const auto &n : r.order)
		v.push_back(n.c_str());
	return v;
}

bool ph_site_ok(const ph_type_report &r, const struct ph_type *t,
		const ph_unit_site &s, const char **why)
{
	static std::string reason;
	struct ph_site c = c_site(s);
	std::vector<const char *> order = order_cstr(r);

	*why = NULL;
	if (!r.suggested)
		return true;
	if (c.rewrite && !s.permutes.empty()) {
		std::vector<ph_src_edit> scratch;
		std::string w;
		if (!site_edits(r, s, &scratch, &w)) {
			reason = w;
			*why = reason.c_str();
			return false;
		}
	}
	return ph_site_allows(&c, t, r.suggested, order.data(), order.size(),
			      why);
}

/* Two edits of one file that overlap (insertions at one place
   included, unless they are the same).  */
static bool overlap(const ph_src_edit &a, const ph_src_edit &b)
{
	if (a.file != b.file)
		return false;
	if (a.off == a.end && b.off == b.end)
		return a.off == b.off;
	return a.off < b.end && b.off < a.end;
}

bool ph_sites_edits(const ph_type_report &r, std::vector<ph_src_edit> *out,
		    std::string *why)
{
	std::vector<ph_src_edit> all;

	for (const auto &s : r.sites) {
		if (!s.rewrite)
			continue;
		if (!site_edits(r, s, &all, why))
			return false;
	}
	for (const auto &e : all) {
		bool dup = false;
		for (const auto &o : *out) {
			if (o == e) {
				dup = true;
				break;
			}
			if (overlap(o, e)) {
				*why = "two of its edits overlap";
				return false;
			}
		}
		if (!dup)
			out->push_back(e);
	}
	return true;
}

const char *ph_site_words(enum ph_site_kind kind)
{
	switch (kind) {
	case PH_SITE_DEFINITION:
		return "its definition";
	case PH_SITE_POSITIONAL:
		return "a positional initializer";
	case PH_SITE_DESIGNATED:
		return "a designated initializer";
	case PH_SITE_MEM_INIT:
		return "a mem-initializer list";
	case PH_SITE_READS:
		return "a member initialized from another";
	case PH_SITE_BINDING:
		return "a structured binding";
	case PH_SITE_FIRST_MEMBER:
		return "a cast to or from its first member";
	case PH_SITE_PACKED:
		return "packed";
	case PH_SITE_IO:
		return "its bytes written or read whole";
	case PH_SITE_ABI:
		return "part of a public ABI";
	case PH_SITE_ASSERT:
		return "a static assertion on its layout";
	case PH_SITE_FORWARDED:
		return "aggregate initialization from a call's arguments";
	case PH_SITE_INITIALIZER:
		return "an initializer that cannot be read";
	case PH_SITE_LIFETIME:
		return "members constructed and destroyed in order";
	case PH_SITE_NR_KINDS:
		break;
	}
	return "a site";
}

/* The compiler's working directory, which relative file names are
   in.  */
static const char *working_dir(void)
{
	static char cwd[4096];

	if (!cwd[0] && !getcwd(cwd, sizeof(cwd)))
		strcpy(cwd, ".");
	return cwd;
}

void ph_sites_render_unit(struct ph_buf *out)
{
	ph_render_sites_unit(out, working_dir(),
			     main_input_filename ? main_input_filename : "");
}

void ph_sites_render(const ph_type_report &r, const struct ph_type *t,
		     struct ph_buf *out)
{
	struct ph_type_sites ts;
	std::vector<struct ph_site> sites;
	std::vector<std::string> whys;
	std::vector<const char *> order = order_cstr(r);
	std::vector<ph_src_edit> edits;
	std::vector<struct ph_edit> cedits;
	std::vector<std::string> olds;
	std::vector<std::string> files;

	whys.reserve(r.sites.size());
	for (const auto &s : r.sites) {
		struct ph_site c = c_site(s);
		const char *why;

		/* A site whose edits cannot follow this order cannot be
		   rewritten for it.  */
		if (c.rewrite && r.suggested && !s.permutes.empty() &&
		    !ph_site_ok(r, t, s, &why) && why) {
			whys.push_back(why);
			c.why = whys.back().c_str();
			c.rewrite = false;
		}
		sites.push_back(c);
	}
	if (r.suggested) {
		for (const auto &s : r.sites) {
			std::string w;
			std::vector<ph_src_edit> one;
			if (s.rewrite && site_edits(r, s, &one, &w))
				for (const auto &e : one)
					if (std::find(edits.begin(), edits.end(),
						      e) == edits.end())
						edits.push_back(e);
		}
	}
	olds.reserve(edits.size());
	for (const auto &e : edits) {
		const ph_src_file *f = ph_src_get(e.file.c_str());
		struct ph_edit c = {};

		if (!f)
			continue;
		c.file = e.file.c_str();
		f->position(e.off, &c.line, &c.column);
		f->position(e.end, &c.end_line, &c.end_column);
		olds.push_back(f->text.substr(e.off, e.end - e.off));
		c.old_text = olds.back().c_str();
		c.new_text = e.new_text.c_str();
		c.moves = e.src_off != std::string::npos;
		if (c.moves) {
			f->position(e.src_off, &c.from_line, &c.from_column);
			f->position(e.src_end, &c.from_end_line,
				    &c.from_end_column);
		}
		cedits.push_back(c);
	}

	memset(&ts, 0, sizeof(ts));
	ts.name = t->name;
	ts.kind = t->kind;
	ts.typedef_name = t->typedef_name;
	ts.file = t->file ? t->file : "";
	ts.line = t->line;
	ts.dir = working_dir();
	ts.unit = main_input_filename ? main_input_filename : "";
	ts.size = t->size;
	ts.new_size = r.suggested ? r.suggested->size : t->size;
	ts.nr_order = order.size();
	ts.order = order.data();
	ts.nr_sites = sites.size();
	ts.sites = sites.data();
	ts.nr_edits = cedits.size();
	ts.edits = cedits.data();
	ph_render_sites(out, &ts);
}

bool ph_sites_worth_a_record(const ph_type_report &r)
{
	/* A new order suggested, or a site in the unit's code: what the
	   type itself says (packed, a header of an ABI) is said again by
	   every unit, and matters only to an order.  */
	if (r.suggested)
		return true;
	for (const auto &s : r.sites)
		if (s.kind != PH_SITE_PACKED && s.kind != PH_SITE_ABI &&
		    s.kind != PH_SITE_DEFINITION)
			return true;
	return false;
}

void ph_sites_out_release(void)
{
	delete lifetimes_done;
	lifetimes_done = nullptr;
}
