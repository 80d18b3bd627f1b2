/* Which of its formats a file is read from, and the reader it goes to:
   a JSON Lines report, raw BTF, or an ELF file's embedded reports, DWARF,
   .BTF or .ctf, the first of -F's list it has.  */
#include "load.h"
#include "dwarf/load.h"
#include "compact/btf.h"
#include "compact/ctf.h"
#include "reports/jsonl-read.h"
#include "reports/frame.h"

#include <fcntl.h>
#include <gelf.h>
#include <string.h>
#include <unistd.h>

/* The formats an ELF file has sections of (a bit per ph_input_format);
   0 for what is not a readable ELF file (an archive: libdwfl reads its
   members).  */
static unsigned elf_formats(const char *path)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	unsigned found = 0;
	size_t shstrndx;
	Elf *elf;

	if (fd < 0)
		return 0;
	elf_version(EV_CURRENT);
	elf = elf_begin(fd, ELF_C_READ_MMAP, NULL);
	if (elf && elf_kind(elf) == ELF_K_ELF &&
	    elf_getshdrstrndx(elf, &shstrndx) == 0) {
		for (Elf_Scn *scn = elf_nextscn(elf, NULL); scn;
		     scn = elf_nextscn(elf, scn)) {
			GElf_Shdr sh;
			const char *name;

			if (!gelf_getshdr(scn, &sh) ||
			    !(name = elf_strptr(elf, shstrndx, sh.sh_name)))
				continue;
			if (strcmp(name, ".debug_info") == 0 ||
			    strcmp(name, ".zdebug_info") == 0 ||
			    strcmp(name, ".gnu_debuglink") == 0)
				found |= 1u << PH_INPUT_DWARF;
			else if (strcmp(name, PH_FRAME_SECTION) == 0 ||
				 strcmp(name, PH_FRAME_SECTION_OLD) == 0)
				found |= 1u << PH_INPUT_EMBEDDED;
			else if (strcmp(name, ".BTF") == 0)
				found |= 1u << PH_INPUT_BTF;
			else if (strcmp(name, ".ctf") == 0)
				found |= 1u << PH_INPUT_CTF;
		}
	}
	elf_end(elf);
	close(fd);
	return found;
}

/* The BTF a split BTF file is read over: the option's, or the running
   kernel's for a module's file under /sys/kernel/btf.  */
static const char *btf_base(const char *path,
			    const struct ph_input_opts *opts)
{
	const char *dir = PH_BTF_SYSFS "/";

	if (opts->btf_base)
		return opts->btf_base;
	if (strncmp(path, dir, strlen(dir)) == 0 &&
	    strcmp(path, PH_BTF_VMLINUX) != 0)
		return PH_BTF_VMLINUX;
	return NULL;
}

struct ph_error *ph_input_load(const char *path, struct ph_model *model,
				 struct ph_dedup *dedup,
				 const struct ph_input_opts *opts,
				 bool *named)
{
	static const enum ph_input_format defaults[] = {
		PH_INPUT_EMBEDDED, PH_INPUT_DWARF, PH_INPUT_BTF,
		PH_INPUT_CTF
	};
	const enum ph_input_format *formats = opts->nr_formats ? opts->formats
							    : defaults;
	unsigned n = opts->nr_formats ? opts->nr_formats
				      : sizeof(defaults) / sizeof(*defaults);
	unsigned wanted = 0, has;
	struct ph_input_opts dw_opts = *opts;

	*named = ph_report_is_file(path);
	if (*named)
		return ph_report_load_file(path, model, dedup, opts);
	for (unsigned i = 0; i < n; i++)
		wanted |= 1u << formats[i];
	if (ph_btf_is_raw(path)) {
		if (!(wanted & 1u << PH_INPUT_BTF))
			return ph_error_create(PH_ERROR_INVALID,
					       "raw BTF, and -F does not list "
					       "btf");
		return ph_btf_load_file(path, btf_base(path, opts), model,
					dedup, opts);
	}
	/* An ELF file is read from the first format it has; libdwfl reads
	   the first two, module by module.  */
	has = elf_formats(path);
	for (unsigned i = 0; i < n; i++) {
		if (!(has & 1u << formats[i]))
			continue;
		if (formats[i] == PH_INPUT_BTF)
			return ph_btf_load_file(path, btf_base(path, opts),
						model, dedup, opts);
		if (formats[i] == PH_INPUT_CTF)
			return ph_ctf_load_file(path, model, dedup, opts);
		break;
	}
	/* Only formats the file has none of: the first one says why.  */
	if (!(wanted & (1u << PH_INPUT_EMBEDDED |
			1u << PH_INPUT_DWARF))) {
		if (formats[0] == PH_INPUT_BTF)
			return ph_btf_load_file(path, btf_base(path, opts),
						model, dedup, opts);
		return ph_ctf_load_file(path, model, dedup, opts);
	}
	/* libdwfl: what is left of the list.  */
	dw_opts.nr_formats = 0;
	for (unsigned i = 0; i < n; i++)
		if (formats[i] == PH_INPUT_EMBEDDED ||
		    formats[i] == PH_INPUT_DWARF)
			dw_opts.formats[dw_opts.nr_formats++] = formats[i];
	return ph_dw_load_file(path, model, dedup, &dw_opts);
}
