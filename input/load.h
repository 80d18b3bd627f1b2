/* A file into the model, read from the first of its formats the options
   list (load.c): the dispatcher over every reader of input/.  Apart from
   input.h, which each reader includes, so that no reader depends on the
   dispatcher that depends on it.  */
#ifndef PH_INPUT_LOAD_H
#define PH_INPUT_LOAD_H

#include "input.h"

/* PATH into MODEL: a JSON Lines report (*NAMED: the error's message
   names the file and line), raw BTF, or an ELF file or archive, read
   from the first of OPTS's formats it has.  Each distinct layout is
   appended once (deduplicated with DEDUP across files), in the order of
   their first appearance.  An error names what is wrong with the file;
   the types read before it are kept.  */
struct ph_error *ph_input_load(const char *path, struct ph_model *model,
			       struct ph_dedup *dedup,
			       const struct ph_input_opts *opts,
			       bool *named);

#endif
