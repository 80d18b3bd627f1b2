/* Choosing types by name: -C NAME[,NAME] in the reader and types= in the
   plugin, one rule for both.

   A list splits at commas outside <>, () and [] only, so that
   "std::pair<int, long>" is one name.  A name matches a type whose name is
   the same, either whole or without some of its leading scopes ("Slice"
   finds "leveldb::Slice", "impl::Node" finds "a::impl::Node"), and the
   spaces of "> >" and "< " do not count: "Box<Box<int>>" finds
   "Box<Box<int> >".  */
#ifndef PH_SELECT_H
#define PH_SELECT_H

#include <stdbool.h>
#include <stddef.h>

#include "error.h"

#ifdef __cplusplus
extern "C" {
#endif

struct ph_names {
	size_t n;
	char **names;	/* as given, each trimmed of surrounding spaces */
	bool *found;	/* set by ph_names_match for each name matched */
};

/* Parses LIST; an empty list, or one with an empty name, is an error.  */
struct ph_error *ph_names_create(const char *list, struct ph_names **ret);
void ph_names_destroy(struct ph_names *names);

/* Whether PATTERN selects the type named NAME.  */
bool ph_name_matches(const char *pattern, const char *name);

/* Whether any name of NAMES selects NAME; those that do are marked
   found.  */
bool ph_names_match(struct ph_names *names, const char *name);

/* Whether any name of NAMES selects NAME, marking nothing.  */
bool ph_names_select(const struct ph_names *names, const char *name);

/* Every name has been marked found.  */
bool ph_names_all_found(const struct ph_names *names);

#ifdef __cplusplus
}
#endif

#endif
