#!/bin/sh
# fuzz/run.sh - `make fuzz`: each harness SECONDS seconds under libFuzzer.
# SPDX-License-Identifier: GPL-3.0-or-later
#
#   sh fuzz/run.sh SAN_DIR SECONDS PLUGIN CC CXX "HARNESSES" [LIBFUZZER-FLAGS]
#
# The corpora live in SAN_DIR/corpus/HARNESS (seeded by fuzz/seed.sh the
# first time, grown by each run); what libFuzzer finds (crash-*, leak-*,
# timeout-*, oom-*) is written to SAN_DIR/artifacts/HARNESS/ and copied to
# fuzz/regress/HARNESS/, which `make check-sanitize` replays.  Runs in
# fork mode, so a crash does not end the run; the log of each run is
# SAN_DIR/fuzz-HARNESS.log.  Exit status 1 when anything new was found.
top=$(cd "$(dirname "$0")/.." && pwd)
san=$1 secs=$2 plugin=$3 cc=$4 cxx=$5 harnesses=$6
shift 6
case $san in /*) ;; *) san=$top/$san;; esac
if [ ! -d "$san/corpus/reader" ]; then
	echo "fuzz: seeding $san/corpus"
	sh "$top/fuzz/seed.sh" "$san/seed" "$plugin" "$cc" "$cxx" || exit 2
	mkdir -p "$san/corpus"
	for h in reader baseline; do
		rm -rf "$san/corpus/$h"
		cp -r "$san/seed/$h" "$san/corpus/$h"
	done
fi
found=0
for h in $harnesses; do
	mkdir -p "$san/artifacts/$h" "$top/fuzz/regress/$h" "$san/corpus/$h"
	case $h in
	reader) opts="-max_len=262144 -timeout=20 -rss_limit_mb=3072";;
	*) opts="-max_len=65536 -timeout=10 -rss_limit_mb=2048";;
	esac
	echo "fuzz: $h for $secs s (log: $san/fuzz-$h.log)"
	# The dictionary of JSON tokens helps the harnesses that read JSON.
	dict=
	[ $h != reader ] && dict=-dict="$top/fuzz/json.dict"
	(cd "$san/artifacts/$h" &&
	 ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1 \
	 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	 "$san/fuzz/$h" -fork=1 -ignore_crashes=1 -ignore_timeouts=1 \
		-ignore_ooms=1 -max_total_time="$secs" -print_final_stats=1 \
		-artifact_prefix="$san/artifacts/$h/" $opts $dict "$@" \
		"$san/corpus/$h" > "$san/fuzz-$h.log" 2>&1)
	grep -E '^#[0-9]+: cov|INFO: fuzzed for|stat::|==ERROR|runtime error' \
		"$san/fuzz-$h.log" | tail -4
	for a in "$san/artifacts/$h"/*; do
		[ -f "$a" ] || continue
		name=$(basename "$a")
		if [ ! -f "$top/fuzz/regress/$h/$name" ]; then
			cp "$a" "$top/fuzz/regress/$h/$name"
			echo "fuzz: NEW $h finding: fuzz/regress/$h/$name"
			found=1
		fi
	done
done
exit $found
