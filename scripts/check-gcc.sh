#!/bin/sh
# The testsuite with one GCC and the plugin built for it:
#   scripts/check-gcc.sh OUTDIR CC CXX PLUGIN full|core [RUNTEST ARGS...]
# into OUTDIR/pokehole.sum and .log.  "core" leaves out what needs the
# default compiler and the reader (pokehole.dwarf/), and the real-code
# corpus and header sweep (pokehole.realcode/), which take most of the
# time: make check runs those with the default GCC and the newest one.
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
out=$1 cc=$2 cxx=$3 so=$4 mode=$5
shift 5
top=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$out"
tests=
if [ "$mode" = core ]; then
	tests=$(cd "$top/testsuite" && ls pokehole.*/*.exp | sed 's|.*/||' |
		grep -v -x -e realcode.exp -e sweep.exp -e dwarf.exp -e units.exp \
			-e oom.exp -e report-in.exp -e embed.exp -e diff.exp)
fi
echo "pokehole: testing with $cc ($mode)"
cd "$top/testsuite" && LC_ALL=C runtest --tool pokehole --srcdir . \
	--outdir "$out" PLUGIN="$so" PROBE="$top/testsuite/tools/ph-probe" \
	FAILING_ALLOC="$top/testsuite/tools/failing-alloc.so" \
	CC="$cc" CXX="$cxx" "$@" $tests >/dev/null
exit 0
