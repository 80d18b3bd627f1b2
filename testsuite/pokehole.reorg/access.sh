#!/bin/sh
# access.sh WORK CC CXX PLUGIN READER - pokehole -R --access against the
# compiler (access.exp reads its lines): a program of two units whose hot
# loop reads four members of a 23-member struct spread over its
# cachelines, built with the plugin's access records (embed and
# json-dir); the order -R --access prints is written into the source,
# the program rebuilt and run: it prints what it printed, sizeof is the
# size promised, each member is where the text says, and each hot
# member lies on the cachelines promised (the lines "now" checked
# against the original build too).  Then: the records of the two units
# merge (a header's static inline function once, a unit read twice
# once), kernel-style cacheline groups keep their members, the plugin's
# weights are written as the contract says, and bad records give a
# one-line error.
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
work=$1 CC=$2 CXX=$3 PLUGIN=$4 READER=$5
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 1
result() { if [ -z "$2" ]; then echo "PASS: $1"; else echo "FAIL: $1: $2"; fi; }
# A line as it is (dash's echo would take its backslashes).
say() { printf '%s\n' "$*"; }

# The struct's members, as declared; the hot loop's four are hot_*.
members='char tag;|long id;|char name[48];|int hot_a;|char flag;|double w0;|short s0;|long x0;|long x1;|long x2;|long x3;|int hot_b;|char c1;|long y0;|long y1;|long y2;|long y3;|long y4;|char c2;|long hot_c;|int z0;|long hot_d;|char c3;'
names=$(echo "$members" | tr '|' '\n' | sed 's/.* \([a-z0-9_]*\).*;/\1/')
# types.h with the struct's body BODY (one declaration a line).
write_types() {
	{
		echo '#ifndef TYPES_H'
		echo '#define TYPES_H'
		echo 'struct big {'
		printf '%s\n' "$1"
		echo '};'
		echo '/* In both units, a body of its own in each. */'
		echo 'static inline __attribute__((noinline)) long big_key(const struct big *b)'
		echo '{ return b->id * 31 + b->tag; }'
		echo 'long hot_sum(const struct big *v, int n, int rounds);'
		echo '#endif'
	} > types.h
}
write_types "$(echo "$members" | tr '|' '\n')"
cat > a.c <<'EOF'
#include "types.h"
long hot_sum(const struct big *v, int n, int rounds)
{
	long s = 0;
	for (int r = 0; r < rounds; r++)
		for (int i = 0; i < n; i++)
			s += v[i].hot_a + v[i].hot_b + v[i].hot_c + v[i].hot_d;
	return s + big_key(&v[0]);
}
EOF
{
	echo '#include <stdio.h>'
	echo '#include <stddef.h>'
	echo '#include <string.h>'
	echo '#include "types.h"'
	echo '__attribute__((cold, noinline)) static void big_init(struct big *b, int i)'
	echo '{'
	for n in $names; do
		if [ "$n" = name ]; then
			echo '	memset(b->name, i, sizeof b->name);'
		else
			echo "	b->$n = i + $(echo "$n" | wc -c);"
		fi
	done
	echo '}'
	echo '__attribute__((cold, noinline)) static long sum_all(const struct big *b)'
	echo '{'
	echo '	long s = b->name[3];'
	for n in $names; do
		[ "$n" = name ] || echo "	s = s * 3 + b->$n;"
	done
	echo '	return s;'
	echo '}'
	echo 'static struct big v[64];'
	echo 'int main(int argc, char **argv)'
	echo '{'
	echo '	(void)argv;'
	echo '	if (argc > 1) {'
	say '		printf("size %zu\n", sizeof(struct big));'
	for n in $names; do
		say "		printf(\"member $n %zu %zu\\n\", offsetof(struct big, $n), sizeof(v[0].$n));"
	done
	echo '		return 0;'
	echo '	}'
	echo '	long s = 0;'
	echo '	for (int i = 0; i < 64; i++) big_init(&v[i], i);'
	echo '	for (int i = 0; i < 64; i++) s += sum_all(&v[i]);'
	say '	printf("%ld %ld %ld\n", hot_sum(v, 64, 1000), big_key(&v[3]), s);'
	echo '	return 0;'
	echo '}'
} > b.c
plug="-fplugin=$PLUGIN -fplugin-arg-pokehole-access -fplugin-arg-pokehole-embed -fplugin-arg-pokehole-json-dir=$work/jd"
if ! $CC -O2 $plug -c a.c -o a.o 2>err || ! $CC -O2 $plug -c b.c -o b.o 2>>err ||
   ! $CC a.o b.o -o prog 2>>err || ! ./prog > out1 2>>err || ! ./prog layout > layout1; then
	result "access: the program builds with the plugin's access records and runs" "$(head -c 400 err)"
	exit 0
fi
"$READER" -R --access -C big prog > acc.txt 2>err ||
	{ result "access: -R --access reads the program" "$(head -c 400 err)"; exit 0; }
"$READER" -R --access --json -C big prog > acc.json 2>>err
"$READER" -R --access $(find jd -name '*.jsonl' | sort) > dir.txt 2>>err

# What the text promises.
hot=$(sed -n 's/^\/\* access order (.*): hot members \(.*\)$/\1/p' acc.txt | tr -d ',')
head=$(sed -n 's/^\/\* access order (\(.*\)):.*$/\1/p' acc.txt)
hot_lines=$(sed -n 's/^   hot members touch cachelines \(.*\) now, \(.*\) in this order$/\1|\2/p' acc.txt)
sizes=$(sed -n 's/^   size \([0-9]*\) now, \([0-9]*\) size-optimal, \([0-9]*\) in this order.*$/\1 \2 \3/p' acc.txt)
set -- $sizes
size_now=${1:-} size_opt=${2:-} size_new=${3:-}
bad=
[ "$(echo $hot | tr ' ' '\n' | sort | tr '\n' ' ')" = "hot_a hot_b hot_c hot_d " ] ||
	bad="hot members '$hot', not the loop's four; "
[ -n "$hot_lines" ] && [ -n "$size_new" ] || bad="$bad no lines or sizes in: $(tail -c 400 acc.txt)"
[ "$head" = "weights: estimate, 2 units, 4 functions" ] ||
	bad="$bad the source is '$head', not 2 units and 4 functions (hot_sum, big_key once, big_init, sum_all)"
result "access: -R --access names the hot loop's members, 2 units, the header's function once" "$bad"

cmp -s acc.txt dir.txt && bad= || bad="$(diff acc.txt dir.txt | head -c 300)"
result "access: the json-dir reports give the program's order" "$bad"
"$READER" -R --access prog $(find jd -name '*.jsonl' | sort) > twice.txt 2>>err
grep -q "^/\* access order (weights: estimate, 2 units, 4 functions)" twice.txt && bad= ||
	bad="$(grep '^/\* access' twice.txt)"
result "access: each unit once when its object and its json-dir report are read" "$bad"

# The plugin's reorganize=access: each unit's own order, in the unit's
# report, as -R --access gives it over that unit's record alone (the
# suggested layout's member lines and the access comment).
last_layout() {
	awk '/^struct big \{/ { n = 0; delete l; inside = 1 }
	     inside { l[++n] = $0 }
	     inside && /^};/ { inside = 0; last = n; for (i = 1; i <= n; i++) keep[i] = l[i] }
	     END { for (i = 1; i <= last; i++) if (keep[i] ~ /;/) print keep[i] }' "$1"
	sed -n '/^\/\* access order/,/\*\/$/p' "$1"
}
bad=
for u in a b; do
	rec=$(find jd -name "$u.o.jsonl")
	if ! $CC -O2 -fplugin=$PLUGIN -fplugin-arg-pokehole-reorganize=access \
		-fplugin-arg-pokehole-report=plug-$u.txt \
		-fplugin-arg-pokehole-types=big -c $u.c -o /dev/null 2>>err ||
	   ! "$READER" -R --access -C big $rec > rd-$u.txt 2>>err; then
		bad="$bad unit $u: $(tail -c 300 err)"
		continue
	fi
	last_layout plug-$u.txt > plug-$u.cmp
	last_layout rd-$u.txt > rd-$u.cmp
	grep -q '^/\* access order' plug-$u.cmp ||
		bad="$bad unit $u: no access order in the plugin's report;"
	cmp -s plug-$u.cmp rd-$u.cmp ||
		bad="$bad unit $u: $(diff plug-$u.cmp rd-$u.cmp | head -c 300)"
done
result "access: the plugin's reorganize=access gives each unit's order as -R --access does" "$bad"

# Lines as the text writes them ("0, 2, 3", "4-6") into one a line.
expand_lines() {
	echo "$1" | tr ',' '\n' | while read -r x; do
		case $x in
		*-*) seq "${x%-*}" "${x#*-}" ;;
		?*) echo "$x" ;;
		esac
	done | sort -n -u
}
# The lines the members NAMES take in the layout FILE (./prog layout).
member_lines() {
	for n in $2; do
		awk -v n="$n" '$1 == "member" && $2 == n { s = $3; e = $3 + $4 - 1;
			for (l = int(s / 64); l <= int(e / 64); l++) print l }' "$1"
	done | sort -n -u
}
now_claim=$(expand_lines "${hot_lines%|*}")
new_claim=$(expand_lines "${hot_lines#*|}")
[ "$(member_lines layout1 "$hot")" = "$now_claim" ] && bad= ||
	bad="the text says $(echo $now_claim), the compiler $(echo $(member_lines layout1 "$hot"))"
result "access: the hot members' cachelines now are the compiler's" "$bad"
[ "$(sed -n 's/^size //p' layout1)" = "$size_now" ] && bad= || bad="size now '$size_now', sizeof $(sed -n 's/^size //p' layout1)"
result "access: the size now is the compiler's" "$bad"

# The suggested order written into the source: each member line of the
# printed struct, its comment dropped.
body=$(awk '/^struct big \{/ { on = 1; next } on && /^\}/ { exit }
	on && /;[ \t]*\/\*/ { sub(/[ \t]*\/\*.*$/, ""); sub(/^[ \t]*/, "\t"); print }' acc.txt)
printed=$(awk '/^struct big \{/ { on = 1; next } on && /^\}/ { exit }
	on && /;[ \t]*\/\*/ { n = $0; sub(/;.*$/, "", n); sub(/\[.*$/, "", n); sub(/.*[ *]/, "", n);
	  o = $0; sub(/^.*\/\*[ \t]*/, "", o); split(o, f, /[ \t]+/); print n, f[1] }' acc.txt)
mkdir -p orig && cp types.h orig/
write_types "$body"
if ! $CC -O2 -c a.c -o a2.o 2>err || ! $CC -O2 -c b.c -o b2.o 2>>err ||
   ! $CC a2.o b2.o -o prog2 2>>err || ! ./prog2 > out2 2>>err || ! ./prog2 layout > layout2; then
	result "access: the program rebuilt in the access order runs" "$(head -c 400 err)"
	exit 0
fi
cmp -s out1 out2 && bad= || bad="before: $(cat out1); after: $(cat out2)"
[ "$(echo "$body" | wc -l)" -ge 23 ] || bad="$bad only $(echo "$body" | wc -l) members printed"
cmp -s orig/types.h types.h && bad="$bad the order changed nothing"
result "access: rebuilt in the access order, the program prints what it printed" "$bad"
[ "$(sed -n 's/^size //p' layout2)" = "$size_new" ] && bad= ||
	bad="promised $size_new, sizeof $(sed -n 's/^size //p' layout2)"
[ -n "$size_opt" ] && [ "$size_new" -le "$size_opt" ] ||
	bad="$bad $size_new bytes, more than the size-optimal $size_opt for four members"
result "access: sizeof is the size promised, no more than the size-optimal order's" "$bad"
bad=$(echo "$printed" | while read -r n o; do
	got=$(awk -v n="$n" '$1 == "member" && $2 == n { print $3 }' layout2)
	[ "$got" = "$o" ] || printf '%s at %s, printed %s; ' "$n" "$got" "$o"
done)
result "access: each member is where the printed order puts it" "$bad"
[ "$(member_lines layout2 "$hot")" = "$new_claim" ] && bad= ||
	bad="promised $(echo $new_claim), the compiler $(echo $(member_lines layout2 "$hot"))"
[ "$(echo $new_claim | wc -w)" -lt "$(echo $now_claim | wc -w)" ] ||
	bad="$bad the hot members touch $(echo $new_claim), no fewer lines than $(echo $now_claim)"
result "access: the hot members lie on the cachelines promised, fewer than before" "$bad"
# The hottest function's lines, promised and measured.
fn_lines=$(sed -n 's/^   hot_sum touches \(.*\) now, \(.*\) in this order$/\2/p' acc.txt)
[ -n "$fn_lines" ] && [ "$(member_lines layout2 "$hot")" = "$(expand_lines "$fn_lines")" ] && bad= ||
	bad="hot_sum: '$fn_lines'"
result "access: the hottest function's lines are the compiler's" "$bad"
# --json says the same.
bad=$(jq -r 'select(.name == "big") | .access |
	"\(.units) \(.functions) \([.hot[]] | sort | join(",")) \(.size_optimal)"' acc.json)
[ "$bad" = "2 4 hot_a,hot_b,hot_c,hot_d $size_opt" ] && bad= || bad="--json: '$bad'"
result "access: -R --access --json carries the same facts" "$bad"

# The plugin's weights as the contract writes them: an integer, or up
# to 6 significant digits, never an exponent.
bad=$(cat $(find jd -name '*.jsonl') | grep '"kind":"access"' |
	grep -oE '"(reads|writes|cold_reads|cold_writes|atomic_reads|atomic_writes)":[^,}]*' |
	sed 's/.*://' | awk '!/^[0-9]+(\.[0-9]+)?$/ { print; next }
		{ d = $0; sub(/^0*\.?0*/, "", d); gsub(/\./, "", d); if (index($0, ".") && length(d) > 6) print }' | head -5)
[ -n "$(grep -l '"kind":"access"' $(find jd -name '*.jsonl'))" ] || bad="no access record in jd"
result "access: the records' weights are integers or 6 significant digits" "$bad"

# Cacheline groups: members stay in their group (the markers are fences),
# the groups in their order, the hot members first in theirs (the
# widest of each stretch: their order costs nothing, and is taken).
cat > g.h <<'EOF'
typedef unsigned char __u8;
#define __cacheline_group_begin(G) __u8 __cacheline_group_begin__##G[0]
#define __cacheline_group_end(G) __u8 __cacheline_group_end__##G[0]
struct gs {
	long pre; char p1; char p1b[7];
	__cacheline_group_begin(rx); char r1; long r2; int r3; char r4; long r5; short r6; __cacheline_group_end(rx);
	long mid; long m2;
	__cacheline_group_begin(tx); long t1; char t2; int t3; long t4; short t5; __cacheline_group_end(tx);
	int post; char p2;
};
EOF
cat > g.c <<'EOF'
#include "g.h"
long g_hot(struct gs *v, int n)
{
	long s = 0;
	for (int i = 0; i < n; i++)
		s += v[i].r5 + v[i].t1 + v[i].post + v[i].pre + v[i].m2;
	return s;
}
EOF
if $CC -O2 -g -fplugin=$PLUGIN -fplugin-arg-pokehole-access -fplugin-arg-pokehole-json=g.jsonl -c g.c -o g.o 2>err &&
   "$READER" -R --access -C gs g.jsonl > g.txt 2>>err; then
	# Each member with the group it is in, in order: "NAME GROUP".
	groups_of() {
		awk '/^struct gs \{/ { on = 1; g = "-"; next } on && /^\}/ { exit }
		     on && /;[ \t]*\/\*/ { n = $0; sub(/;.*$/, "", n); sub(/\[.*$/, "", n); sub(/.*[ *]/, "", n);
			if (n ~ /^__cacheline_group_begin__/) { g = n; sub(/^__cacheline_group_begin__/, "", g); print n, "fence"; next }
			if (n ~ /^__cacheline_group_end__/) { print n, "fence"; g = "-"; next }
			print n, g }' "$1"
	}
	before=$(printf '%s\n' pre p1 p1b __cacheline_group_begin__rx r1 r2 r3 r4 r5 r6 __cacheline_group_end__rx mid m2 \
		__cacheline_group_begin__tx t1 t2 t3 t4 t5 __cacheline_group_end__tx post p2)
	orig_groups=$(echo "$before" | awk '/^__cacheline_group_begin__/ { g = $1; sub(/^__cacheline_group_begin__/, "", g); print $1, "fence"; next }
		/^__cacheline_group_end__/ { print $1, "fence"; g = ""; next } { print $1, (g == "" ? "-" : g) }')
	after=$(groups_of g.txt)
	bad=
	[ "$(echo "$after" | sort)" = "$(echo "$orig_groups" | sort)" ] ||
		bad="groups before: $(echo $orig_groups); after: $(echo $after); "
	[ "$(echo "$after" | awk '$2 == "fence"' )" = "$(echo "$orig_groups" | awk '$2 == "fence"')" ] ||
		bad="$bad the fences moved; "
	# Hot first: in each stretch between fences, no hot member after
	# one that is not.
	ghot=$(sed -n 's/^\/\* access order (.*): hot members \(.*\)$/\1/p' g.txt | tr -d ',')
	bad="$bad$(echo "$after" | awk -v hot=" $ghot " '$2 == "fence" { cold = 0; next }
		{ h = index(hot, " " $1 " ") > 0; if (h && cold) printf "%s after a member not hot; ", $1; if (!h) cold = 1 }')"
	[ -n "$ghot" ] || bad="$bad no hot members: $(cat g.txt | head -c 300)"
	grep -q '^/\* access order' g.txt || bad="$bad no access comment"
	"$READER" -R --access --json -C gs g.jsonl > g.json 2>>err
	order=$(jq -r 'select(.name == "gs") | .access.order' g.json)
	[ "$order" = tiers ] || bad="$bad the order taken is '$order', not the tiers"
	# The printed order compiles to the printed offsets.
	gbody=$(awk '/^struct gs \{/ { on = 1; next } on && /^\}/ { exit }
		on && /;[ \t]*\/\*/ { sub(/[ \t]*\/\*.*$/, ""); print }' g.txt)
	{
		echo '#include <stdio.h>'
		echo '#include <stddef.h>'
		echo 'typedef unsigned char __u8;'
		echo 'struct gs {'
		echo "$gbody"
		echo '};'
		echo 'int main(void) {'
		echo "$after" | while read -r n g; do
			say "	printf(\"$n %zu\\n\", offsetof(struct gs, $n));"
		done
		echo '	return 0; }'
	} > g2.c
	gprinted=$(awk '/^struct gs \{/ { on = 1; next } on && /^\}/ { exit }
		on && /;[ \t]*\/\*/ { n = $0; sub(/;.*$/, "", n); sub(/\[.*$/, "", n); sub(/.*[ *]/, "", n);
		  o = $0; sub(/^.*\/\*[ \t]*/, "", o); split(o, f, /[ \t]+/); print n, f[1] }' g.txt)
	if $CC g2.c -o g2 2>>err; then
		[ "$(./g2)" = "$gprinted" ] || bad="$bad offsets: $(./g2 | tr '\n' ' ') printed $(echo $gprinted)"
	else
		bad="$bad the printed order does not compile: $(head -c 300 err)"
	fi
else
	bad="$(head -c 400 err)"
fi
result "access: -R --access keeps each member in its cacheline group, the hot ones first" "$bad"

# Without -C, only the types the records know; with -C, the others as -R.
"$READER" -R --access g.jsonl prog > all.txt 2>err
n=$(grep -c '^/\* access order' all.txt)
bad=
[ "$n" -ge 2 ] || bad="$n access comments; "
grep -q '^struct' all.txt || bad="$bad nothing printed; "
[ "$(grep -c '^struct ' all.txt)" = "$n" ] || bad="$bad $(grep -c '^struct ' all.txt) types for $n access comments"
cat > other.c <<'EOF'
struct other { char a; long b; char c; };
struct other o;
EOF
$CC -g -c other.c -o other.o 2>>err
"$READER" -R --access other.o prog > no-c.txt 2>>err
grep -q '^struct other' no-c.txt && bad="$bad struct other printed without -C; "
"$READER" -R --access -C other other.o prog > with-c.txt 2>>err
"$READER" -R -C other other.o prog > plain.txt 2>>err
cmp -s with-c.txt plain.txt || bad="$bad -C other: $(diff with-c.txt plain.txt | head -c 200)"
result "access: types without records left out, or with -C printed as -R prints them" "$bad"

# Bad records: one line naming the file and the line; the good ones read.
rec() {
	echo "{\"kind\":\"access\",\"name\":\"big\",\"type_kind\":\"struct\",\"typedef\":false,\"file\":\"types.h\",\"line\":3,\"dir\":\"$work\",\"unit\":\"$1\",\"size\":$size_now,\"align\":8,$2}"
}
bad=
for what in '"weights":"guess","functions":[]' \
	    '"weights":"estimate","functions":[{"fn":"f","members":[{"reads":1}]}]' \
	    '"weights":"estimate","functions":[{"fn":"f","members":[{"path":"id","reads":-1}]}]' \
	    '"weights":"estimate","functions":{}' \
	    '"weights":"estimate","functions":[{"fn":"f","threads":[1],"members":[]}]'; do
	{ rec x.c "$what"; } > bad.jsonl
	"$READER" -R --access -C big prog bad.jsonl > /dev/null 2> bad.err
	st=$?
	[ "$st" = 1 ] && [ "$(wc -l < bad.err)" = 1 ] &&
		grep -q '^pokehole: bad.jsonl:1: an access record ' bad.err ||
		bad="$bad$what: exit $st, $(cat bad.err | head -c 200); "
done
# A good record after a bad one still counts; another layout's does not.
{
	rec x.c '"weights":"guess","functions":[]'
	rec y.c '"weights":"profile","functions":[{"fn":"g","symbol":"","file":"y.c","line":1,"members":[{"path":"c3","reads":5,"writes":0,"sites":1}]}]'
	rec z.c '"weights":"profile","functions":[{"fn":"h","symbol":"","file":"z.c","line":1,"members":[{"path":"c1","reads":5,"writes":0,"sites":1}]}]' |
		sed 's/"size":[0-9]*/"size":8/'
} > mixed.jsonl
"$READER" -R --access -C big mixed.jsonl prog > mixed.txt 2> mixed.err
grep -q '^/\* access order (weights: mixed, 3 units, 5 functions)' mixed.txt ||
	bad="$bad the good record after a bad one: $(grep '^/\* access' mixed.txt)"
[ "$(wc -l < mixed.err)" = 1 ] || bad="$bad $(cat mixed.err)"
result "access: a bad record is one line naming the file and the line; the good ones count" "$bad"

# Paths to their top-level member: a base's ("base node.next"), an
# anonymous union's member by its own name, an array element's member
# ("buf[].len").  A type only cold paths use takes the size-optimal
# order, or stays as it is when that is no smaller, and says why.
cat > paths.cc <<'EOF'
struct node { node *next; int k; };
struct item { int len; int cap; };
struct conn : node {
	char c;
	union { int x; long y; };
	long pad[6];
	item buf[4];
	long cold_tail;
	char d;
};
struct quiet { char a; long b; char c; };
struct still { long b; char a; char c; };
conn g;
quiet q;
still s;
EOF
# A record of TYPE (its size from the object) with the functions FNS.
paths_rec() {
	size=$("$READER" --json -C "$1" paths.o | jq -r "select(.name == \"$1\") | .size")
	printf '{"kind":"access","name":"%s","type_kind":"struct","typedef":false,"file":"paths.cc","line":%s,"dir":"%s","unit":"paths.cc","size":%s,"align":8,%s}\n' \
		"$1" "$2" "$work" "$size" "$3"
}
# TYPE's text and comment, from paths.txt.
text_of() {
	awk -v t="struct $1 {" '$0 == t { on = 1 } on { print } on && /size-optimal/ { exit }' paths.txt
}
bad=
cold='"weights":"none","functions":[{"fn":"q","symbol":"","file":"paths.cc","line":20,"cold":true,"members":[{"path":"a","reads":1,"writes":1,"sites":2}]}]'
if $CXX -g -c paths.cc -o paths.o 2>err; then
	{
		paths_rec conn 3 '"weights":"estimate","functions":[{"fn":"f","symbol":"f","file":"paths.cc","line":9,"members":[{"path":"base node.next","reads":10,"writes":0,"sites":1},{"path":"x","reads":10,"writes":0,"sites":1},{"path":"buf[].len","reads":10,"writes":2,"sites":2},{"path":"d","reads":0,"writes":0,"cold_reads":1,"sites":1}]}]'
		paths_rec quiet 11 "$cold"
		paths_rec still 12 "$cold"
	} > paths.jsonl
	got=$("$READER" -R --access --json paths.o paths.jsonl | jq -r 'select(.name == "conn") | .access.hot | sort | join("|")')
	[ "$got" = "base node|buf|{x}" ] || bad="hot members of conn: '$got'; "
	"$READER" -R --access paths.o paths.jsonl > paths.txt 2>>err
	"$READER" -R -C quiet paths.o > quiet-r.txt 2>>err
	q=$(text_of quiet)
	[ "$(echo "$q" | sed -n '/^struct quiet {/,/^}/p')" = "$(cat quiet-r.txt)" ] ||
		bad="$bad quiet is not -R's order: $(echo "$q" | head -c 300); "
	echo "$q" | grep -q '^/\* access order (weights: none, 1 unit, 1 function): no hot members' ||
		bad="$bad quiet's comment: $(echo "$q" | tail -3)"
	st=$(text_of still)
	echo "$st" | grep -q 'unchanged: no member is read or written on a hot path, and no order is smaller' ||
		bad="$bad still: $(echo "$st" | tail -c 300); "
	echo "$st" | grep -q 'saved' && bad="$bad still was reordered; "
else
	bad="$(head -c 300 err)"
fi
result "access: paths reach their top-level member; a type only cold paths use takes -R's order or stays, with why" "$bad"
