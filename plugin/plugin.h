/* What the plugin's files share.  */
#ifndef PH_PLUGIN_H
#define PH_PLUGIN_H

#include "compat.h"

/* Never defined.  GCC checks the formats of its diagnostic functions
   (%wu, %qE, ...) with types it looks up when it first meets such a
   format attribute; loaded from a precompiled header (the Makefile's
   build/gcc-N/pch/), the attributes were met in another process, and
   %wu would be wrongly warned about.  One declaration with that
   attribute after the header makes GCC look them up again.  */
extern void ph_diag_formats(const char *, ...) ATTRIBUTE_GCC_DIAG(1, 2);

/* True in cc1plus.  */
extern bool ph_lang_cxx;
void ph_names_init(void);
/* TYPE as the front end's diagnostics print it (%T).  */
void ph_type_text(tree type, struct ph_buf *out);

/* Appends the name the DWARF output of this compilation gives DECL, a
   class's or enum's TYPE_DECL or a typedef, qualified by its scopes as
   tools/pokehole joins them.  False when DWARF leaves it unnamed.  */
bool ph_dwarf_name(tree decl, struct ph_buf *out);

/* TYPE's spelling around a declarator name, pahole style: "char *" "" "",
   "int" "(*" ")(char)", "char" "" "[2]".  */
void ph_spell_type(tree type, struct ph_buf *head, struct ph_buf *pre,
		   struct ph_buf *post);

/* TYPE as an abstract declarator, spelled as the members' types are:
   "int (*)(char)".  */
void ph_spell_abstract(tree type, struct ph_buf *out);

/* Appends the name a record is reported under to OUT: its tag (C), its
   qualified name (C++), or the typedef naming an untagged one.  False
   when it has none.  */
bool ph_record_name(tree type, struct ph_buf *out, bool *typedef_name);
/* Lambda closures and the like, left out unless asked for; WHERE is
   ph_record_location's when TYPE was completed.  */
bool ph_compiler_made(tree type, location_t where);

/* Where TYPE is defined, as it is now: the RTTI code moves a class it
   declared before its header defined it (__cxxabiv1::__class_type_info)
   back to a built-in location when it emits the type info at the end of
   the unit, so a type's location is taken when it is completed.  */
location_t ph_record_location(tree type);

/* Converts the complete RECORD_TYPE or UNION_TYPE TYPE, defined at WHERE
   (ph_record_location when it was completed), into MODEL.  *RET is NULL
   when the type is one we skip (variably modified, erroneous, absurd).  */
struct ph_error *ph_type_from_tree(struct ph_model *model, tree type,
				   const char *name, bool typedef_name,
				   location_t where,
				   const struct ph_type **ret);

/* Appends BUF to PATH ("-" is standard output) in one write() under an
   exclusive flock, so that parallel compilers never interleave.  */
struct ph_error *ph_append_locked(const char *path, const struct ph_buf *buf);
/* Writes BUF as the whole of PATH, through a temporary file and rename,
   creating PATH's directories.  */
struct ph_error *ph_write_file(const char *path, const struct ph_buf *buf);
/* Appends to PATH the file json-dir=DIR gives this unit's report
   (jsondir.cc), or nothing when the unit gets none (a configure check,
   a compile to /dev/null); an error when the name would be another
   unit's too.  */
struct ph_error *ph_json_dir_path(const char *dir, struct ph_buf *path);
/* Whether this compile is a check, not a unit of the build: of or to
   /dev/null, autoconf's conftest, CMake's and Meson's checks
   (jsondir.cc).  A check writes no report file and, in warn-once=,
   warns as without it and leaves the file alone.  */
bool ph_unit_is_check(void);
/* Appends PATH made absolute, its directory's links resolved, as
   json-dir names files by it (jsondir.cc); and so the file this
   compilation writes.  */
void ph_physical_path(const char *path, struct ph_buf *out);
void ph_unit_output_path(struct ph_buf *out);
/* Opens PATH (creating it and its directories), takes an exclusive
   flock on it and appends its contents to CONTENTS; *FD holds the lock
   until ph_rewrite_locked replaces the contents with BUF and closes it
   (on error too).  */
struct ph_error *ph_open_locked(const char *path, int *fd,
				struct ph_buf *contents);
struct ph_error *ph_rewrite_locked(int fd, const char *path,
				   const struct ph_buf *buf);

/* The compiler's working directory, as the records of a unit write it
   ("dir"; output.cc).  */
const char *ph_unit_dir(void);
/* The keys a unit's per-type record (allocs, access) starts with, from
   T's layout: name, kind, typedef, file, line, dir, unit, size, align.  */
template <typename R>
static inline void ph_record_head(R *r, const struct ph_type *t)
{
	r->name = t->name;
	r->kind = t->kind;
	r->typedef_name = t->typedef_name;
	r->file = t->file;
	r->line = t->line;
	r->dir = ph_unit_dir();
	r->unit = main_input_filename ? main_input_filename : "";
	r->size = t->size;
	r->align = t->align;
}

/* The embedded report (embed.cc): each layout record rendered, T's
   JSON Lines TEXT (LEN bytes), is collected; sealed, the records are
   the frames of their files' groups; then ph_embed_report puts the
   groups and the unit's own frame, the function records FUNCTIONS (LEN
   bytes, none without functions), into the object being compiled
   (nothing when no assembly is written), and ph_embed_release frees
   what was collected.  */
void ph_embed_collect(const struct ph_type *t, const char *text,
		      size_t len);
struct ph_error *ph_embed_seal(void);
struct ph_error *ph_embed_report(const char *functions, size_t len);
void ph_embed_release(void);
/* Whether this is the compile step of -flto writing IR alone, whose
   report must also go into the IR to reach the program; then
   ph_embed_report_lto puts it there, once sealed.  */
bool ph_embed_lto_p(void);
struct ph_error *ph_embed_report_lto(const char *functions, size_t len);

/* The PLUGIN_ATTRIBUTES callback: registers pokehole_hot (a member),
   pokehole_ignore and pokehole_abi (a type) with GCC (attributes.cc).  */
void ph_register_attributes(void *gcc_data, void *user_data);

/* TYPE is a struct or union defined in place, without a name of its own
   (C++'s anonymous identifier counts as none).  */
bool ph_untagged_aggregate(tree type);

/* The structs and unions the front end completes, collected once each
   in completion order and kept to the end of the unit (collected.cc):
   init registers the collection's callbacks, start_unit (from
   PLUGIN_START_UNIT) hooks the debug hooks' type_decl, deinit unhooks
   and frees.  */
void ph_collected_init(const char *plugin_name);
void ph_collected_start_unit(void);
void ph_collected_deinit(void);
/* Whether the plugin collected TYPE (a main variant).  */
bool ph_type_collected(tree type);
/* How many types were collected; the Ith, and *WHERE it was defined
   when it was completed (ph_record_location).  */
unsigned ph_collected_count(void);
tree ph_collected_type(unsigned i, location_t *where);

/* assert-layout=FILE (assertgen.cc): T, the layout of TYPE, gets its
   assertions when its order was chosen (or assert-types= names it);
   at the unit's end they go to the file (WRITE; else dropped).  */
void ph_assertgen_type(tree type, const struct ph_type *t);
void ph_assertgen_flush(bool write);

/* The FIELD_DECL of member M of TYPE; where TYPE is defined
   (places.cc).  TYPE is an aggregate defined in place at BASE bits
   into the outermost type when M is one of its members (the model's
   offsets are from the outermost type's start).  */
tree ph_member_decl(tree type, const struct ph_member *m, uint64_t base = 0);
location_t ph_type_location(tree type);

/* A type's order-dependent sites, assembled (sites-tree.h).  */
struct ph_type_report;

/* Warnings, -fplugin-arg-pokehole-warn=LIST.  */
enum {
	PH_WARN_HOLES = 1,
	PH_WARN_PADDING = 2,
	PH_WARN_CACHELINE = 4,
	PH_WARN_PACKABLE = 8,
	/* Against a baseline, with any of holes, padding, packable.  */
	PH_WARN_GROWTH = 16,
	/* Functions: declared inline, kept out of line (funcs.cc).  */
	PH_WARN_UNINLINED = 32,
	/* The kernel's cacheline groups: more lines than their size needs,
	   an _aligned group sharing its last line.  */
	PH_WARN_GROUPS = 64,
	/* Members written by different threads, atomically or under
	   different locks, or a lock's, on one cacheline (sharing-warn.cc;
	   not in all).  */
	PH_WARN_FALSE_SHARING = 128,
};

/* "holes" for PH_WARN_HOLES: the kind's name in warn= and in the
   [-Wpokehole-KIND] that ends each warning.  */
const char *ph_warn_kind_name(unsigned kind);

struct ph_warn_options {
	unsigned kinds;
	unsigned no_error;		/* kinds kept warnings under -Werror */
	/* Also the holes and tail padding of a type no order makes smaller
	   (warn-all-holes).  */
	bool all_holes;
	uint64_t min_hole;		/* bytes; smaller holes are ignored */
	unsigned cacheline;
	const struct ph_baseline *baseline;	/* or NULL */
	/* packable=class: a packable type is warned about only when its
	   allocator's class changes (allocs.h).  */
	bool packable_class;
};

/* Warns about T, the layout of TYPE, as O asks; SITES are its
   order-dependent sites for the order the engine suggests (NULL when
   they are not collected).  FIXED_SIZE: no order of its members makes
   T smaller (its holes and padding are not warned about unless
   O->all_holes).  */
void ph_warn_type(tree type, const struct ph_type *t, struct ph_model *model,
		  const struct ph_warn_options *o,
		  const struct ph_type_report *sites, bool fixed_size);

/* A warning of KIND made elsewhere, as warn.cc makes its own: whether
   this unit gives it (warn-once; T's layout is the key, or none), then
   begin, warning_at, end with whether it was shown.  */
bool ph_warn_claim(unsigned kind, location_t loc, const struct ph_type *t,
		   const char *fmt, ...);
void ph_warn_begin(unsigned kind, const struct ph_warn_options *o);
void ph_warn_end(bool shown);
/* 'struct sample', as the user wrote it.  */
void ph_warn_display_name(const struct ph_type *t, struct ph_buf *out);
/* warn=false-sharing: the unit's types, once its functions are
   compiled (sharing-warn.cc).  */
void ph_warn_false_sharing(const struct ph_warn_options *o);

/* warn-once=FILE (warnonce.cc): each warning once per build.  Set
   the file (NULL: every unit warns); whether it is in use.  */
void ph_warn_once_file(const char *path);
bool ph_warn_once_active(void);
/* Whether this unit gives the warning MESSAGE (plain text) of KIND at
   LOC about a type whose layout hashes to LAYOUT (0 for none); takes
   the file's lock for the session, which ph_warn_once_flush ends.  */
bool ph_warn_once_claim(location_t loc, const char *kind, uint64_t layout,
			const char *message);
/* Whether the warning just claimed was shown (not under -w): one that
   was not is left to the next unit that sees it.  */
void ph_warn_once_shown(bool shown);
/* Writes the file and releases its lock; PURGE: the unit was compiled
   (it had types), so its entries of earlier builds go even when it has
   nothing to warn about now.  */
void ph_warn_once_flush(bool purge);

/* At LOC, the function NAME: declared inline but keeps an out-of-line
   body, for WHY; INLINED of CALLS calls inlined.  */
void ph_warn_uninlined(location_t loc, const char *name, const char *why,
		       unsigned inlined, unsigned calls,
		       const struct ph_warn_options *o);

/* Function records, -fplugin-arg-pokehole-functions (funcs.cc).  */
struct ph_funcs_options {
	bool warn;			/* warn=uninlined */
	bool system_headers;		/* also functions of system headers */
	bool artificial;		/* also the compiler's own */
	const struct ph_warn_options *warn_opts;
};

/* Registers the callbacks that collect the records.  */
void ph_funcs_register(const char *plugin_name,
		       const struct ph_funcs_options *o);
/* From PLUGIN_START_UNIT: hooks into the symbol table.  */
void ph_funcs_start_unit(void);
/* True once the end of IPA has been seen: the records are complete.  */
bool ph_funcs_final(void);
/* Appends the records, one JSON line each.  */
void ph_funcs_render(struct ph_buf *out);

#endif
