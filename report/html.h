/* pokehole --html: one self-contained page (style, script and data
   inline, nothing fetched) with an index of the types, sortable and
   searchable, and each type's map (svg.h), drawn when it is opened: a
   vmlinux's 8,000 types open at once.  The page's script and style are
   report/page/page.js and page.css.  */
#ifndef PH_HTML_H
#define PH_HTML_H

#include "../reorg/layout.h"
#include "buf.h"

#ifdef __cplusplus
extern "C" {
#endif

struct ph_html_options {
	unsigned cacheline;	/* bytes; 0 means 64 */
	const char *title;	/* the page's, e.g. the files read */
	/* Each type comes with a suggested order (ph_html_add's SUGGESTED):
	   the index has a column for the bytes it saves.  */
	bool reorganized;
	/* Types come with what their saving is worth where they are
	   allocated (ph_html_add's ALLOC): the index has a column for
	   it.  */
	bool allocs;
};

/* What a type's saving is worth (tools' --worth): the allocator's class
   now and reordered ("kmalloc-96", "glibc-80"; "" when no heap site is
   classed) and the bytes saved where it is allocated.  */
struct ph_html_alloc {
	const char *class_now, *class_packed;
	uint64_t worth;
};

struct ph_html;

struct ph_error *ph_html_create(const struct ph_html_options *opts,
				struct ph_html **ret);
void ph_html_destroy(struct ph_html *h);
/* Adds T to the page; SUGGESTED, when not NULL, is drawn beside it when
   it is smaller; ALLOC, when not NULL, says what that is worth.  */
struct ph_error *ph_html_add(struct ph_html *h, const struct ph_type *t,
			     const struct ph_type *suggested,
			     const struct ph_html_alloc *alloc);
/* Appends the page to OUT, with the types added so far.  */
struct ph_error *ph_html_write(struct ph_html *h, struct ph_buf *out);

/* report/page/page.js and page.css, as the build embeds them.  */
extern const char ph_html_script[];
extern const char ph_html_style[];

#ifdef __cplusplus
}
#endif

#endif
