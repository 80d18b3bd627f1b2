#!/bin/sh
# embed.sh WORK CC PLUGIN READER - the checks of embed.exp, one line each:
# "PASS: NAME", "FAIL: NAME: WHY" or "UNSUPPORTED: NAME: WHY".
#
# Three units (two share a header) are compiled with and without
# -fplugin-arg-pokehole-embed (and functions, and json= for the truth:
# the plugin's own report of the same compile); then linked, archived,
# stripped, built with -flto, through ccache (cold and warm) and through
# a distccd on 127.0.0.1.
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
work=$1 cc=$2 plugin=$3 reader=$4
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 2
ok() { echo "PASS: embed: $1"; }
bad() { echo "FAIL: embed: $1: $2"; }
check() {	# check NAME WHY-IF-NOT-EMPTY
	if [ -z "$2" ]; then ok "$1"; else bad "$1" "$2"; fi
}
# The layout records of JSON Lines files, sorted, each once.
layouts() { cat "$@" | grep -v -e '"kind":"function"' -e '^{"kind":"sites"' -e '^{"kind":"allocs"' |
	LC_ALL=C sort -u; }
# The loaded image of a program: the build ID note is a hash of the whole
# file, every section counted, so it differs as it does with -g.
image() { objcopy -O binary -R .note.gnu.build-id "$1" "$2"; }

cat > shared.h <<'H'
struct shared { char tag; long value; short n; };
static inline int shared_get(const struct shared *s) { return (int)s->value + s->n; }
H
cat > a.c <<'C'
#include "shared.h"
struct conn { int fd; char state; long long bytes_in; char flags[3]; void *ctx; };
struct conn conns[4];
struct shared sa;
int a_fn(int x) { return shared_get(&sa) + conns[x & 3].fd; }
C
cat > b.c <<'C'
#include "shared.h"
union val { char c; double d; int i[3]; };
struct entry { union val v; unsigned char kind; unsigned bits : 3, more : 9; struct entry *next; };
struct entry entries[2];
struct shared sb;
int b_fn(int x) { return shared_get(&sb) + entries[x & 1].kind; }
C
cat > main.c <<'C'
struct opts { char verbose; int level; char name[5]; double ratio; };
struct opts opts;
int a_fn(int), b_fn(int);
int main(void) { return a_fn(opts.level) + b_fn(opts.verbose); }
C
units="a b main"
emb="-fplugin=$plugin -fplugin-arg-pokehole-embed -fplugin-arg-pokehole-functions"
mkdir -p plain emb nog
for u in $units; do
	# DW_AT_producer would name -fplugin (debug sections are not
	# loaded, but their relocations would differ).
	$cc -O2 -g -gno-record-gcc-switches -c $u.c -o plain/$u.o ||
		bad "compile $u.c" "failed"
	$cc -O2 -g -gno-record-gcc-switches $emb \
		-fplugin-arg-pokehole-json=$u.jsonl -c $u.c -o emb/$u.o ||
		bad "compile $u.c with embed" "failed"
	$cc -O2 $emb -c $u.c -o nog/$u.o || bad "compile $u.c without -g" "failed"
done

# The section: there, not loaded; the loaded sections and their
# relocations are the compiler's without the plugin.
why=
for u in $units; do
	flags=$(readelf -SW emb/$u.o | sed -n 's/.*\] \.debug_pokehole  *PROGBITS  *[0-9a-f]*  *[0-9a-f]*  *[0-9a-f]*  *[0-9a-f]*  *\([A-Z]*\) .*/\1/p')
	readelf -SW emb/$u.o | grep -q ' \.debug_pokehole ' || why="$why $u.o has no .debug_pokehole;"
	case "$flags" in *A*) why="$why $u.o: .debug_pokehole is allocated ($flags);" ;; esac
	for s in $(readelf -SW plain/$u.o | awk '$0 ~ /\]/ { sub(/.*\] /, ""); if ($7 ~ /A/) print $1 }'); do
		objcopy -O binary --only-section="$s" plain/$u.o p.sec 2>/dev/null
		objcopy -O binary --only-section="$s" emb/$u.o e.sec 2>/dev/null
		cmp -s p.sec e.sec || why="$why $u.o: $s differs;"
	done
	# By symbol name: the COMDAT groups' signatures are local symbols,
	# which come before the global ones and move their indices (the
	# Info column).
	readelf -rW plain/$u.o | sed 's/ at offset 0x[0-9a-f]*//; s/^\([0-9a-f]*\)  *[0-9a-f]* /\1 /' > p.rel
	readelf -rW emb/$u.o | sed 's/ at offset 0x[0-9a-f]*//; s/^\([0-9a-f]*\)  *[0-9a-f]* /\1 /' > e.rel
	cmp -s p.rel e.rel || why="$why $u.o: relocations differ;"
done
check "objects: a .debug_pokehole section, not loaded; loaded sections and relocations unchanged" "$why"

# Each object's embedded layouts are the plugin's report of its compile,
# and what the reader makes of its DWARF.
why=
for u in $units; do
	"$reader" -F embedded --json emb/$u.o > e.json 2> e.err || why="$why $u.o: $(head -1 e.err);"
	layouts e.json > e.sorted
	layouts $u.jsonl > r.sorted
	[ -s r.sorted ] || why="$why $u.jsonl has no layouts;"
	cmp -s e.sorted r.sorted || why="$why $u.o: embedded layouts differ from json=;"
	"$reader" -F dwarf --json emb/$u.o | LC_ALL=C sort -u > d.sorted
	cmp -s e.sorted d.sorted || why="$why $u.o: embedded layouts differ from DWARF's;"
	"$reader" -F embedded --json nog/$u.o | LC_ALL=C sort -u > n.sorted
	cmp -s e.sorted n.sorted || why="$why $u.o without -g: not the same layouts;"
done
check "objects: the embedded layouts are the plugin's json= report and the DWARF's, with and without -g" "$why"
"$reader" -F dwarf nog/a.o > /dev/null 2> e.err
grep -q "no debug information" e.err
check "objects without -g: -F dwarf has nothing to read" "$([ $? = 0 ] || echo "stderr: $(cat e.err)")"

# The program: the linker puts the units' frames together.
$cc plain/*.o -o plain/prog && $cc emb/*.o -o emb/prog || bad "link" "failed"
image plain/prog p.img && image emb/prog e.img
why=
cmp -s p.img e.img || why="the loaded image differs;"
"$reader" -F embedded --json emb/prog > e.json 2> e.err || why="$why $(head -1 e.err);"
layouts e.json > e.sorted
layouts a.jsonl b.jsonl main.jsonl > r.sorted
cmp -s e.sorted r.sorted || why="$why not the units' layouts: $(diff e.sorted r.sorted | head -3);"
"$reader" --json emb/prog > dflt.json
cmp -s dflt.json e.json || why="$why the default does not read the embedded reports first;"
cp e.json e.json.prog
check "program: the units' reports, its loaded image unchanged" "$why"

# Each header's layouts are a COMDAT group named by their content: a.o
# and b.o have the same group for shared.h, and the program has the
# units' own frames and each group once.
# sections FILE: "SIGNATURE SIZE" per .debug_pokehole section, "-" for the
# one outside groups.
sections() {
	readelf -gW "$1" | awk '/^COMDAT group/ { sig = ""; for (i = 1; i <= NF; i++) if ($i ~ /^\[pokehole\./) { sig = $i; gsub(/[][]/, "", sig) } next }
		/^ *\[ *[0-9]+\]/ && sig != "" { n = $0; gsub(/[^0-9]/, " ", n); split(n, f, " "); print f[1], sig }' > groups.map
	readelf -SW "$1" | sed -n 's/^ *\[ *\([0-9]*\)\] \.debug_pokehole  *PROGBITS  *[0-9a-f]*  *[0-9a-f]*  *\([0-9a-f]*\) .*/\1 \2/p' |
	while read -r ndx size; do
		sig=$(awk -v n="$ndx" '$1 == n { print $2 }' groups.map)
		echo "${sig:--} $((0x$size))"
	done
}
why=
sections emb/a.o > a.sec && sections emb/b.o > b.sec && sections emb/main.o > m.sec
[ "$(grep -c '^pokehole\.' a.sec)" = 2 ] || why="a.o: not 2 groups (a.c, shared.h): $(tr '\n' ' ' < a.sec);"
grep '^pokehole\.' a.sec | LC_ALL=C sort > a.s
grep '^pokehole\.' b.sec | LC_ALL=C sort > b.s
[ "$(LC_ALL=C comm -12 a.s b.s | wc -l)" = 1 ] || why="$why a.o and b.o do not share one group;"
want=$(cat a.sec b.sec m.sec | LC_ALL=C sort -u -k1,1 | awk '$1 != "-" { n += $2 } END { print n + 0 }')
own=$(cat a.sec b.sec m.sec | awk '$1 == "-" { n += $2 } END { print n + 0 }')
got=$(sections emb/prog | awk '{ n += $2 } END { print n + 0 }')
[ "$got" = $((want + own)) ] || why="$why the program's section is $got bytes, not the units' own $own and their distinct groups' $want;"
check "program: a header's layouts once (a COMDAT group per file and content)" "$why"

# pokefunct reads the function records the same: from the program, as
# from the units' json= reports; by default rather than the DWARF,
# which -F dwarf reads, as does an output the records cannot give (-s).
funct=$(dirname "$reader")/pokefunct
why=
for opt in --json -G -H -g -p; do
	"$funct" $opt emb/prog > e.out 2> e.err || why="$why $opt: $(head -1 e.err);"
	"$funct" $opt a.jsonl b.jsonl main.jsonl > r.out
	[ -s r.out ] || [ $opt != --json ] || why="$why $opt: nothing;"
	cmp -s e.out r.out || why="$why $opt: not the reports';"
done
"$funct" -F dwarf --json emb/prog | grep -q '"source":"dwarf"' || why="$why -F dwarf: not the DWARF;"
"$funct" -F embedded --json emb/prog | grep -q '"source":"dwarf"' && why="$why -F embedded: the DWARF;"
"$funct" -s emb/prog > e.out 2> e.err && grep -q '^a_fn: [1-9]' e.out || why="$why -s: not from the DWARF: $(head -1 e.err);"
"$funct" -F embedded -s emb/prog > /dev/null 2> e.err
[ $? = 1 ] && grep -q "^pokefunct: emb/prog: an embedded report has no byte sizes" e.err || why="$why -F embedded -s: '$(cat e.err)';"
"$funct" -G nog/a.o > /dev/null 2> e.err || why="$why without -g: $(head -1 e.err);"
check "pokefunct: the embedded function records, the units' reports; the DWARF for -F dwarf and -s" "$why"

# Both there: the embedded report is read, not the DWARF (a report of
# one type tells them apart), unless -F says otherwise.
$cc -O2 -g $emb -fplugin-arg-pokehole-types=conn -c a.c -o one.o
why=
[ "$("$reader" -s one.o | cut -f1)" = conn ] || why="default: $("$reader" -s one.o | cut -f1 | tr '\n' ' ');"
[ "$("$reader" -F dwarf,embedded -s one.o | wc -l)" -gt 1 ] || why="$why -F dwarf,embedded read the report;"
check "a file with both: the embedded report by default, the DWARF with -F dwarf,embedded" "$why"

# -fdebug-types-section: an object's type units are in section groups
# that only the linker merges, so its DWARF is refused; its embedded
# report is read all the same.
why=
$cc -O2 -g -gdwarf-4 -fdebug-types-section $emb -fplugin-arg-pokehole-json=dt.jsonl -c b.c -o dt.o ||
	why="cannot compile;"
"$reader" --json dt.o > e.json 2> e.err || why="$why $(head -1 e.err);"
layouts e.json > e.sorted
layouts dt.jsonl > r.sorted
[ -s r.sorted ] && cmp -s e.sorted r.sorted || why="$why not its report;"
"$reader" -F dwarf dt.o > /dev/null 2> e.err
grep -q "section groups (-fdebug-types-section)" e.err || why="$why -F dwarf: '$(head -1 e.err)';"
check "an object with -fdebug-types-section: its embedded report is read" "$why"

ar rcs lib.a emb/a.o emb/b.o
"$reader" -F embedded --json lib.a > e.json 2> e.err
layouts e.json > e.sorted
layouts a.jsonl b.jsonl > r.sorted
check "archive: its members' reports" \
	"$(cmp -s e.sorted r.sorted || echo "differs: $(head -1 e.err)")"

# A module: kbuild links a .ko's units with ld -r, which keeps each
# COMDAT group once, as a group.
ld -r emb/a.o emb/b.o -o mod.ko
"$reader" -F embedded --json mod.ko > e.json 2> e.err
layouts e.json > e.sorted
why=
cmp -s e.sorted r.sorted || why="differs: $(head -1 e.err);"
[ "$(readelf -gW mod.ko | grep -c '^COMDAT group.*pokehole\.')" = 3 ] || why="$why not 3 groups (a.c, b.c, shared.h);"
check "module (ld -r, as for a .ko): its units' reports, a header's group once" "$why"

mkdir -p pic
for u in a b; do
	$cc -O2 -fPIC $emb -c $u.c -o pic/$u.o || bad "compile $u.c -fPIC" "failed"
done
$cc -shared pic/a.o pic/b.o -o pic/libab.so
"$reader" -F embedded --json pic/libab.so > e.json 2> e.err
layouts e.json > e.sorted
check "shared library: its units' reports" \
	"$(cmp -s e.sorted r.sorted || echo "differs: $(head -1 e.err)")"

# The reports are debug sections: strip takes them away with the DWARF,
# objcopy --only-keep-debug keeps them with it, and the reader finds
# them in the separate debug file of a stripped program.
for how in --strip-debug --strip-all; do
	cp emb/prog stripped
	strip $how stripped
	"$reader" -F embedded --json stripped > s.json 2> e.err
	st=$?
	check "program after strip $how: no reports left" \
		"$([ $st = 1 ] && grep -q 'no embedded report' e.err || echo "exit $st: $(head -1 e.err)")"
done
mkdir -p dbg
cp emb/prog dbg/prog
objcopy --only-keep-debug dbg/prog dbg/prog.debug &&
	strip dbg/prog && objcopy --add-gnu-debuglink=dbg/prog.debug dbg/prog
(cd dbg && "$reader" -F embedded --json prog) > s.json 2> e.err
check "stripped program with a debug file (--only-keep-debug, a debuglink): its reports read from it" \
	"$(cmp -s s.json e.json.prog || echo "differs: $(head -1 e.err)")"

# Bad frames: one line naming the file and the problem, exit 1, the
# other file still read.
objcopy --dump-section .debug_pokehole=good.sec emb/a.o /dev/null
why=
"$reader" -F embedded --json emb/b.o > b.json
for bad in magic length zlib encoding; do
	case $bad in
	magic) { printf 'XXXX'; tail -c +5 good.sec; } > bad.sec ;;
	length) { head -c 8 good.sec; printf '\377\377\377\177'; tail -c +13 good.sec; } > bad.sec ;;
	zlib) { head -c 20 good.sec; printf 'garbage'; tail -c +28 good.sec; } > bad.sec ;;
	encoding) { head -c 4 good.sec; printf '\011'; tail -c +6 good.sec; } > bad.sec ;;
	esac
	objcopy --update-section .debug_pokehole=bad.sec emb/a.o bad.o
	"$reader" -F embedded --json bad.o emb/b.o > out.json 2> e.err
	st=$?
	[ $st = 1 ] || why="$why $bad: exit $st;"
	[ "$(wc -l < e.err)" = 1 ] && grep -q "^pokehole: bad.o: section .debug_pokehole, offset 0: " e.err ||
		why="$why $bad: stderr '$(cat e.err)';"
	cmp -s out.json b.json || why="$why $bad: b.o not read;"
done
check "bad frames: one line naming the file, exit 1, the next file read" "$why"

# a.o's own frame (its function records) is smaller compressed.
enc=$(od -An -tu1 -j4 -N1 good.sec | tr -d ' ')
len=$(od -An -tu4 -j12 -N4 good.sec | tr -d ' ')
check "frames: compressed (zlib) when that is smaller" \
	"$([ "$enc" = 1 ] && [ "$(wc -c < good.sec)" -lt "$len" ] || echo "encoding $enc, $(wc -c < good.sec) bytes for $len of text")"

# -flto: the slim objects hold IR, and the LTO plugin of the linker
# drops their other sections; the report reaches the program through
# the IR.
mkdir -p lto ltoplain
why=
for u in $units; do
	$cc -O2 -flto -c $u.c -o ltoplain/$u.o &&
	$cc -O2 -flto $emb -fplugin-arg-pokehole-json=lto-$u.jsonl -c $u.c \
		-o lto/$u.o || why="$why cannot compile $u.c;"
done
$cc -O2 -flto ltoplain/*.o -o ltoplain/prog && $cc -O2 -flto lto/*.o -o lto/prog ||
	why="$why cannot link;"
"$reader" -F embedded --json lto/prog > e.json 2> e.err || why="$why $(head -1 e.err);"
layouts e.json > e.sorted
layouts lto-a.jsonl lto-b.jsonl lto-main.jsonl > r.sorted
[ -s r.sorted ] && cmp -s e.sorted r.sorted || why="$why not the units' layouts;"
"$reader" -F embedded --json lto/a.o > e.json 2> e.err
layouts e.json > e.sorted
layouts lto-a.jsonl > r.sorted
cmp -s e.sorted r.sorted || why="$why lto/a.o: not its layouts;"
image ltoplain/prog p.img && image lto/prog e.img
cmp -s p.img e.img || why="$why the loaded image differs;"
check "-flto: the IR objects and the program carry the reports, the image unchanged" "$why"

# --merge-baseline from the program: what merging the json= reports gives.
"$reader" --merge-baseline=from-prog.jsonl emb/prog 2> e.err &&
"$reader" --merge-baseline=from-json.jsonl a.jsonl b.jsonl main.jsonl
check "--merge-baseline reads a program's embedded reports" \
	"$(cmp -s from-prog.jsonl from-json.jsonl || echo "differs: $(head -1 e.err)")"
"$reader" --merge-baseline=x.jsonl plain/prog > /dev/null 2> e.err
check "--merge-baseline: a file without reports named, exit 1" \
	"$(grep -q "plain/prog: no embedded report" e.err && [ ! -e x.jsonl ] || echo "stderr: $(cat e.err)")"

# ccache: a warm build (every compile a hit: the compiler does not run)
# gives the objects and program of the cold one, reports included.
if command -v ccache > /dev/null; then
	export CCACHE_DIR="$work/ccache" CCACHE_NOHASHDIR=1 CCACHE_BASEDIR="$work"
	unset CCACHE_DISABLE CCACHE_EXTRAFILES
	build() {	# build DIR [FLAGS...]: the three units and the program
		d=$1; shift
		rm -rf "$d" && mkdir -p "$d"
		for u in $units; do
			ccache $cc -O2 $emb "$@" -c $u.c -o "$d/$u.o" 2> "$d/$u.err" ||
				return 1
		done
		$cc "$d"/*.o -o "$d/prog"
	}
	hits() { ccache --print-stats | awk '$1 ~ /_cache_hit$/ { n += $2 } END { print n + 0 }'; }
	why=
	ccache -C > /dev/null 2>&1; ccache -z > /dev/null
	build cold || why="cold build failed;"
	ccache -z > /dev/null
	build warm || why="$why warm build failed;"
	[ "$(hits)" = 3 ] || why="$why $(hits) hits of 3;"
	for f in a.o b.o main.o prog; do
		"$reader" -F embedded --json cold/$f > c.json 2>&1
		"$reader" -F embedded --json warm/$f > w.json 2>&1
		[ -s c.json ] && cmp -s c.json w.json || why="$why $f: the layouts differ;"
	done
	check "ccache: a warm build (all hits) has the cold build's reports, objects and program" "$why"

	# A baseline that changes between two builds: ccache hashes it only
	# when told (CCACHE_EXTRAFILES, extra_files_to_hash), and then the
	# compiler runs again and gives the new verdict.
	gate="-fplugin-arg-pokehole-warn=holes -Werror"
	"$reader" --merge-baseline=base.jsonl a.jsonl b.jsonl main.jsonl
	why=
	ccache -C > /dev/null 2>&1
	build g0 $gate -fplugin-arg-pokehole-baseline="$work/base.jsonl" ||
		why="the build against the baseline of its own layouts failed: $(cat g0/*.err | head -2);"
	CCACHE_EXTRAFILES=$work/base.jsonl build g1 $gate \
		-fplugin-arg-pokehole-baseline="$work/base.jsonl" ||
		why="$why with CCACHE_EXTRAFILES too: $(cat g1/*.err | head -2);"
	echo '{"name":"unrelated","kind":"struct","size":1}' > base.jsonl
	build g2 $gate -fplugin-arg-pokehole-baseline="$work/base.jsonl" &&
		stale=yes || stale=no
	CCACHE_EXTRAFILES=$work/base.jsonl build g3 $gate \
		-fplugin-arg-pokehole-baseline="$work/base.jsonl" &&
		why="$why a changed baseline with CCACHE_EXTRAFILES still passed;"
	grep -q "hole" g3/*.err || why="$why no hole named: $(cat g3/*.err | head -2);"
	[ $stale = yes ] || why="$why without CCACHE_EXTRAFILES the stale verdict was not replayed (ccache hashes the baseline now?);"
	check "ccache: with CCACHE_EXTRAFILES a changed baseline changes the verdict (without it, the old one is replayed)" "$why"
	unset CCACHE_DIR CCACHE_NOHASHDIR CCACHE_BASEDIR
else
	echo "UNSUPPORTED: embed: ccache: warm build: not installed (apt-get install ccache)"
	echo "UNSUPPORTED: embed: ccache: changed baseline: not installed (apt-get install ccache)"
fi

# distcc: the compile runs in a distccd (here on 127.0.0.1), the object
# comes back with its report.  distccd refuses a command line with
# -fplugin= (distcc 3.3 on: it would run the client's code); the plugin
# goes into a compiler wrapper installed on each machine instead, which
# distccd runs when it is whitelisted (a symlink in /usr/lib/distcc) or
# with --enable-tcp-insecure, as here.
if command -v distcc > /dev/null && command -v distccd > /dev/null; then
	port=$(( 20000 + $$ % 20000 ))
	# distccd run by root compiles as nobody, who may not enter the
	# tree: the wrapper, the plugin and the log in a folder of their own.
	dcc=$(mktemp -d /tmp/pokehole-distcc.XXXXXX) && chmod 1777 "$dcc"
	cp "$plugin" "$dcc/pokehole.so" && chmod 644 "$dcc/pokehole.so"
	printf '#!/bin/sh\nexec %s %s "$@"\n' "$cc" \
		"$(echo "$emb" | sed "s|-fplugin=$plugin|-fplugin=$dcc/pokehole.so|")" \
		> "$dcc/pokehole-cc"
	chmod 755 "$dcc/pokehole-cc"
	mkdir -p remote
	export DISTCC_DIR="$dcc" DISTCC_HOSTS="127.0.0.1:$port" \
	       DISTCC_SKIP_LOCAL_RETRY=1
	distccd --daemon --listen 127.0.0.1 --port $port --allow 127.0.0.1 \
		--enable-tcp-insecure --pid-file "$dcc/pid" \
		--log-file "$dcc/log" --log-level info --jobs 2 \
		2> "$dcc/start.err"
	sleep 1
	why=
	for u in $units; do
		DISTCC_FALLBACK=0 distcc "$dcc/pokehole-cc" -O2 -g \
			-gno-record-gcc-switches -c $u.c -o remote/$u.o \
			2> remote/$u.err ||
			why="$why distcc $u.c failed: $(head -2 remote/$u.err);"
	done
	n=$(grep -c 'COMPILE_OK' "$dcc/log" 2>/dev/null)
	[ "${n:-0}" = 3 ] || why="$why distccd compiled ${n:-0} of 3: $(tail -2 "$dcc/log" 2>/dev/null) $(cat "$dcc/start.err");"
	for u in $units; do
		"$reader" -F embedded --json remote/$u.o > r.json 2>&1
		"$reader" -F embedded --json emb/$u.o > l.json 2>&1
		[ -s l.json ] && cmp -s r.json l.json || why="$why $u.o: not the local compile's layouts;"
	done
	check "distcc: objects compiled by a distccd (the plugin in a compiler wrapper) carry the local compile's reports" "$why"
	# -fplugin= on distcc's command line: refused by distccd, compiled
	# where distcc runs (its fallback), the report in the object still.
	why=
	DISTCC_FALLBACK=0 distcc $cc -O2 $emb -c a.c -o remote/refused.o \
		2> /dev/null && why="distccd compiled a command line with -fplugin=;"
	distcc $cc -O2 -g -gno-record-gcc-switches $emb -c a.c \
		-o remote/local.o 2> /dev/null || why="$why the fallback failed;"
	"$reader" -F embedded --json remote/local.o > r.json 2>&1
	"$reader" -F embedded --json emb/a.o > l.json 2>&1
	cmp -s r.json l.json || why="$why a.o: not the local compile's layouts;"
	check "distcc: -fplugin= on the command line is refused by distccd, compiled locally, the report in the object" "$why"
	[ -f "$dcc/pid" ] && kill "$(cat "$dcc/pid")" 2> /dev/null
	rm -rf "$dcc"
	unset DISTCC_DIR DISTCC_HOSTS DISTCC_SKIP_LOCAL_RETRY
else
	echo "UNSUPPORTED: embed: distcc: wrapper: not installed (apt-get install distcc)"
	echo "UNSUPPORTED: embed: distcc: -fplugin= refused: not installed (apt-get install distcc)"
fi
