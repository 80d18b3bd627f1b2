/* Files into the model: libdwfl opens them (applying the relocations of
   .o and .ko files, finding separate debug files, split .dwo files and the
   dwz alternate file), every unit's DIE tree is walked for the struct,
   union and class definitions, and each distinct layout is kept once.

   The pieces, each in a file of its own: session.c (libdwfl), workers.c
   (the threads and their job queue), walk.c (the walk of one unit),
   deferred.c (the types built once every unit is read), ctx.c (the
   reading context).  */
#include "load.h"
#include "../../reorg/array.h"
#include "dw.h"
#include "across.h"
#include "deferred.h"
#include "../reports/frame-read.h"
#include "../reports/jsonl-read.h"
#include "session.h"
#include "workers.h"
#include "../../reorg/sitedb.h"

#include <elfutils/libdwfl.h>
#include <gelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct modules {
	struct ph_dw_job *job;
	const struct ph_input_opts *opts;
	unsigned jobs;
	unsigned index;
	struct ph_error *err;
	unsigned with_dwarf;
	unsigned with_reports;
	unsigned frames;	/* read so far */
	/* Type units in section groups, which only a linked file has
	   merged: the DWARF cannot be read, an embedded report can.  */
	bool grouped;
};

static struct ph_error *load_frame(void *arg, const char *text, size_t len)
{
	struct modules *ms = arg;
	char origin[48];

	/* The path is in front of the message already: "FILE: embedded
	   report N:LINE: why", N counting the file's units from 1.  */
	snprintf(origin, sizeof(origin), "embedded report %u",
		 ++ms->frames);
	return ph_report_load_text(origin, text, len, ms->job->out,
				   ms->job->dedup, ms->opts);
}

/* The C and C++ units the module's DWARF describes, for the sites of a
   build: a unit without a report beside them was compiled without the
   plugin.  Assembly and other languages have no layouts to report.  */
static struct ph_error *note_dwarf_units(Dwfl_Module *mod,
					 struct ph_sitedb *db)
{
	Dwarf_Addr bias;
	Dwarf *dw = dwfl_module_getdwarf(mod, &bias);
	Dwarf_CU *cu = NULL;
	Dwarf_Die die;
	uint8_t unit_type;
	struct ph_error *err;

	if (!dw)
		return NULL;
	while (dwarf_get_units(dw, cu, &cu, NULL, &unit_type, &die,
			       NULL) == 0) {
		if (unit_type != DW_UT_compile && unit_type != DW_UT_skeleton)
			continue;
		switch (dwarf_srclang(&die)) {
		case DW_LANG_C89:
		case DW_LANG_C:
		case DW_LANG_C99:
		case DW_LANG_C11:
		case DW_LANG_C_plus_plus:
		case DW_LANG_C_plus_plus_03:
		case DW_LANG_C_plus_plus_11:
		case DW_LANG_C_plus_plus_14:
		case 0x2a:	/* DWARF 6's C++17, C++20 and C17 */
		case 0x2b:
		case 0x2c:
			break;
		default:
			continue;
		}
		Dwarf_Attribute a;
		const char *name = dwarf_diename(&die);
		const char *dir = dwarf_formstring(
			dwarf_attr(&die, DW_AT_comp_dir, &a));
		if (name && (err = ph_sitedb_note_unit(db, dir, name, false)))
			return err;
	}
	return NULL;
}

/* The symbols a linked file (a library, a program) exports: its
   dynamic symbols, defined, global or weak, of default or protected
   visibility.  An object file exports nothing yet: nothing noted.  */
static struct ph_error *note_exports(Elf *elf, struct ph_sitedb *db)
{
	GElf_Ehdr eh;
	Elf_Scn *scn = NULL;
	struct ph_error *err;

	if (!gelf_getehdr(elf, &eh) || (eh.e_type != ET_DYN &&
					eh.e_type != ET_EXEC))
		return NULL;
	if ((err = ph_sitedb_note_export(db, NULL)))
		return err;
	while ((scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh;
		Elf_Data *data;

		if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_DYNSYM ||
		    !sh.sh_entsize || !(data = elf_getdata(scn, NULL)))
			continue;
		for (size_t i = 1; i < sh.sh_size / sh.sh_entsize; i++) {
			GElf_Sym sym;
			const char *name;

			if (!gelf_getsym(data, (int)i, &sym) ||
			    sym.st_shndx == SHN_UNDEF ||
			    (GELF_ST_BIND(sym.st_info) != STB_GLOBAL &&
			     GELF_ST_BIND(sym.st_info) != STB_WEAK) ||
			    (GELF_ST_VISIBILITY(sym.st_other) != STV_DEFAULT &&
			     GELF_ST_VISIBILITY(sym.st_other) != STV_PROTECTED))
				continue;
			name = elf_strptr(elf, sh.sh_link, sym.st_name);
			if (name && *name &&
			    (err = ph_sitedb_note_export(db, name)))
				return err;
		}
	}
	return NULL;
}

/* The module's embedded reports, when it has any.  */
static bool read_embedded(struct modules *ms, Dwfl_Module *mod)
{
	Dwarf_Addr bias;
	Elf *elf = dwfl_module_getelf(mod, &bias);
	struct ph_error *err;
	bool found;

	if (!elf)
		return false;
	err = ph_embedded_each_elf(elf, load_frame, ms, &found);
	/* A stripped file's reports went with its DWARF to the separate
	   debug file (objcopy --only-keep-debug keeps debug sections).  */
	if (!found) {
		Dwarf *dw = dwfl_module_getdwarf(mod, &bias);
		Elf *debug = dw ? dwarf_getelf(dw) : NULL;

		if (debug && debug != elf)
			err = ph_embedded_each_elf(debug, load_frame, ms,
						   &found);
	}
	if (!found)
		return false;
	ms->with_reports++;
	if (!err && ms->opts->sites)
		err = note_dwarf_units(mod, ms->opts->sites);
	if (!err && ms->opts->sites)
		err = note_exports(elf, ms->opts->sites);
	ms->err = err;
	return true;
}

static int each_module(Dwfl_Module *mod, void **userdata, const char *name,
		       Dwarf_Addr start, void *arg)
{
	struct modules *ms = arg;
	const struct ph_input_opts *o = ms->opts;
	Dwarf_Addr bias;
	Dwarf *dw = NULL;

	(void)userdata;
	(void)name;
	(void)start;
	ms->job->module_index = ms->index++;
	for (unsigned i = 0; i < o->nr_formats && !dw; i++) {
		if (o->formats[i] == PH_INPUT_EMBEDDED) {
			if (read_embedded(ms, mod))
				return ms->err ? DWARF_CB_ABORT : DWARF_CB_OK;
		} else if (ms->grouped) {
			ms->err = ph_error_create(PH_ERROR_INVALID,
						  "type units in section groups "
						  "(-fdebug-types-section) are "
						  "read from linked files only: "
						  "link the object first");
			return DWARF_CB_ABORT;
		} else {
			dw = dwfl_module_getdwarf(mod, &bias);
		}
	}
	if (!dw)
		return DWARF_CB_OK;
	if (ph_array_reserve(&ms->job->dws, &ms->job->dws_cap,
			   ms->job->module_index + 1, sizeof(*ms->job->dws))) {
		ms->err = &ph_error_nomem;
		return DWARF_CB_ABORT;
	}
	while (ms->job->nr_dws <= ms->job->module_index)
		ms->job->dws[ms->job->nr_dws++] = NULL;
	ms->job->dws[ms->job->module_index] = dw;
	ms->with_dwarf++;
	ms->err = ph_dw_load_module(ms->job, mod, dw, ms->jobs);
	return ms->err ? DWARF_CB_ABORT : DWARF_CB_OK;
}

/* What a file none of whose modules was read lacks.  */
static struct ph_error *no_layouts(const struct ph_input_opts *opts)
{
	bool embedded = false, dwarf = false;

	for (unsigned i = 0; i < opts->nr_formats; i++) {
		embedded |= opts->formats[i] == PH_INPUT_EMBEDDED;
		dwarf |= opts->formats[i] == PH_INPUT_DWARF;
	}
	if (!dwarf)
		return ph_error_create(PH_ERROR_INVALID,
				       "no embedded report (compile with "
				       "-fplugin-arg-pokehole-embed)");
	return ph_dw_session_outcome(NULL, 0, false);
}

struct ph_error *ph_dw_load_file(const char *path, struct ph_model *model,
				 struct ph_dedup *dedup,
				 const struct ph_input_opts *opts)
{
	struct ph_dw_job job;
	struct modules ms;
	struct ph_dw_session s;
	struct ph_error *err;
	bool grouped;
	int rc;

	struct ph_input_opts with_formats;

	if (!opts->nr_formats) {
		with_formats = *opts;
		with_formats.formats[0] = PH_INPUT_EMBEDDED;
		with_formats.formats[1] = PH_INPUT_DWARF;
		with_formats.nr_formats = 2;
		opts = &with_formats;
	}
	if ((err = ph_dw_check_file(path)))
		return err;
	if ((err = ph_dw_session_open(&s, path, opts->debuginfo_path)))
		goto out;
	if ((err = ph_dw_session_grouped(&s, &grouped)))
		goto out;
	memset(&job, 0, sizeof(job));
	job.path = path;
	job.debuginfo_path = opts->debuginfo_path;
	job.out = model;
	job.dedup = dedup;
	job.filter = opts->filter;
	job.stop_names = opts->stop_names;
	job.pahole_types = opts->pahole_types;
	memset(&ms, 0, sizeof(ms));
	ms.job = &job;
	ms.opts = opts;
	ms.jobs = opts->jobs ? opts->jobs : 1;
	ms.grouped = grouped;
	if ((err = ph_dw_defs_create(&job.defs)))
		goto out;
	rc = dwfl_getmodules(s.dwfl, each_module, &ms, 0);
	err = rc < 0 ? ph_dw_session_outcome(ms.err, rc, true) : ms.err;
	/* One of several files: its definitions are the call's, and what
	   it cannot build alone waits for the others.  */
	if (!err && opts->across)
		err = ph_dw_across_add_file(opts->across, path, job.defs,
					    job.nr_dws);
	if (!err && job.nr_deferred) {
		struct ph_dw_rebuild b = {
			.path = path, .out = model, .dedup = dedup,
			.defs = job.defs, .dws = job.dws, .nr_dws = job.nr_dws,
			.deferred = job.deferred,
			.nr_deferred = job.nr_deferred,
			.found_all = job.found_all,
			.keep_missing = opts->across != NULL,
		};

		err = ph_dw_build_deferred(&b);
		/* What no unit of the file defines waits for the others, in
		   the order it was found.  */
		for (size_t i = 0; !err && b.keep_missing &&
				   i < job.nr_deferred; i++)
			if (job.deferred[i].missing)
				err = ph_dw_across_pend(opts->across,
							&job.deferred[i]);
	}
	ph_dw_deferred_free(job.deferred, job.nr_deferred);
	ph_dw_defs_destroy(job.defs);
	free(job.dws);
	if (!err && !ms.with_dwarf && !ms.with_reports)
		err = no_layouts(opts);
	if (!err && job.soft) {
		if (job.nr_soft > 1)
			err = ph_error_create(PH_ERROR_INVALID,
					      "%s (and %u more)",
					      job.soft->message,
					      job.nr_soft - 1);
		else
			err = ph_error_create(PH_ERROR_INVALID, "%s",
					      job.soft->message);
	}
	if (job.soft)
		ph_error_destroy(job.soft);
	if (getenv("POKEHOLE_STATS"))
		fprintf(stderr, "pokehole: %s: %zu units read, %zu by the fast "
			"path; %zu layouts built\n", path, job.nr_read,
			job.nr_fast, job.nr_built);
out:
	ph_dw_session_close(&s);
	return err;
}

