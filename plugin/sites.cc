/* Order-dependent sites (sites.h): the unit's table of them, kept per
   type for the types the plugin reports, filled by the walk of the
   front end's trees (sites-walk.cc and the files it calls) and read
   back at the end by the report and the warnings (sites-out.cc).  */
#include "sites.h"

#include <map>
#include <set>

#include "plugin.h"
#include "sites-tree.h"

static std::map<tree, std::vector<ph_unit_site>> *by_type;
/* Declarations whose initializer was read already (DECL_UID: never
   reused, unlike a tree's address after a collection).  */
static std::set<unsigned> *roots_done;

void ph_sites_init(void)
{
	by_type = new std::map<tree, std::vector<ph_unit_site>>;
	roots_done = new std::set<unsigned>;
}

void ph_sites_deinit(void)
{
	delete by_type;
	by_type = nullptr;
	delete roots_done;
	roots_done = nullptr;
}

void ph_sites_add(tree type, ph_unit_site &&site)
{
	if (!type || !RECORD_OR_UNION_TYPE_P(type))
		return;
	type = TYPE_MAIN_VARIANT(type);
	/* Only the types the plugin collected live to the end (a GC root
	   holds them): a key of another could be a freed tree's address
	   reused.  */
	if (!ph_type_collected(type))
		return;
	auto &v = (*by_type)[type];
	/* The same site found twice (a declaration and the body it is in)
	   is one.  */
	for (const auto &s : v)
		if (s.kind == site.kind && s.file == site.file &&
		    s.line == site.line && s.column == site.column &&
		    s.member == site.member && s.other == site.other)
			return;
	v.push_back(std::move(site));
}

const std::vector<ph_unit_site> *ph_sites_of(tree type)
{
	if (!by_type)
		return nullptr;
	auto it = by_type->find(TYPE_MAIN_VARIANT(type));
	return it == by_type->end() ? nullptr : &it->second;
}

void ph_site_place(ph_unit_site *s, location_t loc)
{
	expanded_location x = expand_location(loc);

	s->loc = loc;
	s->file = x.file ? x.file : "";
	s->line = x.line > 0 ? x.line : 0;
	s->column = x.column > 0 ? x.column : 0;
}

bool ph_compound_literal_decl(tree var)
{
	if (!VAR_P(var) || !DECL_ARTIFICIAL(var))
		return false;
	/* At file scope C names them __compound_literal.N.  */
	return !DECL_NAME(var) ||
	       strncmp(IDENTIFIER_POINTER(DECL_NAME(var)),
		       "__compound_literal", 18) == 0;
}

bool ph_sites_var_once(tree var)
{
	return roots_done->insert(DECL_UID(var)).second;
}

