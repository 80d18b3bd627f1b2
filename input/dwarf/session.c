/* What libdwfl is given and how: a file checked before libelf sees it,
   a session on it (the relocations of .o and .ko files applied,
   separate debug files, split .dwo files and the dwz alternate file
   found), its modules.  Each worker of a file has a session of its own
   (libdw is not thread-safe): see workers.c.  */
#include "session.h"

#include <elfutils/libdwfl.h>
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct ph_error *ph_dw_session_open(struct ph_dw_session *s, const char *path,
				    const char *debuginfo_path)
{
	memset(s, 0, sizeof(*s));
	s->callbacks.find_debuginfo = dwfl_standard_find_debuginfo;
	s->callbacks.section_address = dwfl_offline_section_address;
	if (debuginfo_path) {
		s->debuginfo_path = strdup(debuginfo_path);
		if (!s->debuginfo_path)
			return &ph_error_nomem;
		s->callbacks.debuginfo_path = &s->debuginfo_path;
	}
	s->dwfl = dwfl_begin(&s->callbacks);
	if (!s->dwfl)
		return ph_error_create(PH_ERROR_INVALID, "libdwfl: %s",
				       dwfl_errmsg(-1));
	if (!dwfl_report_offline(s->dwfl, path, path, -1))
		return ph_error_create(PH_ERROR_INVALID,
				       "malformed or truncated ELF file (%s)",
				       dwfl_errmsg(-1));
	if (dwfl_report_end(s->dwfl, NULL, NULL) != 0)
		return ph_error_create(PH_ERROR_INVALID, "libdwfl: %s",
				       dwfl_errmsg(-1));
	return NULL;
}

void ph_dw_session_close(struct ph_dw_session *s)
{
	if (s->dwfl)
		dwfl_end(s->dwfl);
	free(s->debuginfo_path);
	memset(s, 0, sizeof(*s));
}

/* dwfl_getmodules for a function of the module alone: FN on each
   module until it returns false.  */
struct each {
	bool (*fn)(Dwfl_Module *mod, void *arg);
	void *arg;
};

static int each_cb(Dwfl_Module *mod, void **userdata, const char *name,
		   Dwarf_Addr start, void *arg)
{
	struct each *e = arg;

	(void)userdata;
	(void)name;
	(void)start;
	return e->fn(mod, e->arg) ? DWARF_CB_OK : DWARF_CB_ABORT;
}

static void each_module(struct ph_dw_session *s,
			bool (*fn)(Dwfl_Module *mod, void *arg), void *arg)
{
	struct each e = { fn, arg };

	dwfl_getmodules(s->dwfl, each_cb, &e, 0);
}

struct nth {
	unsigned n;
	Dwfl_Module *mod;
};

static bool find_nth(Dwfl_Module *mod, void *arg)
{
	struct nth *nth = arg;

	if (nth->n-- == 0) {
		nth->mod = mod;
		return false;
	}
	return true;
}

/* Checks what libelf would only call "invalid": a file that is not ELF
   at all, or shorter than its own headers.  */
struct ph_error *ph_dw_check_file(const char *path)
{
	union {
		unsigned char ident[EI_NIDENT];
		Elf32_Ehdr e32;
		Elf64_Ehdr e64;
	} h;
	unsigned char *ident = h.ident;
	struct stat st;
	struct ph_error *err = NULL;
	ssize_t n;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return ph_error_errno(errno, "cannot open");
	if (fstat(fd, &st) < 0) {
		err = ph_error_errno(errno, "cannot stat");
	} else if (S_ISDIR(st.st_mode)) {
		err = ph_error_create(PH_ERROR_INVALID, "is a directory");
	} else if ((n = read(fd, &h, sizeof(h))) < 0) {
		err = ph_error_errno(errno, "cannot read");
	} else if (n >= 8 && memcmp(ident, "!<arch>\n", 8) == 0) {
		err = NULL;	/* an archive: libdwfl reads its members */
	} else if (n < SELFMAG || memcmp(ident, ELFMAG, SELFMAG) != 0) {
		err = ph_error_create(PH_ERROR_INVALID, "not an ELF file");
	} else if (n < EI_NIDENT ||
		   (ident[EI_CLASS] == ELFCLASS64 &&
		    (uint64_t)st.st_size < sizeof(Elf64_Ehdr)) ||
		   (ident[EI_CLASS] == ELFCLASS32 &&
		    (uint64_t)st.st_size < sizeof(Elf32_Ehdr))) {
		err = ph_error_create(PH_ERROR_INVALID,
				      "truncated ELF file");
	} else {
		/* The section headers, without which nothing is found,
		   must be inside the file (headers in the file's byte
		   order; ours is little-endian, see load_dwarf).  */
		uint64_t shoff, shend;

		if (ident[EI_CLASS] == ELFCLASS64)
			shoff = h.e64.e_shoff,
			shend = shoff + (uint64_t)h.e64.e_shnum *
					h.e64.e_shentsize;
		else
			shoff = h.e32.e_shoff,
			shend = shoff + (uint64_t)h.e32.e_shnum *
					h.e32.e_shentsize;
		if (ident[EI_DATA] == ELFDATA2LSB && shoff &&
		    shend > (uint64_t)st.st_size)
			err = ph_error_create(PH_ERROR_INVALID,
					      "truncated ELF file (section "
					      "headers end at %" PRIu64
					      ", the file at %" PRIu64 ")",
					      shend, (uint64_t)st.st_size);
	}
	close(fd);
	return err;
}

/* A relocatable object compiled with -fdebug-types-section keeps each
   type unit in a section group of its own, several sections named
   .debug_info (DWARF 5) or .debug_types (DWARF 4), of which libdw reads
   one: the linker merges them.  Out of memory when the ELF could not be
   read or relocated for want of it: libdwfl keeps the module as it got
   it, and its debug information would read otherwise (unrelocated),
   another output and not an error.  */
static struct ph_error *grouped_type_units(Dwfl_Module *mod, bool *ret)
{
	GElf_Addr bias;
	Elf *elf;
	GElf_Ehdr ehdr;
	Elf_Scn *scn = NULL;
	size_t shstrndx;

	/* libdwfl says out of memory only in words, or not at all: the
	   relocation of an ET_REL file that fails is dropped, and the
	   ELF comes back unrelocated.  malloc's errno tells.  */
	*ret = false;
	errno = 0;
	elf = dwfl_module_getelf(mod, &bias);
	if (errno == ENOMEM)
		return &ph_error_nomem;
	if (!elf) {
		int e = dwfl_errno();

		if (e && strcasestr(dwfl_errmsg(e), "out of memory"))
			return &ph_error_nomem;
		return NULL;
	}
	if (!gelf_getehdr(elf, &ehdr) || ehdr.e_type != ET_REL ||
	    elf_getshdrstrndx(elf, &shstrndx) != 0)
		return NULL;
	while ((scn = elf_nextscn(elf, scn))) {
		GElf_Shdr shdr;
		const char *name;

		if (!gelf_getshdr(scn, &shdr) || !(shdr.sh_flags & SHF_GROUP))
			continue;
		name = elf_strptr(elf, shstrndx, shdr.sh_name);
		if (name && (strcmp(name, ".debug_info") == 0 ||
			     strcmp(name, ".debug_types") == 0)) {
			*ret = true;
			break;
		}
	}
	return NULL;
}

struct grouped {
	bool found;
	struct ph_error *err;
};

static bool find_grouped(Dwfl_Module *mod, void *arg)
{
	struct grouped *g = arg;

	g->err = grouped_type_units(mod, &g->found);
	return !g->found && !g->err;
}

Dwfl_Module *ph_dw_session_module(struct ph_dw_session *s, unsigned n)
{
	struct nth nth = { n, NULL };

	each_module(s, find_nth, &nth);
	return nth.mod;
}

struct ph_error *ph_dw_session_grouped(struct ph_dw_session *s, bool *found)
{
	struct grouped grouped = { false, NULL };

	each_module(s, find_grouped, &grouped);
	*found = grouped.found;
	return grouped.err;
}

struct ph_error *ph_dw_session_outcome(struct ph_error *err, int rc,
				       bool with_dwarf)
{
	int e;

	if (err)
		return err;
	if (rc < 0)
		return ph_error_create(PH_ERROR_INVALID, "libdwfl: %s",
				       dwfl_errmsg(-1));
	if (with_dwarf)
		return NULL;
	e = dwfl_errno();
	return ph_error_create(PH_ERROR_INVALID,
			       "no debug information (DWARF)%s%s%s",
			       e ? " (" : "", e ? dwfl_errmsg(e) : "",
			       e ? ")" : "");
}
