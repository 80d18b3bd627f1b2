#!/bin/sh
# The shape of the source, as issue 34 set it, checked on a built tree:
#
#   scripts/structure.sh [TOP]
#
# One line per check, "PASS: what" or "FAIL: what: why"; the exit status
# is 1 when any failed.  The checks:
#  - no circle in the include graph between files, in the call graph
#    between objects (nm: a symbol one object uses and another defines),
#    nor between modules (a .c file with its same-named .h, both kinds of
#    edge), over the engine, the readers and the commands;
#  - no thread-local storage in the readers and commands (state is owned
#    and passed, not reached);
#  - libdw only in the DWARF reader and pokefunct's reader;
#  - no source file longer than 800 lines.
# Cycles are found with tsort (coreutils), which names a circle's files.
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
top=${1:-$(cd "$(dirname "$0")/.." && pwd)}
cd "$top" || exit 2
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
failed=0
result() { # NAME FILE-OF-REASONS
	if [ -s "$2" ]; then
		echo "FAIL: $1: $(tr '\n' ' ' < "$2" | sed 's/ *$//')"
		failed=1
	else
		echo "PASS: $1"
	fi
}

dirs="reorg report baseline input funct tools"
# git's pathspecs, not the shell's globs: input/*.c is every .c below.
set -f
srcs=$(git ls-files $(for d in $dirs; do printf '%s/*.c %s/*.h ' "$d" "$d"; done) 2>/dev/null)
set +f
[ -n "$srcs" ] || srcs=$(find $dirs -name '*.[ch]' | sort)

# The include graph: "FILE INCLUDED" lines, paths from the top.
for f in $srcs; do
	d=$(dirname "$f")
	sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$f" |
	while read -r i; do
		p=$(realpath -m --relative-to=. "$d/$i")
		[ -e "$p" ] && echo "$f $p"
	done
done | sort -u > "$t/inc"
# The call graph between objects.
objs=""
for f in $srcs; do
	case $f in *.c) o=build/${f%.c}.o; [ -f "$o" ] && objs="$objs $o" ;; esac
done
if [ -z "$objs" ]; then
	echo "FAIL: call graph: no objects under build/ (make tools/pokehole first)"
	exit 1
fi
for o in $objs; do
	nm -g --defined-only "$o" | awk -v f="$o" 'NF == 3 && $2 ~ /[TDBRCVW]/ { print $3, f }'
done > "$t/defs"
for o in $objs; do nm -u "$o" | awk -v f="$o" '{ print $NF, f }'; done > "$t/uses"
awk 'NR == FNR { d[$1] = $2; next } ($1 in d) && d[$1] != $2 { print $2, d[$1] }' \
	"$t/defs" "$t/uses" | sed 's|build/||g; s|\.o\( \)|\1|; s|\.o$||' | sort -u > "$t/calls"
sed 's/\.[ch] / /; s/\.[ch]$//' "$t/inc" | awk '$1 != $2' > "$t/minc"
cat "$t/minc" "$t/calls" | sort -u > "$t/modules"

# circles EDGES: the files of each circle tsort finds, one line each.
circles() {
	tsort "$1" 2>&1 > /dev/null | awk '
		/input contains a loop/ { if (c != "") print c; c = ""; next }
		{ sub(/^tsort: /, ""); c = c (c == "" ? "" : " ") $0 }
		END { if (c != "") print c }' |
	while read -r c; do
		echo "{$(printf '%s\n' $c | sort | tr '\n' ' ' | sed 's/ $//')}"
	done
}
circles "$t/inc" > "$t/r"; result "no include circle between files" "$t/r"
circles "$t/calls" > "$t/r"; result "no call circle between objects" "$t/r"
circles "$t/modules" > "$t/r"; result "no circle between modules (.c with its .h)" "$t/r"

grep -ln '_Thread_local\|__thread\b' $(echo "$srcs" | grep -v '^reorg/\|^report/\|^baseline/') \
	> "$t/r" 2>/dev/null
result "no thread-local storage in the readers and commands" "$t/r"

grep -l '#[[:space:]]*include[[:space:]]*<\(elfutils/libdw\|elfutils/libdwfl\|dwarf\)\.h>' $srcs |
	grep -v '^input/dwarf/\|^funct/' > "$t/r"
result "libdw only in input/dwarf/ and funct/" "$t/r"

# Without git (a copy of the tree, as in scripts/gcc-root.sh), the files
# of the source folders as they are.
all=$(git ls-files '*.c' '*.h' '*.cc' 2>/dev/null ||
	find reorg report baseline plugin input funct tools fuzz examples \
		testsuite/tools \( -name '*.[ch]' -o -name '*.cc' \) -print 2>/dev/null)
all=$(printf '%s\n' "$all" | grep -v '^bench/\|^testsuite/pokehole\.')
for f in $all; do
	n=$(wc -l < "$f")
	[ "$n" -gt 800 ] && echo "$f ($n)"
done > "$t/r"
result "no source file over 800 lines" "$t/r"
exit $failed
