#!/bin/sh
# The testsuite with one GCC and the plugin built for it:
#   scripts/check-gcc.sh OUTDIR CC CXX PLUGIN full|core|smoke|reader [RUNTEST ARGS...]
# into OUTDIR/pokehole.sum and .log.  "reader" runs only the reader's
# tests (pokehole.reader/, whatever CC is), which make check runs apart
# from the default GCC's full run (PH_READER=0 there) so that the
# sanitized reader's run reuses their corpus (READER_CORPUS).  "core" leaves out what needs the
# default compiler and the reader (pokehole.dwarf/), the real-code
# corpus and header sweep (pokehole.realcode/), which take most of the
# time, and the random and hostile generators: make check runs those
# with the default GCC and the newest one, core with the oldest, and
# "smoke" (the layouts, warnings, baselines and function records) with
# those between.
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
out=$1 cc=$2 cxx=$3 so=$4 mode=$5
shift 5
top=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$out"
tests=
case $mode in
core)
	# Nor the random and hostile generators, nor what tests the engine
	# and the readers more than the plugin (reorg, tools, funct,
	# tu-array): the default and the newest GCC run those.
	tests=$(cd "$top/testsuite" && ls pokehole.*/*.exp | sed 's|.*/||' |
		grep -v -x -e realcode.exp -e sweep.exp -e dwarf.exp -e units.exp \
			-e oom.exp -e report-in.exp -e embed.exp -e diff.exp -e groups.exp \
			-e random.exp -e hostile.exp -e initgen.exp -e reorg.exp -e tools.exp \
			-e funct.exp -e tu-array.exp -e html.exp -e compact.exp -e output.exp \
			-e corpus.exp -e options.exp -e elsewhere.exp -e bad.exp -e structure.exp \
			-e hashtab.exp) ;;
smoke)
	# The layouts against the compiler, the warnings and fix-its, the
	# baselines and the function records: the GCCs between the oldest
	# and the newest, within make check's time.
	tests="c.exp c++.exp functions.exp warn.exp fixit.exp baseline.exp sites.exp" ;;
reader)
	tests="--directory pokehole.reader PH_READER=1" ;;
esac
echo "pokehole: testing with $cc ($mode)"
cd "$top/testsuite" && LC_ALL=C runtest --tool pokehole --srcdir . \
	--outdir "$out" PLUGIN="$so" PROBE="$top/testsuite/tools/ph-probe" \
	FAILING_ALLOC="$top/testsuite/tools/failing-alloc.so" \
	CC="$cc" CXX="$cxx" "$@" $tests >/dev/null
exit 0
