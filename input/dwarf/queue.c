#include "queue.h"
#include "../../reorg/error.h"

#include <stdint.h>

void ph_dw_queue_init(struct ph_dw_queue *q, size_t nr_units, size_t window)
{
	pthread_mutex_init(&q->lock, NULL);
	pthread_cond_init(&q->cond, NULL);
	q->next_claim = q->next_commit = 0;
	q->window = window;
	q->nr_units = nr_units;
}

void ph_dw_queue_deinit(struct ph_dw_queue *q)
{
	pthread_cond_destroy(&q->cond);
	pthread_mutex_destroy(&q->lock);
}

size_t ph_dw_queue_claim(struct ph_dw_queue *q)
{
	size_t c = SIZE_MAX;

	pthread_mutex_lock(&q->lock);
	while (!q->stop && q->next_claim < q->nr_units &&
	       q->next_claim >= q->next_commit + q->window)
		pthread_cond_wait(&q->cond, &q->lock);
	if (!q->stop && q->next_claim < q->nr_units)
		c = q->next_claim++;
	pthread_mutex_unlock(&q->lock);
	return c;
}

void ph_dw_queue_fail(struct ph_dw_queue *q, struct ph_error **first,
		      struct ph_error *err)
{
	pthread_mutex_lock(&q->lock);
	if (!*first)
		*first = err;
	else
		ph_error_destroy(err);
	q->stop = true;
	pthread_cond_broadcast(&q->cond);
	pthread_mutex_unlock(&q->lock);
}

void ph_dw_queue_run(void *workers, size_t size, size_t at, unsigned n,
		     void *(*fn)(void *))
{
	char *w = workers;

	for (unsigned i = 1; i < n; i++) {
		struct ph_dw_thread *t = (void *)(w + i * size + at);

		t->started = pthread_create(&t->thread, NULL, fn,
					    w + i * size) == 0;
	}
	fn(w);
	for (unsigned i = 1; i < n; i++) {
		struct ph_dw_thread *t = (void *)(w + i * size + at);

		if (t->started)
			pthread_join(t->thread, NULL);
	}
}

void ph_dw_queue_units_end(struct ph_dw_queue *q, size_t n)
{
	pthread_mutex_lock(&q->lock);
	if (n < q->nr_units)
		q->nr_units = n;
	pthread_cond_broadcast(&q->cond);
	pthread_mutex_unlock(&q->lock);
}

int ph_dw_queue_seek(struct ph_dw_queue *q, struct ph_dw_unit_cursor *cur,
		     size_t n)
{
	Dwarf_CU *next;
	int rc = 0;

	while (cur->next <= n) {
		rc = dwarf_get_units(cur->dw, cur->cu, &next, &cur->version,
				     &cur->unit_type, &cur->cudie, NULL);
		if (rc != 0)
			break;
		cur->cu = next;
		cur->next++;
	}
	if (rc > 0)
		ph_dw_queue_units_end(q, n);	/* now we know how many */
	else if (rc < 0)
		ph_dw_queue_units_end(q, n + 1);
	return rc;
}
