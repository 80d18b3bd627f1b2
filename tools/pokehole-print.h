/* What pokehole prints of the types it read (pokehole-print.c).  */
#ifndef PH_TOOLS_POKEHOLE_PRINT_H
#define PH_TOOLS_POKEHOLE_PRINT_H

#include "pokehole-options.h"
#include "../reorg/reorganize.h"
#include "../report/buf.h"
#include "../report/html.h"

/* Prints the types of MODEL that pass the hole filters, as O's output
   asks (--html: into HTML, then the page).  */
struct ph_error *ph_pokehole_print_types(struct ph_model *model,
					 const struct ph_pokehole_options *o,
					 struct ph_html *html);

/* --at: each layout -C names.  An offset past a type's end is said
   and makes *STATUS 1.  */
struct ph_error *ph_pokehole_print_at(struct ph_model *model,
				      const struct ph_pokehole_options *o,
				      int *status);

/* BUF written to standard output and emptied: 0, or -1 (errno).  */
int ph_pokehole_write_buf(struct ph_buf *buf);

#endif
