/* The files of one call read as one program.  A file's types that need
   a class only declared in it (C++: the key function, hence the
   definition, is in another unit) are set aside while it is read
   (defs.c, deferred.c); those its own units do not define are kept
   here, with the definitions of every file, and built once all are
   read, as the units of one linked program are.

   Each file's modules are numbered after those of the files before it,
   so that a place (struct ph_dw_loc) names a DIE among all of them.
   The files are not kept open while the others are read: a file is
   opened again, at the end, when a kept type is its own or a
   definition is in it.  */
#include "across.h"
#include "../../reorg/array.h"
#include "deferred.h"
#include "defs.h"
#include "session.h"

#include <stdlib.h>
#include <string.h>

struct across_file {
	char *path;
	size_t base, nr_modules;
	struct ph_dw_session session;
	bool open;
	struct ph_dw_deferred *kept;
	size_t nr_kept, kept_cap;
};

struct ph_dw_across {
	char *debuginfo_path;
	struct across_file *files;
	size_t nr_files, files_cap;
	size_t nr_modules;
	struct ph_dw_defs *defs;
	Dwarf **dws;		/* by module number, once opened */
	struct ph_error *open_err;
};

struct ph_error *ph_dw_across_create(const char *debuginfo_path,
				     struct ph_dw_across **ret)
{
	struct ph_dw_across *a = calloc(1, sizeof(*a));
	struct ph_error *err;

	*ret = NULL;
	if (!a)
		return &ph_error_nomem;
	if (debuginfo_path && !(a->debuginfo_path = strdup(debuginfo_path))) {
		free(a);
		return &ph_error_nomem;
	}
	if ((err = ph_dw_defs_create(&a->defs))) {
		free(a->debuginfo_path);
		free(a);
		return err;
	}
	*ret = a;
	return NULL;
}

void ph_dw_across_destroy(struct ph_dw_across *a)
{
	if (!a)
		return;
	for (size_t i = 0; i < a->nr_files; i++) {
		struct across_file *f = &a->files[i];

		if (f->open)
			ph_dw_session_close(&f->session);
		ph_dw_deferred_free(f->kept, f->nr_kept);
		free(f->path);
	}
	free(a->files);
	free(a->dws);
	ph_dw_defs_destroy(a->defs);
	free(a->debuginfo_path);
	free(a);
}

struct ph_error *ph_dw_across_add_file(struct ph_dw_across *a,
				       const char *path,
				       const struct ph_dw_defs *defs,
				       size_t nr_modules)
{
	struct across_file *f;

	if (ph_array_reserve(&a->files, &a->files_cap, a->nr_files + 1,
			   sizeof(*a->files)))
		return &ph_error_nomem;
	f = &a->files[a->nr_files];
	memset(f, 0, sizeof(*f));
	if (!(f->path = strdup(path)))
		return &ph_error_nomem;
	f->base = a->nr_modules;
	f->nr_modules = nr_modules;
	a->nr_files++;
	a->nr_modules += nr_modules;
	return ph_dw_defs_merge_shifted(a->defs, defs, (unsigned)f->base);
}

struct ph_error *ph_dw_across_pend(struct ph_dw_across *a,
				   const struct ph_dw_deferred *d)
{
	struct across_file *f = &a->files[a->nr_files - 1];
	struct ph_dw_deferred *k;

	if (ph_array_reserve(&f->kept, &f->kept_cap, f->nr_kept + 1,
			   sizeof(*f->kept)))
		return &ph_error_nomem;
	k = &f->kept[f->nr_kept];
	*k = *d;
	k->loc.module += (unsigned)f->base;
	k->missing = false;
	if (ph_dw_deferred_own(k, d->name, &d->unit))
		return &ph_error_nomem;
	f->nr_kept++;
	return NULL;
}

/* Opens module N: its file's session, once, and the module's DWARF
   (none: DWS[N] stays NULL, and the class is not found there).  */
static struct ph_error *open_module(void *arg, size_t n)
{
	struct ph_dw_across *a = arg;
	struct across_file *f = NULL;
	Dwfl_Module *mod;
	Dwarf_Addr bias;
	struct ph_error *err;

	for (size_t i = 0; i < a->nr_files && !f; i++)
		if (n >= a->files[i].base &&
		    n < a->files[i].base + a->files[i].nr_modules)
			f = &a->files[i];
	if (!f || a->dws[n])
		return NULL;
	if (!f->open) {
		/* The file was read a moment ago: what fails now (it was
		   replaced, removed) makes its classes unfound, not the
		   call's other files unread.  */
		err = ph_dw_session_open(&f->session, f->path,
					 a->debuginfo_path);
		if (err) {
			if (err == &ph_error_nomem)
				return err;
			ph_error_destroy(err);
			f->nr_modules = 0;
			return NULL;
		}
		f->open = true;
	}
	mod = ph_dw_session_module(&f->session, (unsigned)(n - f->base));
	a->dws[n] = mod ? dwfl_module_getdwarf(mod, &bias) : NULL;
	return NULL;
}

struct ph_error *ph_dw_across_finish(struct ph_dw_across *a,
				     struct ph_model *model,
				     struct ph_dedup *dedup)
{
	struct ph_dw_defs *told;
	struct ph_error *err = NULL;

	if (!a->nr_modules)
		return NULL;
	a->dws = calloc(a->nr_modules, sizeof(*a->dws));
	if (!a->dws)
		return &ph_error_nomem;
	if ((err = ph_dw_defs_create(&told)))
		return err;
	for (size_t i = 0; i < a->nr_files && !err; i++) {
		struct across_file *f = &a->files[i];
		struct ph_dw_rebuild b;
		size_t n = 0;

		if (!f->nr_kept)
			continue;
		/* The types' own modules first: deferred.c reads them.  */
		for (size_t k = 0; k < f->nr_kept && !err; k++)
			if (f->kept[k].loc.module < a->nr_modules)
				err = open_module(a, f->kept[k].loc.module);
		/* Those of a file that cannot be opened again are lost:
		   said as such, not as only declared.  */
		for (size_t k = 0; k < f->nr_kept; k++)
			if (f->kept[k].loc.module < a->nr_modules &&
			    a->dws[f->kept[k].loc.module])
				n++;
		if (err)
			break;
		b = (struct ph_dw_rebuild){
			.path = f->path, .out = model, .dedup = dedup,
			.defs = a->defs, .dws = a->dws,
			.nr_dws = a->nr_modules, .deferred = f->kept,
			.nr_deferred = f->nr_kept, .told = told,
			.open = open_module, .open_arg = a,
			.nr_files = a->nr_files,
		};
		if (n < f->nr_kept)
			err = ph_error_create(PH_ERROR_INVALID,
					      "%s: cannot be read again",
					      f->path);
		else
			err = ph_dw_build_deferred(&b);
	}
	ph_dw_defs_destroy(told);
	return err;
}
