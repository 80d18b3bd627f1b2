/* Every source of layouts behind one face: DWARF (input/dwarf/), BTF
   and CTF (input/compact/), and the plugin's own reports, JSON Lines
   files or frames embedded in objects (input/reports/).  A file goes in
   by ph_input_load (load.h), which picks the format and hands it to the
   reader of that format; each appends the file's distinct layouts to the
   model (reorg/layout.h).  Nothing here is any one format's: this header
   and load.h are what the commands (tools/) see of the readers.  */
#ifndef PH_INPUT_INPUT_H
#define PH_INPUT_INPUT_H

#include <stdbool.h>
#include <stdint.h>

#include "../reorg/layout.h"
#include "../reorg/select.h"
#include "../report/dedup.h"

/* Bounds that no real program reaches, so that corrupt input can neither
   exhaust memory nor recurse without end; every reader keeps them.  */
enum {
	PH_INPUT_MAX_DEPTH = 64,	/* nesting of types, declarators */
	PH_INPUT_MAX_MEMBERS = 1 << 20,	/* members of one type */
};

struct ph_input_filter {
	/* Accepts a type by name and kind before it is built; NULL accepts
	   all.  */
	bool (*want)(void *arg, const char *name, enum ph_kind kind);
	void *arg;
};

/* Where layouts are read from.  */
enum ph_input_format {
	PH_INPUT_EMBEDDED,	/* the plugin's reports in the file */
	PH_INPUT_DWARF,
	PH_INPUT_BTF,	/* raw BTF, or an ELF file's .BTF (btf.c) */
	PH_INPUT_CTF,	/* an ELF file's .ctf (ctf.c) */
	PH_INPUT_NR_FORMATS,
};
/* Their names in -F/--format_path: "embedded", "dwarf", "btf", "ctf".  */
extern const char *const ph_input_format_names[PH_INPUT_NR_FORMATS];

struct ph_sitedb;
struct ph_allocdb;
struct ph_accessdb;

struct ph_input_opts {
	const struct ph_input_filter *filter;	/* NULL: every type */
	/* The formats read, the preferred first: each module (a file, or
	   an archive's member) is read from the first it has.  None given
	   (NR_FORMATS 0): embedded reports, DWARF, BTF, then CTF.  */
	enum ph_input_format formats[PH_INPUT_NR_FORMATS];
	unsigned nr_formats;
	/* Where separate debug files are looked for (libdwfl's syntax,
	   colon-separated); NULL for ":.debug:/usr/lib/debug".  */
	const char *debuginfo_path;
	/* Threads reading compile units, at least 1.  The output is the
	   same whatever the number.  */
	unsigned jobs;
	/* -C: the names asked for; reading stops after the first unit, in
	   unit order, by which every one of them has been found (as pahole
	   does), so the output does not depend on the threads either.  NULL:
	   read everything.  */
	const struct ph_names *stop_names;
	/* The types pahole lists (--sizes, --packable): none local to a
	   function, the compiler's own (__va_list_tag) too.  Otherwise
	   those the plugin reports: the other way round.  */
	bool pahole_types;
	/* The BTF a split BTF file is read over; NULL: the running
	   kernel's for a file under /sys/kernel/btf, none otherwise.  */
	const char *btf_base;
	/* No member's type is printed (--sizes): the BTF reader spells
	   only a struct or union member's, which the analysis reads (a
	   struct_group_tagged's half).  */
	bool unspelled;
	/* Where the reports' "sites" records go (-R, -P, --patch); NULL:
	   they are skipped as records of another kind.  */
	struct ph_sitedb *sites;
	/* Where the reports' "allocs" records go (--worth, -R, -P,
	   --slabinfo); NULL: skipped.  */
	struct ph_allocdb *allocs;
	/* Where the reports' "access" records go (-R --access); NULL:
	   skipped.  */
	struct ph_accessdb *access;
	/* The files of one call read as one program (across.h): a class
	   only declared in one file is looked for in the others, once all
	   are read (ph_dw_across_finish).  NULL: each file alone.  */
	struct ph_dw_across *across;
};


#endif
