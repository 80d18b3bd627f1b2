# mk/readers.mk - the readers and their commands; included by the
# top-level Makefile.  Paths are relative to the top directory.
# SPDX-License-Identifier: GPL-3.0-or-later
#
# tools/pokehole and tools/pokefunct, linked with the engine objects and
# elfutils (libdw-dev, libelf-dev: input/dwarf/, funct/), libbpf
# (libbpf-dev: BTF), binutils' libctf (binutils-dev: CTF) and jansson
# (libjansson-dev: the plugin's reports).
#
#   input/          every source of layouts behind input/input.h
#   input/dwarf/    DWARF through libdw: the walk, the fast path, C++
#   input/compact/  BTF and CTF through one type graph
#   input/reports/  the plugin's reports: JSON Lines, embedded frames
#   funct/          pokefunct's functions, from DWARF or the reports
#   tools/          the commands and their subcommands

INPUT_SRC := input/load.c input/formats.c \
	input/dwarf/load.c input/dwarf/session.c input/dwarf/workers.c \
	input/dwarf/queue.c input/dwarf/walk.c input/dwarf/built.c \
	input/dwarf/deferred.c input/dwarf/across.c input/dwarf/ctx.c \
	input/dwarf/members.c input/dwarf/members-cxx.c input/dwarf/align.c input/dwarf/names.c \
	input/dwarf/scopes.c input/dwarf/util.c input/dwarf/cxx.c \
	input/dwarf/cxx-facts.c input/dwarf/cxx-nua.c input/dwarf/cxx-vbases.c \
	input/dwarf/fprint.c input/dwarf/scan.c input/dwarf/scan-sections.c \
	input/dwarf/scan-abbrev.c input/dwarf/scan-fprint.c input/dwarf/lines.c \
	input/dwarf/defs.c input/dwarf/resolve.c input/dwarf/offmap.c \
	input/compact/btf.c input/compact/ctf.c input/compact/typegraph.c \
	input/reports/jsonl-read.c input/reports/frame-read.c \
	input/reports/sites-read.c input/reports/allocs-read.c input/reports/record-keys.c \
	input/reports/access-read.c
FUNCT_LIB_SRC := funct/fntable.c funct/funcs.c funct/funcs-walk.c \
	funct/funcs-jobs.c funct/funcs-json.c funct/fntype.c
# pokehole's own: the command and its subcommands (--diff's functions
# are pokefunct's reader's).
POKEHOLE_SRC := tools/pokehole.c tools/pokehole-options.c \
	tools/pokehole-print.c tools/cli.c tools/baseline-in.c \
	tools/diff-cmd.c tools/diff-funcs.c tools/patch-cmd.c
POKEHOLE_SRC += tools/slabinfo-cmd.c tools/slabinfo-read.c tools/worth-cmd.c tools/worth-type.c
POKEHOLE_SRC += tools/access-type.c
# Every object of tools/pokehole (the sanitizer and fuzzing builds of
# mk/hardening.mk take the same list).
DWARF_SRC := $(POKEHOLE_SRC) $(INPUT_SRC) $(FUNCT_LIB_SRC)
DWARF_OBJ := $(DWARF_SRC:%.c=build/%.o)
DWARF_LIBS ?= -ldw -lelf -lbpf -lctf-nobfd -lpthread $(ENGINE_LIBS)
DWARF_TOOL := tools/pokehole

READER_DIRS := input funct tools
$(foreach d,$(READER_DIRS),$(eval \
build/$(d)/%.o: $(d)/%.c Makefile mk/readers.mk ; \
	@mkdir -p $$(dir $$@) && \
	$$(CC) $$(ENGINE_CFLAGS) $$(DEPFLAGS) -DPH_VERSION='"$$(VERSION)"' \
	  $$(CFLAGS) -c $$< -o $$@))

$(DWARF_TOOL): $(DWARF_OBJ) $(ENGINE_OBJ)
	$(CC) $(CFLAGS) $^ $(DWARF_LIBS) -o $@

# tools/pokefunct: the functions, pfunct's options; libdwfl's opening
# (session.c), the option table (cli.c) and the line table headers
# (lines.c over scan-sections.c) shared with pokehole; the plugin's
# reports read with jansson (funcs-json.c), told from objects as pokehole
# tells them (jsonl-read.c), or embedded in objects (frame-read.c).
FUNCT_SRC := tools/pokefunct.c tools/cli.c input/formats.c $(FUNCT_LIB_SRC) \
	input/dwarf/queue.c input/dwarf/lines.c input/dwarf/scan-sections.c \
	input/dwarf/util.c input/dwarf/offmap.c input/dwarf/session.c \
	input/reports/jsonl-read.c input/reports/frame-read.c \
	input/reports/sites-read.c input/reports/allocs-read.c input/reports/record-keys.c \
	input/reports/access-read.c
FUNCT_OBJ := $(FUNCT_SRC:%.c=build/%.o)
FUNCT_TOOL := tools/pokefunct

$(FUNCT_TOOL): $(FUNCT_OBJ) $(ENGINE_OBJ)
	$(CC) $(CFLAGS) $^ $(DWARF_LIBS) -o $@
