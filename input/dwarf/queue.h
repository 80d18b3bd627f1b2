/* A module's units handed to threads one at a time, in unit order, and
   their results taken back in that order (queue.c): pokehole's workers
   (workers.c) and pokefunct's (funcs-jobs.c).  Units are claimed one at
   a time because their sizes differ by orders of magnitude; a window
   bounds how many are read and not yet merged.  */
#ifndef PH_INPUT_DWARF_QUEUE_H
#define PH_INPUT_DWARF_QUEUE_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <elfutils/libdw.h>

struct ph_error;

struct ph_dw_queue {
	pthread_mutex_t lock;	/* over this and the results */
	pthread_cond_t cond;
	size_t next_claim, next_commit, window;
	size_t nr_units;	/* SIZE_MAX until the last is found */
	bool stop;
};

void ph_dw_queue_init(struct ph_dw_queue *q, size_t nr_units, size_t window);
void ph_dw_queue_deinit(struct ph_dw_queue *q);
/* The next unit to read, or SIZE_MAX when there is none left (or the
   queue stopped).  Waits while the window is full.  */
size_t ph_dw_queue_claim(struct ph_dw_queue *q);
/* The units are those before N: a reader found no unit N.  */
void ph_dw_queue_units_end(struct ph_dw_queue *q, size_t n);
/* A reader failed with ERR: the queue stops, and ERR goes to *FIRST,
   the job's error, under the lock (the results' lock) unless an earlier
   failure is there already; then ERR is destroyed, only the first is
   told.  */
void ph_dw_queue_fail(struct ph_dw_queue *q, struct ph_error **first,
		      struct ph_error *err);

/* A worker's thread: each worker struct holds one.  */
struct ph_dw_thread {
	pthread_t thread;
	bool started;
};

/* Runs FN on each of the N workers of the array WORKERS (each SIZE
   bytes, its struct ph_dw_thread AT bytes in): the first on the calling
   thread, the others on threads of their own, and returns when all have
   ended.  A worker whose thread cannot be created does not run: the
   others claim its units.  */
void ph_dw_queue_run(void *workers, size_t size, size_t at, unsigned n,
		     void *(*fn)(void *));

/* A reader's place among the units of its own libdw handle: units come
   in the same order in every session.  Zero it, then set DW.  */
struct ph_dw_unit_cursor {
	Dwarf *dw;
	Dwarf_CU *cu;		/* the unit it is at */
	size_t next;		/* the index of the unit after it */
	Dwarf_Half version;
	uint8_t unit_type;
	Dwarf_Die cudie;
};

/* Moves CUR on to unit N, N claimed from Q after the units CUR saw: 0
   when it is there; 1 when there is no unit N, and -1 when the unit
   headers cannot be read (libdw's message in dwarf_errmsg), Q told where
   the units end either way.  */
int ph_dw_queue_seek(struct ph_dw_queue *q, struct ph_dw_unit_cursor *cur,
		     size_t n);

#endif
