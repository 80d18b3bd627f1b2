/* pokefunct -j: a module's units read by several threads, each through
   a libdw handle of its own (libdw is not thread-safe), each unit into a
   table of its own (queue.h hands them out); the tables are merged in
   unit order, so the output is the one a single thread gives.  */
#include "funcs-jobs.h"
#include "funcs-walk.h"
#include "../input/dwarf/queue.h"
#include "../input/dwarf/session.h"

#include <dwarf.h>
#include <elfutils/libdwfl.h>
#include <pthread.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

struct unit_result {
	struct ph_fn_table t;
	struct ph_error *err;
	bool ready;
};

struct job {
	const char *path;
	const struct ph_fn_opts *opts;
	unsigned module_index;
	struct ph_fn_table *out;

	/* Its lock is over the rest too.  */
	struct ph_dw_queue q;
	struct unit_result *results;	/* the window, by unit % window */
	struct ph_error *err;	/* the first, in unit order */
};

struct worker {
	struct job *job;
	Dwarf *dw;		/* NULL: open a session of its own */
	Dwfl_Module *mod;	/* DW's module (with DW) */
	struct ph_dw_session session;
	struct ph_dw_thread t;
};

/* Stores unit C's result, and merges every result that is ready in unit
   order.  */
static void commit(struct job *job, size_t c, struct unit_result *r)
{
	pthread_mutex_lock(&job->q.lock);
	job->results[c % job->q.window] = *r;
	job->results[c % job->q.window].ready = true;
	while (!job->q.stop && job->q.next_commit < job->q.nr_units &&
	       job->results[job->q.next_commit % job->q.window].ready) {
		struct unit_result *u =
			&job->results[job->q.next_commit % job->q.window];
		struct ph_error *err = u->err;

		u->err = NULL;
		if (!err)
			err = ph_fn_table_merge(job->out, &u->t);
		if (err) {
			job->err = err;
			job->q.stop = true;
		}
		ph_fn_table_deinit(&u->t);
		u->ready = false;
		job->q.next_commit++;
	}
	pthread_cond_broadcast(&job->q.cond);
	pthread_mutex_unlock(&job->q.lock);
}

static void read_units(struct job *job, Dwarf *dw, Dwfl_Module *mod)
{
	struct ph_dw_unit_cursor cur;
	struct ph_fn_walk *w;
	struct ph_error *err;
	size_t c;
	int rc;

	if ((err = ph_fn_walk_create(job->opts, dw, mod, &w))) {
		ph_dw_queue_fail(&job->q, &job->err, err);
		return;
	}
	memset(&cur, 0, sizeof(cur));
	cur.dw = dw;
	while ((c = ph_dw_queue_claim(&job->q)) != SIZE_MAX) {
		struct unit_result r;

		memset(&r, 0, sizeof(r));
		ph_fn_table_init(&r.t);
		if ((rc = ph_dw_queue_seek(&job->q, &cur, c)) > 0)
			continue;
		if (rc < 0)
			r.err = ph_error_create(PH_ERROR_INVALID, "libdw: %s",
						dwarf_errmsg(-1));
		else
			r.err = ph_fn_walk_unit(w, &r.t, cur.cu,
						cur.unit_type, &cur.cudie);
		commit(job, c, &r);
	}
	ph_fn_walk_destroy(w);
}

static void *worker_main(void *arg)
{
	struct worker *wk = arg;
	struct job *job = wk->job;
	Dwarf *dw = wk->dw;
	Dwfl_Module *mod = wk->mod;

	if (!dw) {
		Dwarf_Addr bias;
		struct ph_error *err;

		/* A worker that cannot open its own session leaves the
		   units to the others.  */
		err = ph_dw_session_open(&wk->session, job->path,
					 job->opts->debuginfo_path);
		if (err) {
			ph_error_destroy(err);
			return NULL;
		}
		mod = ph_dw_session_module(&wk->session, job->module_index);
		if (!mod || !(dw = dwfl_module_getdwarf(mod, &bias)))
			return NULL;
	}
	read_units(job, dw, mod);
	return NULL;
}

struct ph_error *ph_fn_load_units(struct ph_fn_table *t, const char *path,
				  unsigned module_index, Dwarf *dw,
				  Dwfl_Module *mod,
				  const struct ph_fn_opts *opts,
				  unsigned jobs)
{
	struct job job;
	struct worker *workers;

	memset(&job, 0, sizeof(job));
	job.path = path;
	job.opts = opts;
	job.module_index = module_index;
	job.out = t;
	ph_dw_queue_init(&job.q, SIZE_MAX, 64 * (size_t)jobs);
	job.results = calloc(job.q.window, sizeof(*job.results));
	workers = calloc(jobs, sizeof(*workers));
	if (!job.results || !workers) {
		free(job.results);
		free(workers);
		ph_dw_queue_deinit(&job.q);
		return &ph_error_nomem;
	}
	for (unsigned i = 0; i < jobs; i++)
		workers[i].job = &job;
	workers[0].dw = dw;
	workers[0].mod = mod;
	ph_dw_queue_run(workers, sizeof(*workers),
			offsetof(struct worker, t), jobs, worker_main);
	for (unsigned i = 0; i < jobs; i++)
		ph_dw_session_close(&workers[i].session);
	/* What a stop left unmerged.  */
	for (size_t i = 0; i < job.q.window; i++) {
		ph_error_destroy(job.results[i].err);
		ph_fn_table_deinit(&job.results[i].t);
	}
	free(job.results);
	free(workers);
	ph_dw_queue_deinit(&job.q);
	return job.err;
}
