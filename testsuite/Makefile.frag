# testsuite/Makefile.frag - included by the top-level Makefile.
# Paths are relative to the top directory.
# SPDX-License-Identifier: GPL-3.0-or-later

PH_PROBE_CC ?= $(CC)
PH_PROBE_CFLAGS ?= -std=c11 -Wall -Wextra -O2

testsuite/tools/ph-probe: testsuite/tools/ph-probe.c
	$(PH_PROBE_CC) $(PH_PROBE_CFLAGS) -o $@ testsuite/tools/ph-probe.c -ljansson

# The random type generator of pokehole.random/ and pokehole.parallel/.
testsuite/tools/ph-gen: testsuite/tools/ph-gen.c
	$(PH_PROBE_CC) $(PH_PROBE_CFLAGS) -o $@ testsuite/tools/ph-gen.c

# The random program generator of pokehole --patch's checks
# (tools/initgen-check.sh).
testsuite/tools/ph-initgen: testsuite/tools/ph-initgen.c
	$(PH_PROBE_CC) $(PH_PROBE_CFLAGS) -o $@ testsuite/tools/ph-initgen.c

# The LD_PRELOAD library of pokehole.dwarf/oom.exp that makes one
# allocation fail.
testsuite/tools/failing-alloc.so: testsuite/tools/failing-alloc.c
	$(PH_PROBE_CC) $(PH_PROBE_CFLAGS) -fPIC -shared -o $@ \
	  testsuite/tools/failing-alloc.c -ldl

# Built by `make check` before the testsuite runs.
TEST_TOOLS := testsuite/tools/ph-probe testsuite/tools/ph-gen \
	testsuite/tools/ph-initgen testsuite/tools/failing-alloc.so

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
