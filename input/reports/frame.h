/* A translation unit's report carried inside the object it compiles to
   (the plugin's embed option): ccache caches it with the object, distcc
   and icecc bring it back with the object, and the linker concatenates
   the sections of all units into the program or library.

   The section is PH_FRAME_SECTION, not loaded (no SHF_ALLOC), aligned to
   1 so that the linker puts nothing between the units' pieces.  An
   object has several: its own frame, and one per file whose layouts it
   reports, in a COMDAT group (plugin/embed.cc).  A linked file's is a
   sequence of frames, each:

     offset  size
       0      4   PH_FRAME_MAGIC
       4      1   encoding: PH_FRAME_STORED or PH_FRAME_ZLIB
       5      3   zero
       8      4   stored bytes after the header, little-endian
      12      4   bytes of the JSON Lines text, little-endian
      16          the text (docs/layout-jsonl.md), zlib's format when
                  compressed

   Readers skip zero bytes between frames (a linker that aligns each
   input section pads with them).  The encoder is here; the reader's
   decoder is input/reports/frame-read.c.  */
#ifndef PH_INPUT_REPORTS_FRAME_H
#define PH_INPUT_REPORTS_FRAME_H

#include "../../report/buf.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A debug section by its name: strip and strip --strip-debug remove it,
   objcopy --only-keep-debug keeps it (the report goes to the debug file
   with the DWARF), and a linked image that embeds a stripped binary (the
   Linux vDSO, in .rodata) is not changed by it.  */
#define PH_FRAME_SECTION ".debug_pokehole"
/* The name of the first versions, still read.  */
#define PH_FRAME_SECTION_OLD ".pokehole"
#define PH_FRAME_MAGIC "PHR1"
enum {
	PH_FRAME_HEADER = 16,
	PH_FRAME_STORED = 0,
	PH_FRAME_ZLIB = 1,
	/* The largest text a frame holds: a unit's report is megabytes. */
	PH_FRAME_MAX_TEXT = 1u << 30,
};

/* Appends the frame of the JSON Lines TEXT (LEN bytes) to OUT:
   compressed when that makes it smaller.  */
struct ph_error *ph_frame_encode(const char *text, size_t len,
				 struct ph_buf *out);

#ifdef __cplusplus
}
#endif

#endif
