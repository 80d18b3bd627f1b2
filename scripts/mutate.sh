#!/bin/sh
# scripts/mutate.sh - mutation testing: does the testsuite fail when the
# code is wrong?  `make mutate [MUTANTS="ID..."]` runs it.
#   scripts/mutate.sh [-l LIST] [-k] [-n] [-j N] [ID...]
# Each mutant of LIST (default testsuite/mutants/mutants.txt, whose top
# describes the format) is applied in turn to a copy of the tree (the
# tracked files of the working tree, and its build/ when there is one, in
# $MUTATE_DIR or a new /tmp/ph-mutate.XXXXXX), which is rebuilt (only
# what changed: the Makefile's -MMD dependencies) and tested with the
# tests of the mutant's part, in order, stopping at the first failure:
#   reorg, report: c.exp, the reader's (pokehole.reader/), reorg.exp,
#                  warn.exp, c++.exp
#   plugin:        c.exp, warn.exp, baseline.exp, c++.exp, the reader's
#                  (the plugin against the reader)
#   reader (input/, funct/, tools/): the reader's, dwarf.exp, units.exp, funct.exp,
#                  report-in.exp
# (each .exp run alone, `runtest --tool pokehole` as scripts/check-gcc.sh
# runs it, with the default GCC; the reader's are corpus.exp, options.exp,
# elsewhere.exp, bad.exp).  A mutant is killed when its build
# fails, or a .exp gives a FAIL, ERROR or UNRESOLVED
# line that the unmutated tree does not give: each part's tests are run
# on the unmutated copy first (the baseline), and a part whose baseline
# fails otherwise (a .exp without a PASS) stops the
# run.  Prints `killed ID by TEST` or `SURVIVED ID: DESCRIPTION` per
# mutant (`equivalent ID: WHY` for one the list marks equivalent: not
# run, not counted), then `N killed of M` and the survivors; exits 1 when fewer
# than 90% are killed, 2 on an error (a mutant whose FIND is not exactly
# once in its part: the list is stale).  -k keeps the copy; -n only
# checks the list against the source; -j N (or MUTATE_JOBS) splits the
# mutants between N runs side by side, each in its own copy (the tests
# run one compiler at a time: N cores, N runs).
# MUTATE_TIMEOUT: seconds per test (default 1200; a test that runs out
# of time kills the mutant: a mutant that loops).
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
list=$top/testsuite/mutants/mutants.txt
keep= check_only= jobs=${MUTATE_JOBS:-1}
while [ $# -gt 0 ]; do
	case $1 in
	-l) list=$2; shift 2 ;;
	-j) jobs=$2; shift 2 ;;
	-k) keep=1; shift ;;
	-n) check_only=1; shift ;;
	--) shift; break ;;
	-*) echo "mutate: unknown option $1" >&2; exit 2 ;;
	*) break ;;
	esac
done
timeout_s=${MUTATE_TIMEOUT:-1200}
MAKE=${MAKE:-make}
CC=${CC:-gcc}
CXX=${CXX:-g++}

die() { echo "mutate: $*" >&2; exit 2; }
[ -f "$list" ] || die "no list $list"
for tool in perl runtest git setsid timeout; do
	command -v $tool >/dev/null || die "needs $tool"
done

# The list as lines ID<TAB>PART<TAB>FIND<TAB>REPLACE<TAB>DESC, the
# escapes of FIND and REPLACE left as they are (decoded when applied).
records=$(perl -ne '
	sub flush { return unless %r;
		for my $k (qw(id part find replace desc)) {
			die "mutate: $ARGV: a record without $k (near line $.)\n"
				unless defined $r{$k}; }
		die "mutate: $ARGV: bad part $r{part} of $r{id}\n"
			unless $r{part} =~ /^(reorg|report|plugin|reader)$/;
		die "mutate: $ARGV: mutant $r{id} twice\n" if $seen{$r{id}}++;
		$r{equivalent} = "" unless defined $r{equivalent};
		print join("\t", @r{qw(id part find replace desc equivalent)}), "\n"; %r = (); }
	chomp; next if /^#/;
	if (/^\s*$/) { flush(); next; }
	/^(id|part|find|replace|desc|equivalent):\s?\s*(.*)$/ or die "mutate: $ARGV:$.: not a field: $_\n";
	die "mutate: $ARGV:$.: $1 twice in a record\n" if defined $r{$1};
	die "mutate: $ARGV:$.: a tab in $1\n" if $2 =~ /\t/;
	$r{$1} = $2;
	END { flush(); }' "$list") || exit 2

if [ $# -gt 0 ]; then
	sel=
	for id in "$@"; do
		line=$(printf '%s\n' "$records" | awk -F'\t' -v id="$id" '$1 == id')
		[ -n "$line" ] || die "no mutant $id in $list"
		sel="$sel$line
"
	done
	records=$(printf '%s' "$sel")
fi
[ -n "$records" ] || die "no mutants"

# apply TOP PART FIND REPLACE [CHECK]: FIND (escaped) must be in exactly
# one place in the .c/.h/.cc files of PART's directories under TOP
# (reader: input/, funct/ and tools/); with CHECK only say which file
# (relative to TOP), else replace it there.
apply() {
	perl -MFile::Find -e '
		my ($top, $part, $find, $repl, $check) = @ARGV;
		for ($find, $repl) { s/\\(n|t|\\)/$1 eq "n" ? "\n" : $1 eq "t" ? "\t" : "\\"/ge; }
		my @dirs = $part eq "reader" ? qw(input funct tools) : ($part);
		my @files;
		for my $d (@dirs) {
			-d "$top/$d" or die "mutate: $top/$d: no such directory\n";
			find({ no_chdir => 1, wanted => sub {
				push @files, substr($_, length($top) + 1) if /\.(c|h|cc)$/ && -f $_;
			} }, "$top/$d");
		}
		my ($hits, $where) = (0, "");
		for my $f (sort @files) {
			open(my $h, "<", "$top/$f") or die; local $/; my $s = <$h>;
			my $n = () = $s =~ /\Q$find\E/g;
			$hits += $n; $where .= " $f" x $n;
		}
		if ($hits != 1) { print "$hits:$where\n"; exit 1; }
		(my $f = $where) =~ s/^ //;
		print "$f\n";
		exit 0 if $check;
		open(my $h, "<", "$top/$f") or die; local $/; my $s = <$h>; close $h;
		$s =~ s/\Q$find\E/$repl/;
		open($h, ">", "$top/$f") or die; print $h $s; close $h or die;
	' "$@"
}

# Check the whole selection against the source first.
bad=0
printf '%s\n' "$records" > "${TMPDIR:-/tmp}/ph-mutate-list.$$"
while IFS='	' read -r id part find repl desc equiv; do
	if ! r=$(apply "$top" "$part" "$find" "$repl" check); then
		n=${r%%:*}
		if [ "$n" = 0 ]; then
			echo "mutate: $id: its find-string is nowhere in $part/" >&2
		else
			echo "mutate: $id: its find-string is in $part/ $n times:${r#*:}" >&2
		fi
		bad=1
	fi
done < "${TMPDIR:-/tmp}/ph-mutate-list.$$"
rm -f "${TMPDIR:-/tmp}/ph-mutate-list.$$"
[ $bad = 0 ] || die "the list is stale: fix the mutants above"
if [ -n "$check_only" ]; then
	echo "mutate: $(printf '%s\n' "$records" | wc -l) mutants, each found once"
	exit 0
fi

# Side by side: every Nth mutant to one run, their verdicts added up.
case $jobs in ''|*[!0-9]*|0) die "-j wants a number of runs, not '$jobs'" ;; esac
nrec=$(printf '%s\n' "$records" | wc -l)
[ "$jobs" -gt "$nrec" ] && jobs=$nrec
if [ "$jobs" -gt 1 ]; then
	out=$(mktemp -d "${TMPDIR:-/tmp}/ph-mutate-jobs.XXXXXX") || exit 2
	echo "mutate: $nrec mutants in $jobs runs side by side (their output in $out)"
	start=$(date +%s)
	trap 'kill 0 2>/dev/null; exit 130' INT TERM
	j=0
	while [ $j -lt "$jobs" ]; do
		ids=$(printf '%s\n' "$records" |
			awk -F'\t' -v n="$jobs" -v j=$j '(NR - 1) % n == j { print $1 }')
		# shellcheck disable=SC2086
		MUTATE_DIR= sh "$0" -l "$list" ${keep:+-k} -j 1 $ids \
			> "$out/$j.out" 2>&1 &
		j=$((j + 1))
	done
	wait
	j=0 fatal=0
	while [ $j -lt "$jobs" ]; do
		sed "s/^/[$j] /" "$out/$j.out" | grep -v -E '^\[[0-9]+\] (killed |SURVIVED |equivalent |survivors:|[0-9]+ killed of )'
		grep -q -E '^[0-9]+ killed of ' "$out/$j.out" || fatal=1
		j=$((j + 1))
	done
	cat "$out"/*.out | grep -E '^(killed |SURVIVED |equivalent )'
	total=$(cat "$out"/*.out | grep -c -E '^(killed |SURVIVED )')
	killed=$(cat "$out"/*.out | grep -c '^killed ')
	survivors=$(cat "$out"/*.out | sed -n 's/^SURVIVED \([^:]*\):.*/\1/p' | tr '\n' ' ')
	nequiv=$(cat "$out"/*.out | grep -c '^equivalent ')
	[ $fatal = 0 ] || die "a run stopped before its end (its lines above; all in $out)"
	rm -rf "$out"
	echo "$killed killed of $total ($nequiv equivalent not run; $(( ($(date +%s) - start) / 60 )) min, $jobs runs side by side)"
	[ -n "$survivors" ] && echo "survivors: $survivors"
	[ $((killed * 10)) -ge $((total * 9)) ] || exit 1
	exit 0
fi

# The copy.
if [ -n "${MUTATE_DIR:-}" ]; then
	work=$MUTATE_DIR; mkdir -p "$work" || exit 2
else
	work=$(mktemp -d "${TMPDIR:-/tmp}/ph-mutate.XXXXXX") || exit 2
fi
[ -n "$keep" ] || trap 'rm -rf "$work"' EXIT
trap 'exit 130' INT TERM
echo "mutate: copying the tree into $work"
(cd "$top" && { git ls-files -z --cached --others --exclude-standard; [ -d build ] && find build -type f -print0;
  for f in plugin/pokehole.so tools/pokehole tools/pokefunct testsuite/tools/ph-probe \
	   testsuite/tools/ph-gen testsuite/tools/ph-initgen testsuite/tools/failing-alloc.so; do
	[ -f "$f" ] && printf '%s\0' "$f"; done; } |
  tar --null -T - -cf - 2>/dev/null) | (cd "$work/" && tar -xpf -) ||
	die "cannot copy the tree"
mkdir -p "$work/.mutate"
log=$work/.mutate/log

build() {
	$MAKE -C "$work" --no-print-directory -j2 plugin/pokehole.so \
	  tools/pokehole tools/pokefunct testsuite/tools/ph-probe \
	  testsuite/tools/ph-gen testsuite/tools/ph-initgen testsuite/tools/failing-alloc.so >> "$log" 2>&1
}

tests_of() {
	case $1 in
	reorg|report) echo c.exp corpus.exp options.exp elsewhere.exp bad.exp reorg.exp warn.exp c++.exp embed.exp diff.exp groups.exp nested.exp html.exp sites.exp initgen.exp dwarf.exp compact.exp access.exp false-sharing.exp ;;
	plugin) echo c.exp warn.exp baseline.exp c++.exp corpus.exp options.exp elsewhere.exp bad.exp embed.exp functions.exp sites.exp initgen.exp fixit.exp once.exp jsondir.exp access.exp accessgen.exp false-sharing.exp assertgen.exp ;;
	reader) echo corpus.exp options.exp elsewhere.exp bad.exp dwarf.exp units.exp funct.exp report-in.exp embed.exp diff.exp groups.exp nested.exp html.exp compact.exp sites.exp initgen.exp names.exp access.exp ;;
	esac
}

# bad_lines SUM: its FAIL, ERROR and UNRESOLVED lines, the run's own
# directories taken out; not those where the probe program could not
# run at all and the shell read it as a script ("PROG.exe: 1: Syntax
# error"): an -m32 one where the kernel runs no i386 programs, which
# fails or not by chance.
bad_lines() {
	LC_ALL=C grep -a -E '^(FAIL|ERROR|UNRESOLVED):' "$1" 2>/dev/null |
		LC_ALL=C grep -v -E 'the probe program failed: [^ ]*\.exe: [0-9]+: ' |
		LC_ALL=C sed -e "s|$work/.mutate/[^/ ]*|OUT|g" \
		    -e 's|pokehole-tmp/[0-9]*|TMP|g' | LC_ALL=C sort -u
}

# run_test TEST TAG: 0 when it passes (as the baseline does, for a .exp;
# TAG base: records the baseline), 1 when it fails, stopping it at the
# first new failure.
run_test() {
	t=$1 tag=$2
	out=$work/.mutate/$tag-$t
	rm -rf "$out"; mkdir -p "$out"
	(cd "$work/testsuite" && LC_ALL=C exec setsid timeout "$timeout_s" \
	  runtest --tool pokehole --srcdir . --outdir "$out" \
	  PLUGIN="$work/plugin/pokehole.so" PROBE="$work/testsuite/tools/ph-probe" \
	  FAILING_ALLOC="$work/testsuite/tools/failing-alloc.so" \
	  CC="$CC" CXX="$CXX" "$t") > /dev/null 2>&1 &
	pid=$!
	base=$work/.mutate/base-$t.bad
	failed=0
	while kill -0 $pid 2>/dev/null; do
		sleep 2
		if [ "$tag" != base ] && bad_lines "$out/pokehole.sum" |
		   grep -q -v -x -F -f "$base"; then
			failed=1
			kill -TERM -- -$pid 2>/dev/null
			break
		fi
	done
	wait $pid
	rc=$?
	[ $rc = 124 ] && { echo "$t: timed out" >> "$log"; failed=1; }
	if [ "$tag" = base ]; then
		bad_lines "$out/pokehole.sum" > "$base"
		grep -a -q '^PASS' "$out/pokehole.sum" 2>/dev/null || return 1
		[ -s "$base" ] && echo "mutate: note: $t fails $(wc -l < "$base") times unmutated (those lines are ignored)"
		return 0
	fi
	if [ $failed = 0 ] && bad_lines "$out/pokehole.sum" |
	   grep -q -v -x -F -f "$base"; then
		failed=1
	fi
	if [ $failed = 1 ]; then
		bad_lines "$out/pokehole.sum" | grep -v -x -F -f "$base" |
			head -3 >> "$log"
		rm -rf "$out"
		return 1
	fi
	grep -a -q '^PASS' "$out/pokehole.sum" 2>/dev/null || return 1
	rm -rf "$out"
	return 0
}

echo "mutate: building the unmutated copy"
build || die "the unmutated tree does not build (see $log)"
parts=$(printf '%s\n' "$records" | cut -f2 | sort -u)
needed=
for p in $parts; do needed="$needed $(tests_of $p)"; done
needed=$(printf '%s\n' $needed | sort -u)
for t in $needed; do
	t0=$(date +%s)
	run_test "$t" base || { keep=1; trap - EXIT
		die "the unmutated tree fails $t (see $work/.mutate/base-$t)"; }
	echo "mutate: baseline: $t passes ($(( $(date +%s) - t0 ))s)"
done

total=0 killed=0 survivors= nequiv=0
start=$(date +%s)
printf '%s\n' "$records" > "$work/.mutate/list"
while IFS='	' read -r id part find repl desc equiv; do
	if [ -n "$equiv" ]; then
		echo "equivalent $id: $equiv"
		nequiv=$((nequiv + 1))
		continue
	fi
	total=$((total + 1))
	echo "=== $id" >> "$log"
	t0=$(date +%s)
	file=$(apply "$work" "$part" "$find" "$repl" check) || die "$id: cannot apply"
	cp "$work/$file" "$work/.mutate/orig" &&
		apply "$work" "$part" "$find" "$repl" > /dev/null ||
		die "$id: cannot apply"
	by=
	if ! build; then
		by=build
	else
		for t in $(tests_of "$part"); do
			run_test "$t" "$id" || { by=$t; break; }
		done
	fi
	# Restore the file (a new mtime: the next build recompiles it).
	cat "$work/.mutate/orig" > "$work/$file" ||
		die "$id: cannot undo in $file"
	echo "$id: $(( $(date +%s) - t0 ))s" >> "$log"
	if [ -n "$by" ]; then
		killed=$((killed + 1))
		echo "killed $id by $by"
	else
		survivors="$survivors $id"
		echo "SURVIVED $id: $desc"
	fi
done < "$work/.mutate/list"
build || die "the restored tree does not build"

echo "$killed killed of $total ($nequiv equivalent not run; $(( ($(date +%s) - start) / 60 )) min)"
[ -n "$survivors" ] && echo "survivors:$survivors"
[ $((killed * 10)) -ge $((total * 9)) ] || exit 1
exit 0
