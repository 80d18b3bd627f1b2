/* Warnings about layouts, at the members they are about, and the fix-it
   that reorders a struct's member lines.  Warnings are issued with option
   0: they obey -w and -Werror (not #pragma GCC diagnostic, which needs an
   option of the compiler's own), and they never fire in system headers or
   on a type marked __attribute__((pokehole_ignore)).

   A plugin cannot add -W options, so each warning names its kind the way
   GCC names an option, [-Wpokehole-holes] ([-Werror=pokehole-holes] once
   -Werror made it an error), through the diagnostic context's
   option_name hook, which is ours only while we warn; and no-error=LIST
   keeps the kinds it lists warnings under -Werror, by lifting -Werror
   around them.  */
#include "plugin.h"

/* The kind of the warning being issued, for option_name; 0 otherwise.  */
static unsigned current_kind;
static const struct ph_warn_options *current_opts;
static bool saved_werror;

const char *ph_warn_kind_name(unsigned kind)
{
	switch (kind) {
	case PH_WARN_HOLES:
		return "holes";
	case PH_WARN_PADDING:
		return "padding";
	case PH_WARN_CACHELINE:
		return "cacheline";
	case PH_WARN_PACKABLE:
		return "packable";
	case PH_WARN_GROWTH:
		return "growth";
	case PH_WARN_UNINLINED:
		return "uninlined";
	case PH_WARN_GROUPS:
		return "groups";
	}
	return NULL;
}

/* GCC shows options on warnings and on what -Werror made of them, never
   on notes.  */
static char *option_name(int index, diagnostic_t orig_kind, diagnostic_t kind)
{
	if (index || !current_kind || orig_kind != DK_WARNING)
		return NULL;
	return concat(kind == DK_ERROR ? "-Werror=pokehole-" : "-Wpokehole-",
		      ph_warn_kind_name(current_kind), NULL);
}

/* Brackets each warning of KIND: begin_kind() before, end_kind() after
   (the notes of a group may follow).  */
static void begin_kind(unsigned kind)
{
	current_kind = kind;
	saved_werror = ph_werror();
	if (current_opts->no_error & kind)
		ph_set_werror(false);
}

static void end_kind(void)
{
	ph_set_werror(saved_werror);
	current_kind = 0;
}

/* The FIELD_DECL a model member came from: by name, or by position for an
   anonymous one.  */
static tree member_decl(tree type, const struct ph_member *m)
{
	for (tree f = TYPE_FIELDS(type); f; f = DECL_CHAIN(f)) {
		if (TREE_CODE(f) != FIELD_DECL)
			continue;
		if (*m->name) {
			if (DECL_NAME(f) &&
			    strcmp(IDENTIFIER_POINTER(DECL_NAME(f)), m->name) == 0)
				return f;
		} else if (!DECL_NAME(f) && tree_fits_uhwi_p(bit_position(f)) &&
			   (uint64_t)int_bit_position(f) == m->bit_offset) {
			return f;
		}
	}
	return NULL_TREE;
}

static location_t type_location(tree type)
{
	if (TYPE_STUB_DECL(type))
		return DECL_SOURCE_LOCATION(TYPE_STUB_DECL(type));
	if (TYPE_NAME(type) && DECL_P(TYPE_NAME(type)))
		return DECL_SOURCE_LOCATION(TYPE_NAME(type));
	return UNKNOWN_LOCATION;
}

static location_t member_location(tree type, const struct ph_member *m)
{
	tree f = member_decl(type, m);

	return f ? DECL_SOURCE_LOCATION(f) : type_location(type);
}

/* 'struct sample', as the user wrote it.  */
static void display_name(const struct ph_type *t, struct ph_buf *out)
{
	if (t->typedef_name)
		ph_buf_puts(out, t->name);
	else
		ph_buf_printf(out, "%s %s", ph_kind_name(t->kind), t->name);
}

static const char *member_label(const struct ph_member *m)
{
	if (*m->name)
		return m->name;
	if (m->base)
		return m->type;
	return m->nested_kind == PH_KIND_UNION ? "(anonymous union)"
					       : "(anonymous struct)";
}

/* One source line, whole.  */
struct src_line {
	const char *text;
	int len;
};

static bool get_line(location_t loc, struct src_line *ret)
{
	expanded_location x = expand_location(loc);

	if (!x.file || x.line <= 0)
		return false;
	char_span span = ph_source_line(x.file, x.line);
	if (!span)
		return false;
	ret->text = span.get_buffer();
	ret->len = (int)span.length();
	return true;
}

/* Between the first member's line and the last one's, only member lines
   and blank ones: a directive (#ifdef), a comment or the other half of a
   declaration would end up with the wrong member.  */
static const char *lines_between_members(const struct ph_type *t,
					 const location_t *locs)
{
	expanded_location first = expand_location(locs[0]);
	int lo = first.line, hi = first.line;

	for (size_t i = 1; i < t->nr_members; i++) {
		expanded_location x = expand_location(locs[i]);

		if (!x.file || !first.file || strcmp(x.file, first.file))
			return "the members are in several files";
		lo = MIN(lo, x.line);
		hi = MAX(hi, x.line);
	}
	for (int l = lo; l <= hi; l++) {
		bool member = false;

		for (size_t i = 0; i < t->nr_members && !member; i++)
			member = expand_location(locs[i]).line == l;
		if (member)
			continue;
		char_span span = ph_source_line(first.file, l);
		if (!span)
			return "the source is not available";
		for (size_t k = 0; k < span.length(); k++)
			if (!ISSPACE(span[k]))
				return "other lines stand between the members "
				       "(a directive, a comment, part of a "
				       "declaration)";
	}
	return NULL;
}

/* Why the members' lines cannot simply be permuted, or NULL when they
   can: each member alone on its line, a plain declaration with one
   declarator, no comment, not from a macro.  */
static const char *fixit_obstacle(tree type, const struct ph_type *t,
				  location_t *locs)
{
	/* GCC's fix-it machinery is quadratic in the hints, and nobody
	   reviews a diff of that many lines.  */
	if (t->nr_members > 256)
		return "too many members to rewrite";
	for (size_t i = 0; i < t->nr_members; i++) {
		const struct ph_member *m = &t->members[i];
		struct src_line line;
		tree f;

		if (m->base || m->artificial)
			return "the class has bases or a vptr";
		if (m->nested)
			return "a member is a struct or union defined in place";
		f = member_decl(type, m);
		if (!f)
			return "a member has no declaration of its own";
		locs[i] = DECL_SOURCE_LOCATION(f);
		if (from_macro_expansion_at(locs[i]))
			return "a member comes from a macro";
		if (!get_line(locs[i], &line))
			return "the source is not available";
		for (size_t j = 0; j < i; j++) {
			expanded_location a = expand_location(locs[i]);
			expanded_location b = expand_location(locs[j]);

			if (a.line == b.line && a.file && b.file &&
			    strcmp(a.file, b.file) == 0)
				return "several members are declared on one "
				       "line";
		}
		int semis = 0, depth = 0;
		bool brace = false, comma = false;
		for (int k = 0; k < line.len; k++) {
			char c = line.text[k];

			if (c == '/' && k + 1 < line.len &&
			    (line.text[k + 1] == '*' || line.text[k + 1] == '/'))
				return "a comment shares a line with a member";
			if (c == '#')
				return "a member line holds a directive";
			if (c == '{' || c == '}')
				brace = true;
			if (c == '(' || c == '[' || c == '{')
				depth++;
			else if (c == ')' || c == ']' || c == '}')
				depth--;
			else if (c == ',' && depth == 0)
				comma = true;
			else if (c == ';')
				semis++;
		}
		if (comma)
			return "several declarators share a declaration";
		if (semis > 1)
			return "several members are declared on one line";
		if (brace)
			return "a member shares its line with a brace";
		if (semis != 1)
			return "a declaration spans several lines";
	}
	return lines_between_members(t, locs);
}

/* The fix-it: the line of the K-th member in the original order becomes
   the line of the K-th member in the suggested order.  */
static void add_fixits(rich_location *rich, const struct ph_type *t,
		       const struct ph_type *suggested, const location_t *locs)
{
	for (size_t k = 0; k < t->nr_members; k++) {
		const struct ph_member *want = &suggested->members[k];
		size_t from = 0;
		struct src_line dst, src;

		while (from < t->nr_members &&
		       t->members[from].name != want->name)
			from++;
		if (from == t->nr_members || from == k)
			continue;
		if (!get_line(locs[k], &dst) || !get_line(locs[from], &src))
			continue;
		const line_map_ordinary *map = linemap_check_ordinary(
			linemap_lookup(line_table, locs[k]));
		expanded_location x = expand_location(locs[k]);
		source_range range;
		range.m_start = linemap_position_for_line_and_column(
			line_table, map, x.line, 1);
		range.m_finish = linemap_position_for_line_and_column(
			line_table, map, x.line, dst.len);
		char *text = xstrndup(src.text, src.len);
		rich->add_fixit_replace(range, text);
		free(text);
	}
}

static void warn_packable(tree type, const struct ph_type *t,
			  struct ph_model *model,
			  const struct ph_warn_options *o, const char *name)
{
	struct ph_reorg_options ropts;
	struct ph_reorg_result r;
	struct ph_error *err;

	memset(&ropts, 0, sizeof(ropts));
	ropts.cacheline = o->cacheline;
	if ((err = ph_reorganize(model, t, &ropts, &r))) {
		ph_error_destroy(err);
		return;
	}
	if (r.type == t)
		return;

	location_t *locs = XCNEWVEC(location_t, t->nr_members + 1);
	const char *obstacle = fixit_obstacle(type, t, locs);
	rich_location rich(line_table, type_location(type));
	if (!obstacle)
		add_fixits(&rich, t, r.type, locs);
	auto_diagnostic_group group;
	begin_kind(PH_WARN_PACKABLE);
	bool warned = warning_at(&rich, 0,
				 "%qs is %wu bytes; reordered it would be %wu",
				 name, (unsigned HOST_WIDE_INT)t->size,
				 (unsigned HOST_WIDE_INT)r.type->size);
	end_kind();
	if (warned) {
		struct ph_buf order;

		ph_buf_init(&order);
		for (size_t i = 0; i < r.type->nr_members; i++)
			ph_buf_printf(&order, "%s%s", i ? ", " : "",
				      member_label(&r.type->members[i]));
		inform(type_location(type), "suggested order: %s",
		       order.data ? order.data : "");
		if (obstacle)
			inform(type_location(type),
			       "no fix-it: %s", obstacle);
		ph_buf_deinit(&order);
	}
	XDELETEVEC(locs);
}

/* Member M lies between the markers of one of the groups V[0..N).  */
static bool in_some_group(const struct ph_member *m, const struct ph_group *v,
			  size_t n)
{
	uint64_t off = ph_member_offset(m);

	for (size_t j = 0; j < n; j++)
		if (v[j].end && off >= v[j].offset &&
		    off < v[j].offset + v[j].size)
			return true;
	return false;
}

/* A group over more cachelines than its size needs; and a group whose
   begin marker is aligned to A (__cacheline_group_begin_aligned(G, A),
   ____cacheline_aligned) with a member of no group in its last A-byte
   block, which the pad of __cacheline_group_end_aligned() is there to
   keep out.  A member of the next group there is the packing the
   developer chose.  */
static void warn_groups(tree type, const struct ph_type *t,
			const struct ph_warn_options *o, const char *tn)
{
	struct ph_group *v;
	size_t n;
	struct ph_error *err;

	if ((err = ph_groups_of(t, o->cacheline, &v, &n))) {
		ph_error_destroy(err);
		return;
	}
	for (size_t j = 0; j < n; j++) {
		const struct ph_group *g = &v[j];
		const struct ph_member *begin = g->begin;

		if (!g->end || !g->size)
			continue;
		if (g->cachelines > g->min_cachelines) {
			begin_kind(PH_WARN_GROUPS);
			warning_at(member_location(type, begin), 0,
				   "cacheline group %<%.*s%> of %qs spans %wu "
				   "cachelines; its %wu bytes need %wu",
				   (int)g->name_len, g->name, tn,
				   (unsigned HOST_WIDE_INT)g->cachelines,
				   (unsigned HOST_WIDE_INT)g->size,
				   (unsigned HOST_WIDE_INT)g->min_cachelines);
			end_kind();
		}
		uint64_t a = begin->explicit_align;
		if (a < 2)
			continue;
		uint64_t end = g->offset + g->size;
		uint64_t block_end = (end + a - 1) / a * a;
		for (size_t i = 0; i < t->nr_members; i++) {
			const struct ph_member *m = &t->members[i];
			uint64_t off = ph_member_offset(m);

			if (off < end || off >= block_end ||
			    (!m->size && !m->bitfield) || ph_group_marker(m) ||
			    in_some_group(m, v, n))
				continue;
			begin_kind(PH_WARN_GROUPS);
			warning_at(member_location(type, m), 0,
				   "%qs is in the last %wu-byte block of the "
				   "aligned cacheline group %<%.*s%> in %qs",
				   member_label(m), (unsigned HOST_WIDE_INT)a,
				   (int)g->name_len, g->name, tn);
			end_kind();
			break;
		}
	}
	free(v);
}

void ph_warn_type(tree type, const struct ph_type *t, struct ph_model *model,
		  const struct ph_warn_options *o)
{
	struct ph_analysis a;
	struct ph_buf name;
	struct ph_error *err;

	if (!o->kinds || in_system_header_at(type_location(type)) ||
	    lookup_attribute("pokehole_ignore", TYPE_ATTRIBUTES(type)))
		return;
	if ((err = ph_analyze_type(t, o->cacheline, &a))) {
		ph_error_destroy(err);
		return;
	}
	current_opts = o;
	ph_set_option_namer(option_name);
	ph_buf_init(&name);
	display_name(t, &name);
	const char *tn = name.data ? name.data : t->name;
	const struct ph_baseline_type *base = o->baseline
		? ph_baseline_find(o->baseline, t->name, t->kind) : NULL;

	if (o->kinds & PH_WARN_HOLES) {
		for (size_t i = 0; i + 1 < t->nr_members; i++) {
			const struct ph_member *m = &t->members[i];
			uint64_t hole = a.gaps[i].hole;

			if (!hole || hole < o->min_hole ||
			    (base && ph_baseline_has_hole(base, m->name, hole)))
				continue;
			begin_kind(PH_WARN_HOLES);
			warning_at(member_location(type, &t->members[i + 1]), 0,
				   "%wu-byte hole after %qs in %qs",
				   (unsigned HOST_WIDE_INT)hole, member_label(m),
				   tn);
			end_kind();
		}
	}
	/* An empty class's byte only gives its objects distinct addresses:
	   no order of members can take it away.  */
	bool empty = !a.sum_members && !a.sum_bitfield_bits;

	if ((o->kinds & PH_WARN_PADDING) && a.padding && !empty &&
	    a.padding >= o->min_hole &&
	    !(base && base->padding >= a.padding)) {
		begin_kind(PH_WARN_PADDING);
		warning_at(type_location(type), 0,
			   a.padding == 1 ? "%wu byte of tail padding in %qs"
					  : "%wu bytes of tail padding in %qs",
			   (unsigned HOST_WIDE_INT)a.padding, tn);
		end_kind();
	}
	if (base && t->size > base->size &&
	    (o->kinds & (PH_WARN_HOLES | PH_WARN_PADDING | PH_WARN_PACKABLE))) {
		begin_kind(PH_WARN_GROWTH);
		warning_at(type_location(type), 0,
			   "%qs grew from %wu to %wu bytes", tn,
			   (unsigned HOST_WIDE_INT)base->size,
			   (unsigned HOST_WIDE_INT)t->size);
		end_kind();
	}
	if (o->kinds & PH_WARN_CACHELINE) {
		for (size_t i = 0; i < t->nr_members; i++) {
			const struct ph_member *m = &t->members[i];
			uint64_t first = ph_member_offset(m);
			uint64_t last = first + (m->size ? m->size - 1 : 0);

			if (m->bitfield || !m->size || m->size > o->cacheline ||
			    first / o->cacheline == last / o->cacheline)
				continue;
			begin_kind(PH_WARN_CACHELINE);
			warning_at(member_location(type, m), 0,
				   "%qs straddles the %u-byte cacheline "
				   "boundary at byte %wu in %qs",
				   member_label(m), o->cacheline,
				   (unsigned HOST_WIDE_INT)(last / o->cacheline *
							    o->cacheline), tn);
			end_kind();
		}
	}
	if (o->kinds & PH_WARN_GROUPS)
		warn_groups(type, t, o, tn);
	/* A type the baseline knows is only checked for what is new; being
	   packable is not new unless it grew.  */
	if ((o->kinds & PH_WARN_PACKABLE) && (!base || t->size > base->size))
		warn_packable(type, t, model, o, tn);
	ph_buf_deinit(&name);
	ph_analysis_deinit(&a);
	ph_set_option_namer(NULL);
}

void ph_warn_uninlined(location_t loc, const char *name, const char *why,
		       unsigned inlined, unsigned calls,
		       const struct ph_warn_options *o)
{
	if (!(o->kinds & PH_WARN_UNINLINED) || in_system_header_at(loc))
		return;
	current_opts = o;
	ph_set_option_namer(option_name);
	begin_kind(PH_WARN_UNINLINED);
	if (calls == 0)
		warning_at(loc, 0, "%qs is declared inline but keeps an "
			   "out-of-line body (%s); no direct calls",
			   name, why);
	else if (calls == 1)
		warning_at(loc, 0, "%qs is declared inline but keeps an "
			   "out-of-line body (%s); %u of %u call inlined",
			   name, why, inlined, calls);
	else
		warning_at(loc, 0, "%qs is declared inline but keeps an "
			   "out-of-line body (%s); %u of %u calls inlined",
			   name, why, inlined, calls);
	end_kind();
	ph_set_option_namer(NULL);
}
