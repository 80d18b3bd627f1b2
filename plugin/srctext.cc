/* Source text: files, tokens and braced initializers (srctext.h).  */
#include "srctext.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <map>
#include <memory>

size_t ph_src_file::offset(uint32_t line, uint32_t column) const
{
	if (line == 0 || line > line_starts.size() || column == 0)
		return std::string::npos;
	size_t off = line_starts[line - 1] + (column - 1);
	return off <= text.size() ? off : std::string::npos;
}

void ph_src_file::position(size_t off, uint32_t *line,
			   uint32_t *column) const
{
	size_t lo = 0, hi = line_starts.size();

	/* The last line starting at or before OFF.  */
	while (hi - lo > 1) {
		size_t mid = (lo + hi) / 2;

		if (line_starts[mid] <= off)
			lo = mid;
		else
			hi = mid;
	}
	*line = (uint32_t)(lo + 1);
	*column = (uint32_t)(off - line_starts[lo] + 1);
}

static std::map<std::string, std::unique_ptr<ph_src_file>> *files;

const ph_src_file *ph_src_get(const char *path)
{
	if (!path)
		return nullptr;
	if (!files)
		files = new std::map<std::string, std::unique_ptr<ph_src_file>>;
	auto it = files->find(path);
	if (it != files->end())
		return it->second->ok ? it->second.get() : nullptr;

	std::unique_ptr<ph_src_file> f(new ph_src_file);
	f->path = path;
	FILE *fp = fopen(path, "rb");
	if (fp) {
		char buf[65536];
		size_t n;

		while ((n = fread(buf, 1, sizeof(buf), fp)) > 0)
			f->text.append(buf, n);
		f->ok = !ferror(fp);
		fclose(fp);
	}
	if (f->ok) {
		f->line_starts.push_back(0);
		for (size_t i = 0; i < f->text.size(); i++)
			if (f->text[i] == '\n')
				f->line_starts.push_back(i + 1);
	}
	const ph_src_file *ret = f->ok ? f.get() : nullptr;
	(*files)[path] = std::move(f);
	return ret;
}

void ph_src_release(void)
{
	delete files;
	files = nullptr;
}

static bool ident_start(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' ||
	       c == '$' || c >= 0x80;
}

static bool ident_char(unsigned char c)
{
	return ident_start(c) || (c >= '0' && c <= '9');
}

static bool digit(unsigned char c)
{
	return c >= '0' && c <= '9';
}

/* Whether only blanks stand between the start of OFF's line and OFF.  */
static bool first_on_line(const std::string &t, size_t off)
{
	while (off > 0) {
		char c = t[off - 1];

		if (c == '\n')
			return true;
		if (c != ' ' && c != '\t' && c != '\f' && c != '\v' &&
		    c != '\r')
			return false;
		off--;
	}
	return true;
}

/* A quoted literal from OFF (at the opening quote Q) to past its
   closing quote; npos when the line ends first.  */
static size_t skip_quoted(const std::string &t, size_t off, char q)
{
	for (size_t i = off + 1; i < t.size(); i++) {
		if (t[i] == '\\') {
			i++;
			continue;
		}
		if (t[i] == '\n')
			return std::string::npos;
		if (t[i] == q)
			return i + 1;
	}
	return std::string::npos;
}

/* A C++ raw string R"delim( ... )delim" from its quote at OFF.  */
static size_t skip_raw(const std::string &t, size_t off)
{
	size_t paren = t.find('(', off + 1);

	if (paren == std::string::npos || paren - off - 1 > 16)
		return std::string::npos;
	std::string close = ")" + t.substr(off + 1, paren - off - 1) + "\"";
	size_t end = t.find(close, paren + 1);
	return end == std::string::npos ? end : end + close.size();
}

ph_tok ph_lexer::next()
{
	const std::string &t = *text;
	ph_tok tok;

	for (;;) {
		while (pos < t.size() &&
		       (t[pos] == ' ' || t[pos] == '\t' || t[pos] == '\n' ||
			t[pos] == '\r' || t[pos] == '\f' || t[pos] == '\v'))
			pos++;
		if (pos + 1 < t.size() && t[pos] == '\\' &&
		    (t[pos + 1] == '\n' || t[pos + 1] == '\r')) {
			pos += 2;
			continue;
		}
		if (pos + 1 < t.size() && t[pos] == '/' && t[pos + 1] == '*') {
			size_t end = t.find("*/", pos + 2);
			if (end == std::string::npos) {
				tok.kind = PH_TOK_BAD;
				tok.start = pos;
				tok.end = pos = t.size();
				return tok;
			}
			pos = end + 2;
			continue;
		}
		if (pos + 1 < t.size() && t[pos] == '/' && t[pos + 1] == '/') {
			size_t end = t.find('\n', pos);
			pos = end == std::string::npos ? t.size() : end;
			continue;
		}
		break;
	}
	tok.start = pos;
	if (pos >= t.size()) {
		tok.kind = PH_TOK_EOF;
		tok.end = pos;
		return tok;
	}
	unsigned char c = t[pos];
	if (c == '#' && first_on_line(t, pos)) {
		size_t end = pos;
		while (end < t.size() && t[end] != '\n')
			end += t[end] == '\\' && end + 1 < t.size() ? 2 : 1;
		tok.kind = PH_TOK_DIRECTIVE;
		tok.end = pos = end;
		return tok;
	}
	if (ident_start(c)) {
		size_t end = pos;
		while (end < t.size() && ident_char(t[end]))
			end++;
		std::string word = t.substr(pos, end - pos);
		bool raw = cxx && !word.empty() && word.back() == 'R' &&
			   (word == "R" || word == "LR" || word == "uR" ||
			    word == "UR" || word == "u8R");
		bool prefix = word == "L" || word == "u" || word == "U" ||
			      word == "u8";
		if (end < t.size() && (t[end] == '"' || t[end] == '\'') &&
		    (prefix || raw)) {
			size_t lit = raw && t[end] == '"'
					     ? skip_raw(t, end)
					     : skip_quoted(t, end, t[end]);
			tok.kind = lit == std::string::npos
					   ? PH_TOK_BAD
					   : t[end] == '"' ? PH_TOK_STRING
							   : PH_TOK_CHAR;
			tok.end = pos = lit == std::string::npos ? t.size()
								 : lit;
			return tok;
		}
		tok.kind = PH_TOK_IDENT;
		tok.end = pos = end;
		return tok;
	}
	if (digit(c) || (c == '.' && pos + 1 < t.size() && digit(t[pos + 1]))) {
		size_t end = pos + 1;
		while (end < t.size()) {
			unsigned char d = t[end];

			if ((d == '+' || d == '-') &&
			    strchr("eEpP", t[end - 1]))
				end++;
			else if (ident_char(d) || d == '.')
				end++;
			else if (d == '\'' && cxx && end + 1 < t.size() &&
				 ident_char(t[end + 1]))
				end++;
			else
				break;
		}
		tok.kind = PH_TOK_NUMBER;
		tok.end = pos = end;
		return tok;
	}
	if (c == '"' || c == '\'') {
		size_t lit = skip_quoted(t, pos, c);
		tok.kind = lit == std::string::npos
				   ? PH_TOK_BAD
				   : c == '"' ? PH_TOK_STRING : PH_TOK_CHAR;
		tok.end = pos = lit == std::string::npos ? t.size() : lit;
		return tok;
	}
	static const char *const puncts[] = {
		"...", "<<=", ">>=", "->*", "::", "->", ".*", "==", "!=", "<=",
		">=", "&&", "||", "<<", ">>", "++", "--", "+=", "-=", "*=",
		"/=", "%=", "&=", "|=", "^=", "##",
	};
	tok.kind = PH_TOK_PUNCT;
	for (const char *p : puncts) {
		size_t n = strlen(p);

		if (t.compare(pos, n, p) == 0) {
			tok.end = pos = pos + n;
			return tok;
		}
	}
	tok.end = pos = pos + 1;
	return tok;
}

ph_tok ph_lexer::peek()
{
	size_t save = pos;
	ph_tok tok = next();

	pos = save;
	return tok;
}

bool ph_lexer::is(const ph_tok &tok, const char *s) const
{
	size_t n = strlen(s);

	return tok.end - tok.start == n && text->compare(tok.start, n, s) == 0;
}

size_t ph_skip_balanced(const std::string &text, size_t off, bool cxx)
{
	ph_lexer lx(text, off, cxx);
	std::string stack;

	for (;;) {
		ph_tok tok = lx.next();

		if (tok.kind == PH_TOK_EOF || tok.kind == PH_TOK_BAD ||
		    tok.kind == PH_TOK_DIRECTIVE)
			return std::string::npos;
		if (tok.kind != PH_TOK_PUNCT || tok.end - tok.start != 1)
			continue;
		char c = text[tok.start];
		if (c == '(' || c == '[' || c == '{') {
			stack.push_back(c == '(' ? ')' : c == '[' ? ']' : '}');
		} else if (c == ')' || c == ']' || c == '}') {
			if (stack.empty() || stack.back() != c)
				return std::string::npos;
			stack.pop_back();
			if (stack.empty())
				return tok.end;
		}
	}
}

ph_init_group::~ph_init_group()
{
	for (auto &e : elems)
		delete e.group;
}

bool ph_integer_literal(const std::string &s, uint64_t *ret)
{
	size_t n = s.size();

	while (n && strchr("uUlL", s[n - 1]))
		n--;
	if (!n || n > 20 || !digit(s[0]))
		return false;
	std::string d = s.substr(0, n);
	if (d.find_first_not_of("0123456789abcdefABCDEFxX") != std::string::npos)
		return false;
	char *end;
	errno = 0;
	uint64_t v = strtoull(d.c_str(), &end, 0);
	if (errno || *end)
		return false;
	*ret = v;
	return true;
}

static bool zero_number(const std::string &s)
{
	size_t i = 0;

	if (s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		for (i = 2; i < s.size() && strchr("0.'", s[i]); i++)
			;
		/* A binary exponent or a suffix may follow.  */
		return i == s.size() || strchr("pPuUlL", s[i]);
	}
	bool any = false;
	for (; i < s.size() && strchr("0.'", s[i]); i++)
		any |= s[i] == '0';
	return any && (i == s.size() || strchr("eEuUlLfF", s[i]));
}

namespace {
struct parser {
	ph_lexer lx;
	const char *why = nullptr;
	unsigned depth = 0;

	parser(const std::string &t, size_t off, bool cxx) : lx(t, off, cxx)
	{
	}
	ph_init_group *group(char close);
	bool elem(ph_init_elem *e, char close);
	bool value(ph_init_elem *e, char close);
};
}

/* A designation, if one starts here: C's .a.b[3] =, [1 ... 2] =, C++20's
   .a = and .a {, GNU's a: .  */
bool parser::elem(ph_init_elem *e, char close)
{
	const std::string &t = *lx.text;
	ph_tok tok = lx.peek();

	e->start = tok.start;
	if (tok.kind == PH_TOK_IDENT) {
		size_t save = lx.pos;
		lx.next();
		ph_tok colon = lx.next();
		if (lx.is(colon, ":")) {
			ph_desig d;
			d.kind = ph_desig::FIELD;
			d.name = lx.str(tok);
			d.start = tok.start;
			d.end = colon.end;
			e->desig.push_back(d);
			e->colon_desig = true;
			return value(e, close);
		}
		lx.pos = save;
	}
	while (close == '}' &&
	       (lx.is(tok, ".") || (lx.is(tok, "[") && !lx.cxx))) {
		ph_desig d;

		d.start = tok.start;
		lx.next();
		if (lx.is(tok, ".")) {
			ph_tok name = lx.next();
			if (name.kind != PH_TOK_IDENT) {
				why = "a designator without a name";
				return false;
			}
			d.kind = ph_desig::FIELD;
			d.name = lx.str(name);
			d.end = name.end;
		} else {
			size_t end = ph_skip_balanced(t, tok.start, lx.cxx);
			if (end == std::string::npos) {
				why = "an unbalanced designator";
				return false;
			}
			std::string inner = t.substr(tok.start + 1,
						     end - tok.start - 2);
			d.kind = inner.find("...") != std::string::npos
					 ? ph_desig::RANGE
					 : ph_desig::INDEX;
			/* A literal index: an integer literal alone.  */
			size_t a = inner.find_first_not_of(" \t\n");
			size_t b = inner.find_last_not_of(" \t\n");
			auto trimmed = [](const std::string &x) {
				size_t i = x.find_first_not_of(" \t\n");
				size_t j = x.find_last_not_of(" \t\n");
				return i == std::string::npos
					       ? std::string()
					       : x.substr(i, j - i + 1);
			};
			if (d.kind == ph_desig::INDEX && a != std::string::npos) {
				d.index_text = inner.substr(a, b - a + 1);
				d.known = ph_integer_literal(d.index_text,
							     &d.index);
			} else if (d.kind == ph_desig::RANGE) {
				size_t dots = inner.find("...");
				d.index_text = trimmed(inner.substr(0, dots));
				d.last_text = trimmed(inner.substr(dots + 3));
				d.known = ph_integer_literal(d.index_text,
							     &d.index);
				d.known_last = ph_integer_literal(d.last_text,
								  &d.last);
			}
			d.end = end;
			lx.pos = end;
		}
		e->desig.push_back(d);
		tok = lx.peek();
		if (lx.is(tok, "=")) {
			lx.next();
			return value(e, close);
		}
		if (lx.cxx && lx.is(tok, "{"))
			return value(e, close);
		if (!lx.is(tok, ".") && !lx.is(tok, "[")) {
			why = "a designator without '='";
			return false;
		}
	}
	return value(e, close);
}

bool parser::value(ph_init_elem *e, char close)
{
	const std::string &t = *lx.text;
	ph_tok tok = lx.peek();

	e->value_start = tok.start;
	if (lx.is(tok, "{")) {
		e->group = group('}');
		if (!e->group)
			return false;
		e->value_end = e->end = e->group->close + 1;
		bool zero = true;
		for (auto &s : e->group->elems)
			zero = zero && s.zero && s.desig.empty();
		e->zero = zero;
		return true;
	}
	/* An expression: to the ',' or the closing bracket at depth 0.  */
	std::string stack;
	unsigned count = 0, strings = 0, angles_open = 0, angles_close = 0;
	ph_tok first = tok, last = tok;
	size_t first_close = std::string::npos;	/* of a leading '(' */
	for (;;) {
		tok = lx.peek();
		if (tok.kind == PH_TOK_EOF || tok.kind == PH_TOK_BAD) {
			why = "the initializer does not end";
			return false;
		}
		if (tok.kind == PH_TOK_DIRECTIVE) {
			why = "a directive inside the initializer";
			return false;
		}
		char c = tok.kind == PH_TOK_PUNCT && tok.end - tok.start == 1
				 ? t[tok.start]
				 : 0;
		if (stack.empty() && (c == ',' || c == close))
			break;
		lx.next();
		count++;
		strings += tok.kind == PH_TOK_STRING;
		angles_open += c == '<';
		angles_close += c == '>';
		if (lx.is(tok, ">>"))
			angles_close += 2;
		if (c == '(' || c == '[' || c == '{') {
			stack.push_back(c == '(' ? ')' : c == '[' ? ']' : '}');
		} else if (c == ')' || c == ']' || c == '}') {
			if (stack.empty() || stack.back() != c) {
				why = "unbalanced brackets";
				return false;
			}
			stack.pop_back();
			if (stack.empty() && first_close == std::string::npos &&
			    lx.is(first, "("))
				first_close = tok.end;
		}
		last = tok;
	}
	if (!count) {
		why = "an empty element";
		return false;
	}
	/* A comma inside a template argument list would have split the
	   element: C++ text whose angle brackets do not pair up is not
	   read.  */
	if (lx.cxx && angles_open != angles_close) {
		why = "angle brackets the text cannot pair";
		return false;
	}
	e->value_end = last.end;
	e->end = last.end;
	std::string s = t.substr(first.start, first.end - first.start);
	if (count == 1)
		e->zero = (first.kind == PH_TOK_NUMBER && zero_number(s)) ||
			  s == "NULL" || s == "nullptr" || s == "false" ||
			  s == "'\\0'";
	e->string = strings == count;
	if (!lx.cxx && lx.is(first, "(") && first_close != std::string::npos &&
	    lx.is(last, "}")) {
		/* (type){...} and nothing else.  */
		ph_lexer k(t, first_close, false);
		ph_tok brace = k.next();
		if (k.is(brace, "{") &&
		    ph_skip_balanced(t, brace.start, false) == last.end) {
			e->compound_literal = true;
			e->literal_open = brace.start;
			std::string ty;
			ph_lexer w(t, first.end, false);
			for (ph_tok x = w.next(); x.end < first_close;
			     x = w.next()) {
				if (x.kind == PH_TOK_EOF)
					break;
				if (!ty.empty())
					ty += ' ';
				ty += w.str(x);
			}
			e->literal_type = ty;
		}
	}
	if (first.kind == PH_TOK_IDENT) {
		ph_lexer k(t, first.end, lx.cxx);
		ph_tok paren = k.next();
		size_t end = count > 1 && k.is(paren, "(")
				     ? ph_skip_balanced(t, paren.start, lx.cxx)
				     : first.end;
		e->ident_lead = end == last.end;
		e->ident_start = first.start;
		e->ident_end = first.end;
	}
	return true;
}

ph_init_group *parser::group(char close)
{
	ph_tok open = lx.next();

	if (++depth > 64) {
		why = "braces nested too deep";
		return nullptr;
	}
	std::unique_ptr<ph_init_group> g(new ph_init_group);
	g->open = open.start;
	for (;;) {
		ph_tok tok = lx.peek();
		if (tok.kind == PH_TOK_PUNCT && tok.end - tok.start == 1 &&
		    (*lx.text)[tok.start] == close) {
			lx.next();
			g->close = tok.start;
			break;
		}
		ph_init_elem e;
		if (!elem(&e, close)) {
			for (auto &x : g->elems)
				(void)x;
			delete e.group;
			return nullptr;
		}
		g->elems.push_back(e);
		tok = lx.next();
		if (lx.is(tok, ","))
			continue;
		if (tok.kind == PH_TOK_PUNCT && tok.end - tok.start == 1 &&
		    (*lx.text)[tok.start] == close) {
			g->close = tok.start;
			break;
		}
		why = tok.kind == PH_TOK_DIRECTIVE
			      ? "a directive inside the initializer"
			      : "the initializer's elements cannot be told "
				"apart";
		return nullptr;
	}
	depth--;
	return g.release();
}

ph_init_group *ph_parse_init(const std::string &text, size_t open, bool cxx,
			     const char **why)
{
	parser p(text, open, cxx);
	ph_tok tok = p.lx.peek();
	char close = p.lx.is(tok, "{") ? '}' : p.lx.is(tok, "(") ? ')' : 0;

	if (!close) {
		*why = "no braced list where the initializer should start";
		return nullptr;
	}
	ph_init_group *g = p.group(close);
	if (!g)
		*why = p.why ? p.why : "the initializer cannot be read";
	return g;
}

ph_tok ph_skip_declarator(const std::string &text, size_t off, bool cxx)
{
	ph_lexer lx(text, off, cxx);
	ph_tok tok = lx.next();

	if (tok.kind != PH_TOK_IDENT) {
		tok.kind = PH_TOK_BAD;
		return tok;
	}
	for (;;) {
		tok = lx.next();
		if (lx.is(tok, "[") ||
		    (tok.kind == PH_TOK_IDENT &&
		     (lx.is(tok, "__attribute__") || lx.is(tok, "__attribute") ||
		      lx.is(tok, "__asm__") || lx.is(tok, "asm") ||
		      lx.is(tok, "__asm") || lx.is(tok, "alignas") ||
		      lx.is(tok, "_Alignas")))) {
			size_t open = lx.is(tok, "[") ? tok.start
						      : lx.next().start;
			size_t end = ph_skip_balanced(text, open, cxx);
			if (end == std::string::npos) {
				tok.kind = PH_TOK_BAD;
				return tok;
			}
			lx.pos = end;
			continue;
		}
		return tok;
	}
}

/* After "= ", a functional cast's list: T{...}, ns::T<A>{...}.  */
static size_t cast_list(const std::string &text, size_t off)
{
	ph_lexer lx(text, off, true);
	ph_tok tok = lx.next();
	unsigned angle = 0;

	if (tok.kind != PH_TOK_IDENT)
		return std::string::npos;
	for (unsigned n = 0; n < 64; n++) {
		tok = lx.next();
		if (angle == 0 && (lx.is(tok, "{") || lx.is(tok, "(")))
			return tok.start;
		if (lx.is(tok, "<"))
			angle++;
		else if (lx.is(tok, ">") && angle)
			angle--;
		else if (lx.is(tok, ">>") && angle >= 2)
			angle -= 2;
		else if (tok.kind != PH_TOK_IDENT && !lx.is(tok, "::") &&
			 !(angle && (tok.kind == PH_TOK_NUMBER ||
				     lx.is(tok, ",") || lx.is(tok, "*") ||
				     lx.is(tok, "&"))))
			return std::string::npos;
	}
	return std::string::npos;
}

size_t ph_find_decl_init(const std::string &text, size_t off, bool cxx,
			 size_t *after)
{
	ph_lexer lx(text, off, cxx);

	*after = std::string::npos;
	/* A structured binding's names: [a, b] = ...  */
	ph_tok first = lx.peek();
	ph_tok tok;
	if (cxx && lx.is(first, "[")) {
		size_t end = ph_skip_balanced(text, first.start, cxx);
		if (end == std::string::npos)
			return end;
		lx.pos = end;
		tok = lx.next();
	} else {
		tok = ph_skip_declarator(text, off, cxx);
	}
	if (tok.kind == PH_TOK_BAD)
		return std::string::npos;
	if (lx.is(tok, "=")) {
		lx.pos = tok.end;
		ph_tok v = lx.peek();
		if (lx.is(v, "{"))
			return v.start;
		if (cxx) {
			size_t open = cast_list(text, v.start);
			if (open != std::string::npos)
				return open;
		}
		*after = v.start;
		return std::string::npos;
	}
	if (cxx && (lx.is(tok, "{") || lx.is(tok, "(")))
		return tok.start;
	return std::string::npos;
}

size_t ph_find_compound_init(const std::string &text, size_t off)
{
	ph_lexer lx(text, off, false);
	ph_tok tok = lx.next();

	if (!lx.is(tok, "("))
		return std::string::npos;
	size_t end = ph_skip_balanced(text, tok.start, false);
	if (end == std::string::npos)
		return end;
	lx.pos = end;
	tok = lx.next();
	return lx.is(tok, "{") ? tok.start : std::string::npos;
}
