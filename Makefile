# pokehole: struct layout analysis by the compiler itself.
#
#   make            build plugin/pokehole.so, the other GCCs' plugins, the reader
#   make plugin     only plugin/pokehole.so, for the GCC that CC/CXX name
#                   (make plugin CC=gcc-15 CXX=g++-15)
#   make demo       show the layouts of examples/ as GCC lays them out
#   make check      build and run the whole testsuite
#   make gcc-root   add GCC 13, 14 and 15 for make check (see GCC_ROOT)
#   make install    install pokehole.so where -fplugin=pokehole finds it
#   make mutate     mutation testing (not in check; long): do the tests
#                   fail when the code is wrong?  MUTANTS="ID..." for some
#
# demo and check install the Debian packages they lack when run as root
# and otherwise name the apt-get line to run.

VERSION    := 0.1
CC         ?= gcc
CXX        ?= g++
PREFIX     ?= /usr/local
DESTDIR    ?=
# The GCC whose cc1 loads plugin/pokehole.so; its plugin headers must
# match it.
PLUGIN_CC  ?= $(CC)
PLUGIN_CXX ?= $(CXX)
GCC_PLUGIN_DIR := $(shell $(PLUGIN_CC) -print-file-name=plugin)
# Every other GCC whose plugin headers are installed gets a plugin of its
# own, plugin/gcc-N/pokehole.so: a plugin loads only into the GCC it was
# built for, and `make check` tests each.  The default GCC's is
# plugin/pokehole.so, built once.
GCC_VERSIONS := $(shell sh scripts/gcc-versions.sh)
DEFAULT_GCC_MAJOR := $(shell $(PLUGIN_CC) -dumpversion 2>/dev/null | cut -d. -f1)
OTHER_GCC_VERSIONS := $(filter-out $(DEFAULT_GCC_MAJOR),$(GCC_VERSIONS))
# A system with the GCCs Debian 12 does not ship (`make gcc-root`, which
# .ci/run does first); `make check` tests each of its GCCs when it is
# there (scripts/gcc-root.sh).
GCC_ROOT ?= /var/cache/pokehole/gcc-root

WARN      := -Wall -Wextra
CFLAGS    ?= -O2 -g
CXXFLAGS  ?= -O2 -g
# A call without a declaration is an error: it would take a pointer
# for an int.
ENGINE_CFLAGS := -std=c11 -fPIC $(WARN) -Werror=implicit-function-declaration -D_GNU_SOURCE
PLUGIN_CXXFLAGS := -std=gnu++14 -fPIC -fno-rtti -fno-exceptions $(WARN) \
	-Wno-unused-parameter -DPH_VERSION='"$(VERSION)"'

# The Debian packages: debian-packages, the one list (.ci/run and the
# README read it too); `make deps` installs its "check" group, CI also
# the "full" one.
packages = $(shell sed -n 's/^$(1)://p' debian-packages)
DEBIAN_PACKAGES := $(call packages,check)

ENGINE_SRC := reorg/arena.c reorg/error.c reorg/layout.c reorg/analysis.c \
	reorg/array.c reorg/place.c reorg/units.c reorg/exhaustive.c \
	reorg/bounded.c reorg/steps.c reorg/build.c reorg/reorganize.c \
	reorg/select.c reorg/diff.c reorg/at.c reorg/groups.c reorg/sites.c reorg/sitedb.c reorg/nameidx.c \
	report/buf.c report/text.c report/jsonl.c report/reorg.c report/diff.c \
	report/at.c report/svg.c report/svg-map.c report/svg-text.c report/html.c report/sites.c report/patch.c \
	report/dedup.c input/reports/frame.c reorg/packing.c baseline/lines.c baseline/json.c \
	baseline/load.c \
	baseline/merge.c
# The spelling of C declarators: the readers' and the plugin's.
ENGINE_SRC += input/declarator.c
# What an allocation of a type takes in each allocator (issue 35).
ENGINE_SRC += reorg/alloc.c reorg/allocs.c reorg/allocdb.c reorg/worth.c report/allocs.c
# Member accesses and the order that serves the cache (issue 36).
ENGINE_SRC += reorg/access.c reorg/accessdb.c reorg/accessorder.c report/access.c \
	report/access-order.c
# False sharing from the member accesses (issue 36).
ENGINE_SRC += reorg/sharing.c
# Objects of generated sources, plain data: the sanitized builds
# (mk/hardening.mk) link them as they are.
ENGINE_GEN_OBJ := build/report/html-assets.o
ENGINE_OBJ := $(ENGINE_SRC:%.c=build/%.o) $(ENGINE_GEN_OBJ)
# What every link of ENGINE_OBJ needs: baselines are read with jansson,
# embedded reports compressed with zlib.
ENGINE_LIBS := -ljansson -lz
PLUGIN_SRC := plugin/pokehole.cc plugin/types.cc plugin/spell.cc plugin/funcs.cc \
	plugin/output.cc plugin/warn.cc plugin/warnonce.cc plugin/embed.cc plugin/srctext.cc \
	plugin/sites.cc plugin/sites-walk.cc plugin/initsites.cc plugin/cxxsites.cc \
	plugin/asserts.cc plugin/sites-out.cc plugin/jsondir.cc
PLUGIN_SRC += plugin/places.cc
PLUGIN_SRC += plugin/defread.cc
PLUGIN_SRC += plugin/defsite.cc
PLUGIN_SRC += plugin/initmacros.cc
PLUGIN_SRC += plugin/initreplay.cc
PLUGIN_SRC += plugin/cxxctors.cc
PLUGIN_SRC += plugin/args.cc
PLUGIN_SRC += plugin/attributes.cc
PLUGIN_SRC += plugin/collected.cc
PLUGIN_SRC += plugin/allocs.cc plugin/allocs-walk.cc
PLUGIN_SRC += plugin/assertgen.cc
PLUGIN_SRC += plugin/access.cc plugin/access-walk.cc plugin/access-ref.cc plugin/sharing-warn.cc
# Kept apart by GCC version: `make plugin CC=gcc-15` after a build for
# the default GCC must compile them again.
#
# PLUGIN_UNITY=1 (scripts/gcc-root.sh's builds, which are only tested,
# never installed): each plugin is one unit, build/gcc-N/unity.cc, which
# includes every file of PLUGIN_SRC, compiled without the precompiled
# header.  A file's compile is mostly GCC's headers and the templates
# they instantiate; in one unit that is paid once, not 25 times: GCC
# 15's plugin takes 12 s of CPU instead of 33.  An installed plugin is
# built file by file, so that an edit recompiles one file.  The unit is
# the same code; where the two could disagree, two files' static names,
# the unit stops with an error.
PLUGIN_UNITY ?=
plugin_objs = $(if $(filter 1,$(PLUGIN_UNITY)),build/gcc-$(1)/unity.o,$(PLUGIN_SRC:plugin/%.cc=build/gcc-$(1)/%.o))
PLUGIN_OBJ := $(call plugin_objs,$(DEFAULT_GCC_MAJOR))
# Each object's header dependencies are the compiler's (-MMD), in a .d
# beside it, read at the end of this file; the Makefile too, for the
# flags (and the objects of trees built before the .d files).
DEPFLAGS := -MMD -MP

PLUGIN := plugin/pokehole.so
VERSIONED_PLUGINS := $(OTHER_GCC_VERSIONS:%=plugin/gcc-%/pokehole.so)

.PHONY: all plugin demo check clean install deps gcc-root
all: $(PLUGIN) $(VERSIONED_PLUGINS) tools/pokehole tools/pokefunct
plugin: $(PLUGIN)

# The --html page's script and style, as C strings (report/html.h).
HTML_ASSETS := report/page/page.js report/page/page.css
build/report/html-assets.c: $(HTML_ASSETS) scripts/embed-asset.sh Makefile
	@mkdir -p $(dir $@)
	{ sh scripts/embed-asset.sh ph_html_script report/page/page.js && \
	  sh scripts/embed-asset.sh ph_html_style report/page/page.css; } > $@.tmp
	mv $@.tmp $@

build/report/html-assets.o: build/report/html-assets.c
	$(CC) $(ENGINE_CFLAGS) $(CFLAGS) -c $< -o $@

build/%.o: %.c Makefile
	@mkdir -p $(dir $@)
	$(CC) $(ENGINE_CFLAGS) $(DEPFLAGS) $(CFLAGS) -c $< -o $@

# GCC's headers, which every file of the plugin includes through
# plugin/compat.h, are most of each compile (a second of a GCC 15 file's
# three): they are compiled once per GCC into a precompiled header,
# build/gcc-N/pch/compat.h.gch, which each object takes by -include.
# Beside it a compat.h that includes plugin/compat.h, for a compiler
# that finds the .gch unusable (-Winvalid-pch says so): slower, same
# object.  plugin/plugin.h declares one function more, after it: see
# there why.
PCH_INCLUDE = -Winvalid-pch -include build/gcc-$(1)/pch/compat.h
define pch_rule
build/gcc-$(1)/pch/compat.h.gch: plugin/compat.h Makefile
	@mkdir -p $$(dir $$@)
	@test -f $(3)/gcc-plugin.h || { \
	  echo "pokehole: no GCC plugin headers in $(3);" \
	       "install them: apt-get install gcc-$(1)-plugin-dev" >&2; exit 1; }
	@echo '#include "../../../plugin/compat.h"' > $$(dir $$@)compat.h
	$(2) $$(PLUGIN_CXXFLAGS) $$(DEPFLAGS) -I$(3) $$(CXXFLAGS) \
	  -x c++-header plugin/compat.h -o $$@
endef
$(eval $(call pch_rule,$(DEFAULT_GCC_MAJOR),$(PLUGIN_CXX),$(GCC_PLUGIN_DIR)/include))

# PLUGIN_UNITY's unit of GCC $(1) (compiler $(2), plugin headers $(3)).
define unity_rule
build/gcc-$(1)/unity.cc: Makefile
	@mkdir -p $$(dir $$@)
	@for f in $$(PLUGIN_SRC); do echo "#include \"../../$$$$f\""; done > $$@
build/gcc-$(1)/unity.o: build/gcc-$(1)/unity.cc Makefile
	$(2) $$(PLUGIN_CXXFLAGS) $$(DEPFLAGS) -I$(3) $$(CXXFLAGS) -c $$< -o $$@
endef
$(eval $(call unity_rule,$(DEFAULT_GCC_MAJOR),$(PLUGIN_CXX),$(GCC_PLUGIN_DIR)/include))

build/gcc-$(DEFAULT_GCC_MAJOR)/%.o: plugin/%.cc Makefile \
		build/gcc-$(DEFAULT_GCC_MAJOR)/pch/compat.h.gch
	@mkdir -p $(dir $@)
	$(PLUGIN_CXX) $(PLUGIN_CXXFLAGS) $(DEPFLAGS) \
	  -I$(GCC_PLUGIN_DIR)/include $(CXXFLAGS) \
	  $(call PCH_INCLUDE,$(DEFAULT_GCC_MAJOR)) -c $< -o $@

# Which GCC plugin/pokehole.so is for: rewritten only when that changes,
# so that switching CC relinks it.
build/plugin-gcc: FORCE
	@mkdir -p build
	@echo "$(PLUGIN_CXX) $(DEFAULT_GCC_MAJOR)" | cmp -s - $@ 2>/dev/null || \
	  echo "$(PLUGIN_CXX) $(DEFAULT_GCC_MAJOR)" > $@
.PHONY: FORCE

$(PLUGIN): $(PLUGIN_OBJ) $(ENGINE_OBJ) build/plugin-gcc
	$(PLUGIN_CXX) -shared -fPIC $(CXXFLAGS) $(PLUGIN_OBJ) $(ENGINE_OBJ) \
	  $(ENGINE_LIBS) -o $@

define versioned_plugin
$(call pch_rule,$(1),g++-$(1),$$(shell gcc-$(1) -print-file-name=plugin)/include)
build/gcc-$(1)/%.o: plugin/%.cc Makefile build/gcc-$(1)/pch/compat.h.gch
	@mkdir -p $$(dir $$@)
	g++-$(1) $$(PLUGIN_CXXFLAGS) $$(DEPFLAGS) \
	  -I$$(shell gcc-$(1) -print-file-name=plugin)/include \
	  $$(CXXFLAGS) $$(call PCH_INCLUDE,$(1)) -c $$< -o $$@
$(call unity_rule,$(1),g++-$(1),$$(shell gcc-$(1) -print-file-name=plugin)/include)
plugin/gcc-$(1)/pokehole.so: $$(call plugin_objs,$(1)) $$(ENGINE_OBJ)
	@mkdir -p $$(dir $$@)
	g++-$(1) -shared -fPIC $$(CXXFLAGS) $$^ $$(ENGINE_LIBS) -o $$@
endef
$(foreach v,$(OTHER_GCC_VERSIONS),$(eval $(call versioned_plugin,$(v))))

include testsuite/Makefile.frag
include mk/readers.mk
include mk/hardening.mk

# Debian packages: installed when we are root, named otherwise.
deps:
	@missing=""; for p in $(DEBIAN_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "ok installed" \
	    || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "pokehole: installing$$missing"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive \
	      apt-get install -y -qq --no-install-recommends $$missing >/dev/null \
	      || exit 1; \
	  else \
	    echo "pokehole: missing Debian packages; run as root:" >&2; \
	    echo "  apt-get install$$missing" >&2; exit 1; \
	  fi; fi

EXAMPLES := $(wildcard examples/*.c)
demo: deps
	@$(MAKE) --no-print-directory all
	@for f in $(EXAMPLES); do \
	  for m in "" -m32; do \
	    echo "=== $$f $${m:-(native)}: the layouts GCC used"; \
	    $(CC) $$m -fplugin=./$(PLUGIN) -fplugin-arg-pokehole-report=- \
	      -c $$f -o /dev/null || exit 1; \
	  done; done
	@echo "=== examples/sample.c: warnings, with the fix-it as a patch"
	@$(CC) -fplugin=./$(PLUGIN) -fplugin-arg-pokehole-warn=all \
	  -fdiagnostics-generate-patch -c examples/sample.c -o /dev/null
	@echo "=== examples/orders.c: a fix-it that keeps the meaning, and one refused"
	@$(CC) -fplugin=./$(PLUGIN) -fplugin-arg-pokehole-warn=packable \
	  -fdiagnostics-generate-patch -c examples/orders.c -o /dev/null
	@echo "=== tools/pokehole -S on the same struct, read from -g output"
	@$(CC) -g -c examples/sample.c -o build/sample.o && \
	  tools/pokehole -S -C sample build/sample.o
	@echo "=== tools/pokehole --diff: what porting sample from i386 to x86_64 costs"
	@$(CC) -g -m32 -c examples/sample.c -o build/sample-i386.o && \
	  { tools/pokehole --diff build/sample-i386.o build/sample.o; true; }
	@echo "=== tools/pokehole --at: what sits at byte 20 of sample"
	@tools/pokehole -C sample --at=20 build/sample.o

# The testsuite runs once per GCC with a plugin of its own, each into
# testsuite/results/gcc-N: in full with the default GCC and the newest
# one, the core of it with the others (scripts/check-gcc.sh); then with
# the GCCs of GCC_ROOT when it is there.  The reader's tests
# (pokehole.reader/) go to results/reader, compiling their corpus into
# READER_CORPUS once, which the sanitizer's steps (fuzz/check-sanitize.sh,
# results/sanitize.sum) read again.  All of it, the builds included, is
# run as jobs two at a time, the longest first (scripts/check-jobs.sh:
# a runtest per long test file; each job's time is printed as it ends).
NEWEST_GCC := $(lastword $(sort $(GCC_VERSIONS)))
RUNTEST_FLAGS ?=
RESULTS ?= $(CURDIR)/testsuite/results
CHECK_JOBS ?= 2
check: deps
	@sh scripts/i386-exec.sh "$(CC)"
	@rm -rf $(RESULTS)
	@mkdir -p $(RESULTS)
	@CC="$(CC)" CXX="$(CXX)" PLUGIN=$(CURDIR)/$(PLUGIN) \
	  READER=$(CURDIR)/$(DWARF_TOOL) MAKE="$(MAKE)" JOBS=$(CHECK_JOBS) \
	  DEFAULT_GCC_MAJOR=$(DEFAULT_GCC_MAJOR) \
	  OTHER_GCC_VERSIONS="$(OTHER_GCC_VERSIONS)" NEWEST_GCC=$(NEWEST_GCC) \
	  PH_GCC_ROOT=$(GCC_ROOT) TEST_TOOLS="$(TEST_TOOLS)" \
	  RUNTEST_FLAGS="$(RUNTEST_FLAGS)" sh scripts/check-jobs.sh $(RESULTS)
	@sh scripts/summary.sh \
	  $(patsubst %,$(RESULTS)/gcc-%/pokehole.sum,$(DEFAULT_GCC_MAJOR) \
	    $(OTHER_GCC_VERSIONS)) \
	  $$(cat $(RESULTS)/gcc-root.list 2>/dev/null) \
	  $(RESULTS)/reader/pokehole.sum $(RESULTS)/sanitize.sum

gcc-root:
	sh scripts/gcc-root.sh create $(GCC_ROOT)

# Each mutant of testsuite/mutants/mutants.txt applied to a copy of the
# tree, rebuilt and tested with its part's tests (scripts/mutate.sh):
# `N killed of M`, the survivors named; fails below 90% killed.
MUTANTS ?=
MUTATE_JOBS ?= 2
.PHONY: mutate
mutate: $(PLUGIN) tools/pokehole tools/pokefunct $(TEST_TOOLS)
	sh scripts/mutate.sh -j $(MUTATE_JOBS) $(MUTANTS)

# Each plugin goes into the plugin directory of the GCC it was built for,
# where -fplugin=pokehole finds it; the reader, man pages and
# documentation under PREFIX.
PLUGINDIR ?= $(GCC_PLUGIN_DIR)
BINDIR    ?= $(PREFIX)/bin
MANDIR    ?= $(PREFIX)/share/man
DOCDIR    ?= $(PREFIX)/share/doc/pokehole
install: all
	install -d $(DESTDIR)$(PLUGINDIR) $(DESTDIR)$(DOCDIR) \
	  $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1
	install -m 644 $(PLUGIN) $(DESTDIR)$(PLUGINDIR)/pokehole.so
	install -m 755 tools/pokehole $(DESTDIR)$(BINDIR)/pokehole
	install -m 755 tools/pokefunct $(DESTDIR)$(BINDIR)/pokefunct
	install -m 644 docs/pokehole.1 docs/pokehole-plugin.1 docs/pokefunct.1 \
	  $(DESTDIR)$(MANDIR)/man1
	install -m 644 README docs/layout-jsonl.md $(DESTDIR)$(DOCDIR)
	@for v in $(OTHER_GCC_VERSIONS); do \
	  dir=$$(gcc-$$v -print-file-name=plugin); \
	  [ "$$dir" = "$(GCC_PLUGIN_DIR)" ] && continue; \
	  echo "install -m 644 plugin/gcc-$$v/pokehole.so $(DESTDIR)$$dir/"; \
	  install -d $(DESTDIR)$$dir && \
	  install -m 644 plugin/gcc-$$v/pokehole.so $(DESTDIR)$$dir/pokehole.so \
	    || exit 1; \
	done

clean:
	rm -rf build build-san $(PLUGIN) plugin/gcc-* $(TEST_TOOLS) tools/pokehole tools/pokefunct testsuite/results \
	  testsuite/*.sum testsuite/*.log

# (not those of the sanitizer's test runs, in $(SAN_DIR)/reader)
-include $(shell find build $(SAN_DIR) -name pokehole-tmp -prune -o -name '*.d' -print 2>/dev/null)
