/* libdwfl sessions on a file (session.c).  */
#ifndef PH_INPUT_DWARF_SESSION_H
#define PH_INPUT_DWARF_SESSION_H

#include <stdbool.h>

#include <elfutils/libdwfl.h>

#include "dw.h"

/* One libdwfl session on a file.  */
struct ph_dw_session {
	Dwfl_Callbacks callbacks;
	char *debuginfo_path;
	Dwfl *dwfl;
};

struct ph_error *ph_dw_session_open(struct ph_dw_session *s, const char *path,
				    const char *debuginfo_path);
void ph_dw_session_close(struct ph_dw_session *s);
/* The module N (0 for the first) of the session, NULL for none.  */
Dwfl_Module *ph_dw_session_module(struct ph_dw_session *s, unsigned n);
/* Whether a module keeps its type units in section groups (see
   grouped_type_units), in *FOUND; out of memory when that could not be
   told for want of it.  */
struct ph_error *ph_dw_session_grouped(struct ph_dw_session *s, bool *found);
/* What reading the modules of a session came to: ERR, the error of the
   module callbacks (NULL for none); RC, what dwfl_getmodules returned;
   WITH_DWARF, whether any module had DWARF.  */
struct ph_error *ph_dw_session_outcome(struct ph_error *err, int rc,
				       bool with_dwarf);
/* Checks what libelf would only call "invalid": a file that is not ELF
   at all, or shorter than its own headers.  */
struct ph_error *ph_dw_check_file(const char *path);

#endif
