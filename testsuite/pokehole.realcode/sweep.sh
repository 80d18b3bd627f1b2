#!/bin/sh
# sweep.sh WORK LANG COMPILER PLUGIN HEADER... - for realcode.exp's header
# sweep: each HEADER, included in a unit of one small function, compiled
# to assembly without and with the plugin (every report and warning
# on).  Prints one line per header:
#   SAME STATUS HEADER          the same exit status, the same assembly
#   DIFFER HEADER: WHY          another status, or another assembly
#   ICE HEADER: LINE            the compiler crashed with the plugin only
# The assembly is the object's whole text (the assembler only encodes
# it: assembling both would double-check nothing the compiler decided,
# and cost a run of as each), with -g -fno-eliminate-unused-debug-types,
# so that it describes every type the header declares (a layout the
# plugin changed would change it), and -gno-record-gcc-switches
# (DW_AT_producer would name -fplugin).  Both compilations run in the
# same directory (DW_AT_comp_dir).  PH_SWEEP_WITH (the checks' own test) adds flags to
# the compilation with the plugin only.
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
work=$1 lang=$2 cc=$3 plugin=$4
shift 4
d=$work/$$
mkdir -p "$d" || exit 2
cd "$d" || exit 2
if [ "$lang" = c ]; then
	src=$work/unit.c flags="-std=gnu17"
else
	src=$work/unit.cc flags="-std=gnu++20 -femit-class-debug-always"
fi
for h; do
	rm -f without.s with.s
	timeout 120 "$cc" -x "$lang" $flags -O2 -g -gno-record-gcc-switches \
		-fno-eliminate-unused-debug-types -include "$h" \
		-S "$src" -o without.s > /dev/null 2> without.err
	s1=$?
	timeout 120 "$cc" -x "$lang" $flags -O2 -g -gno-record-gcc-switches \
		-fno-eliminate-unused-debug-types -include "$h" \
		-fplugin="$plugin" -fplugin-arg-pokehole-system-headers \
		-fplugin-arg-pokehole-warn=all \
		-fplugin-arg-pokehole-json=with.jsonl \
		-fplugin-arg-pokehole-report=with.txt \
		${PH_SWEEP_WITH:-} -S "$src" -o with.s > /dev/null 2> with.err
	s2=$?
	if grep -q 'internal compiler error' with.err &&
	   ! grep -q 'internal compiler error' without.err; then
		echo "ICE $h: $(grep -m1 'internal compiler error' with.err | sed 's/.*internal compiler error/internal compiler error/')"
	elif [ "$s1" != "$s2" ]; then
		echo "DIFFER $h: exit status $s1 without the plugin, $s2 with it"
	elif [ "$s1" = 0 ] && ! cmp -s without.s with.s; then
		echo "DIFFER $h: the assembly differs"
	else
		echo "SAME $s1 $h"
	fi
	rm -f without.s with.s with.jsonl with.txt without.err with.err
done
cd / && rm -rf "$d"
