# testsuite/Makefile.frag - included by the top-level Makefile.
# Paths are relative to the top directory.
# SPDX-License-Identifier: GPL-3.0-or-later

PH_PROBE_CC ?= $(CC)
PH_PROBE_CFLAGS ?= -std=c11 -Wall -Wextra -O2

testsuite/tools/ph-probe: testsuite/tools/ph-probe.c report/json.c report/json.h
	$(PH_PROBE_CC) $(PH_PROBE_CFLAGS) -o $@ testsuite/tools/ph-probe.c report/json.c

testsuite/tools/json-test: testsuite/tools/json-test.c report/json.c report/json.h
	$(PH_PROBE_CC) $(PH_PROBE_CFLAGS) -o $@ testsuite/tools/json-test.c report/json.c

# The random type generator of pokehole.random/ and pokehole.parallel/.
testsuite/tools/ph-gen: testsuite/tools/ph-gen.c
	$(PH_PROBE_CC) $(PH_PROBE_CFLAGS) -o $@ testsuite/tools/ph-gen.c

# Built by `make check` before the testsuite runs.  (json-test is built
# and run by the testsuite itself, pokehole.tools/tools.exp.)
TEST_TOOLS := testsuite/tools/ph-probe testsuite/tools/ph-gen
