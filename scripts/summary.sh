#!/bin/sh
# Totals DejaGnu .sum files into the one line CI reads, "N passed, N failed",
# and fails when anything failed or nothing ran.  Anything that is not an
# expected pass or an expected failure counts as failed: an unresolved or
# untested test is a test that did not show what it should.
set -u
passed=0 failed=0
for sum in "$@"; do
	if [ ! -s "$sum" ]; then
		echo "summary: $sum is missing or empty" >&2
		failed=$((failed + 1))
		continue
	fi
	p=$(grep -c '^PASS:' "$sum")
	f=$(grep -c '^\(FAIL\|XPASS\|KPASS\|UNRESOLVED\|UNTESTED\|ERROR\):' "$sum")
	grep '^\(FAIL\|XPASS\|KPASS\|UNRESOLVED\|UNTESTED\|ERROR\):' "$sum" >&2
	x=$(grep -c '^\(XFAIL\|KFAIL\):' "$sum")
	[ "$x" -gt 0 ] && echo "$sum: $x expected failures (known limitations):" >&2 &&
		grep '^\(XFAIL\|KFAIL\):' "$sum" | cut -c1-160 >&2
	if [ $((p + f)) -eq 0 ]; then
		echo "summary: $sum has no results (did its build fail?)" >&2
		f=1
	fi
	passed=$((passed + p))
	failed=$((failed + f))
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
