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

# Runs a command in DIR with /dev, /dev/pts (expect's terminals) and
# /proc mounted, unmounted again whatever happens.
in_root() {
	dir=$1
	shift
	mounted=
	for m in dev dev/pts proc; do
		mountpoint -q "$dir/$m" && continue
		if [ $m = proc ]; then
			mount -t proc proc "$dir/proc"
		else
			mount --bind "/$m" "$dir/$m"
		fi && mounted="$dir/$m $mounted"
	done
	chroot "$dir" "$@"
	rc=$?
	for m in $mounted; do umount "$m"; done
	return $rc
}

# The source tree, without what builds and tests leave.
copy_tree() {
	rm -rf "$1" && mkdir -p "$1" || return 1
	if git -C "$top" rev-parse --git-dir >/dev/null 2>&1; then
		(cd "$top" && git ls-files -co --exclude-standard | grep -v '^testsuite/results/' |
			tar -cf - -T -) | tar -xf - -C "$1"
	else
		(cd "$top" && tar -cf - --exclude=./build --exclude=./build-san \
			--exclude=./testsuite/results .) | tar -xf - -C "$1"
	fi
}

fail_sum() {	# fail_sum RESULTS VERSION WHY
	mkdir -p "$1/gcc-$2"
	printf 'FAIL: gcc-%s: %s\n' "$2" "$3" > "$1/gcc-$2/pokehole.sum"
}

check() {
	dir=$1 results=$2
	shift 2
	skip=" $* "
	[ -x "$dir/usr/bin/chroot" ] || [ -d "$dir/usr/bin" ] || die "no system in $dir (make gcc-root)"
	: > "$results/gcc-root.list"
	versions=$(chroot "$dir" sh -c 'for v in $(seq 11 20); do
		[ -f "$(gcc-$v -print-file-name=plugin 2>/dev/null)/include/gcc-plugin.h" ] &&
		command -v g++-$v >/dev/null && echo $v; done')
	todo=
	for v in $versions; do
		case $skip in *" $v "*) continue ;; esac
		todo="$todo $v"
		echo "$results/gcc-$v/pokehole.sum" >> "$results/gcc-root.list"
	done
	[ -n "$todo" ] || { echo "gcc-root: no GCC in $dir to test" >&2; return 0; }
	# The newest is the build's default GCC (the suite's own "gcc" may be
	# one without plugin headers): plugin/pokehole.so is its plugin.
	newest=$(echo $todo | tr ' ' '\n' | sort -n | tail -n 1)
	echo "pokehole: building in $dir (GCC$todo)"
	# Without -g: these builds are only tested, never installed, and
	# GCC's headers make a plugin object's debug information a fifth of
	# its compile time (no test here reads it: oom.exp's backtraces run
	# with the host's default GCC only).
	if ! copy_tree "$dir/pokehole" ||
	   ! in_root "$dir" sh -c "cd /pokehole && make -j2 all testsuite/tools/ph-probe testsuite/tools/ph-gen testsuite/tools/ph-initgen testsuite/tools/failing-alloc.so CC=gcc-$newest CXX=g++-$newest CFLAGS=-O2 CXXFLAGS=-O2" \
		> "$results/gcc-root.build.log" 2>&1; then
		why=$(grep -m1 -E 'error|Error' "$results/gcc-root.build.log")
		for v in $todo; do
			fail_sum "$results" $v "the build in $dir failed: ${why:-see gcc-root.build.log}"
		done
		return 0
	fi
	for v in $todo; do
		so=/pokehole/plugin/gcc-$v/pokehole.so
		[ "$v" = "$newest" ] && so=/pokehole/plugin/pokehole.so
		# The host's GCCs run the oldest and the default in full or
		# core; here the newest in full, those before it a smoke run.
		mode=smoke
		[ "$v" = "$newest" ] && mode=full
		rm -rf "$dir/pokehole/results/gcc-$v"
		in_root "$dir" sh /pokehole/scripts/check-gcc.sh \
			/pokehole/results/gcc-$v gcc-$v g++-$v $so $mode
		rm -rf "$results/gcc-$v"
		if [ -s "$dir/pokehole/results/gcc-$v/pokehole.sum" ]; then
			cp -r "$dir/pokehole/results/gcc-$v" "$results/gcc-$v"
		else
			fail_sum "$results" $v "the testsuite did not run in $dir"
		fi
	done
}

case ${1-} in
create) [ $# -eq 2 ] || die "usage: $0 create DIR"; create "$2" ;;
check) [ $# -ge 3 ] || die "usage: $0 check DIR RESULTS [SKIP...]"; shift; check "$@" ;;
*) die "usage: $0 create DIR | check DIR RESULTS [SKIP...]" ;;
esac
