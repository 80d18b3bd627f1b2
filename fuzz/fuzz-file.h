/* fuzz-file.h - what the harnesses that read their input from a file
   (fuzz_reader.c, fuzz_baseline.c) share: the writing of it.
   Copyright (C) 2026 The pokehole authors.
   SPDX-License-Identifier: GPL-3.0-or-later  */
#ifndef PH_FUZZ_FILE_H
#define PH_FUZZ_FILE_H

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The SIZE bytes of DATA as the whole of the file at PATH.  A harness
   that cannot write its input tests nothing: it aborts, WHO saying so.  */
static inline void fuzz_write_file(const char *who, const char *path,
				   const uint8_t *data, size_t size)
{
	FILE *f = fopen(path, "wb");

	if (!f || (size && fwrite(data, 1, size, f) != size) || fclose(f)) {
		fprintf(stderr, "%s: write: %s\n", who, strerror(errno));
		abort();
	}
}

#endif
