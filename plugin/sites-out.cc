/* A type's order-dependent sites at the end of the unit: those found in
   the code (sites.cc), those of the type itself (its own member lines,
   defsite.cc; packed, a public header, pokehole_abi), the static
   assertions (asserts.cc); for the order the engine suggested, whether
   each site keeps its meaning and the edits that make it so; the
   "sites" record of the report.  */
#include "sites.h"

#include <algorithm>
#include <set>

#include "plugin.h"
#include "sites-tree.h"

#include "../report/sites.h"

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
		ph_definition_site(type, t, suggested, &d);
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
