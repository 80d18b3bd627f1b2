#!/bin/sh
# make check's tests as jobs run two at a time, the longest first:
#
#   scripts/check-jobs.sh RESULTS
#   scripts/check-jobs.sh time NAME COMMAND...   (a job: its time printed)
#
# with make's variables in the environment (CC CXX PLUGIN READER MAKE
# DEFAULT_GCC_MAJOR OTHER_GCC_VERSIONS NEWEST_GCC TEST_TOOLS RUNTEST_FLAGS
# JOBS, and PH_GCC_ROOT for GCC_ROOT: in the environment, GCC_ROOT is
# gcc's own, which moves its headers).  Why jobs: a runtest's Tcl
# process only grows (libstdc++'s and the vmlinux's types read into
# it), and on this machine a fork costs with the size of the process, so one runtest for
# a whole suite spent more time forking than its tests; and two long
# chains of tests never end together.  A job is one runtest over one
# long test file, or over short ones together (about 50 s of them,
# "restN"); a GCC's jobs write RESULTS/jobs/gcc-N.PART/, put together
# into RESULTS/gcc-N/ at the end as one runtest would have written them.
#
# The jobs: the build of the plugins, tools and reader (the sanitized
# ones too); the build in GCC_ROOT (scripts/gcc-root.sh) and its GCCs'
# tests; the reader's tests (pokehole.reader/, whose corpus the
# sanitizer's steps read again); the default GCC in full, the newest
# host GCC in full when there is no GCC_ROOT, the other host GCCs'
# core; the sanitizer's three steps (fuzz/check-sanitize.sh, into
# RESULTS/sanitize.sum).  They are written to RESULTS/jobs.run and run
# JOBS (default 2) at a time by scripts/run-jobs.sh: whenever a slot is
# free, the first whose needs have ended starts.  The order: the builds,
# the reader's tests, then the longest first, by the CPU seconds each
# took here (the table below; a test file not in it counts as short).
# Each job's wall and CPU time go to the output as it ends.
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
if [ "$1" = time ]; then
	name=$2
	shift 2
	t0=$(date +%s)
	sh -c "$*"
	# the CPU of what this shell waited for: utime and stime of its
	# children, fields 16 and 17 of /proc/PID/stat, in ticks
	cpu=$(awk '{ sub(/^.*\) /, ""); printf "%.1f", ($14 + $15) / 100 }' /proc/$$/stat 2>/dev/null)
	echo "pokehole: $name done in $(($(date +%s) - t0)) s${cpu:+, CPU $cpu s}"
	exit 0
fi
results=$1
jobs=$results/jobs
mkdir -p "$jobs"

# CPU seconds of each test file with the default GCC (make check's jobs,
# 2026-12-07, 984efb9); only the order of the jobs comes from them.
weight() {
	case $1 in
	sweep.exp) echo 59 ;; oom.exp) echo 54 ;; hostile.exp) echo 49 ;;
	realcode.exp) echo 45 ;; initgen.exp) echo 34 ;; html.exp) echo 12 ;;
	dwarf.exp) echo 24 ;; reorg.exp) echo 17 ;; sites.exp) echo 14 ;;
	tools.exp|random.exp|c++.exp) echo 13 ;; warn.exp|c.exp) echo 10 ;;
	accessgen.exp) echo 25 ;;
	allocgen.exp) echo 9 ;; report-in.exp) echo 8 ;; embed.exp) echo 7 ;;
	false-sharing.exp) echo 12 ;;
	units.exp|once.exp|funct.exp|fixit.exp|compact.exp) echo 5 ;;
	diff.exp) echo 4 ;; parallel.exp) echo 3 ;;
	jsondir.exp|functions.exp|baseline.exp) echo 2 ;;
	*) echo 1 ;;
	esac
}
# The test files of a mode run one job each; the rest in one job.  In
# GCC_ROOT ("root-full") the reader's and the header sweep's tests skip
# (its gcc is not the GCC under test): ROOT_SKIPS.
ROOT_SKIPS="oom.exp hostile.exp sweep.exp dwarf.exp html.exp units.exp report-in.exp tu-array.exp bad.exp corpus.exp elsewhere.exp options.exp"
solo() {
	case $1 in
	full) echo "oom.exp realcode.exp hostile.exp sweep.exp dwarf.exp warn.exp sites.exp initgen.exp c.exp html.exp c++.exp reorg.exp random.exp" ;;
	root-full) echo "realcode.exp warn.exp sites.exp c.exp c++.exp reorg.exp random.exp" ;;
	*) echo "warn.exp sites.exp c.exp c++.exp" ;;
	esac
}
# The test files of MODE (check-gcc.sh's lists, which it prints).
mode_tests() {
	PH_LIST=1 sh "$top/scripts/check-gcc.sh" /dev/null cc c++ none "$1"
}

# Lines "WEIGHT NAME DEPS|COMMAND" of the test jobs, sorted after.
list=$results/jobs.list
: > "$list"
# add_gcc GROUP MODE DEPS COMMAND [KIND]: one job per solo test of MODE
# (solo KIND), the others in jobs of about 50 s, as many as that takes,
# the heaviest first into the lightest; @OUT@ in COMMAND stands for the
# job's name, and PH_ONLY is set before it.
add_gcc() {
	group=$1 mode=$2 deps=$3 cmd=$4 kind=${5:-$2}
	rest=0
	others=
	for t in $(mode_tests $mode); do
		w=$(weight $t)
		# what skips there at once (the default gcc is not the one tested)
		[ $kind = root-full ] && case " $ROOT_SKIPS " in *" $t "*) w=0 ;; esac
		case " $(solo $kind) " in
		*" $t "*)
			echo "$w $group.${t%.exp} $deps|PH_ONLY=$t $(echo "$cmd" | sed "s|@OUT@|$group.${t%.exp}|")" >> "$list" ;;
		*) rest=$((rest + w)); others="$others
$w $t" ;;
		esac
	done
	[ "$rest" -gt 0 ] || return 0
	bins=$(((rest + 49) / 50))
	[ $bins -gt 0 ] || bins=1
	echo "$others" | sort -k1,1nr | awk -v bins=$bins 'NF == 2 {
		b = 1
		for (i = 2; i <= bins; i++) if (load[i] < load[b]) b = i
		load[b] += $1; names[b] = names[b] " " $2
	} END { for (i = 1; i <= bins; i++) if (names[i] != "") print load[i], i, names[i] }' |
	while read -r w i names; do
		name=$group.rest$i
		[ $bins = 1 ] && name=$group.rest
		echo "$w $name $deps|PH_ONLY='$names' $(echo "$cmd" | sed "s|@OUT@|$name|")" >> "$list"
	done
}

host_check() {	# host_check CC CXX PLUGIN MODE [RUNTEST ARGS]: a job's command
	echo "PH_QUIET=1 sh $top/scripts/check-gcc.sh $jobs/@OUT@ $*"
}

flags=${RUNTEST_FLAGS-}
# The default GCC, in full (the reader's tests apart); the other host
# GCCs: core, or the newest in full when GCC_ROOT has no newer.
add_gcc gcc-$DEFAULT_GCC_MAJOR full host-build \
	"$(host_check "$CC" "$CXX" "$PLUGIN" full PH_READER=0 READER_CORPUS=$results/reader-corpus $flags)"
groups="gcc-$DEFAULT_GCC_MAJOR"
root_versions=
if [ -d "$PH_GCC_ROOT/usr/bin" ]; then
	root_versions=$(sh "$top/scripts/gcc-root.sh" versions "$PH_GCC_ROOT" \
		$DEFAULT_GCC_MAJOR $OTHER_GCC_VERSIONS)
else
	echo "pokehole: no $PH_GCC_ROOT (make gcc-root): GCC 13 to 15 not tested"
fi
for v in $OTHER_GCC_VERSIONS; do
	mode=core
	[ $v = "$NEWEST_GCC" ] && [ -z "$root_versions" ] && mode=full
	add_gcc gcc-$v $mode host-build \
		"$(host_check gcc-$v g++-$v "$top/plugin/gcc-$v/pokehole.so" $mode $flags)"
	groups="$groups gcc-$v"
done
root_newest=$(echo $root_versions | tr ' ' '\n' | tail -n 1)
for v in $root_versions; do
	mode=smoke
	[ $v = "$root_newest" ] && mode=full
	add_gcc gcc-$v $mode root-build \
		"PH_QUIET=1 sh $top/scripts/gcc-root.sh test $PH_GCC_ROOT $jobs $v $root_newest @OUT@" root-$mode
	groups="$groups gcc-$v"
done
# The sanitizer's steps: the reader's tests again, the fuzz inputs, the
# testsuite's sources (the third after the default GCC's real-code
# units, whose objects it reads: pokehole.realcode/ gives them to the
# corpus).
san="MAKEFLAGS= $MAKE --no-print-directory -C $top check-sanitize SAN_READER_CORPUS=$results/reader-corpus VERBOSE=1"
echo "126 sanitize.1 reader|PH_SAN_STEPS=1 $san > $jobs/sanitize.1.sum 2>&1; true" >> "$list"
echo "10 sanitize.2 host-build|PH_SAN_STEPS=2 $san > $jobs/sanitize.2.sum 2>&1; true" >> "$list"
echo "95 sanitize.3 reader gcc-$DEFAULT_GCC_MAJOR.realcode|PH_SAN_STEPS=3 $san > $jobs/sanitize.3.sum 2>&1; true" >> "$list"

# The order: the builds and the reader's tests first, then the longest
# first (scripts/run-jobs.sh starts the first whose needs have ended).
timed="sh $top/scripts/check-jobs.sh time"
{
	echo "host-build||$timed host-build $MAKE --no-print-directory -C $top -j ${JOBS:-2} all $TEST_TOOLS sanitize-build"
	[ -n "$root_versions" ] &&
		echo "root-build||$timed root-build sh $top/scripts/gcc-root.sh build $PH_GCC_ROOT $results $root_newest"
	echo "reader|host-build|$timed reader $(host_check "$CC" "$CXX" "$PLUGIN" reader READER=$READER READER_CORPUS=$results/reader-corpus $flags | sed 's|@OUT@|reader|')"
	sort -k1,1nr -s "$list" | while IFS='|' read -r head cmd; do
		set -- $head
		name=$2
		shift 2
		echo "$name|$*|$timed $name \"$cmd\""
	done
} > "$results/jobs.run"

# Run them (PH_JOBS_PLAN: only write the plan); then each group's jobs
# put together, in the order of the list, as RESULTS/GROUP/pokehole.sum
# and .log.
[ -n "${PH_JOBS_PLAN-}" ] && exit 0
bash "$top/scripts/run-jobs.sh" "$results/jobs.run" "${JOBS:-2}"
[ -n "$root_versions" ] && sh "$top/scripts/gcc-root.sh" umount "$PH_GCC_ROOT"
for g in $groups reader; do
	rm -rf "$results/$g"
	mkdir -p "$results/$g"
	for d in "$jobs/$g" "$jobs/$g".*; do
		[ -d "$d" ] || continue
		for f in pokehole.sum pokehole.log; do
			[ -f "$d/$f" ] && cat "$d/$f" >> "$results/$g/$f"
		done
	done
done
cat "$jobs"/sanitize.*.sum > "$results/sanitize.sum" 2>/dev/null
for v in $root_versions; do
	echo "$results/gcc-$v/pokehole.sum"
done > "$results/gcc-root.list"
