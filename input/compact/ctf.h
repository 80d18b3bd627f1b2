/* Layouts from CTF (ctf.c): an ELF file's .ctf section (GCC's -gctf),
   read with binutils' libctf into the same model as DWARF.  */
#ifndef PH_INPUT_COMPACT_CTF_H
#define PH_INPUT_COMPACT_CTF_H

#include "../input.h"

/* Reads the CTF of PATH, appending its distinct types to MODEL as
   ph_dw_load_file does.  */
struct ph_error *ph_ctf_load_file(const char *path, struct ph_model *model,
				  struct ph_dedup *dedup,
				  const struct ph_input_opts *opts);

#endif
