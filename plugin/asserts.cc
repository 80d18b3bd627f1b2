/* Static assertions on a type's layout: _Static_assert, static_assert,
   the kernel's BUILD_BUG_ON and macros made of them, whose condition
   takes offsetof(TYPE, MEMBER) or sizeof(TYPE).  The front end folds
   these to a constant and keeps nothing, so they are read from the text
   of the unit's own files (not the system headers), once, when a type
   first asks; a macro counts as an assertion when its replacement list
   names one.  Only what the text spells out is found: an assertion on
   sizeof of a variable of the type is not.  */
#include "sites.h"

#include <algorithm>
#include <map>
#include <set>

#include "plugin.h"
#include "sites-tree.h"

/* An assertion's mention of a type: TYPE as written (struct s, s_t),
   MEMBER for offsetof ("" for sizeof).  */
struct mention {
	std::string type;
	std::string member;
	std::string file;
	uint32_t line, column;
	std::string what;	/* the macro or keyword */
};

static std::vector<mention> *mentions;
/* Typedef names of record types: TYPE_MAIN_VARIANT -> names.  */
static std::map<tree, std::vector<std::string>> *aliases;

std::vector<std::string> ph_type_aliases(tree type)
{
	if (!aliases)
		return {};
	auto it = aliases->find(TYPE_MAIN_VARIANT(type));
	return it == aliases->end() ? std::vector<std::string>() : it->second;
}

void ph_asserts_note_typedef(tree decl)
{
	if (TREE_CODE(decl) != TYPE_DECL || !DECL_NAME(decl) ||
	    !DECL_ORIGINAL_TYPE(decl))
		return;
	tree type = TYPE_MAIN_VARIANT(TREE_TYPE(decl));
	if (!RECORD_OR_UNION_TYPE_P(type))
		return;
	if (!aliases)
		aliases = new std::map<tree, std::vector<std::string>>;
	auto &v = (*aliases)[type];
	std::string n = IDENTIFIER_POINTER(DECL_NAME(decl));
	if (std::find(v.begin(), v.end(), n) == v.end())
		v.push_back(n);
}

static const char *const keywords[] = {
	"_Static_assert", "static_assert", "BUILD_BUG_ON",
	"BUILD_BUG_ON_MSG", "BUILD_BUG_ON_ZERO", "compiletime_assert",
	"STATIC_ASSERT", "CTASSERT", "C_ASSERT", "COMPILE_TIME_ASSERT",
	"ASSERT_STRUCT_OFFSET", "CACHELINE_ASSERT_GROUP_MEMBER",
	"CACHELINE_ASSERT_GROUP_SIZE",
};

/* The macros whose replacement list names an assertion (or such a
   macro), found through the preprocessor's table.  */
struct macro_scan {
	std::set<std::string> *names;
	std::map<std::string, std::vector<std::string>> uses;
	/* Each macro's definition, "NAME(params) body".  */
	std::map<std::string, std::string> defs;
};

static int note_macro(cpp_reader *pfile, cpp_hashnode *node, void *data)
{
	macro_scan *ms = (macro_scan *)data;

	if (!cpp_user_macro_p(node))
		return 1;
	const unsigned char *def = cpp_macro_definition(pfile, node);
	if (!def)
		return 1;
	std::string s((const char *)def);
	ph_lexer lx(s, 0, ph_lang_cxx);
	ph_tok tok = lx.next();	/* the name */
	std::vector<std::string> used;
	for (tok = lx.next(); tok.kind != PH_TOK_EOF && tok.kind != PH_TOK_BAD;
	     tok = lx.next())
		if (tok.kind == PH_TOK_IDENT)
			used.push_back(lx.str(tok));
	ms->uses[(const char *)NODE_NAME(node)] = used;
	ms->defs[(const char *)NODE_NAME(node)] = s;
	return 1;
}

static bool word_at(const std::string &t, size_t off, size_t len)
{
	auto ident = [](unsigned char c) {
		return ISALNUM(c) || c == '_' || c == '$';
	};
	return (off == 0 || !ident(t[off - 1])) &&
	       (off + len >= t.size() || !ident(t[off + len]));
}

/* A line that is a directive (a #define's body names assertions as a
   macro would, and is found through the macro's uses).  */
static bool in_directive(const std::string &t, size_t off)
{
	size_t start = t.rfind('\n', off);
	start = start == std::string::npos ? 0 : start + 1;
	/* Continued lines belong to the directive above.  */
	while (start >= 2 && t[start - 2] == '\\') {
		size_t prev = t.rfind('\n', start - 2);
		start = prev == std::string::npos ? 0 : prev + 1;
	}
	size_t k = t.find_first_not_of(" \t", start);
	return k != std::string::npos && k < off && t[k] == '#';
}

/* The type and member of offsetof(TYPE, MEMBER...) or sizeof(TYPE) in
   the assertion's argument text [FROM, TO).  */
static void scan_args(const std::string &t, size_t from, size_t to,
		      const mention &at, std::vector<mention> *out)
{
	ph_lexer lx(t, from, ph_lang_cxx);

	for (;;) {
		ph_tok tok = lx.next();
		if (tok.kind == PH_TOK_EOF || tok.start >= to ||
		    tok.kind == PH_TOK_BAD)
			return;
		bool off = lx.is(tok, "offsetof") ||
			   lx.is(tok, "__builtin_offsetof") ||
			   lx.is(tok, "offsetofend");
		bool size = lx.is(tok, "sizeof");
		if (!off && !size)
			continue;
		ph_tok open = lx.peek();
		if (!lx.is(open, "("))
			continue;
		size_t end = ph_skip_balanced(t, open.start, ph_lang_cxx);
		if (end == std::string::npos || end > to)
			continue;
		/* The type: up to the first comma at depth 0.  */
		ph_lexer in(t, open.end, ph_lang_cxx);
		std::string type, member;
		int depth = 0;
		bool comma = false;
		for (;;) {
			ph_tok x = in.next();
			if (x.start >= end - 1 || x.kind == PH_TOK_EOF)
				break;
			if (in.is(x, "(") || in.is(x, "[") || in.is(x, "<"))
				depth++;
			else if (in.is(x, ")") || in.is(x, "]") ||
				 in.is(x, ">"))
				depth--;
			if (depth == 0 && in.is(x, ",")) {
				comma = true;
				ph_tok m = in.next();
				if (m.kind == PH_TOK_IDENT)
					member = in.str(m);
				break;
			}
			if (x.kind == PH_TOK_IDENT &&
			    (in.is(x, "struct") || in.is(x, "union") ||
			     in.is(x, "class") || in.is(x, "const") ||
			     in.is(x, "volatile") || in.is(x, "typename")))
				continue;
			type += in.str(x);
		}
		lx.pos = end;
		if (type.empty() || (off && !comma) || (size && comma))
			continue;
		mention m = at;
		m.type = type;
		m.member = member;
		out->push_back(m);
	}
}

/* The arguments of a call's text "(a, b(c, d), e)" from OPEN.  */
static std::vector<std::string> split_args(const std::string &t, size_t open,
					   size_t close)
{
	std::vector<std::string> args;
	ph_lexer lx(t, open + 1, ph_lang_cxx);
	size_t start = open + 1;
	int depth = 0;

	for (;;) {
		ph_tok tok = lx.next();
		if (tok.kind == PH_TOK_EOF || tok.start >= close - 1) {
			args.push_back(t.substr(start, close - 1 - start));
			return args;
		}
		if (lx.is(tok, "(") || lx.is(tok, "[") || lx.is(tok, "{"))
			depth++;
		else if (lx.is(tok, ")") || lx.is(tok, "]") || lx.is(tok, "}"))
			depth--;
		else if (depth == 0 && lx.is(tok, ",")) {
			args.push_back(t.substr(start, tok.start - start));
			start = tok.end;
		}
	}
}

/* The replacement of macro DEF ("NAME(p, q) body") for ARGS: its body
   with each parameter replaced by its argument, as the preprocessor
   would (one level; the assertion's offsetof and sizeof are in it).  */
static std::string substitute(const std::string &def,
			      const std::vector<std::string> &args)
{
	size_t name_end = def.find_first_of(" (");
	if (name_end == std::string::npos)
		return "";
	std::vector<std::string> params;
	size_t body = name_end;
	if (def[name_end] == '(') {
		size_t close = ph_skip_balanced(def, name_end, ph_lang_cxx);
		if (close == std::string::npos)
			return "";
		std::string p = def.substr(name_end + 1, close - name_end - 2);
		for (size_t i = 0; i <= p.size();) {
			size_t j = p.find(',', i);
			if (j == std::string::npos)
				j = p.size();
			std::string one = p.substr(i, j - i);
			size_t a = one.find_first_not_of(" "),
			       b = one.find_last_not_of(" ");
			params.push_back(a == std::string::npos
						 ? ""
						 : one.substr(a, b - a + 1));
			i = j + 1;
		}
		body = close;
	}
	std::string out;
	ph_lexer lx(def, body, ph_lang_cxx);
	size_t pos = body;
	for (;;) {
		ph_tok tok = lx.next();
		if (tok.kind == PH_TOK_EOF || tok.kind == PH_TOK_BAD)
			break;
		out += def.substr(pos, tok.start - pos);
		pos = tok.end;
		std::string w = lx.str(tok);
		size_t k = 0;
		while (k < params.size() && params[k] != w)
			k++;
		if (tok.kind == PH_TOK_IDENT && k < params.size()) {
			out += k < args.size() ? args[k] : "";
		} else if (tok.kind == PH_TOK_IDENT && w == "__VA_ARGS__" &&
			   !params.empty() && params.back() == "...") {
			for (size_t i = params.size() - 1; i < args.size(); i++)
				out += (i + 1 < params.size() ? "" : ",") + args[i];
		} else {
			out += w;
		}
	}
	return out;
}

static void scan_unit(void)
{
	mentions = new std::vector<mention>;

	std::set<std::string> names(std::begin(keywords), std::end(keywords));
	macro_scan ms;
	ms.names = &names;
	if (ph_parse_in())
		cpp_forall_identifiers(ph_parse_in(), note_macro, &ms);
	/* Macros made of assertions, to a fixed point.  */
	for (bool more = true; more;) {
		more = false;
		for (const auto &m : ms.uses) {
			if (names.count(m.first))
				continue;
			for (const auto &u : m.second)
				if (names.count(u)) {
					names.insert(m.first);
					more = true;
					break;
				}
		}
	}

	std::set<std::string> files;
	for (unsigned long i = 0; i < LINEMAPS_ORDINARY_USED(line_table); i++) {
		const line_map_ordinary *m =
			LINEMAPS_ORDINARY_MAP_AT(line_table, i);
		const char *name = ORDINARY_MAP_FILE_NAME(m);
		if (name && name[0] != '<' && !ORDINARY_MAP_IN_SYSTEM_HEADER_P(m))
			files.insert(name);
	}
	for (const auto &path : files) {
		const ph_src_file *f = ph_src_get(path.c_str());
		if (!f)
			continue;
		const std::string &t = f->text;
		for (const auto &name : names) {
			for (size_t off = t.find(name); off != std::string::npos;
			     off = t.find(name, off + name.size())) {
				if (!word_at(t, off, name.size()) ||
				    in_directive(t, off))
					continue;
				ph_lexer lx(t, off + name.size(), ph_lang_cxx);
				ph_tok open = lx.next();
				if (!lx.is(open, "("))
					continue;
				size_t end = ph_skip_balanced(t, open.start,
							      ph_lang_cxx);
				if (end == std::string::npos)
					continue;
				mention at;
				at.file = f->path;
				f->position(off, &at.line, &at.column);
				at.what = name;
				auto def = ms.defs.find(name);
				if (def == ms.defs.end()) {
					scan_args(t, open.end, end, at,
						  mentions);
					continue;
				}
				/* A macro of the program's: what it stands
				   for here, its arguments put in.  */
				std::string x = substitute(
					def->second,
					split_args(t, open.start, end));
				scan_args(x, 0, x.size(), at, mentions);
			}
		}
	}
}

/* The names TYPE goes by: its tag, its typedefs, its qualified name
   and that name's last part.  */
static std::vector<std::string> names_of(tree type, const struct ph_type *t)
{
	std::vector<std::string> v;
	std::string n = t->name;

	v.push_back(n);
	size_t colon = n.rfind("::");
	if (colon != std::string::npos)
		v.push_back(n.substr(colon + 2));
	if (aliases) {
		auto it = aliases->find(type);
		if (it != aliases->end())
			for (const auto &a : it->second)
				v.push_back(a);
	}
	for (auto &s : v) {
		std::string k;
		for (char c : s)
			if (c != ' ')
				k += c;
		s = k;
	}
	return v;
}

void ph_asserts_for(tree type, const struct ph_type *t,
		    std::vector<ph_unit_site> *out)
{
	if (!mentions)
		scan_unit();
	if (mentions->empty())
		return;
	std::vector<std::string> names = names_of(TYPE_MAIN_VARIANT(type), t);
	for (const auto &m : *mentions) {
		if (std::find(names.begin(), names.end(), m.type) == names.end())
			continue;
		ph_unit_site s;
		s.kind = PH_SITE_ASSERT;
		s.file = m.file;
		s.line = m.line;
		s.column = m.column;
		s.loc = ph_location_at(m.file.c_str(), m.line, m.column,
				       UNKNOWN_LOCATION);
		s.member = m.member;
		s.why = m.what;
		out->push_back(s);
	}
}

void ph_asserts_release(void)
{
	delete mentions;
	mentions = nullptr;
	delete aliases;
	aliases = nullptr;
}
