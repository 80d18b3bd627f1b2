#!/bin/bash
# Runs the jobs of FILE, N at a time (scripts/check-jobs.sh writes it):
#
#   scripts/run-jobs.sh FILE N
#
# FILE: a job a line, "NAME|NEEDS|COMMAND", in the order they are to
# start; NEEDS the names of jobs that must have ended first.  Whenever a
# slot is free, the first job in the file whose needs have ended starts
# (make -j starts the next in its list instead, leaving a job that waited
# for another to the end).  A job's failure does not stop the others: its
# tests say what failed.  bash, for wait -n -p.
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
file=$1 slots=${2:-2}
names=() needs=() cmds=()
while IFS='|' read -r name need cmd; do
	[ -n "$name" ] || continue
	names+=("$name") needs+=("$need") cmds+=("$cmd")
done < "$file"
declare -A ended=() running=()
started=()
for i in "${!names[@]}"; do started[i]=0; done
left=${#names[@]}
while [ "$left" -gt 0 ]; do
	# start what can start, first come first
	for i in "${!names[@]}"; do
		[ ${#running[@]} -lt "$slots" ] || break
		[ "${started[i]}" = 0 ] || continue
		ready=1
		for n in ${needs[i]}; do
			[ -n "${ended[$n]-}" ] || { ready=0; break; }
		done
		[ $ready = 1 ] || continue
		sh -c "${cmds[i]}" &
		running[$!]=$i
		started[i]=1
	done
	if [ ${#running[@]} -eq 0 ]; then
		echo "run-jobs: jobs whose needs never end:" \
			"$(for i in "${!names[@]}"; do [ "${started[i]}" = 0 ] && printf '%s ' "${names[i]}"; done)" >&2
		exit 1
	fi
	wait -n -p pid
	i=${running[$pid]}
	unset "running[$pid]"
	ended[${names[i]}]=1
	left=$((left - 1))
done
