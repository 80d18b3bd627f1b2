/* The sections the fast path reads (scan-sections.c): found in the ELF
   file libdw reads, in the very bytes libdw reads, and the pages of
   .debug_info given back once read.  */
#ifndef PH_INPUT_DWARF_SCAN_SECTIONS_H
#define PH_INPUT_DWARF_SCAN_SECTIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <elfutils/libdw.h>

struct ph_dw_sections {
	Dwarf *dw;		/* the sections below are its */
	const unsigned char *info, *abbrev, *str, *line_str, *line;
	size_t info_size, abbrev_size, str_size, line_str_size, line_size;
	/* .debug_info is the file's own bytes, mapped and never written:
	   the pages of the units read can be given back
	   (ph_dw_sections_give_back), up to RELEASED.  */
	bool info_mapped;
	const unsigned char *released;
};

/* The sections of DW's ELF file, as libdw holds them, into S (NULL for
   those it has not, or cannot be read here).  */
void ph_dw_sections_read(struct ph_dw_sections *s, Dwarf *dw);
/* Gives back the pages of .debug_info from what was given back so far
   to END.  */
void ph_dw_sections_give_back(struct ph_dw_sections *s,
			      const unsigned char *end);

/* The NUL-terminated string at OFF of a string section, or NULL.  */
static inline const char *in_strings(const unsigned char *sec, size_t size,
			      uint64_t off)
{
	if (!sec || off >= size || !memchr(sec + off, 0, size - off))
		return NULL;
	return (const char *)sec + off;
}

#endif /* PH_INPUT_DWARF_SCAN_SECTIONS_H */
