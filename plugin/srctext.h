/* The text of the sources, read as the compiler read them, for what the
   trees no longer say: whether an initializer named its members or gave
   them by position, where each element and each mem-initializer is, and
   the static assertions of the unit.  No GCC header: this is plain text
   work, and it is included before GCC's system.h poisons the standard
   library's allocation functions.  */
#ifndef PH_PLUGIN_SRCTEXT_H
#define PH_PLUGIN_SRCTEXT_H

#include <stddef.h>
#include <stdint.h>

#include <string>
#include <vector>

/* One source file, whole, and where its lines start.  */
struct ph_src_file {
	std::string path;
	std::string text;
	bool ok = false;
	std::vector<size_t> line_starts;

	/* The byte offset of LINE:COLUMN (from 1), or npos.  */
	size_t offset(uint32_t line, uint32_t column) const;
	/* The line and column (from 1) of byte OFF.  */
	void position(size_t off, uint32_t *line, uint32_t *column) const;
};

/* The files read so far, each once per compilation.  */
const ph_src_file *ph_src_get(const char *path);
void ph_src_release(void);

enum ph_tok_kind {
	PH_TOK_EOF,
	PH_TOK_IDENT,
	PH_TOK_NUMBER,
	PH_TOK_STRING,
	PH_TOK_CHAR,
	PH_TOK_PUNCT,
	/* A line starting with '#': a directive, which the text cannot be
	   read past.  */
	PH_TOK_DIRECTIVE,
	/* Text the lexer cannot read (an unterminated literal).  */
	PH_TOK_BAD,
};

struct ph_tok {
	ph_tok_kind kind;
	size_t start, end;
};

/* Tokens of TEXT from OFF on, comments and blanks skipped.  */
struct ph_lexer {
	const std::string *text;
	size_t pos;
	bool cxx;

	ph_lexer(const std::string &t, size_t off, bool c)
		: text(&t), pos(off), cxx(c)
	{
	}
	ph_tok next();
	ph_tok peek();
	/* TOK's text is S.  */
	bool is(const ph_tok &tok, const char *s) const;
	std::string str(const ph_tok &tok) const
	{
		return text->substr(tok.start, tok.end - tok.start);
	}
};

/* A designator: .NAME, [INDEX] or [LO ... HI].  */
struct ph_desig {
	enum { FIELD, INDEX, RANGE } kind;
	std::string name;
	/* INDEX: a literal index was given; else its text (a macro's
	   name, an expression).  RANGE: INDEX ... LAST, each so.  */
	bool known = false;
	uint64_t index = 0;
	std::string index_text;
	bool known_last = false;
	uint64_t last = 0;
	std::string last_text;
	size_t start, end;
};

struct ph_init_group;

/* An element of a braced list.  */
struct ph_init_elem {
	/* The element, designation included, and its value alone.  */
	size_t start, end;
	size_t value_start, value_end;
	std::vector<ph_desig> desig;	/* empty: positional */
	/* GNU's old "name: value".  */
	bool colon_desig = false;
	/* The value is a braced list.  */
	ph_init_group *group = nullptr;
	/* The value is zero: 0, 0.0, '\0', NULL, nullptr, false, or a
	   braced list of zeros.  */
	bool zero = false;
	/* One string literal (or several, concatenated).  */
	bool string = false;
	/* "(type){...}": a compound literal: its type as written (blanks
	   made single spaces) and its list's '{'.  */
	bool compound_literal = false;
	std::string literal_type;
	size_t literal_open = 0;
	/* An identifier alone, or one followed by a parenthesized list:
	   perhaps a macro, which the caller asks the preprocessor about.  */
	bool ident_lead = false;
	size_t ident_start = 0, ident_end = 0;
};

struct ph_init_group {
	size_t open, close;	/* the braces */
	std::vector<ph_init_elem> elems;
	~ph_init_group();
};

/* Parses the braced list whose '{' is at OPEN; NULL with *WHY set when
   it cannot be read (a directive inside it, unbalanced text).  */
ph_init_group *ph_parse_init(const std::string &text, size_t open, bool cxx,
			     const char **why);

/* From OFF, a declarator's name, the token after the declarator: past
   array bounds, attributes, asm labels and alignas.  PH_TOK_BAD when
   there is no name there or the brackets do not close.  */
ph_tok ph_skip_declarator(const std::string &text, size_t off, bool cxx);

/* From OFF, the declarator's name, the offset of the '{' of its
   initializer: past the rest of the declarator ([N], attributes, asm)
   to '=' '{' or (C++) '{'; npos when the initializer is not a braced
   list written there (*AFTER then is where its text starts, or npos).  */
size_t ph_find_decl_init(const std::string &text, size_t off, bool cxx,
			 size_t *after);

/* From OFF, a compound literal's '(', the offset of its '{'.  */
size_t ph_find_compound_init(const std::string &text, size_t off);

/* The integer a literal spells (decimal, octal, hex, a suffix), or
   false.  */
bool ph_integer_literal(const std::string &s, uint64_t *ret);

/* The offset just past the balanced bracket that opens at OFF ('(',
   '[' or '{'), or npos.  */
size_t ph_skip_balanced(const std::string &text, size_t off, bool cxx);

#endif
