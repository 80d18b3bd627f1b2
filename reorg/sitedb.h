/* The order-dependent sites of a whole build: the "sites" records of
   every unit (sites.h), gathered, and the build-wide answer for a type:
   whether a new order keeps what every site of every unit means, and
   which sites stop it.  */
#ifndef PH_SITEDB_H
#define PH_SITEDB_H

#include "arena.h"
#include "nameidx.h"
#include "sites.h"

#ifdef __cplusplus
extern "C" {
#endif

struct ph_sitedb {
	struct ph_arena arena;
	struct ph_type_sites *v;
	size_t n, cap;
	/* The records by name, made when first asked.  */
	struct ph_name_index by_name;
	/* The units whose reports were read (their sources, absolute:
	   the compiler's directory and file joined), and the C and C++
	   units the files' DWARF describes: one of these not among those
	   was compiled without the plugin, and its sites are unknown.  */
	const char **units, **dwarf_units;
	size_t nr_units, nr_dwarf_units;
	/* Units of the build known to have no report: then no type is
	   safe.  */
	size_t nr_unreported;
	/* The symbols the linked libraries and programs read export
	   (sorted once all are read); with none read, every function of
	   a -fPIC unit counts as exported.  */
	const char **exports;
	size_t nr_exports;
	size_t nr_linked;
	bool exports_sorted;
};

void ph_sitedb_init(struct ph_sitedb *db);
void ph_sitedb_deinit(struct ph_sitedb *db);
/* Copies S (its strings, sites and edits) into DB.  */
struct ph_error *ph_sitedb_add(struct ph_sitedb *db,
			       const struct ph_type_sites *s);

/* A unit whose report has sites (REPORTED), or a C or C++ unit of the
   DWARF of a file read: its source FILE, relative to DIR.  */
struct ph_error *ph_sitedb_note_unit(struct ph_sitedb *db, const char *dir,
				     const char *file, bool reported);
/* A symbol a linked file read exports (NAME), or (NAME NULL) a linked
   file read.  */
struct ph_error *ph_sitedb_note_export(struct ph_sitedb *db, const char *name);

/* The units of the DWARF without a report: *N of them in *RET
   (malloc'd), sorted, each once.  */
struct ph_error *ph_sitedb_unreported(const struct ph_sitedb *db,
				      const char ***ret, size_t *n);

/* The records of type T: its name, kind, typedef, line and file (the
   file compared by its last component: the reader and the plugin may
   spell its directory differently).  Returns how many; *RET points to
   DB's indexes of them (valid until DB changes).  */
struct ph_error *ph_sitedb_find(struct ph_sitedb *db, const struct ph_type *t,
				const size_t **ret, size_t *n);

/* A site that stops a new order, from the record REC.  */
struct ph_site_stop {
	const struct ph_type_sites *rec;
	const struct ph_site *site;
	const char *why;
};

/* Whether SUGGESTED (the engine's new layout of T) keeps what every
   site of T in DB means: *SAFE, and the sites that stop it (each place
   once, however many units name it) in *STOPS (malloc'd, *NR of them);
   *RECORDS is how many units' records name T (0: the build's reports
   do not know T, and it is not called safe).  */
struct ph_error *ph_sitedb_verdict(struct ph_sitedb *db,
				   const struct ph_type *t,
				   const struct ph_type *suggested,
				   bool *safe, size_t *records,
				   struct ph_site_stop **stops, size_t *nr);

#ifdef __cplusplus
}
#endif

#endif
