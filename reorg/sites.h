/* Order-dependent sites: the places in a program whose meaning follows a
   type's member order, and whether a given new order keeps that meaning.

   The plugin finds them while it compiles (plugin/sites.cc) and writes
   them beside the layouts, one "sites" record per type and unit
   (docs/layout-jsonl.md); the reader gathers the records of a whole
   build.  Both then ask the same question here: does this suggested
   order change what the program does?  A site either follows the new
   order by the edits its unit carries (a positional initializer made
   designated, a mem-initializer list reordered), or is harmless for
   this order (a cast to the first member when that member stays
   first), or stops the reorder, and says why.  */
#ifndef PH_SITES_H
#define PH_SITES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "layout.h"

#ifdef __cplusplus
extern "C" {
#endif

enum ph_site_kind {
	/* The type's own member lines: rewritten by permuting them, when
	   each member is alone on its line (WHY says what stops it).  */
	PH_SITE_DEFINITION,
	/* An initializer that sets members by position.  */
	PH_SITE_POSITIONAL,
	/* A C++20 designated initializer: its designators must follow the
	   declaration order.  */
	PH_SITE_DESIGNATED,
	/* A constructor's mem-initializer list: members are initialized in
	   declaration order whatever the list says.  */
	PH_SITE_MEM_INIT,
	/* MEMBER's initializer (a default member initializer or a
	   mem-initializer) reads OTHER: the new order must initialize
	   OTHER first.  */
	PH_SITE_READS,
	/* A structured binding: its names bind in declaration order.  */
	PH_SITE_BINDING,
	/* A cast between a pointer to the type and a pointer to its first
	   member's type (MEMBER), which relies on MEMBER at offset 0.  */
	PH_SITE_FIRST_MEMBER,
	/* The type's bytes leave the program: packed, written or read
	   whole (WHY: the call), or part of a public ABI (WHY: how).  Never
	   reordered.  */
	PH_SITE_PACKED,
	PH_SITE_IO,
	PH_SITE_ABI,
	/* A static assertion on offsetof(type, MEMBER) (MEMBER "" for
	   sizeof): a reorder that moves MEMBER, or shrinks the type, then
	   fails the build.  */
	PH_SITE_ASSERT,
	/* The type is initialized by aggregate initialization from the
	   arguments of a call (emplace_back, make_unique): their order is
	   the member order.  */
	PH_SITE_FORWARDED,
	/* An initializer whose order dependence cannot be read from the
	   source (a macro, a directive inside it): taken as positional.  */
	PH_SITE_INITIALIZER,
	/* The members named have constructors or destructors of the
	   program's own, which run in declaration order (destructors in
	   reverse): the new order must keep MEMBER before OTHER.  */
	PH_SITE_LIFETIME,
	PH_SITE_NR_KINDS
};

/* "positional", as the JSON and the messages spell KIND.  */
const char *ph_site_kind_name(enum ph_site_kind kind);
bool ph_site_kind_parse(const char *s, enum ph_site_kind *ret);

struct ph_site {
	enum ph_site_kind kind;
	/* Where, as the compiler spelled the file; line and column from 1
	   (column 0: the line as a whole).  */
	const char *file;
	uint32_t line, column;
	/* Per kind, above; "" when none.  */
	const char *member;
	const char *other;
	/* Words for people: what the site is or why it cannot be
	   rewritten; "" when nothing is to be said.  */
	const char *why;
	/* The unit's edits rewrite this site for the order the record
	   names (only kinds that can be rewritten).  */
	bool rewrite;
};

/* A replacement of the text from (LINE, COLUMN) up to, not including,
   (END_LINE, END_COLUMN) of FILE by NEW_TEXT (and, for a move, a text of
   the file); an insertion when the two are equal.  OLD_TEXT is what is there now, so that an edit of a file
   that changed since it was compiled is told apart.  Lines and columns
   from 1, columns in bytes.  */
struct ph_edit {
	const char *file;
	uint32_t line, column, end_line, end_column;
	const char *old_text;
	const char *new_text;
	/* A move: NEW_TEXT is followed by the text from (FROM_LINE,
	   FROM_COLUMN) up to (FROM_END_LINE, FROM_END_COLUMN) as it is once
	   the edits inside it are made (a list's element moved to another
	   place, a list inside it rewritten for another type).  */
	bool moves;
	uint32_t from_line, from_column, from_end_line, from_end_column;
};

/* The sites of one type in one unit: what a "sites" record holds.  */
struct ph_type_sites {
	/* The type, as its layout record names it.  */
	const char *name;
	enum ph_kind kind;
	bool typedef_name;
	const char *file;
	unsigned line;
	/* The compiler's working directory: relative files are in it.  */
	const char *dir;
	/* The unit's source file, as the compiler was given it.  */
	const char *unit;
	/* The order the edits are for: the members' names in the order
	   the engine suggested to the plugin (none when it suggested
	   none), and the sizes before and after.  */
	size_t nr_order;
	const char **order;
	uint64_t size, new_size;
	size_t nr_sites;
	struct ph_site *sites;
	size_t nr_edits;
	struct ph_edit *edits;
};

/* Whether SITE lets ORIGINAL be reordered as SUGGESTED (the engine's
   layout of it) without changing what the program does, given that the
   edits of its unit were made for the order ORDER (NR names; 0 when
   the unit had none).  False with *WHY (static words) when it stops it:
   the bytes leave the program, a binding, a cast to a first member that
   moves, an assertion on a member that moves, an initializer that the
   edits do not rewrite for this order, a member read before it is
   initialized.  */
bool ph_site_allows(const struct ph_site *site, const struct ph_type *original,
		    const struct ph_type *suggested, const char *const *order,
		    size_t nr, const char **why);

/* Whether SUGGESTED puts its members in the order ORDER (NR names),
   the unnamed pieces the engine adds (reserved bits) aside.  */
bool ph_order_is(const struct ph_type *suggested, const char *const *order,
		 size_t nr);

/* The name a member goes by in an order: its own; for an anonymous
   struct or union, "{" and the least name inside it and "}" (the names
   inside anonymous aggregates are the type's own, so unique); "" for a
   base.  Written into BUF (SIZE bytes), which is returned.  (The least
   name rather than the first: the order inside may change.)  */
const char *ph_member_key(const struct ph_member *m, char *buf, size_t size);

/* A and B list their members (and those of the aggregates defined in
   place) in the same order.  */
bool ph_same_order(const struct ph_type *a, const struct ph_type *b);
/* The same for the members of two aggregates defined in place.  */
bool ph_same_inner_order(const struct ph_member *a,
			 const struct ph_member *b);

/* The place of the member whose key is NAME in T's member list, or -1.  */
long ph_member_index(const struct ph_type *t, const char *name);

/* Kinds whose sites are about the bytes of the type, not its source:
   no order is ever safe (PACKED, IO, ABI).  */
bool ph_site_kind_fixed(enum ph_site_kind kind);

#ifdef __cplusplus
}
#endif

#endif
