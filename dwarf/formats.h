/* Which of its formats a file is read from (formats.c): a JSON Lines
   report, raw BTF, or an ELF file's embedded reports, DWARF, .BTF or
   .ctf, the first of -F's list it has.  */
#ifndef PH_DWARF_FORMATS_H
#define PH_DWARF_FORMATS_H

#include "reader.h"

/* PATH into MODEL: a JSON Lines report (*NAMED: the error's message
   names the file and line), raw BTF, or an ELF file or archive, read
   from the first of OPTS's formats it has.  */
struct ph_error *ph_dw_load_path(const char *path, struct ph_model *model,
				 struct ph_dedup *dedup,
				 const struct ph_dw_load_opts *opts,
				 bool *named);

#endif
