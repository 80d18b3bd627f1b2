#!/bin/sh
# worth.sh WORK CC CXX PLUGIN READER - what --worth claims, checked
# against the allocator and the compiler (worth.exp reads its lines):
# a program of a C and a C++ unit built with the plugin's embed, whose
# types are allocated by malloc (one and three at a time), new and
# std::list.  For each heap site --worth weighs by glibc's classes, a
# program of the same compiler mallocs the bytes now and packed and
# prints malloc_usable_size of each: they must be the usable sizes
# --worth gives, and the bytes saved their difference; each node's size
# must be the compiler's sizeof of the node; each type's packed size the
# one -P gives; --html -R's columns --worth's.  The check can fail: with --allocator=jemalloc the same
# sites' figures are not glibc's.
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
work=$1 CC=$2 CXX=$3 PLUGIN=$4 READER=$5
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 1
result() { if [ -z "$2" ]; then echo "PASS: $1"; else echo "FAIL: $1: $2"; fi; }

# Types whose packed sizes land on both sides of glibc's 16-byte steps.
{
	echo '#include <stddef.h>'
	i=1
	while [ $i -le 16 ]; do
		echo "struct t$i { char a; long b[$i]; char c; short d[$((i % 5))]; };"
		i=$((i + 1))
	done
	echo 'struct holder { struct t2 x; int k; };'
} > types.h
{
	echo '#include <stdlib.h>'
	echo '#include "types.h"'
	echo 'struct t1 table[5];'
	echo 'struct holder holders[3];'
	i=1
	while [ $i -le 16 ]; do
		echo "void *one$i (void) { struct t$i *p = malloc (sizeof *p); return p; }"
		echo "struct t$i *three$i (void) { return (struct t$i *) malloc (3 * sizeof (struct t$i)); }"
		i=$((i + 1))
	done
} > a.c
{
	echo '#include <list>'
	echo '#include "types.h"'
	i=1
	while [ $i -le 16 ]; do
		echo "void *n$i () { return new t$i; }"
		echo "void l$i (std::list<t$i> &l, const t$i &v) { l.push_back (v); }"
		i=$((i + 1))
	done
	echo 'int main () { return 0; }'
} > b.cc
plug="-fplugin=$PLUGIN -fplugin-arg-pokehole-embed -fplugin-arg-pokehole-json-dir=$work/jd"
if ! $CC -O2 $plug -c a.c -o a.o 2>err || ! $CXX -O2 $plug -c b.cc -o b.o 2>>err ||
   ! $CXX a.o b.o -o prog 2>>err; then
	result "worth: the program builds with embed" "$(head -c 400 err)"
	exit 0
fi
"$READER" --worth --json prog > worth.json 2>err ||
	{ result "worth: --worth reads the program" "$(head -c 400 err)"; exit 0; }
"$READER" -P prog > packable.txt 2>>err

# The glibc-weighed sites: NAME BYTES PACKED USABLE PACKED_USABLE SAVED.
jq -r 'select(.name) | .name as $n | .heap[] | select(.usable) |
	"\($n) \(.bytes) \(.packed_bytes) \(.usable) \(.packed_usable) \(.saved)"' \
	worth.json > sites.txt
# Each distinct request, asked of malloc itself.
{
	echo '#include <malloc.h>'
	echo '#include <stdio.h>'
	echo '#include <stdlib.h>'
	echo 'static size_t u (size_t n) { void *p = malloc (n); size_t r = malloc_usable_size (p); free (p); return r; }'
	echo 'int main (void) {'
	awk '{ print $2; print $3 }' sites.txt | sort -un |
		while read -r n; do
			printf '  printf ("%%zu %%zu\\n", (size_t) %s, u (%s));\n' "$n" "$n"
		done
	echo '  return 0; }'
} > usable.c
$CC -O2 usable.c -o usable 2>>err && ./usable > usable.txt ||
	{ result "worth: the malloc_usable_size program runs" "$(head -c 400 err)"; exit 0; }
check_sites() {
	awk 'NR == FNR { u[$1] = $2; next }
	     { if (u[$2] != $4 || u[$3] != $5 || $6 != $4 - $5)
		 printf "%s: %s -> %s bytes: --worth says usable %s -> %s, saves %s; malloc_usable_size says %s -> %s; ",
			$1, $2, $3, $4, $5, $6, u[$2], u[$3] }' usable.txt "$1"
}
n=$(wc -l < sites.txt)
bad=$(check_sites sites.txt)
[ "$n" -ge 40 ] || bad="only $n sites weighed by glibc's classes $bad"
changed=$(awk '$6 > 0' sites.txt | wc -l)
[ "$changed" -gt 0 ] && [ "$changed" -lt "$n" ] ||
	bad="$bad; $changed of $n sites change class: too few to tell"
result "worth: $n heap sites, $changed of them smaller packed: the usable sizes are malloc_usable_size's" "$bad"

# The same sites weighed as jemalloc's: not glibc's answer.
"$READER" --worth --json --allocator=jemalloc prog |
	jq -r 'select(.name) | .name as $n | .heap[] | select(.usable) |
	"\($n) \(.bytes) \(.packed_bytes) \(.usable) \(.packed_usable) \(.saved)"' > je.txt
[ -n "$(check_sites je.txt)" ] && bad= || bad="jemalloc's classes agree with glibc's everywhere"
result "worth: the check fails for jemalloc's classes" "$bad"

# Nodes: the object --worth names is the size the compiler gives it.
jq -r 'select(.name) | .heap[] | select(.object) | "\(.object)\t\(.object_size)"' worth.json |
	sort -u > nodes.txt
{
	echo '#include <list>'
	echo '#include <cstdio>'
	echo '#include "types.h"'
	echo 'int main () {'
	while IFS='	' read -r obj size; do
		printf '  std::printf ("%%s %%zu %%zu\\n", "%s", (size_t) %s, sizeof (%s));\n' \
			"$obj" "$size" "$obj"
	done < nodes.txt
	echo '  return 0; }'
} > nodes.cc
bad=
if $CXX -O2 nodes.cc -o nodes 2>>err; then
	bad=$(./nodes | awk '$(NF-1) != $NF { printf "%s ", $0 }')
	[ "$(wc -l < nodes.txt)" -ge 16 ] || bad="only $(wc -l < nodes.txt) nodes $bad"
else
	bad="the objects --worth names do not compile: $(head -c 300 err)"
fi
result "worth: each std::list node's size is the compiler's sizeof" "$bad"

# The packed size is -P's, for every type -P makes smaller.
bad=$(jq -r 'select(.name) | "\(.name) \(.size) \(.packed)"' worth.json |
	awk 'NR == FNR { p[$1] = $3; next } $1 in p && p[$1] != $3 { printf "%s: -P %s, --worth %s; ", $1, p[$1], $3 }' \
	packable.txt -)
result "worth: the packed sizes are -P's" "$bad"

# Statics: table's 5 t1, holders' 3 t2 inside struct holder.
got=$(jq -r 'select(.name == "t1" or .name == "t2") | "\(.name) \(.static_count) \(.static_count_in)"' worth.json | sort | tr '\n' ' ')
[ "$got" = "t1 5 0 t2 0 3 " ] && bad= || bad="got '$got'"
result "worth: static instances, direct and inside another type" "$bad"

# Acted on: the build patched to the new orders (--patch), the packed
# bytes --worth weighed are what the compiler now gives each request:
# sizeof of the type times the count, sizeof of the node.
mkdir -p patched && cp types.h patched/ &&
	"$READER" --patch prog > patch.diff 2>>err &&
	(cd patched && patch -s -p0 < ../patch.diff) 2>>err ||
	{ result "worth: the build takes --patch's new orders" "$(head -c 300 err)"; exit 0; }
jq -r 'select(.name) | .name as $n | .heap[] | select(.usable) |
	if .object then "\(.object)\t\(.packed_bytes)\t1"
	else "struct \($n)\t\(.packed_bytes)\t\(.count)" end' worth.json | sort -u > packed.txt
{
	echo '#include <list>'
	echo '#include <cstdio>'
	echo '#include "types.h"'
	echo 'int main () {'
	while IFS='	' read -r obj bytes count; do
		printf '  std::printf ("%%s %%zu %%zu\\n", "%s", (size_t) %s, %s * sizeof (%s));\n' \
			"$obj" "$bytes" "$count" "$obj"
	done < packed.txt
	echo '  return 0; }'
} > patched/packed.cc
bad=
if $CXX -O2 -Ipatched patched/packed.cc -o packed 2>>err; then
	bad=$(./packed | awk '$(NF-1) != $NF { printf "%s; ", $0 }')
	[ "$(wc -l < packed.txt)" -ge 40 ] || bad="only $(wc -l < packed.txt) requests $bad"
else
	bad="$(head -c 300 err)"
fi
result "worth: patched, each request's packed bytes are the compiler's" "$bad"

# --html -R: the index's class and worth columns are --worth's.
"$READER" --html -R prog > page.html 2>>err
perl -0777 -ne 'print $1 if m{id="ph-data">(.*?)</script>}s' page.html |
	jq -r 'select(.allocs) | .types[] | select(.[11] > 0 and .[19] >= 0) |
	"\(.[0]) \(.[17]) \(.[18]) \(.[19])"' | sort > html.txt
jq -r 'select(.name and .packed < .size) |
	"\(.name) \([.heap[] | select(.class)][0].class // "") \([.heap[] | select(.class)][0].packed_class // "") \(.worth)"' \
	worth.json | sort > worth-cols.txt
bad=$(diff html.txt worth-cols.txt | head -c 400)
[ "$(wc -l < html.txt)" -ge 16 ] || bad="only $(wc -l < html.txt) types with a worth in the page $bad"
result "worth: --html -R's class and worth columns are --worth's" "$bad"

# A json-dir build's reports rank as the program's embedded ones.
"$READER" --worth --json $(find jd -name '*.jsonl' | sort) > dir.json 2>>err
cmp -s dir.json worth.json && bad= || bad="$(diff dir.json worth.json | head -c 300)"
result "worth: the json-dir reports rank as the program" "$bad"

# A slab cache is counted once: at its allocation, not its creation too.
cat > cache.c <<'EOC'
typedef unsigned int gfp_t;
struct kmem_cache;
struct kmem_cache *kmem_cache_create(const char *, unsigned int, unsigned int,
				     unsigned long, void (*)(void *));
void *kmem_cache_alloc(struct kmem_cache *, gfp_t) __attribute__((malloc));
#define KMEM_CACHE(s, f) kmem_cache_create(#s, sizeof(struct s), __alignof__(struct s), (f), 0)
struct thing { char a; long b; char c; long d; char e; };
static struct kmem_cache *thing_cachep;
void init(void) { thing_cachep = KMEM_CACHE(thing, 0); }
struct thing *get(void) { return kmem_cache_alloc(thing_cachep, 0); }
EOC
bad=
if $CC -D__KERNEL__ -O2 -fplugin=$PLUGIN -fplugin-arg-pokehole-json=cache.jsonl -c cache.c -o cache.o 2>>err; then
	got=$("$READER" --worth --json cache.jsonl | jq -r 'select(.name == "thing") |
		"\(.heap | length) \([.heap[] | select(.counted)] | length) \(.heap_saved) \([.heap[] | select(.counted) | .saved] | add)"')
	set -- $got
	[ "${1:-}" = 2 ] && [ "${2:-}" = 1 ] && [ "${3:-}" = "${4:-}" ] && [ "${3:-0}" -gt 0 ] ||
		bad="sites, counted, heap_saved, the counted site's saving: '$got'"
else
	bad="$(head -c 300 err)"
fi
result "worth: a slab cache's creation and allocation count once" "$bad"
