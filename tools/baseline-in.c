/* --merge-baseline's inputs: JSON Lines reports, and the reports the
   plugin embedded in objects, archives, programs and libraries (each
   unit's frame a report of its own).  */
#include "baseline-in.h"
#include "../input/reports/frame-read.h"
#include "../input/reports/jsonl-read.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../baseline/baseline.h"

struct frames {
	struct ph_baseline_merge *m;
	const char *path;
	unsigned n;
	bool named;		/* the error names the path */
};

static struct ph_error *add_frame(void *arg, const char *text, size_t len)
{
	struct frames *f = arg;
	struct ph_error *err;
	char *origin, *copy = malloc(len + 1);

	if (!copy)
		return &ph_error_nomem;
	memcpy(copy, text, len);
	copy[len] = '\0';
	/* "PATH (unit N):LINE: why", N counting the frames from 1.  */
	if (asprintf(&origin, "%s (unit %u)", f->path, ++f->n) < 0) {
		free(copy);
		return &ph_error_nomem;
	}
	err = ph_baseline_merge_add(f->m, origin, copy, len);
	f->named = err != NULL;
	free(origin);
	free(copy);
	return err;
}

struct ph_error *ph_merge_baseline_inputs(const char *const *inputs,
					  size_t n, const char *output,
					  const char **failed)
{
	struct ph_baseline_merge m;
	struct ph_error *err = NULL;

	ph_baseline_merge_init(&m);
	*failed = NULL;
	for (size_t i = 0; i < n && !err; i++) {
		struct frames f = { &m, inputs[i], 0, false };

		if (ph_report_is_file(inputs[i]))
			err = ph_baseline_merge_add_file(&m, inputs[i]);
		else if ((err = ph_embedded_each_file(inputs[i], add_frame,
						      &f, NULL)) && !f.named)
			*failed = inputs[i];
	}
	if (!err)
		err = ph_baseline_merge_write(&m, output);
	ph_baseline_merge_deinit(&m);
	return err;
}
