#!/bin/sh
# The major versions of the GCCs installed with their C++ compiler and
# plugin headers: those we can build a plugin for.
for v in $(seq 11 20); do
	command -v "gcc-$v" >/dev/null 2>&1 || continue
	command -v "g++-$v" >/dev/null 2>&1 || continue
	dir=$("gcc-$v" -print-file-name=plugin)
	[ -f "$dir/include/gcc-plugin.h" ] && echo "$v"
done
exit 0
