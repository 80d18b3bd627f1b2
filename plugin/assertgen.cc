/* Generated layout assertions, -fplugin-arg-pokehole-assert-layout=FILE
   (issue 36): for the types whose layout someone chose (the kernel's
   cacheline groups, a member aligned to a cacheline or more, pokehole_hot
   members, the types assert-types= names), lines that compile after the
   type's definition while GCC lays it out as it did here, and fail,
   naming the member, once it does not:

     _Static_assert(offsetof(struct s, m) == 8, "pokehole: struct s: m at 8");

   and, for the kernel (or assert-groups), its CACHELINE_ASSERT_GROUP_*
   in a function, as the kernel keeps them by hand.

   One file serves the build: each unit reads it and appends the types it
   does not hold yet under the lock the JSON report takes, so a header's
   type is there once whatever the number of units.  A block is keyed by
   its slot (the language, the target's type sizes and the type's name:
   its #if and what it asserts about) and its body (the assertions): the
   same body again is left out; another body in a taken slot is a layout
   two units of one target disagree on (a -D, an #if), which the file
   cannot tell apart by the preprocessor: it is kept, under #if 0, with a
   comment saying so, and the first one stays asserted.  Units of other
   targets (-m32) get blocks of their own, each under its #if.

   What cannot be named from outside the type is left out: bitfields
   (offsetof cannot take them, and no constant expression gives their
   bits: the members around them are asserted), C++ bases and the vptr,
   the members of a C++ class that is not standard-layout by the rules
   below (offsetof on it is only conditionally supported, and warned
   about) or whose members are not public; types local to a function or
   in an anonymous namespace are not written at all.  */
#include "sites.h"

#include "plugin.h"
#include "args.h"
#include "allocs.h"
#include "../reorg/hash.h"

namespace {

/* One type's assertions, rendered, waiting for the unit's end.  */
struct ag_block {
	uint64_t slot, body;
	std::string name;	/* as the code spells it */
	std::string where;	/* FILE:LINE of its definition */
	std::string guard;	/* the #if line */
	std::string lines;	/* between the #if and its #endif */
};

} // namespace

static std::vector<ag_block> *ag_pending;

/* The C++ rules for standard layout, as far as plain tree bits tell
   them (cp-tree.h is not ours to include): no base, no vptr, one access
   for every member, no reference, member classes standard-layout too.
   Stricter than the language (a class with an empty base is left
   out), never looser: offsetof must not warn.  PUBLIC: every member
   public as well, for offsetof from outside the class.  */
static bool ag_std_layout(tree type, bool is_public, unsigned depth)
{
	int access = -1;

	if (depth > 32 || !COMPLETE_TYPE_P(type))
		return false;
	if (TYPE_BINFO(type) && BINFO_N_BASE_BINFOS(TYPE_BINFO(type)))
		return false;
	for (tree f = TYPE_FIELDS(type); f; f = DECL_CHAIN(f)) {
		if (TREE_CODE(f) != FIELD_DECL)
			continue;
		if (DECL_VIRTUAL_P(f) || PH_DECL_FIELD_IS_BASE(f) ||
		    (DECL_ARTIFICIAL(f) && DECL_NAME(f)))
			return false;
		int a = TREE_PRIVATE(f) ? 2 : TREE_PROTECTED(f) ? 1 : 0;
		if ((is_public && a) || (access >= 0 && a != access))
			return false;
		access = a;
		tree ft = strip_array_types(TREE_TYPE(f));
		if (TREE_CODE(ft) == REFERENCE_TYPE)
			return false;
		if (RECORD_OR_UNION_TYPE_P(ft) && !PH_TYPE_PTRMEMFUNC_P(ft) &&
		    !ag_std_layout(TYPE_MAIN_VARIANT(ft),
				   is_public && ph_untagged_aggregate(ft),
				   depth + 1))
			return false;
	}
	return true;
}

/* Whether code after the type's definition, at file scope, can name it:
   not local to a function, not a private or protected member class, not
   in an anonymous namespace or spelled with what is no C++ ("{lambda",
   "(anonymous namespace)"), nothing that would end a comment.  */
static bool ag_nameable(tree type, const char *name)
{
	static const char *const bad[] = {
		"(anonymous", "{", "<lambda", "*/", "\n",
	};

	for (const char *b : bad)
		if (strstr(name, b))
			return false;
	tree decl = TYPE_STUB_DECL(type);
	if (!decl && TYPE_NAME(type) && DECL_P(TYPE_NAME(type)))
		decl = TYPE_NAME(type);
	if (decl && decl_function_context(decl))
		return false;
	for (tree t = type; t && TYPE_P(t); t = TYPE_CONTEXT(t)) {
		tree d = TYPE_NAME(t);

		if (d && DECL_P(d) && (TREE_PRIVATE(d) || TREE_PROTECTED(d)))
			return false;
	}
	return true;
}

/* Whether any of M[0..N), at any depth, has what makes the order one
   someone chose: a cacheline's alignment or more, pokehole_hot.  */
static bool ag_chosen_members(const struct ph_member *m, size_t n,
			      unsigned cacheline)
{
	for (size_t i = 0; i < n; i++) {
		if (m[i].hot || m[i].align >= cacheline)
			return true;
		if (m[i].nested &&
		    ag_chosen_members(m[i].members, m[i].nr_members, cacheline))
			return true;
	}
	return false;
}

/* S as a C string literal's contents.  */
static std::string ag_quoted(const std::string &s)
{
	std::string out;

	for (char c : s) {
		if (c == '"' || c == '\\')
			out += '\\';
		out += c;
	}
	return out;
}

/* How the assertions of one type are spelled.  */
struct ag_spelling {
	bool cxx;
	std::string type;	/* "struct s", "ns::T" */
	std::string msg;	/* its name in the messages, quoted */
	const char *offsetof_kw;
};

static void ag_assert(std::string &out, const ag_spelling &sp,
		      const std::string &cond, const std::string &what)
{
	out += sp.cxx ? "static_assert(" : "_Static_assert(";
	out += cond;
	out += ", \"pokehole: " + sp.msg + ": " + ag_quoted(what) + "\");\n";
}

/* Each member's offset and size, M[0..N) at PATH (a named aggregate
   defined in place: "u."; an anonymous one: its members are the
   parent's).  */
static void ag_member_asserts(std::string &out, const ag_spelling &sp,
			      const struct ph_member *m, size_t n,
			      const std::string &path, unsigned depth)
{
	for (size_t i = 0; i < n && depth < 64; i++) {
		const struct ph_member &x = m[i];

		if (!*x.name) {
			if (x.nested)
				ag_member_asserts(out, sp, x.members,
						  x.nr_members, path,
						  depth + 1);
			continue;
		}
		if (x.bitfield || x.base || x.artificial)
			continue;
		std::string p = path + x.name;
		ag_assert(out, sp,
			  std::string(sp.offsetof_kw) + "(" + sp.type + ", " + p +
				  ") == " + std::to_string(ph_member_offset(&x)),
			  p + " at " + std::to_string(ph_member_offset(&x)));
		/* A flexible array has no size to take.  */
		if (!x.flexible)
			ag_assert(out, sp,
				  "sizeof(" +
					  (sp.cxx ? "static_cast<" + sp.type +
							    " *>(nullptr)->"
						  : "((" + sp.type + " *)0)->") +
					  p + ") == " + std::to_string(x.size),
				  p + " is " + std::to_string(x.size) +
					  (x.size == 1 ? " byte" : " bytes"));
		if (x.nested)
			ag_member_asserts(out, sp, x.members, x.nr_members,
					  p + ".", depth + 1);
	}
}

/* The names CACHELINE_ASSERT_GROUP_MEMBER can take among M[0..N): the
   members of anonymous aggregates, through them.  */
static void ag_group_members(std::string &out, const ag_spelling &sp,
			     const char *group, const struct ph_member *m,
			     size_t n, const std::string &path, unsigned depth)
{
	for (size_t i = 0; i < n && depth < 64; i++) {
		const struct ph_member &x = m[i];

		if (!*x.name && x.nested)
			ag_group_members(out, sp, group, x.members,
					 x.nr_members, path, depth + 1);
		if (!*x.name || x.bitfield || x.base || x.artificial ||
		    x.flexible || ph_group_marker(&x))
			continue;
		out += "\tCACHELINE_ASSERT_GROUP_MEMBER(" + sp.type + ", " +
		       group + ", " + path + x.name + ");\n";
	}
}

/* The kernel's checks of T's groups, in a function as the kernel writes
   them (tcp_struct_check()).  Its BUILD_BUG_ON fires only in a function
   the compiler compiles: this one is used, not just __maybe_unused.
   Left out where the macros are not defined (a kernel before 6.8): the
   offsets asserted above hold the members in place all the same.  */
static void ag_group_function(std::string &out, const ag_spelling &sp,
			      const struct ph_type *t, const char *ident,
			      bool kernel)
{
	struct ph_group *groups = NULL;
	size_t n = 0;

	if (ph_groups_of(t, ph_opts.cacheline, &groups, &n) || !n) {
		free(groups);
		return;
	}
	std::string body;
	for (size_t g = 0; g < n; g++) {
		if (!groups[g].end)
			continue;
		std::string name(groups[g].name, groups[g].name_len);
		const struct ph_member *b = groups[g].begin + 1;
		ag_group_members(body, sp, name.c_str(), b,
				 (size_t)(groups[g].end - b), "", 0);
		body += "\tCACHELINE_ASSERT_GROUP_SIZE(" + sp.type + ", " +
			name + ", " + std::to_string(groups[g].size) + ");\n";
	}
	free(groups);
	if (body.empty())
		return;
	out += "#if defined(CACHELINE_ASSERT_GROUP_MEMBER) && "
	       "defined(CACHELINE_ASSERT_GROUP_SIZE)\n";
	out += std::string("static void ") +
	       (kernel ? "__used" : "__attribute__((__used__))") +
	       " pokehole_assert_" + ident + "(void)\n{\n" + body + "}\n";
	out += "#endif\n";
}

/* The #if of a block: the language, and the sizes GCC predefines that
   tell the targets of a multilib build apart.  */
static std::string ag_guard(bool cxx)
{
	std::string g = cxx ? "#if defined(__cplusplus) && __cplusplus >= 201103L"
			    : "#if !defined(__cplusplus)";
	static const struct {
		const char *macro;
		tree *type;
	} sizes[] = {
		{ "__SIZEOF_POINTER__", &ptr_type_node },
		{ "__SIZEOF_LONG__", &long_integer_type_node },
		{ "__SIZEOF_LONG_DOUBLE__", &long_double_type_node },
	};
	for (const auto &s : sizes)
		if (*s.type && tree_fits_uhwi_p(TYPE_SIZE_UNIT(*s.type)))
			g += std::string(" && ") + s.macro + " == " +
			     std::to_string(tree_to_uhwi(
				     TYPE_SIZE_UNIT(*s.type)));
	return g + "\n";
}

void ph_assertgen_type(tree type, const struct ph_type *t)
{
	struct ph_group *groups = NULL;
	size_t nr_groups = 0;
	bool cxx = ph_lang_cxx;

	if (!t->name || !*t->name || !ag_nameable(type, t->name))
		return;
	if (ph_groups_of(t, ph_opts.cacheline, &groups, &nr_groups))
		return;
	free(groups);
	if (!nr_groups &&
	    !ag_chosen_members(t->members, t->nr_members, ph_opts.cacheline) &&
	    !(ph_opts.assert_types &&
	      ph_names_select(ph_opts.assert_types, t->name)))
		return;

	ag_spelling sp;
	sp.cxx = cxx;
	if (cxx || t->typedef_name)
		sp.type = t->name;
	else
		sp.type = std::string(t->kind == PH_KIND_UNION ? "union "
							      : "struct ") +
			  t->name;
	sp.msg = ag_quoted(sp.type);
	/* A template's commas would split offsetof's macro arguments.  */
	bool comma = sp.type.find(',') != std::string::npos;
	sp.offsetof_kw = comma ? "__builtin_offsetof" : "offsetof";

	std::string lines;
	ag_assert(lines, sp,
		  "sizeof(" + sp.type + ") == " + std::to_string(t->size),
		  "size " + std::to_string(t->size));
	/* _Alignof and C++'s alignof give the ABI's least alignment, which
	   is not always the type's (a DImode struct on i386);
	   __alignof__ gives the type's.  */
	const char *alignof_kw = cxx ? "alignof" : "_Alignof";
	if (min_align_of_type(type) != t->align)
		alignof_kw = "__alignof__";
	ag_assert(lines, sp,
		  std::string(alignof_kw) + "(" + sp.type + ") == " +
			  std::to_string(t->align),
		  "alignment " + std::to_string(t->align));
	if (!cxx || ag_std_layout(type, true, 0))
		ag_member_asserts(lines, sp, t->members, t->nr_members, "", 0);
	bool kernel = ph_allocs_kernel_unit();
	if (nr_groups && !comma &&
	    (ph_opts.assert_groups > 0 ||
	     (ph_opts.assert_groups < 0 && kernel))) {
		std::string ident;
		for (char c : sp.type.substr(cxx || t->typedef_name ? 0
					     : sp.type.find(' ') + 1))
			ident += ISALNUM(c) ? c : '_';
		ag_group_function(lines, sp, t, ident.c_str(), kernel);
	}

	ag_block b;
	b.name = sp.type;
	b.where = std::string(t->file ? t->file : "?") + ":" +
		  std::to_string(t->line);
	b.guard = ag_guard(cxx);
	b.lines = lines;
	b.slot = ph_hash_combine(ph_hash_string(b.guard.c_str()),
				 ph_hash_string(b.name.c_str()));
	b.body = ph_hash_combine(b.slot, ph_hash_string(b.lines.c_str()));
	if (!ag_pending)
		ag_pending = new std::vector<ag_block>;
	ag_pending->push_back(b);
}

static const char ag_marker[] = "/* pokehole-layout ";

static const char ag_prologue[] =
	"/* Layout assertions pokehole wrote from the layouts GCC gave these\n"
	"   types (-fplugin-arg-pokehole-assert-layout): include this file\n"
	"   once, after their definitions; a layout that changes fails to\n"
	"   compile, naming the member.  Each block holds where its #if does:\n"
	"   in the language and for the target of the units that wrote it.\n"
	"   Written again by the build; not to be edited.  */\n"
	"#ifndef offsetof\n"
	"#include <stddef.h>\n"
	"#endif\n";

/* The slots and bodies of the blocks in TEXT, from their markers.  */
static void ag_read_keys(const char *text, size_t len,
			 std::vector<std::pair<uint64_t, uint64_t>> &keys)
{
	size_t ml = sizeof(ag_marker) - 1;

	for (size_t at = 0; at < len;) {
		const char *nl = (const char *)memchr(text + at, '\n', len - at);
		size_t end = nl ? (size_t)(nl - text) : len;
		unsigned long long slot, body;

		if (end - at > ml && memcmp(text + at, ag_marker, ml) == 0) {
			std::string line(text + at + ml, end - at - ml);
			if (sscanf(line.c_str(), "%16llx %16llx", &slot, &body) == 2)
				keys.push_back(std::make_pair(slot, body));
		}
		at = end + 1;
	}
}

/* Appends to OUT the blocks of PENDING whose body KEYS lacks, and adds
   them to KEYS.  */
static void ag_render(std::string &out,
		      std::vector<std::pair<uint64_t, uint64_t>> &keys)
{
	const char *unit = main_input_filename ? main_input_filename : "?";

	for (const ag_block &b : *ag_pending) {
		bool taken = false, same = false;

		for (const auto &k : keys) {
			taken |= k.first == b.slot;
			same |= k.first == b.slot && k.second == b.body;
		}
		if (same)
			continue;
		char marker[64];
		snprintf(marker, sizeof(marker), "%s%016llx %016llx */\n",
			 ag_marker, (unsigned long long)b.slot,
			 (unsigned long long)b.body);
		out += "\n/* " + b.name + ", defined at " + b.where;
		if (taken)
			out += std::string(": another layout than the one "
					   "asserted above, seen compiling ") +
			       unit +
			       "; kept, not asserted: the units' targets "
			       "are the same, what differs (a -D, an #if) "
			       "is not for the preprocessor to tell */\n" +
			       marker + "#if 0\n";
		else
			out += " */\n" + std::string(marker) + b.guard;
		out += b.lines + "#endif\n";
		keys.push_back(std::make_pair(b.slot, b.body));
	}
}

void ph_assertgen_flush(bool write)
{
	std::vector<std::pair<uint64_t, uint64_t>> keys;
	struct ph_error *err = NULL;
	const char *path = ph_opts.assert_layout;
	std::string out;

	if (!ag_pending)
		ag_pending = new std::vector<ag_block>;
	if (!write || !path || ph_unit_is_check()) {
		delete ag_pending;
		ag_pending = NULL;
		return;
	}
	if (strcmp(path, "-") == 0) {
		struct ph_buf buf;

		/* Standard output is this unit's alone: nothing to say
		   when it has no type.  */
		if (!ag_pending->empty())
			out = ag_prologue;
		ag_render(out, keys);
		ph_buf_init(&buf);
		ph_buf_putn(&buf, out.data(), out.size());
		err = ph_append_locked(path, &buf);
		ph_buf_deinit(&buf);
	} else {
		/* Read and rewritten under the lock; left as it is when
		   the unit adds nothing, so that what includes it is not
		   rebuilt for nothing.  */
		struct ph_buf buf;
		int fd;

		ph_buf_init(&buf);
		if (!(err = ph_open_locked(path, &fd, &buf))) {
			ag_read_keys(buf.data ? buf.data : "", buf.len, keys);
			if (!buf.len)
				out = ag_prologue;
			ag_render(out, keys);
			if (out.empty()) {
				close(fd);
			} else {
				ph_buf_putn(&buf, out.data(), out.size());
				err = ph_rewrite_locked(fd, path, &buf);
			}
		}
		ph_buf_deinit(&buf);
	}
	delete ag_pending;
	ag_pending = NULL;
	if (err) {
		error_at(UNKNOWN_LOCATION,
			 "pokehole: cannot write the layout assertions: %s",
			 err->message);
		ph_error_destroy(err);
	}
}
