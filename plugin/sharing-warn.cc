/* warn=false-sharing: members different threads write on one cacheline
   (reorg/sharing.h), found once the unit's functions are compiled and
   their accesses counted (access.h).  The warning is at the later
   member, with a fix-it that gives it a cacheline of its own.  */
#include "plugin.h"
#include "access.h"
#include "../reorg/sharing.h"

#include <algorithm>
#include <vector>

/* Pairs past this many in one type are one note: a table of counters
   all shared would otherwise be a warning per pair.  */
enum { SHARING_MAX_WARNINGS = 8 };

static const char *sharing_by(const char *s)
{
	return s && *s ? s : "?";
}

static struct ph_error *sharing_type(tree type, const struct ph_type *t,
				     const struct ph_type_access *a, void *arg)
{
	const struct ph_warn_options *o = (const struct ph_warn_options *)arg;
	struct ph_sharing *v;
	size_t n;
	struct ph_error *err;

	if (in_system_header_at(ph_type_location(type)) ||
	    lookup_attribute("pokehole_ignore", TYPE_ATTRIBUTES(type)))
		return NULL;
	if ((err = ph_false_sharing(t, a, o->cacheline, &v, &n)))
		return err;
	struct ph_buf name;
	ph_buf_init(&name);
	ph_warn_display_name(t, &name);
	const char *tn = name.data ? name.data : t->name;
	unsigned line = o->cacheline ? o->cacheline : 64;
	size_t shown = 0;
	std::vector<size_t> warned_b;
	for (size_t i = 0; i < n; i++) {
		const struct ph_sharing *s = &v[i];
		/* A member once, at its first pair: moving it off the line
		   is the fix for all its pairs.  */
		if (std::find(warned_b.begin(), warned_b.end(), s->b_member) !=
		    warned_b.end())
			continue;
		warned_b.push_back(s->b_member);
		tree field = ph_member_decl(type, &t->members[s->b_member]);
		location_t where = field ? DECL_SOURCE_LOCATION(field)
					 : ph_type_location(type);
		unsigned HOST_WIDE_INT lo = s->line * line,
				       hi = lo + line - 1;
		const char *fmt;
		switch (s->why) {
		case PH_SHARING_WRITERS:
			fmt = "%qs and %qs of %qs share the cacheline at bytes "
			      "%wu-%wu and are written by different threads "
			      "(%qs, %qs)";
			break;
		case PH_SHARING_LOCKS:
			fmt = "%qs and %qs of %qs share the cacheline at bytes "
			      "%wu-%wu and are written under different locks "
			      "(%qs, %qs)";
			break;
		default:
			fmt = "%qs and %qs of %qs share the cacheline at bytes "
			      "%wu-%wu, one written (by %qs), the other read "
			      "(by %qs)";
			break;
		}
		/* The message says the writer's thread first.  */
		const char *by1 = sharing_by(s->a_by),
			   *by2 = sharing_by(s->b_by);
		if (s->why == PH_SHARING_READ_MOSTLY && s->a_read)
			std::swap(by1, by2);
		if (shown == SHARING_MAX_WARNINGS) {
			inform(ph_type_location(type), "more members of %qs "
			       "share a cacheline with members other threads "
			       "write", tn);
			break;
		}
		if (!ph_warn_claim(PH_WARN_FALSE_SHARING, where, t, fmt, s->a,
				   s->b, tn, lo, hi, by1, by2))
			continue;
		shown++;
		/* The later member on a line of its own: after its name,
		   the attribute both C and C++ take there (an array's
		   declarator follows the name, so none is offered).  */
		rich_location rich(line_table, where);
		char attr[64];
		snprintf(attr, sizeof(attr), " __attribute__((aligned(%u)))",
			 line);
		bool array = field &&
			     TREE_CODE(TREE_TYPE(field)) == ARRAY_TYPE;
		if (field && !array && DECL_NAME(field) &&
		    !t->members[s->b_member].bitfield)
			rich.add_fixit_insert_after(where, attr);
		auto_diagnostic_group group;
		ph_warn_begin(PH_WARN_FALSE_SHARING, o);
		bool warned = warning_at(&rich, 0, fmt, s->a, s->b, tn, lo, hi,
					 by1, by2);
		ph_warn_end(warned);
		if (!warned)
			continue;
		inform(where, "give %qs a cacheline of its own: "
		       "%<__attribute__((aligned(%u)))%> on it "
		       "(%<alignas(%u)%> in C++, "
		       "%<____cacheline_aligned_in_smp%> in the kernel), "
		       "or move it to another cacheline group",
		       s->b, line, line);
	}
	ph_buf_deinit(&name);
	ph_false_sharing_free(v);
	return NULL;
}

void ph_warn_false_sharing(const struct ph_warn_options *o)
{
	if (!(o->kinds & PH_WARN_FALSE_SHARING) || !ph_access_enabled())
		return;
	struct ph_error *err = ph_access_each(sharing_type, (void *)o);
	if (err)
		ph_error_destroy(err);
	ph_warn_once_flush(false);
}
