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
   around them.

   With warn-once=FILE (warnonce.cc) a unit asks the build's shared list
   before each warning whether it is the one to give it, by the
   warning's plain text; hence every warning goes through warn_at (or,
   with fix-its, claim), which writes that text from GCC's own format.  */
#include "sites.h"

#include "plugin.h"
#include "sites-tree.h"
#include "allocs.h"
#include "../reorg/alloc.h"

#include <string>

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
	case PH_WARN_FALSE_SHARING:
		return "false-sharing";
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

/* The text GCC's format FMT gives with AP, as -fno-diagnostics-color
   in the C locale prints it: only the directives the warnings here
   use (%s %qs %u %wu %.*s %< %> %%).  */
static void plain_format(std::string *out, const char *fmt, va_list ap)
{
	for (const char *p = fmt; *p; p++) {
		if (*p != '%') {
			out->push_back(*p);
			continue;
		}
		p++;
		bool quote = *p == 'q';
		if (quote)
			p++;
		if (*p == '<' || *p == '>') {
			out->push_back('\'');
		} else if (*p == '%') {
			out->push_back('%');
		} else if (*p == 's') {
			const char *v = va_arg(ap, const char *);
			if (quote)
				out->push_back('\'');
			*out += v ? v : "(null)";
			if (quote)
				out->push_back('\'');
		} else if (*p == 'u') {
			*out += std::to_string(va_arg(ap, unsigned));
		} else if (p[0] == 'w' && p[1] == 'u') {
			p++;
			*out += std::to_string(va_arg(ap, unsigned HOST_WIDE_INT));
		} else if (p[0] == '.' && p[1] == '*' && p[2] == 's') {
			p += 2;
			int len = va_arg(ap, int);
			const char *v = va_arg(ap, const char *);
			out->append(v, len);
		} else {
			/* A directive not listed above: a bug here, kept
			   visible in the text rather than read past.  */
			out->push_back('%');
			if (!*p)
				break;
			out->push_back(*p);
		}
	}
}

/* Whether this unit gives the warning of KIND that FMT makes with AP at
   LOC, as warn-once decides (always, without it).  */
static bool claim_v(unsigned kind, location_t loc, uint64_t layout,
		    const char *fmt, va_list ap)
{
	if (!ph_warn_once_active())
		return true;
	std::string text;
	plain_format(&text, fmt, ap);
	return ph_warn_once_claim(loc, ph_warn_kind_name(kind), layout,
				  text.c_str());
}

static bool claim(unsigned kind, location_t loc, uint64_t layout,
		  const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	bool mine = claim_v(kind, loc, layout, fmt, ap);
	va_end(ap);
	return mine;
}

/* The warning of KIND at LOC, FMT with *AP; whether it was shown.  */
static bool emit_v(unsigned kind, location_t loc, const char *fmt, va_list *ap)
{
	/* warning_at opens a group itself; emit_diagnostic_valist does not,
	   and GCC 15 asserts that every diagnostic is inside one.  */
	auto_diagnostic_group group;
	begin_kind(kind);
	bool shown = emit_diagnostic_valist(DK_WARNING, loc, 0, fmt, ap);
	end_kind();
	ph_warn_once_shown(shown);
	return shown;
}

/* warning_at (LOC, 0, FMT, ...) for KIND, once per build with warn-once;
   whether it was shown.  */
static bool warn_at(unsigned kind, location_t loc, uint64_t layout,
		    const char *fmt, ...)
{
	va_list ap, again;

	va_start(ap, fmt);
	va_copy(again, ap);
	bool shown = claim_v(kind, loc, layout, fmt, ap) &&
		     emit_v(kind, loc, fmt, &again);
	va_end(again);
	va_end(ap);
	return shown;
}

/* What makes T's layout this layout, for warn-once's key: a type changed
   in any way warns again.  */
static uint64_t layout_hash(const struct ph_type *t)
{
	uint64_t h = 0xcbf29ce484222325ULL;
	auto add = [&h](uint64_t v) {
		for (int i = 0; i < 8; i++, v >>= 8)
			h = (h ^ (v & 0xff)) * 0x100000001b3ULL;
	};

	add(t->size);
	add(t->align);
	for (size_t i = 0; i < t->nr_members; i++) {
		const struct ph_member *m = &t->members[i];
		for (const char *c = m->name; *c; c++)
			add((unsigned char)*c);
		for (const char *c = m->type; c && *c; c++)
			add((unsigned char)*c);
		add(m->bit_offset);
		add(m->bit_size);
		add(m->size);
	}
	return h;
}

static location_t member_location(tree type, const struct ph_member *m)
{
	tree f = ph_member_decl(type, m);

	return f ? DECL_SOURCE_LOCATION(f) : ph_type_location(type);
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

/* The fix-its of EDITS on RICH; false with *WHY when one cannot be
   one (GCC's fix-its stay on one line).  Edits another warning of the
   unit made already are not made again (a list shared by two types).  */
static std::vector<ph_src_edit> *emitted;

static bool add_fixits(rich_location *rich, const std::vector<ph_src_edit> &edits,
		       location_t hint, std::vector<ph_src_edit> *made,
		       std::string *why)
{
	if (!emitted)
		emitted = new std::vector<ph_src_edit>;
	for (const auto &e : edits) {
		bool dup = false;
		for (const auto &o : *emitted) {
			if (o == e)
				dup = true;
			else if (o.file == e.file &&
				 ((o.off == o.end && e.off == e.end)
					  ? o.off == e.off
					  : o.off < e.end && e.off < o.end)) {
				*why = "an edit overlaps one of another "
				       "warning's fix-its";
				return false;
			}
		}
		if (dup)
			continue;
		const ph_src_file *f = ph_src_get(e.file.c_str());
		if (!f) {
			*why = "the source is not available";
			return false;
		}
		uint32_t l1, c1, l2, c2;
		f->position(e.off, &l1, &c1);
		f->position(e.end, &l2, &c2);
		/* A move: the moved text as it is here (another warning's
		   edits inside it were refused above).  */
		std::string text = e.new_text;
		if (e.src_off != std::string::npos)
			text += f->text.substr(e.src_off, e.src_end - e.src_off);
		/* Whole lines inserted before a line (a member declared
		   alone): a hint for each, which GCC allows.  */
		if (e.off == e.end && c1 == 1 && !text.empty() &&
		    text.back() == '\n') {
			location_t at = ph_location_at(e.file.c_str(), l1, 1,
						       hint);
			if (at == UNKNOWN_LOCATION) {
				*why = "no location for an edit";
				return false;
			}
			for (size_t p = 0; p < text.size();) {
				size_t nl = text.find('\n', p) + 1;
				rich->add_fixit_insert_before(
					at, text.substr(p, nl - p).c_str());
				p = nl;
			}
			made->push_back(e);
			continue;
		}
		if (l1 != l2 || text.find('\n') != std::string::npos) {
			*why = "an edit spans lines, which a fix-it cannot";
			return false;
		}
		location_t start = ph_location_at(e.file.c_str(), l1, c1, hint);
		if (start == UNKNOWN_LOCATION) {
			*why = "no location for an edit";
			return false;
		}
		if (e.off == e.end) {
			rich->add_fixit_insert_before(start, text.c_str());
		} else {
			location_t finish = ph_location_at(e.file.c_str(), l2,
							   c2 - 1, hint);
			if (finish == UNKNOWN_LOCATION) {
				*why = "no location for an edit";
				return false;
			}
			source_range range;
			range.m_start = start;
			range.m_finish = finish;
			rich->add_fixit_replace(range, text.c_str());
		}
		made->push_back(e);
	}
	if (rich->seen_impossible_fixit_p()) {
		*why = "GCC refused an edit";
		return false;
	}
	return true;
}

/* What site S is and why it stops the order (WHY, the verdict's).  */
static std::string site_note(const ph_unit_site &s, const char *name,
			     const char *why)
{
	std::string q = std::string("'") + name + "'";
	std::string own = s.why.empty() ? why : s.why;

	switch (s.kind) {
	case PH_SITE_POSITIONAL:
		return q + " is initialized by position here; " +
		       (s.rewrite ? why : "it cannot be rewritten: " + own);
	case PH_SITE_DESIGNATED:
		return q + " has a designated initializer here; " +
		       (s.rewrite ? why : "it cannot be rewritten: " + own);
	case PH_SITE_MEM_INIT:
		return "this mem-initializer list of " + q + " cannot be "
		       "rewritten: " + own;
	case PH_SITE_INITIALIZER:
		return "an initializer of " + q + " here cannot be read (" +
		       own + "): it may set members by position";
	case PH_SITE_BINDING:
		return "this structured binding of " + q + " binds its names "
		       "in declaration order";
	case PH_SITE_FIRST_MEMBER:
		return "this cast relies on '" + s.member + "' staying at "
		       "offset 0 of " + q;
	case PH_SITE_IO:
		return q + " is read or written whole here (" + s.why +
		       "): its bytes leave the program";
	case PH_SITE_ABI:
	case PH_SITE_PACKED:
		return q + " is " + s.why;
	case PH_SITE_ASSERT:
		return "this assertion (" + s.why + ") on " +
		       (s.member.empty() ? "the size of " + q
					 : "the offset of '" + s.member +
						   "' in " + q) +
		       " would fail";
	case PH_SITE_READS:
		return s.other.empty()
			       ? "'" + s.member + "' of " + q + " is "
				 "initialized by code that can read the whole "
				 "object"
			       : "'" + s.member + "' of " + q + " is "
				 "initialized from '" + s.other + "', which "
				 "the new order initializes after it";
	case PH_SITE_LIFETIME:
		return "'" + s.member + "' and '" + s.other + "' of " + q +
		       " are " + s.why + ": " + why;
	case PH_SITE_FORWARDED:
		return q + " is initialized from this call's arguments, "
		       "which follow the declaration order";
	case PH_SITE_DEFINITION:
	case PH_SITE_NR_KINDS:
		break;
	}
	return q + ": " + why;
}

/* What the allocator TYPE goes to in this unit makes of SIZE bytes:
   its first heap site's (the kernel's kmalloc, a slab cache's slot, the
   C library's malloc), or without one the target's (kmalloc in the
   kernel, malloc outside); *NAME says it for the note.  0 when the
   allocator is not modelled.  */
static uint64_t alloc_class(tree type, uint64_t size, uint64_t align,
			    char *name, size_t len)
{
	uint64_t cache_align;
	enum ph_alloc_how how = ph_allocs_how(type, &cache_align);
	struct ph_alloc_model m;
	struct ph_alloc_class c;

	name[0] = '\0';
	if (how == PH_HOW_NR)
		how = ph_allocs_kernel_unit() ? PH_HOW_KMALLOC : PH_HOW_MALLOC;
	switch (how) {
	case PH_HOW_KMALLOC:
		ph_alloc_kmalloc(&m, 1);
		ph_alloc_class(&m, size, &c);
		if (c.pages)
			snprintf(name, len, "order-%u pages", c.order);
		else
			snprintf(name, len, "kmalloc-%u", (unsigned)c.cache);
		return c.pages ? (uint64_t)4096 << c.order : c.size;
	case PH_HOW_CACHE: {
		uint64_t a = cache_align > align ? cache_align : align;
		uint64_t slot = ph_slub_slot(size, (unsigned)(a < 8 ? 8 : a), 0);
		snprintf(name, len, "%llu-byte slab slots",
			 (unsigned long long)slot);
		return slot;
	}
	case PH_HOW_OTHER:
		return 0;
	default:
		ph_alloc_glibc(&m, POINTER_SIZE / 8);
		ph_alloc_class(&m, size, &c);
		snprintf(name, len, "%llu-byte malloc chunks",
			 (unsigned long long)c.size);
		return c.size;
	}
}

static void warn_packable(tree type, const struct ph_type *t,
			  const struct ph_type_report *rep, const char *name)
{
	/* Not packable; or its bytes leave the program (packed, written
	   whole, a public ABI): then the answer is never a new order, and
	   only growth against a baseline is warned about.  */
	if (!rep || !rep->suggested || rep->fixed)
		return;
	/* packable=class: only a saving the allocator gives back, as a
	   kernel reviewer asks (kmalloc-96 to kmalloc-64, not 72 to 66).  */
	char now[64] = "", packed[64] = "";
	if (current_opts->packable_class) {
		uint64_t a = alloc_class(type, t->size, t->align, now,
					 sizeof(now));
		uint64_t b = alloc_class(type, rep->suggested->size, t->align,
					 packed, sizeof(packed));
		if (a && a == b)
			return;
	}

	std::vector<std::pair<const ph_unit_site *, const char *>> stops;
	const char *definition = NULL;
	for (const auto &s : rep->sites) {
		const char *why;
		if (ph_site_ok(*rep, t, s, &why))
			continue;
		if (s.kind == PH_SITE_DEFINITION)
			definition = why;
		else
			stops.push_back(std::make_pair(&s, why));
	}
	location_t where = ph_type_location(type);
	rich_location rich(line_table, where);
	std::string obstacle;
	std::vector<ph_src_edit> edits, made;
	if (!definition && stops.empty() &&
	    ph_sites_edits(*rep, &edits, &obstacle))
		add_fixits(&rich, edits, where, &made, &obstacle);
	/* Fix-its all or none.  */
	rich_location plain(line_table, where);
	rich_location *use = obstacle.empty() ? &rich : &plain;
	static const char fmt[] = "%qs is %wu bytes; reordered it would be %wu";
	if (!claim(PH_WARN_PACKABLE, where, layout_hash(t), fmt, name,
		   (unsigned HOST_WIDE_INT)t->size,
		   (unsigned HOST_WIDE_INT)rep->suggested->size))
		return;
	auto_diagnostic_group group;
	begin_kind(PH_WARN_PACKABLE);
	bool warned = warning_at(use, 0, fmt, name,
				 (unsigned HOST_WIDE_INT)t->size,
				 (unsigned HOST_WIDE_INT)rep->suggested->size);
	end_kind();
	ph_warn_once_shown(warned);
	if (!warned)
		return;
	if (current_opts->packable_class && now[0] && packed[0])
		inform(where, "in %s now, %s reordered", now, packed);
	std::string order;
	for (size_t i = 0; i < rep->suggested->nr_members; i++) {
		if (i)
			order += ", ";
		order += member_label(&rep->suggested->members[i]);
	}
	inform(where, "suggested order: %s", order.c_str());
	if (definition)
		inform(where, "no fix-it: %s", definition);
	else if (!stops.empty())
		inform(where, "no fix-it: %wu %s on the member order",
		       (unsigned HOST_WIDE_INT)stops.size(),
		       stops.size() == 1 ? "place depends" : "places depend");
	else if (!obstacle.empty())
		inform(where, "no fix-it: %s", obstacle.c_str());
	else
		for (const auto &e : made)
			emitted->push_back(e);
	for (const auto &st : stops) {
		const ph_unit_site *s = st.first;
		location_t loc = (location_t)s->loc;
		if (loc == UNKNOWN_LOCATION)
			loc = ph_location_at(s->file.c_str(), s->line,
					     s->column, where);
		std::string msg = site_note(*s, name, st.second);
		if (loc != UNKNOWN_LOCATION)
			inform(loc, "%s", msg.c_str());
		else
			inform(where, "%s:%u:%u: %s", s->file.c_str(), s->line,
			       s->column, msg.c_str());
	}
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
			const struct ph_warn_options *o, const char *tn,
			uint64_t layout)
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
		if (g->cachelines > g->min_cachelines)
			warn_at(PH_WARN_GROUPS, member_location(type, begin),
				layout, "cacheline group %<%.*s%> of %qs spans "
				"%wu cachelines; its %wu bytes need %wu",
				(int)g->name_len, g->name, tn,
				(unsigned HOST_WIDE_INT)g->cachelines,
				(unsigned HOST_WIDE_INT)g->size,
				(unsigned HOST_WIDE_INT)g->min_cachelines);
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
			warn_at(PH_WARN_GROUPS, member_location(type, m),
				layout, "%qs is in the last %wu-byte block of "
				"the aligned cacheline group %<%.*s%> in %qs",
				member_label(m), (unsigned HOST_WIDE_INT)a,
				(int)g->name_len, g->name, tn);
			break;
		}
	}
	free(v);
}

void ph_warn_type(tree type, const struct ph_type *t, struct ph_model *model,
		  const struct ph_warn_options *o,
		  const struct ph_type_report *sites, bool fixed_size)
{
	struct ph_analysis a;
	struct ph_buf name;
	struct ph_error *err;

	if (!o->kinds || in_system_header_at(ph_type_location(type)) ||
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
	uint64_t layout = layout_hash(t);
	/* No order makes the type smaller: its holes and padding only move
	   between places (a hole closed opens another, or the tail grows),
	   so there is nothing to fix.  Against a baseline what is new is
	   the news, whatever the order: a change made the type waste more.  */
	bool waste_movable = !fixed_size || o->all_holes || base;

	if ((o->kinds & PH_WARN_HOLES) && waste_movable) {
		for (size_t i = 0; i + 1 < t->nr_members; i++) {
			const struct ph_member *m = &t->members[i];
			uint64_t hole = a.gaps[i].hole;

			if (!hole || hole < o->min_hole ||
			    (base && ph_baseline_has_hole(base, m->name, hole)))
				continue;
			/* At the member the hole follows, naming both: the
			   hole is between them.  */
			warn_at(PH_WARN_HOLES, member_location(type, m), layout,
				"%wu-byte hole between %qs and %qs in %qs",
				(unsigned HOST_WIDE_INT)hole, member_label(m),
				member_label(&t->members[i + 1]), tn);
		}
	}
	/* An empty class's byte only gives its objects distinct addresses:
	   no order of members can take it away.  */
	bool empty = !a.sum_members && !a.sum_bitfield_bits;

	if ((o->kinds & PH_WARN_PADDING) && waste_movable && a.padding &&
	    !empty && a.padding >= o->min_hole &&
	    !(base && base->padding >= a.padding))
		warn_at(PH_WARN_PADDING, ph_type_location(type), layout,
			a.padding == 1 ? "%wu byte of tail padding in %qs"
				       : "%wu bytes of tail padding in %qs",
			(unsigned HOST_WIDE_INT)a.padding, tn);
	if (base && t->size > base->size &&
	    (o->kinds & (PH_WARN_HOLES | PH_WARN_PADDING | PH_WARN_PACKABLE)))
		warn_at(PH_WARN_GROWTH, ph_type_location(type), layout,
			"%qs grew from %wu to %wu bytes", tn,
			(unsigned HOST_WIDE_INT)base->size,
			(unsigned HOST_WIDE_INT)t->size);
	if (o->kinds & PH_WARN_CACHELINE) {
		for (size_t i = 0; i < t->nr_members; i++) {
			const struct ph_member *m = &t->members[i];
			uint64_t first = ph_member_offset(m);
			uint64_t last = first + (m->size ? m->size - 1 : 0);

			if (m->bitfield || !m->size || m->size > o->cacheline ||
			    first / o->cacheline == last / o->cacheline)
				continue;
			warn_at(PH_WARN_CACHELINE, member_location(type, m),
				layout, "%qs straddles the %u-byte cacheline "
				"boundary at byte %wu in %qs",
				member_label(m), o->cacheline,
				(unsigned HOST_WIDE_INT)(last / o->cacheline *
							 o->cacheline), tn);
		}
	}
	if (o->kinds & PH_WARN_GROUPS)
		warn_groups(type, t, o, tn, layout);
	/* A type the baseline knows is only checked for what is new; being
	   packable is not new unless it grew.  */
	if ((o->kinds & PH_WARN_PACKABLE) && (!base || t->size > base->size))
		warn_packable(type, t, sites, tn);
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
	if (calls == 0)
		warn_at(PH_WARN_UNINLINED, loc, 0, "%qs is declared inline but "
			"keeps an out-of-line body (%s); no direct calls",
			name, why);
	else if (calls == 1)
		warn_at(PH_WARN_UNINLINED, loc, 0, "%qs is declared inline but "
			"keeps an out-of-line body (%s); %u of %u call inlined",
			name, why, inlined, calls);
	else
		warn_at(PH_WARN_UNINLINED, loc, 0, "%qs is declared inline but "
			"keeps an out-of-line body (%s); %u of %u calls "
			"inlined", name, why, inlined, calls);
	ph_set_option_namer(NULL);
	/* These come at the end of IPA, long after the types': each its
	   own short session, not a lock held through code generation.  */
	ph_warn_once_flush(false);
}

/* The pieces other files' warnings are made of (sharing-warn.cc).  */
bool ph_warn_claim(unsigned kind, location_t loc, const struct ph_type *t,
		   const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	bool mine = claim_v(kind, loc, t ? layout_hash(t) : 0, fmt, ap);
	va_end(ap);
	return mine;
}

void ph_warn_begin(unsigned kind, const struct ph_warn_options *o)
{
	current_opts = o;
	ph_set_option_namer(option_name);
	begin_kind(kind);
}

void ph_warn_end(bool shown)
{
	end_kind();
	ph_warn_once_shown(shown);
	ph_set_option_namer(NULL);
}

void ph_warn_display_name(const struct ph_type *t, struct ph_buf *out)
{
	display_name(t, out);
}
