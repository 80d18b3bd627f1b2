# dwarf/Makefile.frag - included by the top-level Makefile.
# Paths are relative to the top directory.
# SPDX-License-Identifier: GPL-3.0-or-later
#
# dwarf/pokehole: the DWARF reader, linked with the engine objects and
# elfutils (libdw-dev, libelf-dev), libbpf (libbpf-dev, BTF), binutils'
# libctf (binutils-dev, CTF) and jansson (libjansson-dev).

DWARF_SRC := dwarf/main.c dwarf/cli.c dwarf/load.c dwarf/session.c \
	dwarf/workers.c dwarf/queue.c dwarf/walk.c dwarf/built.c dwarf/deferred.c \
	dwarf/across.c \
	dwarf/ctx.c dwarf/members.c dwarf/align.c dwarf/packing.c \
	dwarf/names.c dwarf/scopes.c dwarf/util.c dwarf/cxx.c \
	dwarf/cxx-facts.c dwarf/cxx-nua.c dwarf/cxx-vbases.c \
	dwarf/fprint.c dwarf/scan.c dwarf/scan-sections.c dwarf/scan-abbrev.c \
	dwarf/scan-fprint.c dwarf/lines.c dwarf/defs.c dwarf/report-load.c \
	dwarf/embedded.c dwarf/baseline-in.c dwarf/diff-cmd.c \
	dwarf/diff-funcs.c dwarf/funcs.c dwarf/funcs-jobs.c dwarf/funcs-json.c \
	dwarf/fntype.c dwarf/btf.c dwarf/ctf.c dwarf/formats.c \
	dwarf/typegraph.c dwarf/declarator.c dwarf/sites-load.c dwarf/patch-cmd.c
DWARF_OBJ := $(DWARF_SRC:%.c=build/%.o)
DWARF_LIBS ?= -ldw -lelf -lbpf -lctf-nobfd -lpthread $(ENGINE_LIBS)
DWARF_TOOL := dwarf/pokehole

build/dwarf/%.o: dwarf/%.c Makefile dwarf/Makefile.frag
	@mkdir -p $(dir $@)
	$(CC) $(ENGINE_CFLAGS) $(DEPFLAGS) -DPH_VERSION='"$(VERSION)"' $(CFLAGS) \
	  -c $< -o $@

$(DWARF_TOOL): $(DWARF_OBJ) $(ENGINE_OBJ)
	$(CC) $(CFLAGS) $^ $(DWARF_LIBS) -o $@

# dwarf/pokefunct: the functions, pfunct's options; libdwfl's opening
# (session.c), the option table (cli.c) and the line table headers
# (lines.c, scan*.c) shared with pokehole; the plugin's reports read with
# jansson (funcs-json.c), told from objects as pokehole tells them
# (report-load.c), or embedded in objects (embedded.c).
FUNCT_SRC := dwarf/funct-main.c dwarf/funcs.c dwarf/funcs-jobs.c \
	dwarf/queue.c dwarf/funcs-json.c \
	dwarf/fntype.c dwarf/lines.c dwarf/scan.c dwarf/scan-sections.c \
	dwarf/scan-abbrev.c dwarf/util.c dwarf/cli.c dwarf/session.c \
	dwarf/report-load.c dwarf/embedded.c dwarf/sites-load.c
FUNCT_OBJ := $(FUNCT_SRC:%.c=build/%.o)
FUNCT_TOOL := dwarf/pokefunct

$(FUNCT_TOOL): $(FUNCT_OBJ) $(ENGINE_OBJ)
	$(CC) $(CFLAGS) $^ $(DWARF_LIBS) -o $@
