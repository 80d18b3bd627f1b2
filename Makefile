# pokehole: struct layout analysis by the compiler itself.
#
#   make            build plugin/pokehole.so
#   make demo       show the layouts of examples/ as GCC lays them out
#   make check      build and run the whole testsuite
#   make install    install pokehole.so where -fplugin=pokehole finds it
#
# demo and check install the Debian packages they lack when run as root
# and otherwise name the apt-get line to run.

VERSION    := 0.1
CC         ?= gcc
CXX        ?= g++
PREFIX     ?= /usr/local
DESTDIR    ?=
# The GCC whose cc1 loads the plugin; its plugin headers must match it.
PLUGIN_CC  ?= $(CC)
PLUGIN_CXX ?= $(CXX)
GCC_PLUGIN_DIR := $(shell $(PLUGIN_CC) -print-file-name=plugin)

WARN      := -Wall -Wextra
CFLAGS    ?= -O2 -g
CXXFLAGS  ?= -O2 -g
ENGINE_CFLAGS := -std=c11 -fPIC $(WARN) -D_GNU_SOURCE
PLUGIN_CXXFLAGS := -std=gnu++14 -fPIC -fno-rtti -fno-exceptions $(WARN) \
	-Wno-unused-parameter -I$(GCC_PLUGIN_DIR)/include \
	-DPH_VERSION='"$(VERSION)"'

DEBIAN_PACKAGES := gcc g++ make gcc-12-plugin-dev libgmp-dev libiberty-dev \
	dejagnu gcc-multilib g++-multilib

ENGINE_SRC := reorg/arena.c reorg/error.c reorg/layout.c reorg/analysis.c \
	report/buf.c report/text.c report/jsonl.c
ENGINE_OBJ := $(ENGINE_SRC:%.c=build/%.o)
PLUGIN_SRC := plugin/pokehole.cc plugin/types.cc plugin/spell.cc plugin/names.cc \
	plugin/output.cc
PLUGIN_OBJ := $(PLUGIN_SRC:%.cc=build/%.o)
HEADERS := $(wildcard reorg/*.h report/*.h plugin/*.h)

PLUGIN := plugin/pokehole.so

.PHONY: all demo check clean install deps
all: $(PLUGIN)

build/%.o: %.c $(HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(ENGINE_CFLAGS) $(CFLAGS) -c $< -o $@

build/plugin/%.o: plugin/%.cc $(HEADERS)
	@mkdir -p $(dir $@)
	@test -f $(GCC_PLUGIN_DIR)/include/gcc-plugin.h || { \
	  echo "pokehole: no GCC plugin headers in $(GCC_PLUGIN_DIR)/include;" \
	       "install them: apt-get install gcc-12-plugin-dev" >&2; exit 1; }
	$(PLUGIN_CXX) $(PLUGIN_CXXFLAGS) $(CXXFLAGS) -c $< -o $@

$(PLUGIN): $(PLUGIN_OBJ) $(ENGINE_OBJ)
	$(PLUGIN_CXX) -shared -fPIC $(CXXFLAGS) $^ -o $@

include testsuite/Makefile.frag

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
	    echo "=== $$f $${m:-(native)}"; \
	    $(CC) $$m -fplugin=./$(PLUGIN) -fplugin-arg-pokehole-report=- \
	      -c $$f -o /dev/null || exit 1; \
	  done; done

RUNTEST_FLAGS ?=
check: deps
	@$(MAKE) --no-print-directory all $(TEST_TOOLS)
	@rm -f testsuite/pokehole.sum testsuite/pokehole.log
	-cd testsuite && LC_ALL=C runtest --tool pokehole --srcdir . \
	  PLUGIN=$(CURDIR)/$(PLUGIN) PROBE=$(CURDIR)/testsuite/tools/ph-probe \
	  CC="$(CC)" $(RUNTEST_FLAGS) >/dev/null
	@sh scripts/summary.sh testsuite/pokehole.sum

install: $(PLUGIN)
	install -d $(DESTDIR)$(GCC_PLUGIN_DIR)
	install -m 644 $(PLUGIN) $(DESTDIR)$(GCC_PLUGIN_DIR)/pokehole.so

clean:
	rm -rf build $(PLUGIN) $(TEST_TOOLS) testsuite/*.sum testsuite/*.log
