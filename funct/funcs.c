/* The functions of a file, from its DWARF through libdw: each module
   with DWARF read by one thread (funcs-walk.c) or by several
   (funcs-jobs.c).  */
#include "funcs.h"
#include "funcs-walk.h"
#include "funcs-jobs.h"
#include "../input/dwarf/session.h"

#include <elfutils/libdwfl.h>

struct modules {
	const char *path;
	struct ph_fn_table *t;
	const struct ph_fn_opts *opts;
	unsigned jobs;
	unsigned index;		/* of the module, in libdwfl's order */
	unsigned with_dwarf;
	struct ph_error *err;
};

static int each_module(Dwfl_Module *mod, void **userdata, const char *name,
		       Dwarf_Addr start, void *arg)
{
	struct modules *ms = arg;
	Dwarf_Addr bias;
	Dwarf *dw;
	unsigned index = ms->index++;

	(void)userdata;
	(void)name;
	(void)start;
	dw = dwfl_module_getdwarf(mod, &bias);
	if (!dw)
		return DWARF_CB_OK;
	ms->with_dwarf++;
	if (ms->jobs > 1)
		ms->err = ph_fn_load_units(ms->t, ms->path, index, dw, mod,
					   ms->opts, ms->jobs);
	else
		ms->err = ph_fn_walk_module(ms->t, dw, mod, ms->opts);
	return ms->err ? DWARF_CB_ABORT : DWARF_CB_OK;
}

struct ph_error *ph_fn_load_file(struct ph_fn_table *t, const char *path,
				 const struct ph_fn_opts *opts)
{
	struct ph_dw_session s;
	struct modules ms = { .path = path, .t = t, .opts = opts,
			      .jobs = opts->jobs ? opts->jobs : 1 };
	struct ph_error *err;
	int rc;

	if ((err = ph_dw_check_file(path)))
		return err;
	if ((err = ph_dw_session_open(&s, path, opts->debuginfo_path)))
		goto out;
	rc = dwfl_getmodules(s.dwfl, each_module, &ms, 0);
	err = ph_dw_session_outcome(ms.err, rc, ms.with_dwarf);
out:
	ph_dw_session_close(&s);
	return err;
}
