/* fuzz_baseline.c - libFuzzer harness: baselines (baseline/baseline.h),
   read with jansson.
   Copyright (C) 2026 The pokehole authors.
   SPDX-License-Identifier: GPL-3.0-or-later

   The input, as a JSON Lines file, is loaded as a baseline, looked up by
   the names it has, and merged with itself into a second file (the
   merge reads its inputs as baselines first).  */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "fuzz-file.h"
#include "../baseline/baseline.h"

static char in_path[64], out_path[64];

static void cleanup(void)
{
	if (in_path[0])
		unlink(in_path);
	if (out_path[0])
		unlink(out_path);
}

static void setup(void)
{
	const char *tmp = getenv("TMPDIR");
	int fd;

	if (in_path[0])
		return;
	if (!tmp || strlen(tmp) >= 32)
		tmp = "/tmp";
	snprintf(in_path, sizeof in_path, "%s/ph-fuzz-bl-XXXXXX", tmp);
	snprintf(out_path, sizeof out_path, "%s/ph-fuzz-bo-XXXXXX", tmp);
	if ((fd = mkstemp(in_path)) < 0 || close(fd) ||
	    (fd = mkstemp(out_path)) < 0 || close(fd)) {
		perror("fuzz_baseline: mkstemp");
		abort();
	}
	atexit(cleanup);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	setup();
	return 0;
}

/* Looks up the names in each line that parses: found or not, no crash.  */
static void lookups(const struct ph_baseline *b, const uint8_t *data,
		    size_t size)
{
	const char *p = (const char *)data, *end = p + size;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
		json_t *v = json_loadb(p, n, JSON_DECODE_ANY, NULL);
		const char *name = json_string_value(json_object_get(v, "name"));

		if (name) {
			for (int k = PH_KIND_STRUCT; k <= PH_KIND_CLASS; k++) {
				const struct ph_baseline_type *t =
					ph_baseline_find(b, name, k);
				if (t) {
					for (size_t i = 0; i < t->nr_holes; i++)
						ph_baseline_has_hole(
							t, t->holes[i].after,
							t->holes[i].size);
					ph_baseline_has_hole(t, "", 1);
				}
			}
		}
		json_decref(v);
		p += n + 1;
	}
	ph_baseline_find(b, "", PH_KIND_STRUCT);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct ph_baseline *b = NULL;
	struct ph_error *err;

	setup();
	fuzz_write_file("fuzz_baseline", in_path, data, size);
	err = ph_baseline_load(in_path, &b);
	if (err) {
		if (!err->message && err->code != PH_ERROR_NOMEM)
			abort();
		ph_error_destroy(err);
	} else {
		lookups(b, data, size);
		ph_baseline_destroy(b);
	}
	const char *const inputs[2] = { in_path, in_path };
	err = ph_baseline_merge(inputs, 2, out_path);
	if (err)
		ph_error_destroy(err);
	return 0;
}
