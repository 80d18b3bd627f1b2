/* fuzz_reader.c - libFuzzer harness: the DWARF reader on arbitrary bytes.
   Copyright (C) 2026 The pokehole authors.
   SPDX-License-Identifier: GPL-3.0-or-later

   The input is written to a temporary file and read with ph_dw_load_file
   (one thread, no separate debug files looked up); then every type loaded
   is analysed, rendered as text and as JSON Lines, and given to the
   reorganize engine, whose result is rendered as text (with the steps and,
   by a bit of the first byte, their layouts), as JSON and as a --packable
   line.  A load error is a normal outcome;
   only crashes, hangs, leaks and sanitizer reports are findings.  */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz-file.h"
#include "../input/input.h"
#include "../input/dwarf/load.h"
#include "../reorg/analysis.h"
#include "../reorg/reorganize.h"
#include "../report/jsonl.h"
#include "../report/reorg.h"
#include "../report/text.h"

static char path[64];
static char empty_dir[64];

static void setup(void)
{
	const char *tmp = getenv("TMPDIR");
	int fd;

	if (path[0])
		return;
	snprintf(path, sizeof path, "%s/ph-fuzz-XXXXXX.o",
		 tmp && strlen(tmp) < 32 ? tmp : "/tmp");
	fd = mkstemps(path, 2);
	if (fd < 0) {
		perror("fuzz_reader: mkstemps");
		abort();
	}
	close(fd);
	/* Separate debug files are looked for in an empty directory only,
	   so that the input cannot pull in files from the system.  */
	snprintf(empty_dir, sizeof empty_dir, "%s/ph-fuzz-dbg-XXXXXX",
		 tmp && strlen(tmp) < 32 ? tmp : "/tmp");
	if (!mkdtemp(empty_dir)) {
		perror("fuzz_reader: mkdtemp");
		abort();
	}
}

static void cleanup(void)
{
	if (path[0])
		unlink(path);
	if (empty_dir[0])
		rmdir(empty_dir);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	setup();
	atexit(cleanup);
	return 0;
}

static void drop(struct ph_error *err)
{
	if (err)
		ph_error_destroy(err);
}

static void exercise(struct ph_model *model, unsigned cacheline,
		     unsigned flags)
{
	struct ph_text_options topts = { .cacheline = cacheline };
	static const char *const hot[] = { "a", "b", "" };
	struct ph_reorg_options ropts = {
		.cacheline = cacheline,
		.hot = hot,
		.nr_hot = 3,
		/* a bounded search: the fuzzer wants many executions, and
		   the default budget is exercised by check-sanitize */
		.search_budget = 20000,
		/* -S's layouts, demoted bitfields and crossing groups now
		   and then (a bit of the input's first byte each) */
		.steps = flags & 2,
		.demote_bitfields = flags & 4,
		.cross_groups = flags & 8,
	};
	struct ph_buf out;
	size_t n = model->nr_types;

	ph_buf_init(&out);
	for (size_t i = 0; i < n; i++) {
		const struct ph_type *t = model->types[i];
		struct ph_analysis a;
		struct ph_reorg_result r;

		if (!ph_analyze_type(t, cacheline, &a))
			ph_analysis_deinit(&a);
		drop(ph_render_text(&out, t, &topts));
		drop(ph_render_jsonl(&out, t, cacheline));
		memset(&r, 0, sizeof r);
		if (!ph_reorganize(model, t, &ropts, &r)) {
			drop(ph_render_reorg_text(&out, t, &r, &topts,
						  ropts.steps));
			drop(ph_render_jsonl_reorg(&out, r.type, cacheline,
						   t->size));
			ph_render_packable(&out, t, &r);
		}
		/* keep the buffer small: what matters is that it renders */
		out.len = 0;
	}
	ph_buf_deinit(&out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct ph_model *model = NULL;
	struct ph_dedup *dedup = NULL;
	struct ph_input_opts opts = {
		.filter = NULL,
		.debuginfo_path = empty_dir,
		.jobs = 1,
	};

	setup();
	fuzz_write_file("fuzz_reader", path, data, size);
	if (ph_model_create(&model))
		return 0;
	if (ph_dedup_create(&dedup)) {
		ph_model_destroy(model);
		return 0;
	}
	drop(ph_dw_load_file(path, model, dedup, &opts));
	exercise(model, size && (data[0] & 1) ? 32 : 64, size ? data[0] : 0);
	ph_dedup_destroy(dedup);
	ph_model_destroy(model);
	return 0;
}
