/* The workers reading the units of one module, and the job they share:
   units claimed in order, read, and their results committed (merged in
   unit order); a failure stops them all.

   libdw is not thread-safe, so each worker opens the file with
   its own libdwfl session and reads the units it claims, in increasing
   order, into a model of their own.  The results are merged in unit order
   through the shared de-duplication, so the output is the one a single
   thread gives.  A worker drops a type it already produced for an earlier
   unit: that unit is merged first, so the type would be dropped there
   anyway.  */
#include "workers.h"
#include "../../reorg/array.h"
#include "ctx.h"
#include "deferred.h"
#include "fprint.h"
#include "scan.h"
#include "session.h"
#include "walk.h"

#include <dwarf.h>
#include <elfutils/libdwfl.h>
#include <gelf.h>
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct worker {
	struct ph_dw_job *job;
	Dwarf *dw;		/* NULL: open our own session */
	struct ph_dw_session session;
	struct ph_dw_thread t;
};

static void free_result(struct ph_dw_unit_result *r)
{
	ph_dw_defs_destroy(r->defs);
	ph_dw_deferred_free(r->deferred, r->nr_deferred);
	ph_model_destroy(r->model);
	if (r->err)
		ph_error_destroy(r->err);
	if (r->soft)
		ph_error_destroy(r->soft);
	memset(r, 0, sizeof(*r));
}

static struct ph_error *merge(struct ph_dw_job *job, struct ph_model *m)
{
	struct ph_error *err;
	bool seen;

	if (!m)
		return NULL;
	for (size_t i = 0; i < m->nr_types; i++) {
		if ((err = ph_dedup_seen(job->dedup, m->types[i], &seen)))
			return err;
		if (!seen && (err = ph_model_add_type(job->out, m->types[i],
						      NULL)))
			return err;
	}
	return NULL;
}

/* Every name of -C is in the output already.  */
static bool all_found(const struct ph_dw_job *job)
{
	const struct ph_names *names = job->stop_names;

	for (size_t n = 0; n < names->n; n++) {
		bool found = false;

		for (size_t i = 0; i < job->out->nr_types && !found; i++)
			found = ph_name_matches(names->names[n],
						job->out->types[i]->name);
		if (!found)
			return false;
	}
	return true;
}

/* Stores unit C's result and merges every result ready in unit order.  */
static void commit(struct ph_dw_job *job, size_t c,
		   struct ph_dw_unit_result *r)
{
	pthread_mutex_lock(&job->q.lock);
	job->results[c % job->q.window] = *r;
	job->results[c % job->q.window].ready = true;
	while (!job->err && !job->found_all &&
	       job->q.next_commit < job->q.nr_units &&
	       job->results[job->q.next_commit % job->q.window].ready) {
		struct ph_dw_unit_result *u =
			&job->results[job->q.next_commit % job->q.window];
		struct ph_error *err = merge(job, u->model);

		if (!err)
			err = ph_dw_defs_merge(job->defs, u->defs);
		if (!err && u->nr_deferred &&
		    ph_array_reserve(&job->deferred, &job->deferred_cap,
				   job->nr_deferred + u->nr_deferred,
				   sizeof(*job->deferred)))
			err = &ph_error_nomem;
		if (!err && u->nr_deferred) {
			memcpy(job->deferred + job->nr_deferred, u->deferred,
			       u->nr_deferred * sizeof(*u->deferred));
			job->nr_deferred += u->nr_deferred;
			free(u->deferred);
			u->deferred = NULL;
			u->nr_deferred = 0;
		}
		if (!err && u->err) {
			err = u->err;
			u->err = NULL;
		}
		if (u->soft) {
			if (!job->soft) {
				job->soft = u->soft;
				u->soft = NULL;
			}
			job->nr_soft++;
		}
		if (err) {
			job->err = err;
			job->q.stop = true;
		}
		job->nr_read++;
		job->nr_fast += u->fast;
		job->nr_built += u->built;
		free_result(u);
		job->q.next_commit++;
		if (job->progress && (job->q.next_commit % 32 == 0 ||
				      job->q.next_commit == job->q.nr_units))
			fprintf(stderr, "\rpokehole: %s: %zu of %zu units",
				job->path, job->q.next_commit, job->q.nr_units);
		if (job->stop_names && all_found(job)) {
			job->found_all = true;
			job->q.stop = true;
		}
	}
	pthread_cond_broadcast(&job->q.cond);
	pthread_mutex_unlock(&job->q.lock);
}

static void read_units(struct ph_dw_job *job, Dwarf *dw)
{
	struct ph_dw_ctx ctx;
	struct ph_dw_walk w;
	struct ph_error *err;
	struct ph_dw_unit_cursor cur;
	size_t c;
	int rc;

	memset(&cur, 0, sizeof(cur));
	cur.dw = dw;
	ph_dw_ctx_init(&ctx, dw, job->path, job->elf32, job->i386);
	memset(&w, 0, sizeof(w));
	w.module_index = job->module_index;
	w.elf32 = job->elf32;
	w.i386 = job->i386;
	w.ctx = &ctx;
	w.filter = job->filter;
	w.built = &job->built;
	w.pahole_types = job->pahole_types;
	/* POKEHOLE_NO_FAST_PATH: every unit through libdw, for the
	   selftest's comparison of the two.  */
	w.fast = !getenv("POKEHOLE_NO_FAST_PATH");
	ph_dw_offmap_init(&w.typedef_named);
	ph_dw_offmap_init(&w.typedef_named_shared);
	ph_dw_offmap_init(&w.imported);
	ph_dw_offmap_init(&w.stmt_dirs);
	ph_buf_init(&w.name);
	if ((err = ph_dedup_create(&w.dedup)) ||
	    (err = ph_dw_fp_memo_create(&w.fp_memo)) ||
	    (err = ph_dw_scan_create(&w.scan))) {
		ph_dw_queue_fail(&job->q, &job->err, err);
		goto out;
	}

	while ((c = ph_dw_queue_claim(&job->q)) != SIZE_MAX) {
		struct ph_dw_unit_result r;

		memset(&r, 0, sizeof(r));
		if ((rc = ph_dw_queue_seek(&job->q, &cur, c)) > 0)
			continue;
		if (rc < 0) {
			r.err = ph_error_create(PH_ERROR_INVALID,
						"cannot read the compile "
						"units: %s", dwarf_errmsg(-1));
		} else if (cur.version >= 2 && cur.version <= 5) {
			if ((r.err = ph_model_create(&r.model)) == NULL &&
			    (r.err = ph_dw_defs_create(&r.defs)) == NULL) {
				w.out = r.model;
				w.soft = NULL;
				w.unit_index = c;
				ctx.decls.unit_index = c;
				w.unit_fast = false;
				w.nr_built = 0;
				w.defs = r.defs;
				w.deferred = NULL;
				w.nr_deferred = w.deferred_cap = 0;
				r.err = ph_dw_walk_unit(&w, cur.cu,
							cur.unit_type,
							&cur.cudie);
				r.fast = w.unit_fast;
				r.built = w.nr_built;
				r.soft = w.soft;
				r.deferred = w.deferred;
				r.nr_deferred = w.nr_deferred;
				w.deferred = NULL;
			}
		}
		commit(job, c, &r);
	}
out:
	ph_dw_ctx_deinit(&ctx);
	ph_dw_offmap_deinit(&w.typedef_named);
	ph_dw_offmap_deinit(&w.typedef_named_shared);
	ph_dw_offmap_deinit(&w.imported);
	ph_dw_fp_memo_destroy(w.fp_memo);
	ph_dw_scan_destroy(w.scan);
	ph_dw_offmap_deinit(&w.stmt_dirs);
	free(w.dirs);
	ph_buf_deinit(&w.name);
	ph_dedup_destroy(w.dedup);
}

enum { STOP_NAMES_ALONE = 16 };

static void *worker_main(void *arg)
{
	struct worker *wk = arg;
	struct ph_dw_job *job = wk->job;
	Dwarf *dw = wk->dw;

	if (!dw) {
		Dwfl_Module *mod;
		Dwarf_Addr bias;
		bool stop;

		/* -C: the first units often have every type asked for
		   (pahole reads no further than the first that does); a
		   session of its own costs more than reading them, so it is
		   opened only once they did not.  */
		pthread_mutex_lock(&job->q.lock);
		while (job->stop_names && !job->q.stop &&
		       job->q.next_commit < STOP_NAMES_ALONE &&
		       job->q.next_commit < job->q.nr_units)
			pthread_cond_wait(&job->q.cond, &job->q.lock);
		/* Every unit read: a name never found ends it too.  */
		stop = job->q.stop || job->q.next_commit >= job->q.nr_units;
		pthread_mutex_unlock(&job->q.lock);
		if (stop)
			return NULL;

		/* A worker that cannot open its own session leaves the
		   units to the others.  */
		struct ph_error *err = ph_dw_session_open(&wk->session,
							  job->path,
							  job->debuginfo_path);
		if (err) {
			if (err != &ph_error_nomem)
				ph_error_destroy(err);
			return NULL;
		}
		mod = ph_dw_session_module(&wk->session, job->module_index);
		if (!mod || !(dw = dwfl_module_getdwarf(mod, &bias)))
			return NULL;
	}
	read_units(job, dw);
	return NULL;
}

struct ph_error *ph_dw_load_module(struct ph_dw_job *job, Dwfl_Module *mod,
				   Dwarf *dw, unsigned jobs)
{
	struct worker *workers = NULL;
	struct ph_error *err = NULL;
	Dwarf_CU *cu = NULL, *next;
	GElf_Addr bias;
	GElf_Ehdr ehdr;
	Elf *elf = dwfl_module_getelf(mod, &bias);
	unsigned n;
	int rc = 0;

	if (elf && gelf_getehdr(elf, &ehdr)) {
		job->elf32 = ehdr.e_ident[EI_CLASS] == ELFCLASS32;
		job->i386 = ehdr.e_machine == EM_386;
		if (ehdr.e_ident[EI_DATA] == ELFDATA2MSB)
			return ph_error_create(PH_ERROR_INVALID,
					       "big-endian targets are not "
					       "supported yet");
	}
	/* The units are counted as they are read (a worker past the last
	   one says so): counting them first touches every unit header, and
	   the kernel maps 64 KB of the file around each.  Only progress on a
	   terminal needs the total first.  A few are counted, for the
	   number of workers.  */
	job->q.nr_units = 0;
	while (job->q.nr_units < jobs &&
	       (rc = dwarf_get_units(dw, cu, &next, NULL, NULL, NULL,
				     NULL)) == 0) {
		cu = next;
		job->q.nr_units++;
	}
	n = jobs < job->q.nr_units ? jobs : (unsigned)job->q.nr_units;
	if (n < 1)
		n = 1;
	job->progress = false;
	if (job->q.nr_units < jobs) {
		/* All of them; the one after a corrupt header reports it.  */
		if (rc < 0)
			job->q.nr_units++;
	} else if (isatty(STDERR_FILENO) && !job->stop_names) {
		while ((rc = dwarf_get_units(dw, cu, &next, NULL, NULL, NULL,
					     NULL)) == 0) {
			cu = next;
			job->q.nr_units++;
		}
		if (rc < 0)
			job->q.nr_units++;
		job->progress = job->q.nr_units >= 256;
	} else {
		job->q.nr_units = SIZE_MAX;
	}
	job->q.window = 64 * (size_t)n;
	job->q.next_claim = job->q.next_commit = 0;
	job->q.stop = job->found_all;
	job->results = calloc(job->q.window, sizeof(*job->results));
	workers = calloc(n, sizeof(*workers));
	if (!job->results || !workers) {
		free(job->results);
		free(workers);
		return &ph_error_nomem;
	}
	if ((err = ph_dw_built_init(&job->built))) {
		ph_dw_built_deinit(&job->built);
		free(job->results);
		free(workers);
		return err;
	}
	ph_dw_queue_init(&job->q, job->q.nr_units, job->q.window);
	for (unsigned i = 0; i < n; i++)
		workers[i].job = job;
	workers[0].dw = dw;
	ph_dw_queue_run(workers, sizeof(*workers),
			offsetof(struct worker, t), n, worker_main);
	for (unsigned i = 0; i < n; i++)
		ph_dw_session_close(&workers[i].session);
	if (job->progress)
		fputs("\r\033[K", stderr);	/* the line goes away */
	for (size_t i = 0; i < job->q.window; i++)
		free_result(&job->results[i]);
	free(job->results);
	job->results = NULL;
	free(workers);
	ph_dw_queue_deinit(&job->q);
	ph_dw_built_deinit(&job->built);
	err = job->err;
	job->err = NULL;
	return err;
}
