#!/bin/sh
# fuzz/check-sanitize.sh - `make check-sanitize` (mk/hardening.mk).
# SPDX-License-Identifier: GPL-3.0-or-later
#
#   sh fuzz/check-sanitize.sh SAN_DIR PLUGIN CC CXX "HARNESSES"
#
# With the reader, the engine and the test tools built under ASan and
# UBSan in SAN_DIR:
#  1. the reader's DejaGnu tests (testsuite/pokehole.reader/) with
#     READER the sanitized reader, results in SAN_DIR/reader; their
#     passes and failures count here.  READER_CORPUS (environment): the
#     folder where a plain run of them compiled their corpus, reused;
#  2. every input under fuzz/regress/HARNESS/ replayed by the sanitized
#     harness (SAN_DIR/fuzz/HARNESS-replay), 120 s each at most;
#  3. the sanitized reader's text, --json, -s, -R, -S, -P and --json -R on
#     objects (-g, native and -m32; the real-code units natively) of
#     every C and C++ source of the testsuite and of examples/ and of
#     ph-gen's random types, and on
#     reports (the plugin's JSON of them and the reader's own, read
#     back; bad reports), and --merge-baseline of the plugin's JSON of
#     them; ph-probe expect and text-expect on that JSON; reorg-test.
# PH_SAN_STEPS (environment): the steps to run, "1 2 3" by default;
# make check runs them side by side with its other tests, each with
# folders of its own.  Sanitizer reports go to SAN_DIR/logs/STEPS
# (log_path): any file there after a check fails that check, whatever
# the exit status.  Ends with "N passed, N failed"; exit 1 when anything
# failed.
top=$(cd "$(dirname "$0")/.." && pwd)
san=$1 plugin=$2 CC=${3:-gcc} CXX=${4:-g++} harnesses=${5:-"reader baseline"}
case $san in /*) ;; *) san=$top/$san;; esac
case $plugin in /*) ;; *) plugin=$top/$plugin;; esac
steps=" ${PH_SAN_STEPS:-1 2 3} "
tag=$(echo $steps | tr -d ' ')
logs=$san/logs/$tag
work=$san/work/$tag
rm -rf "$logs" "$work"
mkdir -p "$logs" "$work"
export ASAN_OPTIONS="log_path=$logs/asan:detect_leaks=1:abort_on_error=0:exitcode=86"
export UBSAN_OPTIONS="log_path=$logs/ubsan:print_stacktrace=1:halt_on_error=1:exitcode=87"
export LSAN_OPTIONS="log_path=$logs/lsan"
pass=0 fail=0
ok() { pass=$((pass + 1)); [ -n "$VERBOSE" ] && echo "PASS: $*"; return 0; }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
# reports NAME: the sanitizer logs written since the last call, moved
# aside; prints their first lines.  True when there were none.
nrep=0
reports() {
	any=
	for f in "$logs"/asan* "$logs"/ubsan* "$logs"/lsan*; do
		[ -e "$f" ] && any=1
	done
	[ -n "$any" ] || return 0
	set -- "$logs"/asan* "$logs"/ubsan* "$logs"/lsan*
	nrep=$((nrep + 1))
	mkdir -p "$logs/report-$nrep"
	for f in "$@"; do
		[ -e "$f" ] || continue
		grep -m3 -E 'ERROR|runtime error|SUMMARY' "$f" | sed 's/^/    /' | head -3
		mv "$f" "$logs/report-$nrep/"
	done
	echo "    (full report: $logs/report-$nrep/)"
	return 1
}

# 1. The reader's tests (testsuite/pokehole.reader/) with the sanitized
# reader; their objects and the plugin's JSON are taken from READER_CORPUS
# when a plain run compiled them there (make check), else compiled.
step1() {
rm -rf "$san/reader"
mkdir -p "$san/reader"
(cd "$top/testsuite" && LC_ALL=C runtest --tool pokehole --srcdir . \
	--outdir "$san/reader" --directory pokehole.reader \
	PLUGIN="$plugin" PROBE="$top/testsuite/tools/ph-probe" \
	READER="$san/tools/pokehole" PH_SANITIZED=1 PH_READER=1 \
	READER_CORPUS="${READER_CORPUS:-$san/corpus}" CC="$CC" CXX="$CXX") \
	> /dev/null 2>&1
sum=$san/reader/pokehole.sum
p=$(grep -c '^PASS:' "$sum" 2>/dev/null)
f=$(grep -c -E '^(FAIL|XPASS|UNRESOLVED|UNTESTED|ERROR):' "$sum" 2>/dev/null)
if [ "${p:-0}" = 0 ]; then
	bad "pokehole.reader/ did not run: see $san/reader/pokehole.log"
else
	pass=$((pass + p))
	grep -E '^(FAIL|XPASS|UNRESOLVED|UNTESTED|ERROR):' "$sum" |
		sed 's/^\([A-Z]*\): /\1: sanitized /'
	[ "$VERBOSE" ] && grep '^PASS:' "$sum" | sed 's/^PASS: /PASS: sanitized /'
	fail=$((fail + f))
fi
reports && ok "pokehole.reader/: no sanitizer report" ||
	bad "pokehole.reader/: sanitizer report"
}

# 2. The fuzz regression inputs.
step2() {
for h in $harnesses; do
	for in in "$top/fuzz/regress/$h"/*; do
		[ -f "$in" ] || continue
		name="regress $h/$(basename "$in")"
		timeout 120 "$san/fuzz/$h-replay" "$in" > "$work/replay.out" 2>&1
		rc=$?
		if ! reports; then
			bad "$name: sanitizer report"
		elif [ $rc = 124 ]; then
			bad "$name: more than 120 s (hang)"
		elif [ $rc != 0 ]; then
			bad "$name: exit $rc: $(tail -2 "$work/replay.out")"
		else
			ok "$name"
		fi
	done
done
}

# 3. The reader and the engine over the testsuite's sources; the objects
# and the plugin's JSON of step 1's corpus (the same commands) reused.
step3() {
corpus=${READER_CORPUS:-$san/corpus}
PH=$san/tools/pokehole
srcs=$(ls "$top"/testsuite/pokehole.*/*.c "$top"/testsuite/pokehole.*/*.cc \
	"$top"/examples/*.c 2>/dev/null | grep -v /pokehole.hostile/)
"$san/tools/ph-gen" 9101 60 "$work/gen.c" >/dev/null 2>&1 && srcs="$srcs $work/gen.c"
"$san/tools/ph-gen" --c++ 9102 40 "$work/gen.cc" >/dev/null 2>&1 && srcs="$srcs $work/gen.cc"
reports && ok "ph-gen" || bad "ph-gen: sanitizer report"
m32=-m32
$CC -m32 -x c -c /dev/null -o /dev/null 2>/dev/null || m32=
jsons= objs=
for src in $srcs; do
	b=$(echo "$src" | sed "s|^$top/||; s|^$work/||" | tr / _)
	case $src in *.cc) cc=$CXX;; *) cc=$CC;; esac
	for m in "" $m32; do
		o=$work/$b$m.o
		# The reader's tests compiled most of them with these very flags
		# (their C++ objects with -femit-class-debug-always too: more
		# classes for the reader to read, all the better here).
		[ -f "$corpus/$b$m.ok" ] && { objs="$objs $corpus/$b$m.o"; continue; }
		# The real-code units (all of libstdc++, Boost, ...) natively
		# only: each takes seconds to compile.
		case $m,$src in -m32,*/pokehole.realcode/*.cc) continue ;; esac
		$cc $m -g -fno-eliminate-unused-debug-types -c "$src" -o "$o" \
			>/dev/null 2>&1 && objs="$objs $o"	# else errors of the test's own
	done
	# the plugin's JSON: baselines and the probe tool
	j=$work/$b.jsonl
	if [ -f "$corpus/$b.ok" ]; then
		cp "$corpus/$b.plugin" "$j"
	else
		$cc -fplugin="$plugin" -fplugin-arg-pokehole-json="$j" -c "$src" \
			-o /dev/null >/dev/null 2>&1
	fi
	[ -s "$j" ] && jsons="$jsons $j"
done
# ph-probe expect and text-expect on each JSON: all of them in one run
# of each (a sanitized process starts slowly); on a report, JSON by
# JSON, to name the one.
probe_each() {
	for j in "$@"; do
		"$san/tools/ph-probe" expect "$j" > /dev/null 2>&1
		"$san/tools/ph-probe" text-expect "$j" > /dev/null 2>&1
		b=$(basename "$j" .jsonl)
		reports && ok "ph-probe on $b" || bad "ph-probe on $b: sanitizer report"
	done
}
if [ -n "$jsons" ]; then
	# shellcheck disable=SC2086
	{ "$san/tools/ph-probe" expect $jsons; "$san/tools/ph-probe" text-expect $jsons; } > /dev/null 2>&1
	if reports; then
		for j in $jsons; do ok "ph-probe on $(basename "$j" .jsonl)"; done
	else
		# shellcheck disable=SC2086
		probe_each $jsons
	fi
fi
# Each mode over all the objects at once (a sanitized process starts
# slowly); on a failure, object by object, to name the one.
nobjs=$(echo $objs | wc -w)
for args in "" --json -s -R -S -P "-c 32 --json -R"; do
	# shellcheck disable=SC2086
	timeout 600 "$PH" $args $objs > "$work/out" 2> "$work/err"
	rc=$?
	if reports && [ $rc = 0 ]; then
		ok "reader [$args] on $nobjs objects"
		continue
	fi
	for o in $objs; do
		timeout 120 "$PH" $args "$o" > "$work/out" 2> "$work/err"
		rc=$?
		b=$(basename "$o")
		if ! reports; then
			bad "reader [$args] on $b: sanitizer report"
		elif [ $rc != 0 ]; then
			bad "reader [$args] on $b: exit $rc: $(head -1 "$work/err")"
		fi
	done
done
# The same modes on reports (input/reports/jsonl-read.c): the plugin's JSON of
# the sources and the reader's own --json of the objects, read back.
reps=$jsons
# shellcheck disable=SC2086
"$PH" --json $objs > "$work/reader.jsonl" 2>/dev/null &&
	reps="$reps $work/reader.jsonl"
reports || bad "reader --json of the objects: sanitizer report"
for args in "" --json -s -R -S -P "--json -R" -E; do
	# shellcheck disable=SC2086
	timeout 600 "$PH" $args $reps > "$work/out" 2> "$work/err"
	rc=$?
	if ! reports; then bad "reader [$args] on reports: sanitizer report"
	elif [ $rc != 0 ]; then
		bad "reader [$args] on reports: exit $rc: $(head -1 "$work/err")"
	else ok "reader [$args] on $(echo $reps | wc -w) reports"; fi
done
# Bad reports: one line on standard error, exit 1; an empty one is none.
good=$(head -1 "$work/reader.jsonl" 2>/dev/null)
printf '%s\nnot json\n%s\n' "$good" "$good" > "$work/bad-notjson.jsonl"
echo '{"name":"x","kind":"struct","size":4,"align":4}' > "$work/bad-nomembers.jsonl"
echo '{"name":"y","kind":"struct","size":4,"align":4,"members":[{"name":"a","type":"int","offset":"zero","size":4,"align":4}]}' > "$work/bad-offset.jsonl"
awk -v n=10000 'BEGIN {
	printf "{\"name\":\"d\",\"kind\":\"struct\",\"size\":4,\"align\":4,\"members\":"
	for (i = 0; i < n; i++)
		printf "[{\"name\":\"a\",\"kind\":\"struct\",\"type\":\"struct\",\"offset\":0,\"size\":4,\"align\":4,\"members\":"
	printf "[]"
	for (i = 0; i < n; i++)
		printf "}]"
	print "}" }' > "$work/bad-deep.jsonl"
: > "$work/empty.jsonl"
for b in notjson nomembers offset deep; do
	"$PH" --json "$work/bad-$b.jsonl" > "$work/out" 2> "$work/err"
	rc=$?
	if ! reports; then bad "reader on a bad report ($b): sanitizer report"
	elif [ $rc != 1 ] || [ "$(wc -l < "$work/err")" != 1 ]; then
		bad "reader on a bad report ($b): exit $rc: $(head -2 "$work/err")"
	else ok "reader on a bad report ($b)"; fi
done
"$PH" --json "$work/empty.jsonl" > "$work/out" 2> "$work/err"
rc=$?
if ! reports; then bad "reader on an empty report: sanitizer report"
elif [ $rc != 0 ] || [ -s "$work/err" ]; then
	bad "reader on an empty report: exit $rc: $(head -1 "$work/err")"
else ok "reader on an empty report"; fi
if [ -n "$jsons" ]; then
	"$PH" --merge-baseline="$work/baseline.jsonl" $jsons > "$work/err" 2>&1
	rc=$?
	if ! reports; then bad "--merge-baseline: sanitizer report"
	elif [ $rc != 0 ]; then bad "--merge-baseline: exit $rc: $(head -1 "$work/err")"
	else ok "--merge-baseline of $(echo $jsons | wc -w) reports"; fi
	# and the merged baseline through the baseline harness
	"$san/fuzz/baseline-replay" "$work/baseline.jsonl" > /dev/null 2>&1
	reports && ok "baseline harness on the merged baseline" ||
		bad "baseline harness on the merged baseline: sanitizer report"
fi
# --hot once (the names are the options' own, not per object)
o=$(ls "$work"/*.o 2>/dev/null | head -1)
if [ -n "$o" ]; then
	timeout 120 "$PH" -R --hot=c,i "$o" > /dev/null 2> "$work/err"
	rc=$?
	if ! reports; then bad "reader -R --hot: sanitizer report"
	elif [ $rc != 0 ]; then bad "reader -R --hot: exit $rc: $(head -1 "$work/err")"
	else ok "reader -R --hot"; fi
fi
"$san/tools/reorg-test" 600 > "$work/reorg-test.out" 2>&1
rc=$?
if ! reports; then bad "reorg-test: sanitizer report"
elif [ $rc != 0 ]; then bad "reorg-test: exit $rc: $(grep FAIL "$work/reorg-test.out" | head -2)"
else ok "reorg-test"; fi
}

for step in 1 2 3; do
	case $steps in *" $step "*) step$step ;; esac
done
echo "$pass passed, $fail failed"
[ $fail = 0 ]
