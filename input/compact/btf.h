/* Layouts from BTF (btf.c): a raw BTF file (/sys/kernel/btf/vmlinux, a
   module's split BTF there) or an ELF file's .BTF section, read with
   libbpf into the same model as DWARF.  */
#ifndef PH_INPUT_COMPACT_BTF_H
#define PH_INPUT_COMPACT_BTF_H

#include <stdbool.h>

#include "../input.h"

/* Where the running kernel's BTF is, and its modules'.  */
#define PH_BTF_SYSFS "/sys/kernel/btf"
#define PH_BTF_VMLINUX PH_BTF_SYSFS "/vmlinux"

/* Reads the BTF of PATH (split BTF over the BTF of BASE when BASE is
   not NULL), appending its distinct types to MODEL as ph_dw_load_file
   does.  */
struct ph_error *ph_btf_load_file(const char *path, const char *base,
				  struct ph_model *model,
				  struct ph_dedup *dedup,
				  const struct ph_input_opts *opts);

/* PATH starts with BTF's magic: a raw BTF file.  */
bool ph_btf_is_raw(const char *path);

#endif
