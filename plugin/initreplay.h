/* A braced list replayed against its type (initreplay.cc): each
   element known by the path of the subobject it initializes, and the
   records that got an element by position.  Include sites.h and
   <memory>, then plugin.h, then this.  */
#ifndef PH_PLUGIN_INITREPLAY_H
#define PH_PLUGIN_INITREPLAY_H

/* One level of the object being initialized (initreplay.cc).  */
struct ph_init_level;

/* A braced list being replayed.  */
struct ph_group_result {
	const ph_init_group *group;
	/* The file its text is in: the macro's where a macro's body is
	   the list.  */
	const ph_src_file *file;
	/* Each element's path from the list's object: ".in.a", "[2].c";
	   "" when the element sets the object itself; unknown when an
	   array index is not given by the text.  */
	std::vector<std::string> paths;
	std::vector<bool> path_known;
	/* The element's braces are an anonymous member's, which no
	   designator names (PATHS is the way to its parent); a designated
	   element whose value went on by brace elision (PATHS is the
	   whole way, longer than its designator).  */
	std::vector<bool> anon, elided;
	/* A GNU range designator of more than one element (or one the
	   text does not give): no one index names its element.  */
	std::vector<bool> wide_range;
	/* The records a positional element of this list (elided levels
	   included) gave a value to a member of.  */
	std::vector<tree> positional;
	/* The list's own type, and per element the member of it the
	   element starts in (C++ reorders by these).  */
	tree type = NULL_TREE;
	std::vector<tree> fields;
	/* Read from the body of this macro (NULL: from the source).  */
	cpp_hashnode *macro = nullptr;
	bool designated = false;
	/* An element's value has side effects (C++ evaluates them in
	   order).  */
	bool side_effects = false;
};

/* The replay of a braced list and the lists inside it: group() reads
   list G of TYPE, DIGESTED the front end's CONSTRUCTOR; false with WHY
   when the text cannot be followed.  */
struct ph_replay {
	const std::string *text;
	const ph_src_file *file;
	/* Lists read from macros' bodies, owned here; the macro whose body
	   is being replayed.  */
	std::vector<std::unique_ptr<ph_init_group>> macro_groups;
	cpp_hashnode *cur_macro = nullptr;
	location_t anchor;
	const char *why = nullptr;	/* the text cannot be read */
	std::vector<ph_group_result> groups;
	/* Per record with a positional element: the first list of it.  */
	std::vector<std::pair<tree, size_t>> sites;
	/* Records an opaque element (a macro) initializes.  */
	std::vector<tree> opaque;
	std::string opaque_why;

	/* The types of the lists this one is inside and of the subobjects
	   they were in when it opened, outermost first.  */
	std::vector<tree> outer_types;

	bool group(const ph_init_group *g, tree type, tree digested);
	bool inner(const ph_init_group *g, tree type, tree digested,
		   const std::vector<ph_init_level> &stack);
	bool assign(std::vector<ph_init_level> &stack, const ph_init_elem &e,
		    ph_group_result &r, size_t k);
	void mark(ph_group_result &r, tree type,
		  const std::vector<ph_init_level> &stack);
};

/* The members a braced list sets, in the order the language takes
   them, from F on (FIELD_DECLs; NULL_TREE after the last).  */
tree ph_init_next_field(tree f);
/* TYPE is a record, union or array: a braced list of it has
   elements.  */
bool ph_init_aggregate(tree type);

#endif
