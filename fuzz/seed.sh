#!/bin/sh
# fuzz/seed.sh - seed corpora for the harnesses of fuzz/.
# SPDX-License-Identifier: GPL-3.0-or-later
#
#   sh fuzz/seed.sh OUTDIR PLUGIN CC CXX
#
# OUTDIR/reader: objects of the testsuite's C and C++ sources and of
# ph-gen's random types, compiled with -g, -m32, -gdwarf-4, -gdwarf-2
# -gstrict-dwarf, -gz, -gsplit-dwarf (the .o and the .dwo),
# -fdebug-types-section (linked: the reader refuses type units in a .o);
# OUTDIR/baseline: the plugin's JSON Lines of each source as a whole file,
# each line the plugin and the reader write on its own, a merged baseline,
# and a few documents that are not layouts.
# Only files the reader may take are kept small: objects over 200 kB are
# left out (they slow the fuzzer down and add no new structure).
top=$(cd "$(dirname "$0")/.." && pwd)
out=$1 PLUGIN=$2 CC=${3:-gcc} CXX=${4:-g++}
case $PLUGIN in /*) ;; *) PLUGIN=$top/$PLUGIN;; esac
PH=$top/tools/pokehole
GEN=$top/testsuite/tools/ph-gen
mkdir -p "$out/reader" "$out/baseline"
work=$(mktemp -d "${TMPDIR:-/tmp}/ph-seed.XXXXXX")
trap 'rm -rf "$work"' EXIT

srcs=$(ls "$top"/testsuite/pokehole.c/*.c "$top"/testsuite/pokehole.c++/*.cc \
	"$top"/examples/*.c 2>/dev/null)
if [ -x "$GEN" ]; then
	"$GEN" 7001 40 "$work/gen1.c" >/dev/null 2>&1
	"$GEN" --c++ 7002 30 "$work/gen2.cc" >/dev/null 2>&1
	srcs="$srcs $work/gen1.c $work/gen2.cc"
fi
n=0
keep() {	# keep FILE NAME: into the reader corpus when small enough
	[ -f "$1" ] || return 0
	sz=$(wc -c < "$1")
	[ "$sz" -le 204800 ] && cp "$1" "$out/reader/$2"
	return 0
}
for src in $srcs; do
	[ -f "$src" ] || continue
	b=$(basename "$src" | tr . _)
	case $src in *.cc) cc=$CXX;; *) cc=$CC;; esac
	# the plugin's JSON: baseline seeds, whole and a line each
	rm -f "$work/$b.jsonl"
	$cc -fplugin="$PLUGIN" -fplugin-arg-pokehole-json="$work/$b.jsonl" \
		-c "$src" -o /dev/null >/dev/null 2>&1
	if [ -s "$work/$b.jsonl" ]; then
		cp "$work/$b.jsonl" "$out/baseline/$b.jsonl"
		i=0
		while IFS= read -r line; do
			i=$((i + 1))
			printf '%s' "$line" > "$out/baseline/$b-$i.json"
		done < "$work/$b.jsonl"
	fi
	for flags in "-g" "-g -m32" "-g -gdwarf-4" "-g -gdwarf-2 -gstrict-dwarf" \
	    "-g -gz" "-g -O2"; do
		f=$work/$b$(echo "$flags" | tr -d ' =-').o
		$cc $flags -fno-eliminate-unused-debug-types -c "$src" -o "$f" \
			>/dev/null 2>&1 && keep "$f" "$(basename "$f")"
	done
	(cd "$work" && $cc -g -gsplit-dwarf -fno-eliminate-unused-debug-types \
		-c "$src" -o "$b-split.o" >/dev/null 2>&1) &&
		keep "$work/$b-split.o" "$b-split.o" && keep "$work/$b-split.dwo" "$b-split.dwo"
	$cc -g -fdebug-types-section -fno-eliminate-unused-debug-types \
		-fPIC -shared "$src" -o "$work/$b-tu.so" >/dev/null 2>&1 &&
		keep "$work/$b-tu.so" "$b-tu.so"
	$cc -g -gdwarf-4 -fdebug-types-section -fno-eliminate-unused-debug-types \
		-fPIC -shared "$src" -o "$work/$b-tu4.so" >/dev/null 2>&1 &&
		keep "$work/$b-tu4.so" "$b-tu4.so"
	n=$((n + 1))
done
# the reader's own JSON, with -R (original_size) too
for o in "$out"/reader/*gdwarf4.o; do
	[ -f "$o" ] || continue
	"$PH" --json "$o" 2>/dev/null | head -20 > "$work/r.jsonl"
	"$PH" --json -R "$o" 2>/dev/null | head -20 >> "$work/r.jsonl"
	i=0
	while IFS= read -r line; do
		i=$((i + 1))
		printf '%s' "$line" > "$out/baseline/r-$(basename "$o")-$i.json"
	done < "$work/r.jsonl"
done
ls "$out"/baseline/*.jsonl >/dev/null 2>&1 &&
	"$PH" --merge-baseline="$out/baseline/merged.jsonl" "$out"/baseline/*.jsonl \
		2>/dev/null
# JSON that is not a layout: edges of the grammar.
printf '%s' '[1e308, -0, 0.5e-3, 18446744073709551615, 18446744073709551616, -9223372036854775808]' > "$out/baseline/numbers.json"
printf '%s' '{"s":"\u00e9\ud83d\ude00\u0000\\\"\/\b\f\n\r\t"}' > "$out/baseline/escapes.json"
printf '%s' '[[[[[[[[[[[[[[[[[[[[{}]]]]]]]]]]]]]]]]]]]' > "$out/baseline/deep.json"
printf '{"name":"a","kind":"struct","size":1}\n\n{"name":"a","kind":"union","size":2,"holes":[{"after":"x","size":3}]}\n' \
	> "$out/baseline/handmade.jsonl"
echo "seed: $n sources; $(ls "$out/reader" | wc -l) objects, $(ls "$out/baseline" | wc -l) baselines and JSON documents"
