/* warn-once=FILE: each warning once per build, not once per unit.

   A type in a header is warned about in every unit that includes it, so
   one build repeats each of its warnings as many times as it has units
   including the header.  The units of a build share FILE instead: a
   text file listing each distinct warning once, and under it the units
   that see it, the one that gives it marked "warned".  A unit holds an
   exclusive flock on FILE while it decides (read, decide, rewrite), so
   two units of a make -j never both give one warning.

   The rule, for each warning a unit would give:
   - another unit is marked as giving it: the unit is only listed as
     seeing it (no warning);
   - else the unit gives it and is marked so.
   Each time a unit is compiled its earlier entries are dropped first, so
   the unit that gives a warning gives it again whenever it is rebuilt,
   the others stay silent, and a unit that no longer sees a warning (its
   header fixed, the include removed) leaves the list; a warning whose
   giver left it is given by the next unit compiled that sees it.  A
   warning is the same warning when its kind, its text, its place (the
   file made absolute, line, column) and the layout of its type are: a
   type changed in any way warns again.

   The file keeps what a project's build left: it is not a build log.
   Units never compiled again (removed from the build) keep their
   entries until the file is removed.  */
#include "plugin.h"

#include <string>
#include <unordered_map>
#include <vector>

namespace {

struct once_unit {
	std::string name;
	bool warned;
};

struct once_record {
	std::string key;
	std::string text;	/* FILE:LINE:COLUMN: warning: ... [-W...] */
	std::vector<once_unit> units;
};

/* This unit's claims, kept across the sessions of one compilation.  */
struct once_claim {
	std::string key, text;
	bool warned;
};

}

static const char *once_path;
static std::string unit_name;
static std::vector<once_claim> claims;
/* The file while a session holds its lock: its records, by key.  */
static int once_fd = -1;
static std::vector<once_record> once_records;
static std::unordered_map<std::string, size_t> by_key;
/* The file could not be used (already said): warn as without it.  */
static bool once_broken;

void ph_warn_once_file(const char *path)
{
	once_path = path;
}

bool ph_warn_once_active(void)
{
	static int outside = -1;

	if (!once_path || once_broken)
		return false;
	if (outside < 0)
		outside = ph_unit_is_check();
	return !outside;
}

/* PATH as json-dir's names have it: absolute, links resolved.  */
static std::string physical_path(const char *path)
{
	struct ph_buf b;

	ph_buf_init(&b);
	ph_physical_path(path, &b);
	std::string s = b.failed ? path : std::string(b.data, b.len);
	ph_buf_deinit(&b);
	return s;
}

/* The unit: its source and the file it writes, as json-dir names that
   file: `cc -c a.c` and `cc -fPIC -c a.c -o .libs/a.o` are two units.  */
static const std::string &this_unit(void)
{
	if (unit_name.empty()) {
		struct ph_buf out;

		ph_buf_init(&out);
		ph_unit_output_path(&out);
		unit_name = physical_path(main_input_filename ?
					  main_input_filename : "<stdin>");
		if (!out.failed)
			unit_name += " -o " + std::string(out.data, out.len);
		ph_buf_deinit(&out);
	}
	return unit_name;
}

static void add_unit(once_record *r, const std::string &name, bool warned)
{
	for (auto &u : r->units)
		if (u.name == name) {
			u.warned = u.warned || warned;
			return;
		}
	r->units.push_back(once_unit{ name, warned });
}

static once_record *find_or_add(const std::string &key,
				const std::string &text)
{
	auto it = by_key.find(key);

	if (it != by_key.end())
		return &once_records[it->second];
	by_key[key] = once_records.size();
	once_records.push_back(once_record{ key, text, {} });
	return &once_records.back();
}

/* " (seen in N units)" at the end of a warning's line.  */
static void strip_count(std::string *line)
{
	size_t at = line->rfind(" (seen in ");

	if (at != std::string::npos && line->back() == ')')
		line->erase(at);
}

/* Reads the file's records, leaving out this unit's (they are
   replaced by CLAIMS).  Lines that do not fit are skipped: a file cut
   short by a killed compiler costs its last record, never the build.  */
static void parse(const char *data, size_t len)
{
	const std::string &me = this_unit();
	once_record cur;
	bool have = false;
	auto keep = [&]() {
		if (!have || cur.key.empty() || cur.units.empty())
			return;
		once_record *r = find_or_add(cur.key, cur.text);
		for (const auto &u : cur.units)
			add_unit(r, u.name, u.warned);
	};

	for (size_t at = 0; at < len;) {
		const char *nl = (const char *)memchr(data + at, '\n', len - at);
		size_t end = nl ? (size_t)(nl - data) : len;
		std::string line(data + at, end - at);

		at = nl ? end + 1 : len;
		if (!nl || line.empty() || line[0] == '#')
			continue;
		if (line[0] != '\t') {
			keep();
			cur = once_record();
			cur.text = line;
			strip_count(&cur.text);
			have = true;
		} else if (have && line.compare(0, 5, "\tkey ") == 0) {
			cur.key = line.substr(5);
		} else if (have && line.compare(0, 8, "\twarned ") == 0) {
			if (line.substr(8) != me)
				cur.units.push_back(once_unit{ line.substr(8), true });
		} else if (have && line.compare(0, 6, "\tseen ") == 0) {
			if (line.substr(6) != me)
				cur.units.push_back(once_unit{ line.substr(6), false });
		}
	}
	keep();
}

static void give_up(struct ph_error *err)
{
	error_at(UNKNOWN_LOCATION, "pokehole: cannot keep warnings once: %s",
		 err->message);
	ph_error_destroy(err);
	once_broken = true;
}

/* Takes the lock and reads the file, once per session.  */
static bool open_session(void)
{
	struct ph_buf text;
	struct ph_error *err;

	if (once_fd >= 0)
		return true;
	if (!ph_warn_once_active())
		return false;
	ph_buf_init(&text);
	if ((err = ph_open_locked(once_path, &once_fd, &text))) {
		ph_buf_deinit(&text);
		give_up(err);
		return false;
	}
	once_records.clear();
	by_key.clear();
	parse(text.data ? text.data : "", text.len);
	ph_buf_deinit(&text);
	for (const auto &c : claims)
		add_unit(find_or_add(c.key, c.text), this_unit(), c.warned);
	return true;
}

void ph_warn_once_flush(bool purge)
{
	struct ph_buf out;
	struct ph_error *err;

	/* A unit with nothing to warn about still leaves the list.  */
	if (purge && !claims.empty())
		purge = false;
	if (once_fd < 0 && !(purge && open_session()))
		return;
	ph_buf_init(&out);
	ph_buf_puts(&out, "# pokehole warn-once (pokehole-plugin(1)): each "
		    "distinct warning of the build once,\n# then the units "
		    "that see it; \"warned\" marks the unit that gives it.\n");
	for (const auto &r : once_records) {
		if (r.units.empty())
			continue;
		ph_buf_printf(&out, "%s (seen in %zu unit%s)\n\tkey %s\n",
			      r.text.c_str(), r.units.size(),
			      r.units.size() == 1 ? "" : "s", r.key.c_str());
		for (const auto &u : r.units)
			ph_buf_printf(&out, "\t%s %s\n",
				      u.warned ? "warned" : "seen",
				      u.name.c_str());
	}
	err = ph_rewrite_locked(once_fd, once_path, &out);
	once_fd = -1;
	ph_buf_deinit(&out);
	once_records.clear();
	by_key.clear();
	if (err)
		give_up(err);
}

/* FNV-1a, for the key: the text of a warning is the bulk of it.  */
static uint64_t fnv(uint64_t h, const void *p, size_t n)
{
	const unsigned char *c = (const unsigned char *)p;

	for (size_t i = 0; i < n; i++)
		h = (h ^ c[i]) * 0x100000001b3ULL;
	return h;
}

bool ph_warn_once_claim(location_t loc, const char *kind, uint64_t layout,
			const char *message)
{
	if (!open_session())
		return true;

	expanded_location x = expand_location(loc);
	std::string text = x.file ? physical_path(x.file) : "<unknown>";
	char pos[64];

	snprintf(pos, sizeof(pos), ":%d:%d", x.line, x.column);
	text += pos;
	text += ": warning: ";
	text += message;
	text += " [-Wpokehole-";
	text += kind;
	text += "]";
	/* One line per record.  */
	for (auto &c : text)
		if (c == '\n' || c == '\t')
			c = ' ';
	uint64_t h = fnv(0xcbf29ce484222325ULL, text.data(), text.size());
	h = fnv(h, &layout, sizeof(layout));
	char key[17];
	snprintf(key, sizeof(key), "%016llx", (unsigned long long)h);

	for (const auto &c : claims)
		if (c.key == key)
			return false;	/* given once in this unit already */
	once_record *r = find_or_add(key, text);
	bool other = false;
	for (const auto &u : r->units)
		other = other || u.warned;
	claims.push_back(once_claim{ key, text, !other });
	add_unit(r, this_unit(), !other);
	return !other;
}

void ph_warn_once_shown(bool shown)
{
	if (shown || claims.empty() || !claims.back().warned)
		return;
	/* -w, or a system header: the next unit that shows it gives it.  */
	claims.back().warned = false;
	if (once_fd < 0)
		return;
	once_record *r = &once_records[by_key[claims.back().key]];
	for (auto &u : r->units)
		if (u.name == this_unit())
			u.warned = false;
}
