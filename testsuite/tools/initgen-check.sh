#!/bin/bash
# initgen-check.sh - pokehole --patch (issue 33) against ph-initgen's
# random programs: for each seed, the program is built with the plugin
# (embed), run, patched by `pokehole --patch`, rebuilt without the
# plugin and run again; both runs must print the same.
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage:
#   initgen-check.sh [-j N] [-k] [-w WORKDIR] [-g GENOPTS] FIRST LAST
#   (from anywhere; CC='gcc -m32' for the 32-bit target)
#
#   -j N       seeds in parallel (default: nproc)
#   -k         keep every seed's directory (default: only failing ones)
#   -w DIR     work directory (default /tmp/initgen/work)
#   -g OPTS    options for ph-initgen (--without elision, --with symidx, ...)
#   TOOL=DIR   where pokehole.so and pokehole are (default: a copy of the
#              tree's plugin/pokehole.so and tools/pokehole made at start,
#              in WORKDIR/tool, since the tree may be rebuilt meanwhile)
#   GEN=PATH   the generator (default: testsuite/tools/ph-initgen, built
#              if missing)
#
# Per seed, WORKDIR/SEED holds the generated sources (ph-initgen SEED),
# before.txt, p.diff, patch.err (pokehole's standard error), patch.out
# (patch(1)'s), after.txt, and result.txt: one line
#   SEED ok|FAIL KIND... types=N patched=N refused=N expected-refused=N
# The checks, each a FAIL kind when it fails:
#   gen        ph-initgen failed
#   build      the original does not compile or link with the plugin
#   model      the program does not print ph-initgen's expected.txt (a
#              generator or compiler problem, not pokehole's)
#   tool       pokehole --patch exited with neither 0 nor 1, or 1 with
#              nothing refused, or printed something unexpected
#   patch      patch -p0 did not apply cleanly (failed hunks, fuzz, offsets)
#   rebuild    the patched sources do not compile (log: rebuild.log)
#   output     the patched program prints something else (diff: out.diff)
#   refusal    a type refused for a reason ph-initgen did not provoke
#              (refusals.txt lists those it did)
#   again      the patched build, through the plugin and --patch again,
#              has a type refused for a reason ph-initgen did not provoke
#   size       a patched type's size in the patched build (read from its
#              layouts) is not the one --patch promised (size.txt)
# At the end: a summary of all seeds, the counts of ph-initgen's
# stats.txt summed, and each refusal reason with its count.
set -u

jobs=$(nproc 2>/dev/null || echo 2)
keep=0
work=/tmp/initgen/work
genopts=""
while getopts "j:kw:g:" o; do
	case $o in
	j) jobs=$OPTARG ;;
	k) keep=1 ;;
	w) work=$OPTARG ;;
	g) genopts=$OPTARG ;;
	*) sed -n '2,40p' "$0"; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
if [ $# -ne 2 ]; then
	sed -n '2,40p' "$0"
	exit 2
fi
first=$1 last=$2
top=$(cd "$(dirname "$0")/../.." && pwd)
: "${CC:=gcc}"
mkdir -p "$work"
if [ -z "${TOOL:-}" ]; then
	TOOL=$work/tool
	mkdir -p "$TOOL"
	cp "$top/plugin/pokehole.so" "$top/tools/pokehole" "$TOOL/" || exit 2
fi
if [ -z "${GEN:-}" ]; then
	GEN=$top/testsuite/tools/ph-initgen
	[ -x "$GEN" ] || make -C "$top" testsuite/tools/ph-initgen >/dev/null || exit 2
fi
export TOOL GEN CC work keep genopts

# check_refusals ERR OUT: every refused type of ERR (pokehole --patch's
# standard error) names only places refusals.txt lists for it; the
# others go to OUT.
check_refusals() {
	awk -F'\t' -v out="$2" '
		FILENAME == "refusals.txt" { ok[$1] = ok[$1] "\n" $2; next }
		/: refused: / {
			t = $0; sub(/^[^:]*: /, "", t); sub(/: refused: .*/, "", t)
			cur = t; n[cur] = 0
			if ($0 !~ /: refused: [0-9]+ places? depends? on its member order$/)
				bad[cur] = bad[cur] "\n  " $0
			next
		}
		/^[^:]*:   / && cur != "" {
			n[cur]++
			line = $0; good = 0
			m = split(ok[cur], rs, "\n")
			for (i = 2; i <= m; i++) if (index(line, rs[i])) good = 1
			if (!good) bad[cur] = bad[cur] "\n  " line
			next
		}
		{ cur = "" }
		END {
			for (t in bad) { print t ":" bad[t] > out; nb++ }
			exit nb > 0
		}' refusals.txt "$1"
}
export -f check_refusals

one() {
	local seed=$1 d=$work/$1 fails="" f rc
	rm -rf "$d"
	if ! "$GEN" $genopts "$seed" "$d" >/dev/null 2>"$work/$seed.generr"; then
		mkdir -p "$d"; mv "$work/$seed.generr" "$d/gen.err"
		echo "$seed FAIL gen" >"$d/result.txt"; cat "$d/result.txt"; return
	fi
	rm -f "$work/$seed.generr"
	cd "$d" || return
	local cflags="-std=gnu11 -O0 -Wall -Wno-missing-braces"
	mkdir orig && cp *.c *.h orig/
	: >build.log
	for f in u*.c main.c; do
		$CC $cflags -fplugin="$TOOL/pokehole.so" -fplugin-arg-pokehole-embed \
			-c "$f" -o "${f%.c}.o" >>build.log 2>&1 || fails="$fails build"
	done
	[ -z "$fails" ] && { $CC -o prog *.o >>build.log 2>&1 || fails="$fails build"; }
	if [ -n "$fails" ]; then
		echo "$seed FAIL$fails" >result.txt; cat result.txt; return
	fi
	./prog >before.txt 2>&1 || fails="$fails model"
	cmp -s before.txt expected.txt || fails="$fails model"
	"$TOOL/pokehole" --patch prog >p.diff 2>patch.err
	rc=$?
	local refused patched
	refused=$(grep -c ': refused: ' patch.err)
	patched=$(grep -cE ' bytes( at most .*)?, safe: ' patch.err)
	if [ $rc -gt 1 ] || { [ $rc = 1 ] && [ "$refused" = 0 ]; } ||
	   { [ $rc = 0 ] && [ "$refused" != 0 ]; } ||
	   ! tail -1 patch.err | grep -q ' patched (.*refused$'; then
		fails="$fails tool"
	fi
	# Each refused type: every place it names must be one ph-initgen
	# provoked for that type (refusals.txt: TYPE<TAB>REASON).
	check_refusals patch.err refusal.txt || fails="$fails refusal"
	local expref
	expref=$(cut -f1 refusals.txt | sort -u | wc -l)
	# Apply: clean, no fuzz, no offsets.
	if [ -s p.diff ]; then
		patch -p0 --no-backup-if-mismatch <p.diff >patch.out 2>&1 || fails="$fails patch"
		grep -qiE 'fuzz|offset|FAILED|reject|malformed|garbage' patch.out && fails="$fails patch"
	fi
	: >rebuild.log
	rm -f *.o prog2
	local rb=""
	for f in u*.c main.c; do
		$CC $cflags -c "$f" -o "${f%.c}.o" >>rebuild.log 2>&1 || rb=1
	done
	[ -z "$rb" ] && { $CC -o prog2 *.o >>rebuild.log 2>&1 || rb=1; }
	if [ -n "$rb" ]; then
		fails="$fails rebuild"
	else
		./prog2 >after.txt 2>&1
		cmp -s before.txt after.txt || { fails="$fails output"; diff before.txt after.txt >out.diff; }
		# Once more through the plugin: nothing left to do.
		mkdir -p again && cp *.c *.h again/ && (
			cd again
			for f in u*.c main.c; do
				$CC $cflags -fplugin="$TOOL/pokehole.so" -fplugin-arg-pokehole-embed \
					-c "$f" -o "${f%.c}.o" >/dev/null 2>&1 || exit 1
			done
			$CC -o prog *.o && "$TOOL/pokehole" --patch prog >p.diff 2>patch.err
		) || true
		# A second round may patch more (a type holding a patched one
		# can shrink again), but must not refuse for a new reason.
		[ -f again/patch.err ] && ! check_refusals again/patch.err again/refusal.txt &&
			fails="$fails again"
		# Each patched type has the size --patch promised (at most
		# that, when it holds another patched type), read from the
		# patched build's own layouts.
		if [ -x again/prog ]; then
			sed -nE 's/^pokehole: ((struct|union) [A-Za-z0-9_]+): [0-9]+ -> ([0-9]+) bytes( at most)?.*/\1 \3\4/p' \
				patch.err >promised.txt
			while read -r kw name size most; do
				got=$("$TOOL/pokehole" -C "$name" again/prog 2>/dev/null |
					sed -nE 's|^[[:space:]]*/\* size: ([0-9]+),.*|\1|p' | head -1)
				if [ -z "$got" ] || { [ -z "$most" ] && [ "$got" != "$size" ]; } ||
				   [ "$got" -gt "$size" ]; then
					echo "$kw $name: promised $size${most:+ at most}, is ${got:-unknown}" >>size.txt
				fi
			done <promised.txt
			[ -s size.txt ] && fails="$fails size"
		else
			fails="$fails size"
		fi
	fi
	local ntypes
	ntypes=$(awk '{ print $4 }' stats.txt)
	if [ -n "$fails" ]; then
		echo "$seed FAIL$fails structs=$ntypes patched=$patched refused=$refused expected-refused=$expref" >result.txt
	else
		echo "$seed ok structs=$ntypes patched=$patched refused=$refused expected-refused=$expref" >result.txt
	fi
	cat result.txt
	if [ -z "$fails" ] && [ "$keep" = 0 ]; then
		mkdir -p "$work/.ok"
		cp result.txt "$work/.ok/$seed.result"
		cp stats.txt "$work/.ok/$seed.stats"
		grep -h '^pokehole:   ' patch.err >"$work/.ok/$seed.stops" 2>/dev/null
		cd "$work" && rm -rf "$d"
	fi
}
export -f one

seq "$first" "$last" | xargs -P "$jobs" -I{} bash -c 'one {}' >"$work/run.log"
sort -n "$work/run.log" >"$work/run.sorted"
mv "$work/run.sorted" "$work/run.log"
echo "== $(grep -c ' ok ' "$work/run.log") ok, $(grep -c ' FAIL' "$work/run.log") failed of $((last - first + 1)) seeds (CC=$CC${genopts:+, ph-initgen $genopts})"
grep ' FAIL' "$work/run.log" | head -50
awk '{ for (i = 3; i <= NF; i++) if (split($i, kv, "=") == 2) s[kv[1]] += kv[2] }
	END { for (k in s) printf "%s=%d ", k, s[k]; print "" }' "$work/run.log"
cat "$work"/*/stats.txt "$work"/.ok/*.stats 2>/dev/null | awk '
	{ for (i = 1; i < NF; i += 2) s[$i] += $(i + 1) }
	END { for (k in s) printf "%s %d  ", k, s[k]; print "" }'
echo "== refusal reasons (site lines):"
cat "$work"/*/patch.err "$work"/.ok/*.stops 2>/dev/null | grep -h '^pokehole:   ' |
	sed -E 's/^pokehole:   [^ ]+ //; s/'"'"'[A-Za-z0-9_]+'"'"'/NAME/g' | sort | uniq -c | sort -rn
