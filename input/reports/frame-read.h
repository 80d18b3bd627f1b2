/* The reports the plugin embedded in objects (input/reports/frame.h), read
   back from an ELF file's PH_FRAME_SECTION (frame-read.c).  */
#ifndef PH_INPUT_REPORTS_FRAME_READ_H
#define PH_INPUT_REPORTS_FRAME_READ_H

#include <stdbool.h>
#include <stddef.h>

#include <libelf.h>

#include "../../reorg/error.h"

/* What is done with each unit's JSON Lines text.  */
typedef struct ph_error *ph_embedded_fn(void *arg, const char *text,
					size_t len);

/* Calls FN with ARG for each frame of the section's bytes DATA (LEN of
   them), in order.  A frame that cannot be read ends it: the error says
   which (its offset in the section) and why; FN's error ends it too.  */
struct ph_error *ph_embedded_each(const unsigned char *data, size_t len,
				  ph_embedded_fn *fn, void *arg);

/* Calls FN with ARG for each frame of ELF's sections of the name, in
   order; *FOUND whether it has any.  A section that cannot be read is
   an error, after the others are read.  */
struct ph_error *ph_embedded_each_elf(Elf *elf, ph_embedded_fn *fn,
				      void *arg, bool *found);

/* Calls FN with ARG for each frame of the file at PATH: an object,
   executable, shared library or module, or each member of an archive.
   *FOUND whether it has any; with FOUND NULL, having none is an error.  */
struct ph_error *ph_embedded_each_file(const char *path, ph_embedded_fn *fn,
				       void *arg, bool *found);

#endif
