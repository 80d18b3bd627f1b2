/* The definition's member declarations, read from its text (defread.h
   says what it gives).  Apart from sites-out.cc: reading a body's
   declarations is a parser of its own, and the edits that move them
   (defsite.cc) only use what it found.  */
#include "sites.h"

#include <algorithm>

#include "plugin.h"
#include "sites-tree.h"
#include "defread.h"

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
bool ph_only_comments(const std::string &text, size_t a, size_t b,
		      bool macros)
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

uint32_t ph_line_of(const ph_src_file *f, size_t off)
{
	uint32_t line, col;

	f->position(off, &line, &col);
	return line;
}

/* The end of the line holding OFF, or of the comment that starts on it
   and runs on past it.  */
size_t ph_line_end(const ph_src_file *f, size_t off)
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
				     ph_member_decl_text *d)
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
const char *ph_read_definition(tree type, const struct ph_type *t,
			       uint64_t base, const ph_src_file **file,
			       std::vector<size_t> *order,
			       std::vector<ph_member_decl_text> *decls,
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
		ph_member_decl_text d;
		d.start = first.start;
		d.semi = end;
		std::vector<ph_member_decl_text> ds(members_in, d);
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
		const ph_member_decl_text &d = (*decls)[i];
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
