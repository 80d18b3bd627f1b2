/* Order-dependent sites of the unit's types (reorg/sites.h): found while
   the front end parses (sites-walk.cc, initsites.cc, asserts.cc),
   gathered per type (sites.cc), and turned at the end into the "sites" records of the
   report and into the packable warning's fix-its and notes.

   Include this before plugin.h: it brings the standard library's
   strings and vectors, which GCC's system.h would poison.  */
#ifndef PH_PLUGIN_SITES_H
#define PH_PLUGIN_SITES_H

#include "srctext.h"

#include "../reorg/sites.h"

/* A change of the source, in bytes of a file as ph_src_get read it:
   [OFF, END) becomes NEW_TEXT.  */
/* A move: NEW_TEXT and then the text of [SRC_OFF, SRC_END) of the same
   file, as it is once the edits inside it are made (an element of a
   list moved to another place, with its own list rewritten for another
   type); SRC_OFF is npos for a plain replacement.  */
struct ph_src_edit {
	std::string file;
	size_t off, end;
	std::string new_text;
	size_t src_off = std::string::npos, src_end = std::string::npos;

	bool operator==(const ph_src_edit &o) const
	{
		return file == o.file && off == o.off && end == o.end &&
		       new_text == o.new_text && src_off == o.src_off &&
		       src_end == o.src_end;
	}
};

/* How a C++ braced list or mem-initializer list follows a new order:
   its elements' texts, each the initializer of FIELDS[i] (a member's
   name; "" for a base or something that stays where it is), rearranged
   into the new declaration order.  */
struct ph_permute {
	std::string file;
	/* Each element's text: [start, end) in FILE.  */
	std::vector<std::pair<size_t, size_t>> spans;
	std::vector<std::string> fields;
	/* The members, in declaration order, an element can be left out
	   for (no default member initializer): a braced list that must
	   name a member it left out names it with "{}"; others stop it.  */
	std::vector<std::string> omissible;
	/* Where a new element goes after the last one.  */
	size_t append_at = 0;
	/* A braced list whose elements are positional (else designated,
	   or a mem-initializer list).  */
	bool positional = false;
	/* The unit has C++20's designated initializers: a positional list
	   that would have to name a member it leaves to its default
	   member initializer becomes designated instead.  */
	bool can_designate = false;
};

/* One site of one type in this unit.  */
struct ph_unit_site {
	enum ph_site_kind kind;
	/* For notes; UNKNOWN_LOCATION when only the text placed it.  */
	unsigned loc;
	std::string file;
	uint32_t line = 0, column = 0;
	std::string member, other, why;
	bool rewrite = false;
	/* Edits that keep its meaning in any order (C: designators).  */
	std::vector<ph_src_edit> edits;
	/* Or, for C++: rearranged for the order asked.  */
	std::vector<ph_permute> permutes;
};

#endif
