/* Layout JSON Lines into the model (jsonl-read.h).  Every field the
   model holds is in a record (docs/layout-jsonl.md); what follows from
   them (holes, padding, cache lines) is computed again, as for DWARF, and
   the records' own copies are not read.  A record is checked whole
   before anything of it is added, against the bounds the DWARF reader
   keeps, so that a hostile file can neither recurse without end nor hand
   the engine a layout no compiler makes.  */
#include "jsonl-read.h"

#include <elf.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "access-read.h"
#include "allocs-read.h"
#include "sites-read.h"
#include "../../baseline/json.h"
#include "../../baseline/lines.h"

/* As members.c bounds what DWARF says: sizes in bytes, a bitfield's
   width and its storage unit.  */
#define MAX_SIZE (UINT64_MAX >> 4)
#define MAX_BIT_OFFSET (UINT64_MAX >> 1)
enum { MAX_BITFIELD_BITS = 8 * 1024, MAX_BITFIELD_UNIT = 1024 };

static bool blank(unsigned char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static bool ends_with(const char *s, const char *tail)
{
	size_t n = strlen(s), k = strlen(tail);

	return n > k && strcmp(s + n - k, tail) == 0;
}

bool ph_report_is_file(const char *path)
{
	unsigned char buf[4096];
	bool named = ends_with(path, ".jsonl") || ends_with(path, ".json");
	bool report = named, start = true;
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t n, i = 0;

	if (fd < 0)
		return false;
	while ((n = read(fd, buf, sizeof(buf))) > 0) {
		bool elf = n >= SELFMAG && memcmp(buf, ELFMAG, SELFMAG) == 0;
		bool ar = n >= 8 && memcmp(buf, "!<arch>\n", 8) == 0;

		if (start && (elf || ar)) {
			report = false;
			break;
		}
		start = false;
		for (i = 0; i < n && blank(buf[i]); i++)
			;
		if (i < n) {
			report = buf[i] == '{' || named;
			break;
		}
	}
	if (n < 0)
		report = false;
	close(fd);
	return report;
}

/* The type spelled around the member's name.

   The writers (plugin/spell.cc and input/dwarf/names.c, spell_declarator) build
   the declarator from the name outwards: the pointer, reference and
   member pointer operators to its left (L), the array bounds and
   parameter lists to its right, a parenthesis around the left part where
   a pointer meets an array or a function; then a left part without a
   parenthesis joins the type ("char *" p), and one with a parenthesis
   stays with the name ("int" "(*" fn ")(char)").  The abstract
   declarator reads TYPE " " PRE POST, or TYPE POST.  Read back: the type
   ends where the operators start; the name goes after the operators of
   the innermost parenthesis, before its next '[', '(' or ')'.  */

/* I past the bracketed group that S[I] opens ('<', '(', '[' or '{'), its
   brackets matched (a '>' inside parentheses is no bracket), or the end
   of S.  */
static size_t skip_group(const char *s, size_t len, size_t i)
{
	char open[PH_INPUT_MAX_DEPTH];
	unsigned depth = 0;

	for (; i < len; i++) {
		char c = s[i], close = 0;

		switch (c) {
		case '<': case '(': case '[': case '{':
			if (depth == sizeof(open))
				return len;
			open[depth++] = c;
			continue;
		case '>': close = '<'; break;
		case ')': close = '('; break;
		case ']': close = '['; break;
		case '}': close = '{'; break;
		default: continue;
		}
		if (depth && open[depth - 1] == close && --depth == 0)
			return i + 1;
	}
	return len;
}

static bool ident_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '_' || c == '$';
}

/* The length of the member pointer operator "C::*" at S[I], C a
   qualified class name ("ns::C<int>", "{anonymous}::C"); 0 if none.  */
static size_t member_pointer(const char *s, size_t len, size_t i)
{
	size_t j = i;

	while (j < len) {
		if (s[j] == '<' || s[j] == '{')
			j = skip_group(s, len, j);
		else if (ident_char(s[j]) || s[j] == ':')
			j++;
		else
			break;
	}
	if (j - i >= 3 && j < len && s[j] == '*' && s[j - 1] == ':' &&
	    s[j - 2] == ':')
		return j + 1 - i;
	return 0;
}

/* S[I] opens a declarator's parentheses: "(*", "(&", "(C::*", not a
   parameter list, "decltype(...)" or "__attribute__((...))".  */
static bool opens_declarator(const char *s, size_t len, size_t i)
{
	return s[i] == '(' && i + 1 < len &&
	       (s[i + 1] == '*' || s[i + 1] == '&' || s[i + 1] == '^' ||
		member_pointer(s, len, i + 1));
}

/* The length of the qualifier at S[I] that an operator can carry.  */
static size_t qualifier(const char *s, size_t len, size_t i)
{
	static const char *const words[] = { "const", "volatile", "restrict",
					     "__restrict", "_Atomic" };

	for (size_t k = 0; k < sizeof(words) / sizeof(words[0]); k++) {
		size_t n = strlen(words[k]);

		if (n <= len - i && memcmp(s + i, words[k], n) == 0 &&
		    (i + n == len || !ident_char(s[i + n])))
			return n;
	}
	return 0;
}

/* Where the operators of the abstract declarator S start: past the
   type's own brackets ("std::function<void(int)>",
   "decltype(nullptr)"), at the first '*', '&', '^', member pointer, '['
   or declarator parenthesis; LEN when there is none.  */
static size_t operators_start(const char *s, size_t len)
{
	size_t word = 0;

	for (size_t i = 0; i < len;) {
		char c = s[i];

		if (c == '(' && opens_declarator(s, len, i))
			return i;
		if (c == '<' || c == '(' || c == '{') {
			i = skip_group(s, len, i);
			continue;
		}
		if (c == '[')
			return i;
		if (c == '*' || c == '&' || c == '^')
			return i >= 2 && s[i - 1] == ':' && s[i - 2] == ':' ?
			       word : i;
		if (c == ' ')
			word = i + 1;
		i++;
	}
	return len;
}

/* Where the name goes, from OPS on: past the operators and their
   qualifiers, into each declarator parenthesis.  */
static size_t name_position(const char *s, size_t len, size_t ops)
{
	size_t i = ops, k;

	while (i < len) {
		if (s[i] == '*' || s[i] == '&' || s[i] == '^' || s[i] == ' ')
			i++;
		else if ((k = qualifier(s, len, i)) ||
			 (k = member_pointer(s, len, i)))
			i += k;
		else if (opens_declarator(s, len, i))
			i++;
		else
			break;
	}
	return i;
}

/* TYPE split into M's type, name_pre and name_post, in ARENA.  Whatever
   TYPE is, ph_member_type_name gives it back.  */
static struct ph_error *split_type(struct ph_arena *arena, const char *type,
				   struct ph_member *m)
{
	size_t len = strlen(type);
	size_t ops = operators_start(type, len);
	size_t at = name_position(type, len, ops);
	size_t head = at;

	m->name_pre = "";
	if (memchr(type + ops, '(', at - ops) && ops && type[ops - 1] == ' ') {
		head = ops - 1;
		m->name_pre = ph_arena_strndup(arena, type + ops, at - ops);
	}
	m->type = ph_arena_strndup(arena, type, head);
	m->name_post = type + at;
	if (!m->type || !m->name_pre)
		return &ph_error_nomem;
	return NULL;
}

/* Reading one text.  A record is built in SCRATCH, emptied for each
   line, and copied into the model only when it is new and wanted.  */
struct load {
	const char *origin;
	struct ph_model *model;
	struct ph_dedup *dedup;
	const struct ph_input_filter *filter;
	struct ph_sitedb *sites;
	struct ph_allocdb *allocs;
	struct ph_accessdb *access;
	struct ph_arena scratch;
	struct ph_error *first;		/* the first bad line's error */
	unsigned nr_bad;		/* bad lines after it */
};

/* Where in the record a member is: its name, or its index in its list
   when the name could not be shown on the message's one line.  */
struct where {
	const json_t *member;	/* NULL for the type itself */
	size_t index;
};

static bool showable(const char *s)
{
	size_t n = 0;

	for (; s && *s; s++, n++)
		if ((unsigned char)*s < 0x20 || n == 64)
			return false;
	return n;
}

static struct ph_error *bad(const struct load *l, size_t lineno,
			    const struct where *w, const char *key,
			    const char *what)
{
	const char *name = w && w->member ?
		json_string_value(json_object_get(w->member, "name")) : NULL;
	char at[96] = "";

	if (w && w->member && !showable(name))
		snprintf(at, sizeof(at), "member #%zu: ", w->index);
	else if (w && w->member)
		snprintf(at, sizeof(at), "member \"%s\": ", name);
	return ph_error_create(PH_ERROR_INVALID, "%s:%zu: %s%s%s%s%s",
			       l->origin, lineno, at, key ? "\"" : "",
			       key ? key : "", key ? "\" " : "", what);
}

static struct ph_error *get_string(const struct load *l, size_t lineno,
				   const struct where *w, const json_t *v,
				   const char *key, const char **ret)
{
	switch (ph_json_name(v, key, ret)) {
	case PH_JSON_OK:
		return NULL;
	case PH_JSON_NUL:
		return bad(l, lineno, w, key, "holds a NUL (\\u0000)");
	default:
		return bad(l, lineno, w, key, json_object_get(v, key) ?
			   "is not a string" : "is missing");
	}
}

/* KEY, an integer from 0 to MAX; 0 when absent and not REQUIRED.  */
static struct ph_error *get_uint(const struct load *l, size_t lineno,
				 const struct where *w, const json_t *v,
				 const char *key, bool required, uint64_t max,
				 uint64_t *ret)
{
	if (required ? ph_json_uint(v, key, max, ret)
		     : ph_json_opt_uint(v, key, max, ret))
		return NULL;
	if (!json_object_get(v, key))
		return bad(l, lineno, w, key, "is missing");
	return bad(l, lineno, w, key, json_is_integer(json_object_get(v, key)) ?
		   "is out of range" : "is not a whole number");
}

/* An alignment: 0 (GCC's for an empty member that takes no byte) or a
   power of two.  */
static struct ph_error *get_align(const struct load *l, size_t lineno,
				  const struct where *w, const json_t *v,
				  const char *key, bool required,
				  uint32_t *ret)
{
	uint64_t a;
	struct ph_error *err = get_uint(l, lineno, w, v, key, required,
					UINT32_MAX, &a);

	if (err)
		return err;
	if (a & (a - 1))
		return bad(l, lineno, w, key, "is not a power of two");
	*ret = (uint32_t)a;
	return NULL;
}

static struct ph_error *get_flags(const struct load *l, size_t lineno,
				  const struct where *w, const json_t *v,
				  const char *const *keys, bool *const *rets,
				  size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!ph_json_flag(v, keys[i], rets[i]))
			return bad(l, lineno, w, keys[i],
				   "is not true or false");
	return NULL;
}

static struct ph_error *get_members(struct load *l, size_t lineno,
				    const struct where *w, const json_t *v,
				    unsigned depth, struct ph_member **ret,
				    size_t *n);

/* Where member M starts and how many bits it takes: "bit_offset", or
   "offset" in bytes without it; both must agree.  */
static struct ph_error *get_position(const struct load *l, size_t lineno,
				     const struct where *w, const json_t *v,
				     struct ph_member *m)
{
	bool has_bits = json_object_get(v, "bit_offset");
	uint64_t offset = 0, bits;
	struct ph_error *err;

	if (!has_bits || json_object_get(v, "offset")) {
		if ((err = get_uint(l, lineno, w, v, "offset", true,
				    MAX_BIT_OFFSET / 8, &offset)))
			return err;
		m->bit_offset = 8 * offset;
	}
	if (has_bits) {
		if ((err = get_uint(l, lineno, w, v, "bit_offset", true,
				    MAX_BIT_OFFSET, &m->bit_offset)))
			return err;
		if (json_object_get(v, "offset") &&
		    offset != m->bit_offset / 8)
			return bad(l, lineno, w, "offset",
				   "is not \"bit_offset\" / 8");
	}
	if (m->bitfield) {
		if ((err = get_uint(l, lineno, w, v, "bit_size", true,
				    MAX_BITFIELD_BITS, &bits)))
			return err;
		if (!bits)
			return bad(l, lineno, w, "bit_size",
				   "is 0 for a bitfield");
		if (m->size > MAX_BITFIELD_UNIT)
			return bad(l, lineno, w, "size",
				   "is too large for a bitfield's unit");
	} else {
		if ((err = get_uint(l, lineno, w, v, "bit_size", false,
				    8 * m->size, &bits)))
			return err;
		/* A base class's bits can be fewer than its type's, where
		   a later member takes its tail padding.  */
		if (!json_object_get(v, "bit_size"))
			bits = 8 * m->size;
	}
	m->bit_size = bits;
	return NULL;
}

static struct ph_error *get_member(struct load *l, size_t lineno,
				   const json_t *v, size_t index,
				   unsigned depth, struct ph_member *m)
{
	static const char *const flags[] = { "bitfield", "base", "virtual",
					     "artificial", "flexible", "hot",
					     "packed" };
	bool *const flag_of[] = { &m->bitfield, &m->base, &m->virtual_base,
				  &m->artificial, &m->flexible, &m->hot,
				  &m->packed };
	struct where w = { v, index };
	const json_t *nested = json_object_get(v, "members");
	uint64_t padding;
	const char *s;
	struct ph_error *err;

	if (!json_is_object(v))
		return bad(l, lineno, &w, NULL, "is not a JSON object");
	if ((err = get_string(l, lineno, &w, v, "name", &m->name)) ||
	    (err = get_flags(l, lineno, &w, v, flags, flag_of,
			     sizeof(flags) / sizeof(flags[0]))) ||
	    (err = get_uint(l, lineno, &w, v, "size", true, MAX_SIZE,
			    &m->size)) ||
	    (err = get_position(l, lineno, &w, v, m)) ||
	    (err = get_align(l, lineno, &w, v, "align", true, &m->align)) ||
	    (err = get_align(l, lineno, &w, v, "explicit_align", false,
			     &m->explicit_align)) ||
	    (err = get_uint(l, lineno, &w, v, "type_padding", false,
			    UINT32_MAX, &padding)))
		return err;
	m->type_padding = (uint32_t)padding;
	if (json_object_get(v, "occupied")) {
		if ((err = get_uint(l, lineno, &w, v, "occupied", true,
				    m->size, &m->occupied)))
			return err;
		m->occupies_less = true;
	}
	if (!nested) {
		if ((err = get_string(l, lineno, &w, v, "type", &s)))
			return err;
		return split_type(&l->scratch, s, m);
	}
	/* An untagged aggregate defined in place: "type" is its kind
	   again.  */
	m->nested = true;
	m->type = m->name_pre = m->name_post = "";
	if ((err = get_string(l, lineno, &w, v, "kind", &s)))
		return err;
	if (!ph_kind_parse(s, &m->nested_kind))
		return bad(l, lineno, &w, "kind",
			   "is not \"struct\", \"union\" or \"class\"");
	if (depth >= PH_INPUT_MAX_DEPTH)
		return bad(l, lineno, &w, "members",
			   "nest deeper than the reader reads");
	return get_members(l, lineno, &w, nested, depth + 1, &m->members,
			   &m->nr_members);
}

static struct ph_error *get_members(struct load *l, size_t lineno,
				    const struct where *w, const json_t *v,
				    unsigned depth, struct ph_member **ret,
				    size_t *n)
{
	size_t count = json_array_size(v);
	struct ph_member *ms = NULL;
	struct ph_error *err;

	if (!json_is_array(v))
		return bad(l, lineno, w, "members", v ? "is not an array" :
			   "is missing");
	if (count > PH_INPUT_MAX_MEMBERS)
		return bad(l, lineno, w, "members", "are too many");
	if (count && !(ms = ph_arena_alloc(&l->scratch,
					   count * sizeof(*ms))))
		return &ph_error_nomem;
	for (size_t i = 0; i < count; i++)
		if ((err = get_member(l, lineno, json_array_get(v, i), i,
				      depth, &ms[i])))
			return err;
	*ret = ms;
	*n = count;
	return NULL;
}

static struct ph_error *add_record(struct load *l, size_t lineno,
				   const json_t *v)
{
	static const char *const flags[] = { "typedef", "packed" };
	struct ph_type t = { 0 };
	bool *const flag_of[] = { &t.typedef_name, &t.packed };
	const json_t *kind = json_object_get(v, "kind");
	uint64_t line;
	bool seen;
	struct ph_error *err;

	if (!json_is_object(v))
		return bad(l, lineno, NULL, NULL, "not a JSON object");
	if (!json_is_string(kind))
		return bad(l, lineno, NULL, NULL, "a record without \"kind\"");
	/* Functions, and what later writers add, are not layouts; the
	   sites of a type are kept when asked for.  */
	if (!ph_kind_parse(json_string_value(kind), &t.kind)) {
		if (l->sites && strcmp(json_string_value(kind), "sites") == 0)
			return ph_sites_load_record(l->origin, lineno, v,
						    l->sites);
		if (l->allocs && strcmp(json_string_value(kind), "allocs") == 0)
			return ph_allocs_load_record(l->origin, lineno, v,
						     l->allocs);
		if (l->access && strcmp(json_string_value(kind), "access") == 0)
			return ph_access_load_record(l->origin, lineno, v,
						     l->access);
		return NULL;
	}
	t.file = "";
	if ((err = get_string(l, lineno, NULL, v, "name", &t.name)) ||
	    (err = get_flags(l, lineno, NULL, v, flags, flag_of,
			     sizeof(flags) / sizeof(flags[0]))) ||
	    (err = get_uint(l, lineno, NULL, v, "size", true, MAX_SIZE,
			    &t.size)) ||
	    (err = get_align(l, lineno, NULL, v, "align", true, &t.align)) ||
	    (err = get_align(l, lineno, NULL, v, "explicit_align", false,
			     &t.explicit_align)) ||
	    (json_object_get(v, "file") &&
	     (err = get_string(l, lineno, NULL, v, "file", &t.file))) ||
	    (err = get_uint(l, lineno, NULL, v, "line", false, UINT32_MAX,
			    &line)) ||
	    (err = get_members(l, lineno, NULL, json_object_get(v, "members"),
			       0, &t.members, &t.nr_members)))
		return err;
	t.line = (unsigned)line;
	if (l->filter && l->filter->want &&
	    !l->filter->want(l->filter->arg, t.name, t.kind))
		return NULL;
	if ((err = ph_dedup_seen(l->dedup, &t, &seen)) || seen)
		return err;
	return ph_model_add_type(l->model, &t, NULL);
}

static struct ph_error *load_line(void *arg, const char *line, size_t n,
				  size_t lineno)
{
	struct load *l = arg;
	json_t *v;
	struct ph_error *err = ph_json_parse_line(l->origin, lineno, line, n,
						  &v);

	if (!err) {
		err = add_record(l, lineno, v);
		json_decref(v);
	}
	ph_arena_deinit(&l->scratch);
	ph_arena_init(&l->scratch);
	if (!err || err == &ph_error_nomem)
		return err;
	if (!l->first) {
		l->first = err;
	} else {
		l->nr_bad++;
		ph_error_destroy(err);
	}
	return NULL;
}

struct ph_error *ph_report_load_text(const char *origin, const char *text,
				     size_t len, struct ph_model *model,
				     struct ph_dedup *dedup,
				     const struct ph_input_opts *opts)
{
	struct load l = {
		.origin = origin,
		.model = model,
		.dedup = dedup,
		.filter = opts ? opts->filter : NULL,
		.sites = opts ? opts->sites : NULL,
		.allocs = opts ? opts->allocs : NULL,
		.access = opts ? opts->access : NULL,
	};
	struct ph_error *err;

	ph_arena_init(&l.scratch);
	err = ph_lines_each(text, len, load_line, &l);
	ph_arena_deinit(&l.scratch);
	if (err) {
		if (l.first)
			ph_error_destroy(l.first);
		return err;
	}
	if (l.first && l.nr_bad) {
		err = ph_error_create(PH_ERROR_INVALID, "%s (and %u more)",
				      l.first->message, l.nr_bad);
		ph_error_destroy(l.first);
		return err;
	}
	return l.first;
}

/* Where ph_report_load_file puts a report's layouts.  */
struct load_into {
	struct ph_model *model;
	struct ph_dedup *dedup;
	const struct ph_input_opts *opts;
};

static struct ph_error *load_text(void *arg, const char *path, char *text,
				  size_t len)
{
	const struct load_into *into = arg;

	return ph_report_load_text(path, text, len, into->model, into->dedup,
				   into->opts);
}

struct ph_error *ph_report_load_file(const char *path,
				     struct ph_model *model,
				     struct ph_dedup *dedup,
				     const struct ph_input_opts *opts)
{
	struct load_into into = { model, dedup, opts };

	return ph_lines_with_file(path, load_text, &into);
}
