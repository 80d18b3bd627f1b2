/* Macros in initializers: the one an element names, whether it stands
   for several elements, a compound literal or a number (an array
   index), and the braced list that is a macro's whole body, which is
   then read in the macro's definition.  Apart from the replay
   (initreplay.cc), which asks these questions of its elements, and from
   initsites.cc, which asks them of a variable's initializer: only the
   preprocessor's view of a name.  */
#include "sites.h"

#include "plugin.h"
#include "sites-tree.h"

/* The preprocessor's macro named by TEXT[START, END), or NULL.  */
cpp_hashnode *ph_macro_named(const std::string &text, size_t start,
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
bool ph_macro_has_comma(cpp_hashnode *node)
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
bool ph_macro_is_literal(cpp_hashnode *node)
{
	std::string b = macro_body(node);

	while (b.size() > 2 && b[0] == '(' && b[1] == '(')
		b = b.substr(1);
	return !b.empty() && b[0] == '(' && b.find("){") != std::string::npos;
}

/* The number an object-like macro stands for (an array index).  */
bool ph_macro_number(const std::string &name, uint64_t *ret)
{
	cpp_hashnode *node = ph_macro_named(name, 0, name.size());
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
const ph_src_file *ph_macro_list(cpp_hashnode *node, size_t *open,
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
