/* Frames of embedded reports: the decoder of input/reports/frame.h's format.
   The section is input like any other: every length is checked against
   what is there before it is used, and a text is never larger than
   PH_FRAME_MAX_TEXT, whatever a header claims.  */
#include "frame-read.h"

#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#include "frame.h"

static uint32_t le32(const unsigned char *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	       (uint32_t)p[3] << 24;
}

/* A frame that cannot be read: the units after it cannot be found.
   FIRST, an earlier unit's error, is dropped for it.  */
static struct ph_error *bad(struct ph_error *first, size_t at,
			    const char *why)
{
	if (first)
		ph_error_destroy(first);
	return ph_error_create(PH_ERROR_INVALID,
			       "section " PH_FRAME_SECTION ", offset %zu: %s",
			       at, why);
}

/* Keeps the first of several errors in *FIRST.  Out of memory ends the
   reading: true, with it in *FIRST.  */
static bool note_error(struct ph_error **first, struct ph_error *err)
{
	if (err == &ph_error_nomem) {
		if (*first)
			ph_error_destroy(*first);
		*first = err;
		return true;
	}
	if (err && *first)
		ph_error_destroy(err);
	else if (err)
		*first = err;
	return false;
}

/* BASE: where DATA is in the file's sections taken as one.  */
static struct ph_error *each_frame(const unsigned char *data, size_t len,
				   size_t base, ph_embedded_fn *fn, void *arg)
{
	struct ph_error *first = NULL;
	size_t at = 0;

	while (at < len) {
		const unsigned char *h = data + at;
		uint32_t stored, text_len;
		struct ph_error *err;

		if (!*h) {	/* a linker's padding */
			at++;
			continue;
		}
		if (len - at < PH_FRAME_HEADER ||
		    memcmp(h, PH_FRAME_MAGIC, 4) != 0)
			return bad(first, base + at, "not a pokehole report frame");
		stored = le32(h + 8);
		text_len = le32(h + 12);
		if (stored > len - at - PH_FRAME_HEADER)
			return bad(first, base + at, "frame longer than the section");
		if (text_len > PH_FRAME_MAX_TEXT)
			return bad(first, base + at, "report too large");
		if (h[4] == PH_FRAME_STORED) {
			if (stored != text_len)
				return bad(first, base + at, "lengths disagree");
			err = fn(arg, (const char *)h + PH_FRAME_HEADER,
				 text_len);
		} else if (h[4] == PH_FRAME_ZLIB) {
			uLongf n = text_len;
			Bytef *text = malloc(text_len ? text_len : 1);
			int rc;

			if (!text) {
				if (first)
					ph_error_destroy(first);
				return &ph_error_nomem;
			}
			rc = uncompress(text, &n, h + PH_FRAME_HEADER, stored);
			if (rc == Z_MEM_ERROR) {
				free(text);
				if (first)
					ph_error_destroy(first);
				return &ph_error_nomem;
			}
			if (rc != Z_OK || n != text_len) {
				free(text);
				return bad(first, base + at, "compressed text is corrupt");
			}
			err = fn(arg, (const char *)text, text_len);
			free(text);
		} else {
			return bad(first, base + at, "unknown encoding");
		}
		/* A bad record spoils its line, not the other units: the
		   first such error is told once they are read.  */
		if (note_error(&first, err))
			return first;
		at += PH_FRAME_HEADER + stored;
	}
	return first;
}

struct ph_error *ph_embedded_each(const unsigned char *data, size_t len,
				  ph_embedded_fn *fn, void *arg)
{
	return each_frame(data, len, 0, fn, arg);
}

/* An object has a section of the name for its own frame and one per
   COMDAT group (a header's layouts); a linked file has one.  Offsets in
   errors count through them all, in order.  A bad section does not
   hide the others; the first error is told.  */
struct ph_error *ph_embedded_each_elf(Elf *elf, ph_embedded_fn *fn,
				      void *arg, bool *found)
{
	struct ph_error *first = NULL;
	Elf_Scn *scn = NULL;
	size_t shstrndx, base = 0;

	*found = false;
	if (elf_getshdrstrndx(elf, &shstrndx) != 0)
		return NULL;
	while ((scn = elf_nextscn(elf, scn))) {
		struct ph_error *err;
		GElf_Shdr shdr;
		const char *name;
		Elf_Data *data;

		if (!gelf_getshdr(scn, &shdr) || shdr.sh_type != SHT_PROGBITS)
			continue;
		name = elf_strptr(elf, shstrndx, shdr.sh_name);
		if (!name || (strcmp(name, PH_FRAME_SECTION) != 0 &&
			      strcmp(name, PH_FRAME_SECTION_OLD) != 0))
			continue;
		*found = true;
		/* ld --compress-debug-sections compresses it as the DWARF. */
		if ((shdr.sh_flags & SHF_COMPRESSED) &&
		    elf_compress(scn, 0, 0) < 0) {
			err = ph_error_create(PH_ERROR_INVALID,
					      "section %s [%zu]: cannot "
					      "decompress it: %s", name,
					      elf_ndxscn(scn), elf_errmsg(-1));
			if (note_error(&first, err))
				return first;
			continue;
		}
		if (!gelf_getshdr(scn, &shdr))
			continue;
		data = elf_rawdata(scn, NULL);
		if (!data || !data->d_buf || data->d_size != shdr.sh_size) {
			err = ph_error_create(PH_ERROR_INVALID,
					      "section " PH_FRAME_SECTION
					      " [%zu]: cannot read it",
					      elf_ndxscn(scn));
		} else {
			err = each_frame(data->d_buf, data->d_size, base, fn,
					 arg);
			base += data->d_size;
		}
		if (note_error(&first, err))
			return first;
	}
	return first;
}

/* The frames of one ELF file, or of each member of an archive.  */
static struct ph_error *each_in_elf(Elf *elf, unsigned depth,
				    ph_embedded_fn *fn, void *arg,
				    unsigned *found)
{
	struct ph_error *err = NULL;
	bool any;

	if (elf_kind(elf) == ELF_K_AR) {
		Elf *member;
		Elf_Cmd cmd = ELF_C_READ_MMAP;

		/* An archive inside an archive is not something ar makes. */
		if (depth > 0)
			return NULL;
		while (!err && (member = elf_begin(-1, cmd, elf))) {
			err = each_in_elf(member, depth + 1, fn, arg, found);
			cmd = elf_next(member);
			elf_end(member);
		}
		return err;
	}
	if (elf_kind(elf) != ELF_K_ELF)
		return NULL;
	err = ph_embedded_each_elf(elf, fn, arg, &any);
	*found += any;
	return err;
}

struct ph_error *ph_embedded_each_file(const char *path, ph_embedded_fn *fn,
				       void *arg, bool *found_ret)
{
	struct ph_error *err;
	unsigned found = 0;
	Elf *elf;
	int fd;

	elf_version(EV_CURRENT);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return ph_error_errno(errno, "cannot open");
	elf = elf_begin(fd, ELF_C_READ_MMAP, NULL);
	if (!elf) {
		close(fd);
		return ph_error_create(PH_ERROR_INVALID, "%s",
				       elf_errmsg(-1));
	}
	if (elf_kind(elf) != ELF_K_ELF && elf_kind(elf) != ELF_K_AR)
		err = ph_error_create(PH_ERROR_INVALID,
				      "not an ELF file nor an archive");
	else
		err = each_in_elf(elf, 0, fn, arg, &found);
	if (found_ret)
		*found_ret = found;
	else if (!err && !found)
		err = ph_error_create(PH_ERROR_INVALID,
				      "no embedded report (compile with "
				      "-fplugin-arg-pokehole-embed)");
	elf_end(elf);
	close(fd);
	return err;
}
