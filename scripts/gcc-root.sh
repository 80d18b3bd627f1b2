#!/bin/sh
# GCCs that Debian 12 does not ship (13, 14, 15), with their plugin
# headers, from Debian's unstable suite, in a folder of their own:
#
#   scripts/gcc-root.sh create DIR
#       makes the system in DIR with mmdebstrap (root; about 2 minutes);
#       when DIR holds one already, installs in it the packages below it
#       lacks (a root made before the tree needed them).
#   scripts/gcc-root.sh check DIR RESULTS [SKIP...]
#       copies this tree into DIR, builds pokehole there with that
#       system's compilers, and runs the testsuite with each of its GCCs
#       but the versions SKIP (those the host tests): the newest in full,
#       the others a smoke run (scripts/check-gcc.sh).  Results go to
#       RESULTS/gcc-N/, and their .sum files are listed in
#       RESULTS/gcc-root.list; a build that fails is a FAIL in them.
#   The same in parts, as make check runs them (scripts/check-jobs.sh):
#   scripts/gcc-root.sh versions DIR [SKIP...]
#       the GCCs check would test, one a line, the newest last;
#   scripts/gcc-root.sh build DIR RESULTS NEWEST
#       the copy and the build (RESULTS/gcc-root.build.log; on failure
#       RESULTS/gcc-root.failed holds why), /dev and /proc left mounted;
#   scripts/gcc-root.sh test DIR RESULTS VERSION NEWEST OUT
#       VERSION's tests (PH_ONLY and PH_EXCEPT as check-gcc.sh takes
#       them) into RESULTS/OUT/;
#   scripts/gcc-root.sh umount DIR
#       what build left mounted.
#
# The unstable suite's Release file has expired on the mirrors, hence
# Check-Valid-Until.
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
VERSIONS="13 14 15"
PACKAGES="make libgmp-dev dejagnu python3 jq binutils patch gcc g++ \
libdw-dev libelf-dev libfmt-dev nlohmann-json3-dev libboost-dev dwarves \
libjansson-dev zlib1g-dev libbpf-dev binutils-dev"
for v in $VERSIONS; do
	PACKAGES="$PACKAGES gcc-$v g++-$v gcc-$v-plugin-dev gcc-$v-multilib g++-$v-multilib"
done

die() { echo "gcc-root: $*" >&2; exit 1; }

# The packages of PACKAGES the system in DIR lacks, installed in it.
complete() {
	dir=$1
	missing=
	for p in $PACKAGES; do
		chroot "$dir" dpkg-query -W -f='${Status}' $p 2>/dev/null |
			grep -q "ok installed" || missing="$missing $p"
	done
	[ -n "$missing" ] || return 0
	echo "gcc-root: installing$missing in $dir"
	in_root "$dir" sh -c "apt-get -o Acquire::Check-Valid-Until=false update -qq &&
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
		--no-install-recommends $missing" >/dev/null ||
		die "cannot install$missing in $dir"
}

create() {
	dir=$1
	[ "$(id -u)" = 0 ] || die "making $dir needs root"
	if [ -d "$dir/usr/bin" ]; then
		complete "$dir"
		return
	fi
	command -v mmdebstrap >/dev/null 2>&1 || {
		apt-get install -y -qq --no-install-recommends mmdebstrap \
			>/dev/null || die "cannot install mmdebstrap"; }
	mkdir -p "$(dirname "$dir")" || die "cannot make $(dirname "$dir")"
	rm -rf "$dir.new"
	mmdebstrap --variant=apt --quiet \
		--aptopt='Acquire::Check-Valid-Until "false"' \
		--include="$(echo $PACKAGES | tr ' ' ,)" \
		sid "$dir.new" || die "mmdebstrap failed"
	rm -rf "$dir" && mv "$dir.new" "$dir"
}

# Mounts /dev, /dev/pts (expect's terminals) and /proc in DIR where
# they are not; those it mounted in $mounted, innermost first.
mount_root() {
	mounted=
	for m in dev dev/pts proc; do
		mountpoint -q "$1/$m" && continue
		if [ $m = proc ]; then
			mount -t proc proc "$1/proc"
		else
			mount --bind "/$m" "$1/$m"
		fi && mounted="$1/$m $mounted"
	done
}

# Runs a command in DIR with those mounted, unmounted again whatever
# happens (but those mounted before).
in_root() {
	dir=$1
	shift
	mount_root "$dir"
	chroot "$dir" "$@"
	rc=$?
	for m in $mounted; do umount "$m"; done
	return $rc
}

# The source tree, without what builds and tests leave.
copy_tree() {
	rm -rf "$1" && mkdir -p "$1" || return 1
	if git -C "$top" rev-parse --git-dir >/dev/null 2>&1; then
		# names as they are (--null), and what a build beside this one
		# removes on the way left out
		(cd "$top" && git ls-files -z -co --exclude-standard |
			grep -z -v '^testsuite/results/' |
			tar --null --ignore-failed-read -cf - -T - 2>/dev/null) |
			tar -xf - -C "$1"
	else
		(cd "$top" && tar -cf - --exclude=./build --exclude=./build-san \
			--exclude=./testsuite/results .) | tar -xf - -C "$1"
	fi
}

fail_sum() {	# fail_sum DIR VERSION WHY: DIR/pokehole.sum, one FAIL saying WHY
	mkdir -p "$1"
	printf 'FAIL: gcc-%s: %s\n' "$2" "$3" > "$1/pokehole.sum"
}

# The GCCs of DIR with plugin headers but the versions SKIP, the newest
# last.
versions() {
	dir=$1
	shift
	skip=" $* "
	[ -x "$dir/usr/bin/chroot" ] || [ -d "$dir/usr/bin" ] || die "no system in $dir (make gcc-root)"
	for v in $(chroot "$dir" sh -c 'for v in $(seq 11 20); do
		[ -f "$(gcc-$v -print-file-name=plugin 2>/dev/null)/include/gcc-plugin.h" ] &&
		command -v g++-$v >/dev/null && echo $v; done'); do
		case $skip in *" $v "*) continue ;; esac
		echo $v
	done
}

# The tree copied into DIR/pokehole and built with GCC NEWEST, the
# build's default (the suite's own "gcc" may be one without plugin
# headers): plugin/pokehole.so is its plugin.  These builds are only
# tested, never installed: without -g (GCC's headers make a plugin
# object's debug information a fifth of its compile time, and no test
# here reads it: oom.exp's backtraces run with the host's default GCC
# only), and each plugin as one unit (PLUGIN_UNITY, the Makefile says
# why: 35 s of CPU instead of 100 for the three).
# One job: make check runs it beside its other tests.
build() {
	dir=$1 results=$2 newest=$3
	rm -f "$results/gcc-root.failed"
	mount_root "$dir"
	if ! { copy_tree "$dir/pokehole" &&
	   chroot "$dir" sh -c "cd /pokehole && MAKEFLAGS= make -j1 all testsuite/tools/ph-probe testsuite/tools/ph-gen testsuite/tools/ph-initgen testsuite/tools/failing-alloc.so testsuite/tools/ph-run CC=gcc-$newest CXX=g++-$newest CFLAGS=-O2 CXXFLAGS=-O2 PLUGIN_UNITY=1"; } \
		> "$results/gcc-root.build.log" 2>&1; then
		why=$(grep -m1 -E 'error|Error' "$results/gcc-root.build.log")
		echo "the build in $dir failed: ${why:-see gcc-root.build.log}" > "$results/gcc-root.failed"
	fi
}

# VERSION's tests: the newest in full, those before it a smoke run (the
# host's GCCs run the oldest and the default in full or core), into
# RESULTS/OUT.
test_version() {
	dir=$1 results=$2 v=$3 newest=$4 out=$5
	rm -rf "$results/$out"
	if [ -s "$results/gcc-root.failed" ]; then
		fail_sum "$results/$out" "$v" "$(cat "$results/gcc-root.failed")"
		return 0
	fi
	so=/pokehole/plugin/gcc-$v/pokehole.so
	[ "$v" = "$newest" ] && so=/pokehole/plugin/pokehole.so
	mode=smoke
	[ "$v" = "$newest" ] && mode=full
	rm -rf "$dir/pokehole/results/$out"
	chroot "$dir" sh /pokehole/scripts/check-gcc.sh \
		/pokehole/results/$out gcc-$v g++-$v $so $mode
	if [ -s "$dir/pokehole/results/$out/pokehole.sum" ]; then
		cp -r "$dir/pokehole/results/$out" "$results/$out"
	else
		fail_sum "$results/$out" "$v" "the testsuite did not run in $dir"
	fi
}

umount_root() {
	for m in proc dev/pts dev; do
		mountpoint -q "$1/$m" && umount "$1/$m"
	done
	return 0
}

check() {
	dir=$1 results=$2
	shift 2
	todo=$(versions "$dir" "$@") || exit 1
	[ -n "$todo" ] || { echo "gcc-root: no GCC in $dir to test" >&2; return 0; }
	: > "$results/gcc-root.list"
	for v in $todo; do
		echo "$results/gcc-$v/pokehole.sum" >> "$results/gcc-root.list"
	done
	newest=$(echo $todo | tr ' ' '\n' | tail -n 1)
	echo "pokehole: building in $dir (GCC $(echo $todo))"
	build "$dir" "$results" $newest
	for v in $todo; do
		test_version "$dir" "$results" $v $newest gcc-$v
	done
	umount_root "$dir"
}

case ${1-} in
create) [ $# -eq 2 ] || die "usage: $0 create DIR"; create "$2" ;;
check) [ $# -ge 3 ] || die "usage: $0 check DIR RESULTS [SKIP...]"; shift; check "$@" ;;
versions) [ $# -ge 2 ] || die "usage: $0 versions DIR [SKIP...]"; shift; versions "$@" ;;
build) [ $# -eq 4 ] || die "usage: $0 build DIR RESULTS NEWEST"; shift; build "$@" ;;
test) [ $# -eq 6 ] || die "usage: $0 test DIR RESULTS VERSION NEWEST OUT"; shift; test_version "$@" ;;
umount) [ $# -eq 2 ] || die "usage: $0 umount DIR"; umount_root "$2" ;;
*) die "usage: $0 create DIR | check DIR RESULTS [SKIP...] | versions | build | test | umount (see the top of $0)" ;;
esac
