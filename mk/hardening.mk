# mk/hardening.mk - fuzzing and sanitizer builds; included by the
# top-level Makefile after mk/readers.mk and testsuite/Makefile.frag
# (it uses ENGINE_SRC, DWARF_SRC, DWARF_LIBS, DEPFLAGS, VERSION, PLUGIN).
# Paths are relative to the top directory.
# SPDX-License-Identifier: GPL-3.0-or-later
#
#   make fuzz [FUZZ_SECONDS=60] [FUZZ_HARNESSES="reader baseline reorg"]
#       builds the libFuzzer harnesses of fuzz/ with clang under ASan and
#       UBSan, seeds their corpora from objects and reports the testsuite's
#       sources make, and runs each harness FUZZ_SECONDS seconds; inputs
#       that crash, hang or leak are copied to fuzz/regress/HARNESS/.
#   make check-sanitize
#       the reader, the engine and the test tools built with
#       -fsanitize=address,undefined into $(SAN_DIR) (build/ untouched);
#       runs the reader's tests (testsuite/pokehole.reader/) with READER
#       that reader, on the objects a plain run of them compiled into
#       SAN_READER_CORPUS when given (make check), replays fuzz/regress/,
#       and runs the reader's text, JSON, -R, -S and -P over objects of
#       every source of the testsuite and over reports of them (good and
#       bad); any sanitizer report fails.  Ends
#       with "N passed, N failed".
#
# Needs: clang with libFuzzer for `fuzz` (Debian: clang-14,
# libclang-rt-14-dev); any GCC or clang with ASan and UBSan for
# check-sanitize.

SAN_DIR     ?= build-san
SAN_CC      ?= $(CC)
FUZZ_CC     ?= $(firstword $(shell command -v clang-14 clang 2>/dev/null) clang)
SAN_FLAGS   := -fsanitize=address,undefined -fno-sanitize-recover=undefined \
	-fno-omit-frame-pointer
SAN_CFLAGS  ?= -O1 -g
# GCC links the sanitizers' runtimes as shared libraries by default: a
# sanitized process then starts in twice the time (58 ms against 33 here,
# most of it the runtime's relocation), which make check pays for each
# of the thousands it starts.  Linked in, they find the same.  (clang
# links them in anyway.)  And not as position-independent executables:
# the runtime linked in has 1.3 MB of data that a PIE's start relocates
# page by page, 350 of the 3,000 page faults of a short run here.
SAN_LDFLAGS ?= $(if $(findstring clang,$(SAN_CC)),,-static-libasan -static-libubsan) -no-pie
FUZZ_SECONDS ?= 60
FUZZ_HARNESSES ?= reader baseline reorg
# Extra libFuzzer options, e.g. FUZZ_FLAGS=-fork=2
FUZZ_FLAGS  ?=

SAN_SRC := $(ENGINE_SRC) $(DWARF_SRC)
SAN_OBJ := $(SAN_SRC:%.c=$(SAN_DIR)/obj/%.o) $(ENGINE_GEN_OBJ)
SAN_ENGINE_OBJ := $(ENGINE_SRC:%.c=$(SAN_DIR)/obj/%.o) $(ENGINE_GEN_OBJ)
SAN_READER_OBJ := $(filter-out $(SAN_DIR)/obj/tools/pokehole.o,$(SAN_OBJ))
FUZZ_OBJ := $(SAN_SRC:%.c=$(SAN_DIR)/fuzz-obj/%.o) $(ENGINE_GEN_OBJ)
FUZZ_READER_OBJ := $(filter-out $(SAN_DIR)/fuzz-obj/tools/pokehole.o,$(FUZZ_OBJ))
FUZZ_ENGINE_OBJ := $(ENGINE_SRC:%.c=$(SAN_DIR)/fuzz-obj/%.o) $(ENGINE_GEN_OBJ)

SAN_READER := $(SAN_DIR)/tools/pokehole
SAN_TOOLS  := $(SAN_DIR)/tools/ph-probe $(SAN_DIR)/tools/ph-gen \
	$(SAN_DIR)/tools/reorg-test
SAN_REPLAY := $(FUZZ_HARNESSES:%=$(SAN_DIR)/fuzz/%-replay)
FUZZERS    := $(FUZZ_HARNESSES:%=$(SAN_DIR)/fuzz/%)

.PHONY: fuzz fuzz-build check-sanitize sanitize-build

# check-sanitize's build: SAN_CC, ASan + UBSan, no coverage.
$(SAN_DIR)/obj/%.o: %.c Makefile mk/hardening.mk
	@mkdir -p $(dir $@)
	$(SAN_CC) $(ENGINE_CFLAGS) $(DEPFLAGS) -DPH_VERSION='"$(VERSION)"' $(SAN_FLAGS) \
	  $(SAN_CFLAGS) -c $< -o $@

$(SAN_READER): $(SAN_OBJ)
	@mkdir -p $(dir $@)
	$(SAN_CC) $(SAN_FLAGS) $(SAN_CFLAGS) $(SAN_LDFLAGS) $^ $(DWARF_LIBS) -o $@

$(SAN_DIR)/tools/ph-probe: $(PH_PROBE_SRC) testsuite/tools/probe/probe.h \
		testsuite/tools/tool-libc.h
	@mkdir -p $(dir $@)
	$(SAN_CC) $(PH_PROBE_CFLAGS) $(SAN_FLAGS) $(SAN_CFLAGS) $(SAN_LDFLAGS) -o $@ \
	  $(PH_PROBE_SRC) -ljansson
$(SAN_DIR)/tools/reorg-test: testsuite/tools/reorg-test.c $(SAN_ENGINE_OBJ)
	@mkdir -p $(dir $@)
	$(SAN_CC) $(PH_PROBE_CFLAGS) $(SAN_FLAGS) $(SAN_CFLAGS) $(SAN_LDFLAGS) -o $@ $^ \
	  $(ENGINE_LIBS)
$(SAN_DIR)/tools/ph-gen: $(PH_GEN_SRC) testsuite/tools/gen/gen.h \
		testsuite/tools/gen-common.h testsuite/tools/tool-libc.h
	@mkdir -p $(dir $@)
	$(SAN_CC) $(PH_PROBE_CFLAGS) $(SAN_FLAGS) $(SAN_CFLAGS) $(SAN_LDFLAGS) -o $@ \
	  $(PH_GEN_SRC)

# The harnesses as plain programs replaying files (fuzz/replay.c).
$(SAN_DIR)/fuzz/reader-replay: fuzz/fuzz_reader.c fuzz/replay.c $(SAN_READER_OBJ)
	@mkdir -p $(dir $@)
	$(SAN_CC) -std=gnu11 -Werror=implicit-function-declaration $(SAN_FLAGS) $(SAN_CFLAGS) $(SAN_LDFLAGS) $^ $(DWARF_LIBS) -o $@
$(SAN_DIR)/fuzz/reorg-replay: fuzz/fuzz_reorg.c fuzz/replay.c $(SAN_ENGINE_OBJ)
	@mkdir -p $(dir $@)
	$(SAN_CC) -std=gnu11 -Werror=implicit-function-declaration $(SAN_FLAGS) $(SAN_CFLAGS) $(SAN_LDFLAGS) $^ $(ENGINE_LIBS) -o $@
$(SAN_DIR)/fuzz/baseline-replay: fuzz/fuzz_baseline.c fuzz/replay.c $(SAN_ENGINE_OBJ)
	@mkdir -p $(dir $@)
	$(SAN_CC) -std=gnu11 -Werror=implicit-function-declaration $(SAN_FLAGS) $(SAN_CFLAGS) $(SAN_LDFLAGS) $^ $(ENGINE_LIBS) -o $@

sanitize-build: $(SAN_READER) $(SAN_TOOLS) $(SAN_REPLAY)

SAN_READER_CORPUS ?=
check-sanitize: sanitize-build $(PLUGIN) $(TEST_TOOLS)
	@READER_CORPUS="$(SAN_READER_CORPUS)" sh fuzz/check-sanitize.sh "$(SAN_DIR)" "$(PLUGIN)" "$(CC)" "$(CXX)" \
	  "$(FUZZ_HARNESSES)"

# libFuzzer builds: clang, ASan + UBSan + coverage.
$(SAN_DIR)/fuzz-obj/%.o: %.c Makefile mk/hardening.mk
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(ENGINE_CFLAGS) $(DEPFLAGS) -DPH_VERSION='"$(VERSION)"' $(SAN_FLAGS) \
	  -fsanitize=fuzzer-no-link $(SAN_CFLAGS) -c $< -o $@

$(SAN_DIR)/fuzz/reader: fuzz/fuzz_reader.c $(FUZZ_READER_OBJ)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) -std=gnu11 -Werror=implicit-function-declaration $(SAN_FLAGS) -fsanitize=fuzzer $(SAN_CFLAGS) \
	  $^ $(DWARF_LIBS) -o $@
$(SAN_DIR)/fuzz/baseline: fuzz/fuzz_baseline.c $(FUZZ_ENGINE_OBJ)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) -std=gnu11 -Werror=implicit-function-declaration $(SAN_FLAGS) -fsanitize=fuzzer $(SAN_CFLAGS) \
	  $^ $(ENGINE_LIBS) -o $@
$(SAN_DIR)/fuzz/reorg: fuzz/fuzz_reorg.c $(FUZZ_ENGINE_OBJ)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) -std=gnu11 -Werror=implicit-function-declaration $(SAN_FLAGS) -fsanitize=fuzzer $(SAN_CFLAGS) \
	  $^ $(ENGINE_LIBS) -o $@

fuzz-build: $(FUZZERS)

fuzz: fuzz-build $(PLUGIN) $(DWARF_TOOL) testsuite/tools/ph-gen
	@sh fuzz/run.sh "$(SAN_DIR)" "$(FUZZ_SECONDS)" "$(PLUGIN)" "$(CC)" \
	  "$(CXX)" "$(FUZZ_HARNESSES)" $(FUZZ_FLAGS)
