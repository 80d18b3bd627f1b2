#!/bin/sh
# Makes sure this machine runs what `gcc -m32` builds:
#
#   scripts/i386-exec.sh [CC]
#
# The testsuite measures every -m32 layout by running a program the
# compiler built (offsetof, sizeof, bits set one by one), so i386
# programs must run.  Some kernels are built without IA-32 emulation
# (CONFIG_IA32_EMULATION off: "Exec format error"); there, qemu's user
# mode runs them, registered with binfmt_misc.  The F flag makes the
# kernel open the interpreter once, at registration, so it serves the
# GCC root's chroot (scripts/gcc-root.sh) as well; qemu-i386-static
# needs no library of the host's.  As root it installs and registers
# what is missing; otherwise it says what to run.  Exits 0 when i386
# programs run (or when CC cannot build them at all: the tests that need
# -m32 say so themselves).
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
cc=${1:-gcc}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
printf 'int main(void) { return sizeof(void *) == 4 ? 42 : 1; }\n' > "$work/t.c"
"$cc" -m32 "$work/t.c" -o "$work/t" 2>/dev/null || exit 0

runs() {
	"$work/t" 2>/dev/null
	[ $? = 42 ]
}

runs && exit 0
qemu=/usr/bin/qemu-i386-static
misc=/proc/sys/fs/binfmt_misc
if [ "$(id -u)" != 0 ]; then
	echo "pokehole: this kernel does not run i386 programs, which the -m32 tests need; as root:" >&2
	echo "  apt-get install qemu-user-static && sh scripts/i386-exec.sh" >&2
	exit 1
fi
echo "pokehole: this kernel does not run i386 programs: registering qemu-i386 with binfmt_misc"
if [ ! -x $qemu ]; then
	{ apt-get update -qq &&
	  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
		--no-install-recommends qemu-user-static >/dev/null; } ||
		{ echo "pokehole: cannot install qemu-user-static" >&2; exit 1; }
fi
if [ ! -e $misc/register ]; then
	mount -t binfmt_misc binfmt_misc $misc ||
		{ echo "pokehole: cannot mount binfmt_misc on $misc" >&2; exit 1; }
fi
echo 1 > $misc/status 2>/dev/null
# An entry of that name left by someone else (without F, or pointing at
# another interpreter) is replaced.
[ -e $misc/qemu-i386 ] && echo -1 > $misc/qemu-i386
# ELF, 32-bit, little-endian, version 1, any OS ABI; e_type executable
# or shared object; e_machine EM_386.
magic='\x7fELF\x01\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x02\x00\x03\x00'
mask='\xff\xff\xff\xff\xff\xfe\xfe\x00\xff\xff\xff\xff\xff\xff\xff\xff\xfe\xff\xff\xff'
printf '%s\n' ":qemu-i386:M::$magic:$mask:$qemu:F" > $misc/register ||
	{ echo "pokehole: binfmt_misc refused the qemu-i386 entry" >&2; exit 1; }
if ! runs; then
	echo "pokehole: i386 programs still do not run under $qemu" >&2
	exit 1
fi
echo "pokehole: i386 programs run under $qemu"
