/* What the spellers of C declarators share (declarator.c): names.c's
   from DWARF, typegraph.c's from BTF and CTF and the plugin's from GCC's
   trees (plugin/spell.cc), built alike from the name outwards, so that
   all spell a type the same.  */
#ifndef PH_INPUT_DECLARATOR_H
#define PH_INPUT_DECLARATOR_H

#include "../report/buf.h"

#ifdef __cplusplus
extern "C" {
#endif

enum {
	PH_Q_ATOMIC = 1,
	PH_Q_CONST = 2,
	PH_Q_VOLATILE = 4,
	PH_Q_RESTRICT = 8,
};

/* "_Atomic const volatile restrict " as QUALS has them.  */
void ph_decl_put_quals(struct ph_buf *out, unsigned quals);
/* B's text, "" for none.  */
const char *ph_decl_data(const struct ph_buf *b);
/* *DST becomes *SRC, which is emptied; a failed DST stays failed.  */
void ph_decl_move(struct ph_buf *dst, struct ph_buf *src);
/* *L becomes the declarator operator in *TMP, QUALS and what *L was:
   "* const" then "a[3]".  */
void ph_decl_prepend(struct ph_buf *l, struct ph_buf *tmp, unsigned quals);
/* The end of a declarator: L (what went left of the name) joins HEAD
   when it is pointers alone ("char *" p[4], as pahole prints it),
   else goes to PRE; R (what went right) to POST.  */
void ph_decl_finish(struct ph_buf *head, struct ph_buf *l,
		    const struct ph_buf *r, struct ph_buf *pre,
		    struct ph_buf *post);

/* A type with no name in it, "int (*)(char)", from its declarator's
   pieces.  */
void ph_decl_join(struct ph_buf *out, const struct ph_buf *head,
		  const struct ph_buf *pre, const struct ph_buf *post);

#ifdef __cplusplus
}
#endif

#endif
