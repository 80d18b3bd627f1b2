/* unit-check.h - the report of the unit tests (hashtab-test.c,
   reorg-test.c): one "PASS: NAME" or "FAIL: NAME: WHY" line per check,
   as DejaGnu words them, and the count of those that failed, for the
   exit status.
   Copyright (C) 2026 The pokehole authors.
   SPDX-License-Identifier: GPL-3.0-or-later  */
#ifndef PH_UNIT_CHECK_H
#define PH_UNIT_CHECK_H

#include <stdbool.h>
#include <stdio.h>

static int unit_failures;

/* The check named PREFIX WHAT passed when OK; else it failed for WHY.  */
static void unit_check(bool ok, const char *prefix, const char *what,
		       const char *why)
{
	if (ok) {
		printf("PASS: %s%s\n", prefix, what);
	} else {
		printf("FAIL: %s%s: %s\n", prefix, what, why);
		unit_failures++;
	}
}

#endif
