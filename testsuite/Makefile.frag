# testsuite/Makefile.frag - included by the top-level Makefile.
# Paths are relative to the top directory.
# SPDX-License-Identifier: GPL-3.0-or-later

PH_PROBE_CC ?= $(CC)
PH_PROBE_CFLAGS ?= -std=c11 -Wall -Wextra -O2

# Each tool's sources in a directory of their own (with one header);
# the generators share their seeded PRNG, and ph-initgen and ph-allocgen
# their allocation, strings, command line end and files (gen-common.c).
PH_PROBE_SRC := $(wildcard testsuite/tools/probe/*.c)
PH_GEN_SRC := $(wildcard testsuite/tools/gen/*.c) testsuite/tools/gen-common.c
PH_INITGEN_SRC := $(wildcard testsuite/tools/initgen/*.c) \
	testsuite/tools/gen-common.c
PH_ALLOCGEN_SRC := $(wildcard testsuite/tools/allocgen/*.c) \
	testsuite/tools/gen-common.c
PH_ACCESSGEN_SRC := $(wildcard testsuite/tools/accessgen/*.c) \
	testsuite/tools/gen-common.c

testsuite/tools/ph-probe: $(PH_PROBE_SRC) testsuite/tools/probe/probe.h \
		testsuite/tools/tool-libc.h
	$(PH_PROBE_CC) $(PH_PROBE_CFLAGS) -o $@ $(PH_PROBE_SRC) -ljansson

# The random type generator of pokehole.random/ and pokehole.parallel/.
testsuite/tools/ph-gen: $(PH_GEN_SRC) testsuite/tools/gen/gen.h \
		testsuite/tools/gen-common.h testsuite/tools/tool-libc.h
	$(PH_PROBE_CC) $(PH_PROBE_CFLAGS) -o $@ $(PH_GEN_SRC)

# The random program generator of pokehole --patch's checks
# (tools/initgen-check.sh).
testsuite/tools/ph-initgen: $(PH_INITGEN_SRC) testsuite/tools/initgen/initgen.h \
		testsuite/tools/gen-common.h testsuite/tools/tool-libc.h
	$(PH_PROBE_CC) $(PH_PROBE_CFLAGS) -o $@ $(PH_INITGEN_SRC)

# The allocation corpus of pokehole.reorg/allocgen.exp (which builds its
# own copy with the compiler under test; this one is for runs by hand).
testsuite/tools/ph-allocgen: $(PH_ALLOCGEN_SRC) \
		testsuite/tools/allocgen/allocgen.h \
		testsuite/tools/gen-common.h testsuite/tools/tool-libc.h
	$(PH_PROBE_CC) $(PH_PROBE_CFLAGS) -o $@ $(PH_ALLOCGEN_SRC)

# The member-access corpus of pokehole.reorg/accessgen.exp (which builds
# its own copy with the compiler under test; this one is for runs by
# hand).
testsuite/tools/ph-accessgen: $(PH_ACCESSGEN_SRC) \
		testsuite/tools/accessgen/accessgen.h \
		testsuite/tools/gen-common.h testsuite/tools/tool-libc.h
	$(PH_PROBE_CC) $(PH_PROBE_CFLAGS) -o $@ $(PH_ACCESSGEN_SRC)

# The LD_PRELOAD library of pokehole.dwarf/oom.exp that makes one
# allocation fail.
testsuite/tools/failing-alloc.so: testsuite/tools/failing-alloc.c
	$(PH_PROBE_CC) $(PH_PROBE_CFLAGS) -fPIC -shared -o $@ \
	  testsuite/tools/failing-alloc.c -ldl

# What runs the testsuite's commands (lib/pokehole.exp, pokehole_run).
testsuite/tools/ph-run: testsuite/tools/ph-run.c
	$(PH_PROBE_CC) $(PH_PROBE_CFLAGS) -o $@ testsuite/tools/ph-run.c

# The one Chromium of pokehole.html/ (lib/html.exp, html_chromium).
testsuite/tools/ph-browser: testsuite/tools/ph-browser.c
	$(PH_PROBE_CC) $(PH_PROBE_CFLAGS) -o $@ testsuite/tools/ph-browser.c -ljansson

# Built by `make check` before the testsuite runs.
TEST_TOOLS := testsuite/tools/ph-probe testsuite/tools/ph-gen \
	testsuite/tools/ph-initgen testsuite/tools/ph-allocgen \
	testsuite/tools/ph-accessgen \
	testsuite/tools/failing-alloc.so testsuite/tools/ph-run \
	testsuite/tools/ph-browser

# pokehole.realcode/ (real C++ code through the plugin and the reader, and
# the header sweep) runs in `make check` with the rest; alone, with the
# default GCC: `make check-realcode` (results in testsuite/results/realcode).
.PHONY: check-realcode
check-realcode: $(PLUGIN) tools/pokehole $(TEST_TOOLS)
	@rm -rf $(CURDIR)/testsuite/results/realcode
	@mkdir -p $(CURDIR)/testsuite/results/realcode
	cd testsuite && LC_ALL=C runtest --tool pokehole --srcdir . \
	  --outdir $(CURDIR)/testsuite/results/realcode \
	  PLUGIN=$(CURDIR)/$(PLUGIN) PROBE=$(CURDIR)/testsuite/tools/ph-probe \
	  CC="$(CC)" CXX="$(CXX)" $(RUNTEST_FLAGS) realcode.exp sweep.exp \
	  > /dev/null; true
	@grep -E '^(PASS|FAIL|XFAIL|UNSUPPORTED|ERROR|realcode)' \
	  $(CURDIR)/testsuite/results/realcode/pokehole.sum | cut -c1-300
