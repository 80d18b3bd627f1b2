/* The formats' names (input.h), for -F/--format_path and messages: in a
   file of their own so that both commands link them without a reader.  */
#include "input.h"

const char *const ph_input_format_names[PH_INPUT_NR_FORMATS] = {
	[PH_INPUT_EMBEDDED] = "embedded",
	[PH_INPUT_DWARF] = "dwarf",
	[PH_INPUT_BTF] = "btf",
	[PH_INPUT_CTF] = "ctf",
};
