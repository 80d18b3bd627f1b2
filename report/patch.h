/* A unified diff of one file, from its text and the edits made to it:
   what the whole-build patch (pokehole --patch) prints, in the form
   GCC's -fdiagnostics-generate-patch gives (--- NAME, +++ NAME, three
   lines of context), for patch -p0.  */
#ifndef PH_REPORT_PATCH_H
#define PH_REPORT_PATCH_H

#include <stddef.h>

#include "buf.h"

#ifdef __cplusplus
extern "C" {
#endif

/* [OFF, END) of the file's text becomes TEXT (END == OFF: inserted),
   followed for a move by [SRC_OFF, SRC_END) of the file with the edits
   inside it made (SRC_OFF is SIZE_MAX for no move).  */
struct ph_patch_edit {
	size_t off, end;
	const char *text;
	size_t src_off, src_end;
};

/* Appends the diff of TEXT (LEN bytes) against TEXT with EDITS (N of
   them, sorted by OFF and then by END from the last; two overlap only
   when one is inside the other, which is a move's) made, naming the
   file NAME.  Nothing when nothing changes.  */
void ph_render_patch(struct ph_buf *out, const char *name, const char *text,
		     size_t len, const struct ph_patch_edit *edits, size_t n);

#ifdef __cplusplus
}
#endif

#endif
