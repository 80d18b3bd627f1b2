/* replay.c - runs a libFuzzer harness on files, without libFuzzer.
   Copyright (C) 2026 The pokehole authors.
   SPDX-License-Identifier: GPL-3.0-or-later

   `HARNESS-replay FILE...` (directories: every file in them) calls
   LLVMFuzzerTestOneInput once per file, so that `make check-sanitize`
   replays fuzz/regress/ with any compiler that has ASan and UBSan.
   Prints "PASS: harness FILE" per input (a crash never gets there).  */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv) __attribute__((weak));

static int run(const char *name, const char *file)
{
	FILE *f = fopen(file, "rb");
	uint8_t *data = NULL;
	size_t n = 0, cap = 0;

	if (!f) {
		perror(file);
		return 1;
	}
	for (;;) {
		if (n == cap) {
			cap = cap ? 2 * cap : 65536;
			data = realloc(data, cap);
			if (!data)
				abort();
		}
		size_t got = fread(data + n, 1, cap - n, f);
		if (!got)
			break;
		n += got;
	}
	fclose(f);
	/* exactly N bytes, as libFuzzer gives them */
	uint8_t *exact = malloc(n ? n : 1);
	if (!exact)
		abort();
	memcpy(exact, data, n);
	free(data);
	fprintf(stderr, "replay: %s %s (%zu bytes)\n", name, file, n);
	LLVMFuzzerTestOneInput(exact, n);
	free(exact);
	printf("PASS: %s %s\n", name, file);
	fflush(stdout);
	return 0;
}

int main(int argc, char **argv)
{
	const char *name = strrchr(argv[0], '/') ? strrchr(argv[0], '/') + 1
						 : argv[0];
	int status = 0;

	if (LLVMFuzzerInitialize)
		LLVMFuzzerInitialize(&argc, &argv);
	for (int i = 1; i < argc; i++) {
		struct stat st;

		if (stat(argv[i], &st)) {
			perror(argv[i]);
			status = 1;
			continue;
		}
		if (!S_ISDIR(st.st_mode)) {
			status |= run(name, argv[i]);
			continue;
		}
		struct dirent **ents;
		int k = scandir(argv[i], &ents, NULL, alphasort);
		for (int j = 0; j < k; j++) {
			char p[4096];

			if (ents[j]->d_name[0] != '.') {
				snprintf(p, sizeof p, "%s/%s", argv[i],
					 ents[j]->d_name);
				status |= run(name, p);
			}
			free(ents[j]);
		}
		if (k >= 0)
			free(ents);
	}
	return status;
}
