/* Line tables (lines.c): the file names DW_AT_decl_file indexes, read
   from a line table header straight out of the section bytes, because
   libdw reads the whole line program for them and keeps it to the end
   (85 KB a unit of a vmlinux, 200 MB in all).  */
#ifndef PH_INPUT_DWARF_LINES_H
#define PH_INPUT_DWARF_LINES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <elfutils/libdw.h>

#include "../../reorg/error.h"
#include "scan-sections.h"

/* The file names of one unit's line table, read the first time one is
   asked for.  */
struct ph_dw_file_table {
	int state;		/* 0 not read yet, 1 read, -1 cannot be */
	char **files;
	size_t nr_files, cap_files;
	/* Whose they are, for ph_dw_lines_decl_file: the unit's offset + 1
	   (0: the fast path's unit).  */
	Dwarf_Off unit;
};

/* Forgets the names read (for another unit).  */
void ph_dw_file_table_clear(struct ph_dw_file_table *t);
void ph_dw_file_table_deinit(struct ph_dw_file_table *t);
/* The name of file IDX (DW_AT_decl_file) of the line table at STMT_LIST
   in SEC's .debug_line, the unit's compilation directory COMP_DIR; NULL
   for none.  *KNOWN false when the table cannot be read here.  */
const char *ph_dw_file_table_get(struct ph_dw_file_table *t,
				 const struct ph_dw_sections *sec,
				 uint64_t stmt_list, const char *comp_dir,
				 uint64_t idx, bool *known);

/* For a walk through libdw (pokefunct): the line table headers of the
   units of the files it reads.  */
struct ph_dw_lines;
struct ph_error *ph_dw_lines_create(struct ph_dw_lines **ret);
void ph_dw_lines_destroy(struct ph_dw_lines *l);
/* DIE's declaration file (DW_AT_decl_file, integrated) as
   dwarf_decl_file names it, for a walk through libdw of DW: from the
   line table headers of DW's units, read here; from libdw for the
   others (split DWARF, dwz).  The name, in *RET, lasts until a DIE of
   another unit is asked about; NULL when it has none.  Out of memory when
   libdw ran out of it (ph_dw_decl_file).  */
struct ph_error *ph_dw_lines_decl_file(struct ph_dw_lines *l, Dwarf *dw,
				       Dwarf_Die *die, const char **ret);

#endif
