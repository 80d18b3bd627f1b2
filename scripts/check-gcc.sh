#!/bin/sh
# The testsuite with one GCC and the plugin built for it:
#   scripts/check-gcc.sh OUTDIR CC CXX PLUGIN full|core|smoke|reader [RUNTEST ARGS...]
# into OUTDIR/pokehole.sum and .log.  "reader" runs only the reader's
# tests (pokehole.reader/, whatever CC is), which make check runs apart
# from the default GCC's full run (PH_READER=0 there) so that the
# sanitized reader's run reuses their corpus (READER_CORPUS), and the
# tests no compiler changes (ONCE below: the source's shape, the hash
# table), which "full" leaves to it: make check runs two GCCs in full.  "core" leaves out what needs the
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
tests=
# What tests the tree itself, not the plugin or the reader with a
# compiler: run once, with the reader's tests.
ONCE="structure.exp hashtab.exp alloc.exp slabinfo.exp"
# Every test file but those named.
all_but() {
	(cd "$top/testsuite" && ls pokehole.*/*.exp | sed 's|.*/||' |
		grep -v -x -F $(printf -- '-e %s ' "$@"))
}
case $mode in
full)
	tests=$(all_but $ONCE) ;;
core)
	# Nor the random and hostile generators, nor what tests the engine
	# and the readers more than the plugin (reorg, tools, funct,
	# tu-array): the default and the newest GCC run those.
	tests=$(all_but realcode.exp sweep.exp dwarf.exp units.exp \
		oom.exp report-in.exp embed.exp diff.exp groups.exp random.exp \
		hostile.exp initgen.exp reorg.exp tools.exp funct.exp tu-array.exp \
		html.exp compact.exp output.exp corpus.exp options.exp elsewhere.exp \
		bad.exp $ONCE) ;;
smoke)
	# The layouts against the compiler, the warnings and fix-its, the
	# baselines and the function records: the GCCs between the oldest
	# and the newest, within make check's time.
	tests="c.exp c++.exp functions.exp warn.exp fixit.exp baseline.exp sites.exp" ;;
reader)
	tests="$(cd "$top/testsuite" && ls pokehole.reader/*.exp | sed 's|.*/||' | tr '\n' ' ')$ONCE" ;;
esac
# PH_ONLY (environment): only those of the mode's tests it names;
# PH_EXCEPT: all of them but those (make check's jobs, scripts/check-jobs.sh).
if [ -n "${PH_ONLY-}" ] || [ -n "${PH_EXCEPT-}" ]; then
	keep=
	for t in $tests; do
		[ -n "${PH_ONLY-}" ] && case " $PH_ONLY " in *" $t "*) ;; *) continue ;; esac
		case " ${PH_EXCEPT-} " in *" $t "*) continue ;; esac
		keep="$keep $t"
	done
	tests=$keep
	[ -n "$tests" ] || { echo "pokehole: no test of $mode is left (PH_ONLY, PH_EXCEPT)" >&2; exit 0; }
fi
# PH_LIST: the list, printed, and nothing run.
[ -n "${PH_LIST-}" ] && { echo $tests; exit 0; }
[ $mode = reader ] && tests="$tests PH_READER=1"
mkdir -p "$out"
[ -n "${PH_QUIET-}" ] || echo "pokehole: testing with $cc ($mode)"
cd "$top/testsuite" && LC_ALL=C runtest --tool pokehole --srcdir . \
	--outdir "$out" PLUGIN="$so" PROBE="$top/testsuite/tools/ph-probe" \
	FAILING_ALLOC="$top/testsuite/tools/failing-alloc.so" \
	CC="$cc" CXX="$cxx" "$@" $tests >/dev/null
exit 0
