/* The fast path's sections: found in libdw's ELF file, and the pages of
   .debug_info given back once read.  */
#include "scan-sections.h"

#include <gelf.h>
#include <inttypes.h>
#include <stdio.h>
#include <sys/mman.h>
#include <unistd.h>

static bool host_little_endian(void)
{
	const uint16_t one = 1;

	return *(const unsigned char *)&one == 1;
}

/* Whether [P, P + N) lies in a mapping of a file.  libelf maps files
   private and writable (libdwfl relocates .o and .ko files in place), but
   nothing writes to the DWARF of an executable or shared object: pages of
   it given back come again from the file, unchanged.  (Memory libelf read
   the file into would come back zeroed: hence the check.)  */
static bool in_file_mapping(const void *p, size_t n)
{
	uintptr_t a = (uintptr_t)p, b = a + n;
	FILE *f = fopen("/proc/self/maps", "r");
	char line[512];
	bool ok = false;

	if (!f)
		return false;
	while (fgets(line, sizeof(line), f)) {
		uintptr_t lo, hi;
		unsigned long long off, inode;
		char perms[5], dev[16];

		if (sscanf(line, "%" SCNxPTR "-%" SCNxPTR " %4s %llx %15s %llu",
			   &lo, &hi, perms, &off, dev, &inode) != 6)
			continue;
		if (a >= lo && b <= hi) {
			ok = inode != 0 && perms[0] == 'r';
			break;
		}
	}
	fclose(f);
	return ok;
}

void ph_dw_sections_read(struct ph_dw_sections *s, Dwarf *dw)
{
	Elf *elf = dwarf_getelf(dw);
	GElf_Ehdr eh;
	Elf_Scn *scn = NULL;
	size_t shstrndx;

	s->dw = dw;
	s->info_mapped = false;
	s->info = s->abbrev = s->str = s->line_str = s->line = NULL;
	s->info_size = s->abbrev_size = s->str_size = s->line_str_size = 0;
	s->line_size = 0;
	if (!elf || !gelf_getehdr(elf, &eh) ||
	    eh.e_ident[EI_DATA] != ELFDATA2LSB || !host_little_endian() ||
	    elf_getshdrstrndx(elf, &shstrndx) != 0)
		return;
	const struct {
		const char *name;
		const unsigned char **data;
		size_t *size;
	} want[] = {
		{ ".debug_info", &s->info, &s->info_size },
		{ ".debug_abbrev", &s->abbrev, &s->abbrev_size },
		{ ".debug_str", &s->str, &s->str_size },
		{ ".debug_line", &s->line, &s->line_size },
		{ ".debug_line_str", &s->line_str, &s->line_str_size },
	};

	while ((scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh;
		const char *name;
		Elf_Data *d;
		const unsigned char **pp;
		size_t *psize = NULL;

		if (!gelf_getshdr(scn, &sh) || sh.sh_type == SHT_NOBITS ||
		    (sh.sh_flags & SHF_COMPRESSED))
			continue;
		name = elf_strptr(elf, shstrndx, sh.sh_name);
		if (!name)
			continue;
		pp = NULL;
		for (size_t k = 0; k < sizeof(want) / sizeof(want[0]); k++) {
			if (strcmp(name, want[k].name) == 0) {
				pp = want[k].data;
				psize = want[k].size;
			}
		}
		if (!pp)
			continue;
		d = elf_getdata(scn, NULL);
		if (!d || !d->d_buf)
			continue;
		*pp = d->d_buf;
		*psize = d->d_size;
	}
	if (s->info && eh.e_type != ET_REL)
		s->info_mapped = in_file_mapping(s->info, s->info_size);
	s->released = s->info;
}

/* Gives back the pages of .debug_info from RELEASED to END: the kernel
   maps 64 KB around each page touched, so the unit headers libdw reads
   to count units are most of the file already.  */
void ph_dw_sections_give_back(struct ph_dw_sections *s,
			      const unsigned char *end)
{
	uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE), lo, hi;

	if (!s->info_mapped || end <= s->released)
		return;
	lo = (uintptr_t)s->released & ~(page - 1);
	hi = ((uintptr_t)end + page - 1) & ~(page - 1);
	madvise((void *)lo, hi - lo, MADV_DONTNEED);
	s->released = end;
}

