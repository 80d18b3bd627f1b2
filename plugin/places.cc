/* Where things are: the FIELD_DECL a model member came from, where a
   type is defined, the location of a line and column of a file, the
   text a location points at.  Apart from sites-out.cc and cxxsites.cc
   because the definition's reader (defread.cc), the collectors
   (sites-walk.cc, initsites.cc, cxxsites.cc, cxxctors.cc, asserts.cc) and
   the warnings (warn.cc) ask too, and none of them may depend on what
   walks a function or assembles the sites at the end of the unit.  */
#include "sites.h"

#include "plugin.h"
#include "sites-tree.h"

/* The first member with a name among M's (an anonymous aggregate's),
   depth first; NULL when none has one.  */
static const char *first_name(const struct ph_member *m, unsigned depth)
{
	for (size_t i = 0; i < m->nr_members && depth < 64; i++) {
		const struct ph_member *c = &m->members[i];
		const char *n = *c->name ? c->name : first_name(c, depth + 1);
		if (n)
			return n;
	}
	return NULL;
}

/* Whether aggregate TYPE has a member NAME, its own or an anonymous
   member's.  */
static bool holds_name(tree type, const char *name, unsigned depth)
{
	for (tree f = TYPE_FIELDS(type); f && depth < 64; f = DECL_CHAIN(f)) {
		if (TREE_CODE(f) != FIELD_DECL)
			continue;
		if (DECL_NAME(f)
			    ? strcmp(IDENTIFIER_POINTER(DECL_NAME(f)), name) == 0
			    : RECORD_OR_UNION_TYPE_P(TREE_TYPE(f)) &&
				      holds_name(TREE_TYPE(f), name, depth + 1))
			return true;
	}
	return false;
}

/* The FIELD_DECL a model member came from: by name, or for an anonymous
   one by its place and, when it is an aggregate, a name it holds (the
   anonymous members of a union share their place, and an unnamed
   bitfield may share it too).  */
tree ph_member_decl(tree type, const struct ph_member *m, uint64_t base)
{
	const char *inner = !*m->name && m->nested ? first_name(m, 0) : NULL;

	for (tree f = TYPE_FIELDS(type); f; f = DECL_CHAIN(f)) {
		if (TREE_CODE(f) != FIELD_DECL)
			continue;
		if (*m->name) {
			if (DECL_NAME(f) &&
			    strcmp(IDENTIFIER_POINTER(DECL_NAME(f)), m->name) == 0)
				return f;
		} else if (!DECL_NAME(f) && tree_fits_uhwi_p(bit_position(f)) &&
			   base + (uint64_t)int_bit_position(f) ==
				   m->bit_offset &&
			   (!inner ||
			    (RECORD_OR_UNION_TYPE_P(TREE_TYPE(f)) &&
			     holds_name(TREE_TYPE(f), inner, 0)))) {
			return f;
		}
	}
	return NULL_TREE;
}

location_t ph_type_location(tree type)
{
	if (TYPE_STUB_DECL(type))
		return DECL_SOURCE_LOCATION(TYPE_STUB_DECL(type));
	if (TYPE_NAME(type) && DECL_P(TYPE_NAME(type)))
		return DECL_SOURCE_LOCATION(TYPE_NAME(type));
	return UNKNOWN_LOCATION;
}

location_t ph_location_at(const char *file, uint32_t line, uint32_t column,
			  location_t hint)
{
	auto try_map = [&](const line_map_ordinary *map) -> location_t {
		if (!map || strcmp(ORDINARY_MAP_FILE_NAME(map), file) ||
		    (uint32_t)ORDINARY_MAP_STARTING_LINE_NUMBER(map) > line)
			return UNKNOWN_LOCATION;
		location_t loc = linemap_position_for_line_and_column(
			line_table, map, line, column);
		expanded_location x = expand_location(loc);
		if (!x.file || strcmp(x.file, file) || (uint32_t)x.line != line ||
		    (uint32_t)x.column != column)
			return UNKNOWN_LOCATION;
		return loc;
	};
	if (hint != UNKNOWN_LOCATION && !from_macro_expansion_at(hint)) {
		const line_map *m = linemap_lookup(line_table, hint);
		if (m && MAP_ORDINARY_P(m)) {
			location_t loc = try_map(linemap_check_ordinary(m));
			if (loc != UNKNOWN_LOCATION)
				return loc;
		}
	}
	/* The last map of FILE starting at or before LINE.  */
	const line_map_ordinary *best = NULL;
	for (unsigned long i = 0; i < LINEMAPS_ORDINARY_USED(line_table); i++) {
		const line_map_ordinary *m =
			LINEMAPS_ORDINARY_MAP_AT(line_table, i);
		if (strcmp(ORDINARY_MAP_FILE_NAME(m), file) == 0 &&
		    (uint32_t)ORDINARY_MAP_STARTING_LINE_NUMBER(m) <= line)
			best = m;
	}
	return try_map(best);
}

const ph_src_file *ph_anchor_text(location_t anchor, size_t *off)
{
	if (anchor == UNKNOWN_LOCATION || from_macro_expansion_at(anchor))
		return NULL;
	expanded_location x = expand_location(anchor);
	const ph_src_file *f = ph_src_get(x.file);
	if (!f)
		return NULL;
	*off = f->offset(x.line, x.column);
	return *off == std::string::npos ? NULL : f;
}
