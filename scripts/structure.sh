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
#    edge), over the engine, the readers, the commands and the plugin
#    (its .cc files, compiled into build/gcc-N/ for the GCC named in
#    build/plugin-gcc; nm's names mangled alike on both sides);
#  - no thread-local storage in the readers, the commands and the plugin
#    (state is owned and passed, not reached);
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
srcs=$(git ls-files $(for d in $dirs; do printf '%s/*.c %s/*.h ' "$d" "$d"; done) \
	'plugin/*.cc' 'plugin/*.h' 2>/dev/null)
set +f
[ -n "$srcs" ] || srcs=$(find $dirs plugin -name '*.[ch]' -o -name '*.cc' | sort)
# The plugin's objects are kept apart by GCC version: the default GCC's
# (the Makefile's build/plugin-gcc, "g++ 12").
plugin_gcc=$(cut -d' ' -f2 build/plugin-gcc 2>/dev/null)

# The include graph: "FILE INCLUDED" lines, paths from the top, made in
# one awk (a realpath per include took half a minute).
awk '
function norm(p,   n, a, o, i, k) {
	n = split(p, a, "/")
	k = 0
	for (i = 1; i <= n; i++) {
		if (a[i] == "." || a[i] == "")
			continue
		if (a[i] == ".." && k > 0 && o[k] != "..")
			k--
		else
			o[++k] = a[i]
	}
	p = o[1]
	for (i = 2; i <= k; i++)
		p = p "/" o[i]
	return p
}
/^[ \t]*#[ \t]*include[ \t]*"/ {
	i = $0
	sub(/^[^"]*"/, "", i)
	sub(/".*/, "", i)
	d = FILENAME
	sub(/[^\/]*$/, "", d)
	print FILENAME, norm(d i)
}' $srcs | while read -r f p; do [ -e "$p" ] && echo "$f $p"; done |
	sort -u > "$t/inc"
# The call graph between objects.
objs=""
for f in $srcs; do
	case $f in
	*.c) o=build/${f%.c}.o ;;
	plugin/*.cc) o=${f#plugin/}; o=build/gcc-$plugin_gcc/${o%.cc}.o ;;
	*) continue ;;
	esac
	[ -f "$o" ] && objs="$objs $o"
done
if [ -z "$objs" ] || [ ! -f "build/gcc-$plugin_gcc/pokehole.o" ]; then
	echo "FAIL: call graph: no objects under build/ (make tools/pokehole plugin first)"
	exit 1
fi
# Strong definitions only: a C++ inline function or template instance
# (W, V, u) is in every object that uses it, no call to another.  One nm
# for all (-A: "OBJECT:ADDRESS TYPE NAME"; two processes an object took
# over a minute on a loaded machine).
nm -A -g --defined-only $objs |
	awk '$(NF - 1) ~ /^[TDBRC]$/ { f = $1; sub(/:.*/, "", f); print $NF, f }' > "$t/defs"
nm -A -u $objs | awk '{ f = $1; sub(/:.*/, "", f); print $NF, f }' > "$t/uses"
awk 'NR == FNR { d[$1] = $2; next } ($1 in d) && d[$1] != $2 { print $2, d[$1] }' \
	"$t/defs" "$t/uses" |
	sed 's|build/gcc-[0-9]*/|plugin/|g; s|build/||g; s|\.o\( \)|\1|; s|\.o$||' |
	sort -u > "$t/calls"
sed 's/\.\(cc\|c\|h\) / /; s/\.\(cc\|c\|h\)$//' "$t/inc" | awk '$1 != $2' > "$t/minc"
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

grep -ln '_Thread_local\|__thread\b\|\bthread_local\b' \
	$(echo "$srcs" | grep -v '^reorg/\|^report/\|^baseline/') > "$t/r" 2>/dev/null
result "no thread-local storage in the readers, the commands and the plugin" "$t/r"

grep -l '#[[:space:]]*include[[:space:]]*<\(elfutils/libdw\|elfutils/libdwfl\|dwarf\)\.h>' $srcs |
	grep -v '^input/dwarf/\|^funct/' > "$t/r"
result "libdw only in input/dwarf/ and funct/" "$t/r"

# Without git (a copy of the tree, as in scripts/gcc-root.sh), the files
# of the source folders as they are.
all=$(git ls-files '*.c' '*.h' '*.cc' 2>/dev/null ||
	find reorg report baseline plugin input funct tools fuzz examples \
		testsuite/tools \( -name '*.[ch]' -o -name '*.cc' \) -print 2>/dev/null)
all=$(printf '%s\n' "$all" | grep -v '^bench/\|^testsuite/pokehole\.')
# One wc for all: its last line is the total.
wc -l $all | awk '$2 != "total" && $1 > 800 { print $2 " (" $1 ")" }' > "$t/r"
result "no source file over 800 lines" "$t/r"
exit $failed
